import type { IncomingMessage } from 'node:http';
import { MAX_BATCH_SIZE } from '@modelcontextprotocol/sdk/server/requestBody.js';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  type JSONRPCMessage,
  JSONRPCMessageSchema,
  type RequestId,
  type RequestInfo,
  SUPPORTED_PROTOCOL_VERSIONS,
  isInitializeRequest,
} from '@modelcontextprotocol/sdk/types.js';
import type { DirectCall, DirectToolCalls } from './direct-tool-calls.js';
import { type McpCall, rememberCall } from './mcp-call.js';

/** One POST /mcp, as the HTTP route hands it over: its key is checked and its body parsed as JSON already. */
export interface McpPost extends McpCall {
  /** The HTTP request: the headers the transport reads (accept, content-type, mcp-protocol-version). */
  request: IncomingMessage;
  /** The parsed JSON body: one JSON-RPC message or a batch. */
  body: unknown;
}

/** The HTTP answer to a POST: a status, and a JSON body (content-type application/json) unless the status is 202. */
export interface McpReply {
  status: number;
  body?: string;
}

/** A POST being answered: `reply` settles with the answer, or with undefined once `abandon` ran (the client left). */
export interface McpExchange {
  reply: Promise<McpReply | undefined>;
  abandon: () => void;
}

/** A POST whose requests are running: their responses by the client's ids (in the batch's order), then the answer. */
interface Pending {
  readonly responses: Map<RequestId, JSONRPCMessage | undefined>;
  readonly internalIds: number[];
  answer: ((reply: McpReply | undefined) => void) | undefined;
}

/**
 * The stateless Streamable HTTP transport of the MCP server, answering in JSON, for ONE server shared by every
 * POST /mcp of the process.
 *
 * Why not the SDK's StreamableHTTPServerTransport: in stateless mode it must be new for every request, so must
 * the McpServer it is connected to (a server has one transport), with every tool, resource and prompt
 * registered again; and it turns Node's request into a web Request and the web Response back into Node's
 * (@hono/node-server). That was about 550 µs of CPU time per tools/call generate_text on the bench machine
 * (bench/mcp.mjs: 920 µs, against 360 µs for the same generation over HTTP). This class does what that
 * transport does for a POST with `sessionIdGenerator: undefined` and `enableJsonResponse: true`
 * (webStandardStreamableHttp.js, handlePostRequest and send in SDK 1.32): the same checks in the same order
 * with the same statuses and JSON-RPC errors, 202 for a POST without requests, and one JSON answer holding the
 * responses to its requests in their order (the object alone for one request). The protocol itself
 * (initialize, tools, resources, prompts, ping, errors) stays the SDK's McpServer; test/mcp.test.ts drives it
 * with the SDK's client.
 *
 * One server serves many POSTs at once, each with JSON-RPC ids of its client's choosing (every client starts
 * at 0 or 1): the transport gives each request a process-wide id of its own on the way in and puts the
 * client's back on the way out, so the SDK never sees two requests with the same id. A cancellation names a
 * request of its own POST (there is no other in stateless mode): it is translated too, and one that names no
 * request of its POST names none here either, as with the server per request before (nothing in flight). The
 * only state the SDK keeps of a client is what `initialize` said (its capabilities and name), read only before
 * the server sends a request to the client, which this server never does.
 */
