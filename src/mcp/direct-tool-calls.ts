import { normalizeObjectSchema, safeParse } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import {
  type CallToolResult,
  CallToolResultSchema,
  ErrorCode,
  type JSONRPCErrorResponse,
  type JSONRPCResultResponse,
  McpError,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { ParsedInput } from '../operations/operation.js';
import type { McpCall } from './mcp-call.js';

/** A tool as the fast path calls it: the input schema registered with the SDK, and what its callback runs. */
export interface DirectTool {
  input: z.ZodType;
  run(input: ParsedInput, call: McpCall): Promise<CallToolResult>;
}

/** A tools/call the fast path answers: its id, and the response once the tool has run for a caller. */
export interface DirectCall {
  id: RequestId;
  respond(call: McpCall): Promise<JSONRPCResultResponse | JSONRPCErrorResponse>;
}

/**
 * The fast path of the one message that is nearly every POST /mcp: a plain `tools/call` of one of our tools
 * with valid arguments. Through the SDK's Protocol, Server and McpServer, that message is read by zod six
 * times after the transport's JSON-RPC check (three type guards, the request schema twice, the task check),
 * gets an AbortController, two promise chains and an asynchronous parse of its arguments (zod compiles its
 * fast parser for synchronous parses only): about 70 µs of CPU time per call on the bench machine, a fifth of
 * the whole generation over HTTP. Here it costs what the work needs, and the answer is the SDK's, byte for
 * byte (test/mcp-transport.test.ts compares them).
 *
 * What the SDK does with such a message, in order (shared/protocol.js _onrequest, server/index.js
 * setRequestHandler, server/mcp.js setToolRequestHandlers, SDK 1.32): the request parses (the shape checked
 * below is narrower than the schemas); there is no task or related-task metadata (no `_meta`, no `task`); the
 * tool is registered and enabled with taskSupport 'forbidden'; its arguments parse against its input schema
 * (with no element limit set); its callback runs, and whatever it throws becomes an isError result; there is
 * no output schema; the result is parsed against CallToolResultSchema (which fixes the key order), and the
 * response is `{ result, jsonrpc, id }`. Anything else (a batch, other methods, `_meta`, an unknown tool,
 * arguments that fail to parse, so that the error is the SDK's own) goes to the SDK unchanged.
 */
export class DirectToolCalls {
  private readonly tools = new Map<string, DirectTool>();

  add(name: string, tool: DirectTool): void {
    this.tools.set(name, tool);
  }

  /** The call `body` is, when the fast path answers it; undefined: the SDK answers it. */
  plan(body: unknown): DirectCall | undefined {
    const request = plainToolCall(body);
    const tool = request && this.tools.get(request.name);
    if (!(request && tool)) return undefined;
    const schema = normalizeObjectSchema(tool.input) ?? tool.input;
    let parsed: ReturnType<typeof safeParse>;
    try {
      parsed = safeParse(schema, request.arguments ?? {});
    } catch {
      return undefined; // a schema with asynchronous parts: the SDK parses asynchronously
    }
    if (!parsed.success) return undefined;
    const input = parsed.data as ParsedInput;
    const { id } = request;
    return { id, respond: (call) => respond(tool, input, id, call) };
  }
}

async function respond(
  tool: DirectTool,
  input: ParsedInput,
  id: RequestId,
  call: McpCall,
): Promise<JSONRPCResultResponse | JSONRPCErrorResponse> {
  let result: unknown;
  try {
    result = await tool.run(input, call);
  } catch (error) {
    if (error instanceof McpError && error.code === ErrorCode.UrlElicitationRequired) return errorResponse(id, error);
    result = {
      content: [{ type: 'text', text: error instanceof Error ? error.message : String(error) }],
      isError: true,
    };
  }
  const checked = safeParse(CallToolResultSchema, result);
  if (!checked.success) {
    const message = checked.error instanceof Error ? checked.error.message : String(checked.error);
    return errorResponse(id, new McpError(ErrorCode.InvalidParams, `Invalid tools/call result: ${message}`));
  }
  return { result: checked.data as JSONRPCResultResponse['result'], jsonrpc: '2.0', id };
}

/** Protocol's error response to a request whose handler threw `error`. */
function errorResponse(id: RequestId, error: McpError): JSONRPCErrorResponse {
  const data: unknown = error.data;
  return {
    jsonrpc: '2.0',
    id,
    error: { code: error.code, message: error.message, ...(data !== undefined && { data }) },
  };
}

type PlainObject = Record<string, unknown>;
const isPlainObject = (value: unknown): value is PlainObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `{ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments? } }` and nothing more, with an id
 * the schema takes (a string or a safe integer) and arguments that are an object: undefined for anything else.
 */
function plainToolCall(body: unknown): { id: RequestId; name: string; arguments?: PlainObject } | undefined {
  if (!isPlainObject(body) || body.jsonrpc !== '2.0' || body.method !== 'tools/call') return undefined;
  for (const key in body)
    if (key !== 'jsonrpc' && key !== 'id' && key !== 'method' && key !== 'params') return undefined;
  const { id, params } = body;
  if (!(typeof id === 'string' || Number.isSafeInteger(id)) || !isPlainObject(params)) return undefined;
  for (const key in params) if (key !== 'name' && key !== 'arguments') return undefined;
  const { name, arguments: args } = params;
  if (typeof name !== 'string' || !(args === undefined || isPlainObject(args))) return undefined;
  return { id: id as RequestId, name, ...(args !== undefined && { arguments: args }) };
}