export class StatelessJsonTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: Transport['onclose'];
  onerror?: Transport['onerror'];
  private readonly routes = new Map<number, { pending: Pending; id: RequestId }>();
  private lastId = 0;

  /** `direct` answers a plain tools/call of one of our tools without the SDK (see DirectToolCalls). */
  constructor(private readonly direct?: DirectToolCalls) {}

  async start(): Promise<void> {}

  async close(): Promise<void> {
    for (const { pending } of [...this.routes.values()]) {
      const answer = pending.answer;
      this.forget(pending);
      answer?.(undefined);
    }
    this.onclose?.();
  }

  /** Answers one POST; `abandon` when the client has gone: its requests still running are cancelled. */
  handle(post: McpPost): McpExchange {
    const refusal = this.refusal(post);
    if (refusal) return { reply: Promise.resolve(refusal), abandon: noop };
    // A valid request that is not `initialize`: only the protocol version header stands between it and its tool.
    const direct = this.direct?.plan(post.body);
    if (direct) return this.directly(direct, post);
    let messages: JSONRPCMessage[];
    try {
      messages = Array.isArray(post.body)
        ? post.body.map((message) => JSONRPCMessageSchema.parse(message))
        : [JSONRPCMessageSchema.parse(post.body)];
    } catch {
      return { reply: Promise.resolve(jsonError(400, -32700, 'Parse error: Invalid JSON-RPC message')), abandon: noop };
    }
    // Only a message whose method is `initialize` can be one (the schema's method is that literal).
    const initializing = messages.some((m) => 'method' in m && m.method === 'initialize' && isInitializeRequest(m));
    if (initializing && messages.length > 1) {
      const refused = jsonError(400, -32600, 'Invalid Request: Only one initialization request is allowed');
      return { reply: Promise.resolve(refused), abandon: noop };
    }
    const versionRefusal = initializing ? undefined : unsupportedVersion(post.request);
    if (versionRefusal) return { reply: Promise.resolve(versionRefusal), abandon: noop };
    const onmessage = this.onmessage;
    if (!onmessage) throw new Error('the MCP server is not connected to its transport');
    try {
      return this.dispatch(messages, post, onmessage);
    } catch (error) {
      const failed = jsonError(400, -32700, 'Parse error', String(error));
      return { reply: Promise.resolve(failed), abandon: noop };
    }
  }

  /** A plain tools/call answered by the fast path, after the same header check as any other request. */
  private directly(direct: DirectCall, post: McpPost): McpExchange {
    const refused = unsupportedVersion(post.request);
    if (refused) return { reply: Promise.resolve(refused), abandon: noop };
    let gone = false;
    const reply = direct
      .respond({ caller: post.caller, log: post.log })
      .then((response): McpReply | undefined => (gone ? undefined : { status: 200, body: JSON.stringify(response) }));
    return {
      reply,
      abandon: () => {
        gone = true;
      },
    };
  }

  /** Takes the Protocol's response to one of the requests (anything else has no place in a JSON answer). */
  async send(message: JSONRPCMessage): Promise<void> {
    // The server's own messages, well formed: a response has a result or an error (the SDK's transport parses
    // each one again to tell; notifications and requests to the client are dropped in JSON mode there too).
    if (!('result' in message || 'error' in message)) return;
    const route = this.routes.get(message.id as number);
    if (!route) throw new Error(`No connection established for request ID: ${String(message.id)}`);
    this.routes.delete(message.id as number);
    const { pending, id } = route;
    // The answer went when the first of several requests with the same id was answered (as in the SDK).
    if (!pending.answer || pending.responses.get(id) !== undefined) return;
    message.id = id;
    pending.responses.set(id, message);
    for (const response of pending.responses.values()) if (response === undefined) return;
    const responses = [...pending.responses.values()];
    const body = JSON.stringify(responses.length === 1 ? responses[0] : responses);
    const answer = pending.answer;
    this.forget(pending);
    answer({ status: 200, body });
  }

  /** The SDK transport's refusals before the messages are read: Accept, Content-Type, body, batch size. */
  private refusal({ request, body }: McpPost): McpReply | undefined {
    const accept = request.headers.accept;
    if (!accept?.includes('application/json') || !accept.includes('text/event-stream'))
      return jsonError(406, -32000, 'Not Acceptable: Client must accept both application/json and text/event-stream');
    if (!isJsonContentType(headerOf(request, 'content-type') ?? undefined))
      return jsonError(415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
    // No parsed body: the SDK's transport would read the body again, and find it consumed.
    if (body === undefined) return jsonError(400, -32700, 'Parse error: Invalid JSON');
    if (Array.isArray(body) && body.length > MAX_BATCH_SIZE)
      return jsonError(400, -32600, `Invalid Request: Batch must not exceed ${MAX_BATCH_SIZE} messages`);
    return undefined;
  }

  /** Hands the messages to the server; the answer is 202 at once without requests, else their responses. */
  private dispatch(
    messages: JSONRPCMessage[],
    post: McpPost,
    onmessage: NonNullable<Transport['onmessage']>,
  ): McpExchange {
    const requestInfo: RequestInfo = { headers: post.request.headers };
    rememberCall(requestInfo, { caller: post.caller, log: post.log });
    const extra = { requestInfo };
    if (!messages.some(isRequest)) {
      for (const message of messages) onmessage(this.translated(message, undefined), extra);
      return { reply: Promise.resolve({ status: 202 }), abandon: noop };
    }
    const pending: Pending = { responses: new Map(), internalIds: [], answer: undefined };
    const reply = new Promise<McpReply | undefined>((resolve) => {
      pending.answer = resolve;
    });
    const ids = new Map<RequestId, number>();
    for (const message of messages) {
      if (!isRequest(message)) continue;
      const internal = ++this.lastId;
      ids.set(message.id, internal);
      pending.responses.set(message.id, undefined);
      pending.internalIds.push(internal);
      this.routes.set(internal, { pending, id: message.id });
    }
    for (const message of messages) {
      const internal = isRequest(message) ? ids.get(message.id) : undefined;
      onmessage(internal === undefined ? this.translated(message, ids) : { ...message, id: internal }, extra);
    }
    return { reply, abandon: () => this.abandon(pending) };
  }

  /** A notification or response of the client as the server should see it: a cancellation names our id. */
  private translated(message: JSONRPCMessage, ids: Map<RequestId, number> | undefined): JSONRPCMessage {
    if (!('method' in message) || message.method !== 'notifications/cancelled') return message;
    const named = message.params?.requestId as RequestId | undefined;
    if (named === undefined) return message;
    // One that names no request of this POST names none here: the SDK skips an empty id.
    return { ...message, params: { ...message.params, requestId: ids?.get(named) ?? '' } };
  }

  /** The client went away before the answer: its requests still running are cancelled, as closing the server did. */
  private abandon(pending: Pending): void {
    const answer = pending.answer;
    if (!answer) return;
    const running = pending.internalIds.filter((id) => this.routes.has(id));
    this.forget(pending);
    answer(undefined);
    for (const requestId of running)
      this.onmessage?.({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId } });
  }

  private forget(pending: Pending): void {
    pending.answer = undefined;
    for (const id of pending.internalIds) this.routes.delete(id);
  }
}

/** A request (a method and an id), once the schema has read the message. */
const isRequest = (message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId; method: string } =>
  'method' in message && 'id' in message;

const noop = () => {};

/** The refusal of a request (other than `initialize`) whose mcp-protocol-version header names no version we speak. */
function unsupportedVersion(request: IncomingMessage): McpReply | undefined {
  const version = headerOf(request, 'mcp-protocol-version');
  if (version === null || SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return undefined;
  const supported = SUPPORTED_PROTOCOL_VERSIONS.join(', ');
  return jsonError(
    400,
    -32000,
    `Bad Request: Unsupported protocol version: ${version} (supported versions: ${supported})`,
  );
}

/** The SDK transport's error answer: a JSON-RPC error with no id. */
function jsonError(status: number, code: number, message: string, data?: string): McpReply {
  const error = data === undefined ? { code, message } : { code, message, data };
  return { status, body: JSON.stringify({ jsonrpc: '2.0', error, id: null }) };
}

/**
 * A header as the Fetch API's Headers.get reads it (the SDK's transport reads a web Request): repeats joined
 * with ", ", from the raw headers (Node keeps only the first Content-Type; fastify's inject has no headersDistinct).
 */
function headerOf(request: IncomingMessage, name: string): string | null {
  const raw = request.rawHeaders;
  let value: string | null = null;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const header = raw[i] as string;
    if (header.length !== name.length || header.toLowerCase() !== name) continue;
    const text = (raw[i + 1] as string).trim();
    value = value === null ? text : `${value}, ${text}`;
  }
  return value;
}
