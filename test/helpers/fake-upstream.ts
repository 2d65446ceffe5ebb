import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { AddressInfo } from 'node:net';

export interface UpstreamCall {
  method: string;
  /** The request target, query string included. */
  path: string;
  headers: IncomingMessage['headers'];
  /** The parsed JSON body; `{}` when the body is empty or not JSON (see `raw`). */
  body: Record<string, unknown>;
  /** The body as received, e.g. to inspect multipart uploads. */
  raw: Buffer;
}

export type UpstreamHandler = (call: UpstreamCall, res: ServerResponse) => void | Promise<void>;

/** A real HTTP server on 127.0.0.1 standing in for a remote AI provider. */
export interface FakeUpstream {
  baseUrl: string;
  calls: UpstreamCall[];
  handle(handler: UpstreamHandler): void;
  close(): Promise<void>;
}

/** A text field of a multipart body (`raw`), as the upstream received it. */
export const formField = (raw: Buffer | undefined, name: string): string | undefined =>
  raw?.toString('latin1').match(new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)\\r\\n`))?.[1];

export const replyJson = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

export const replyBytes = (res: ServerResponse, status: number, contentType: string, body: Buffer) => {
  res.writeHead(status, { 'content-type': contentType, 'content-length': body.length });
  res.end(body);
};

export const chatCompletion = (content: string, finish = 'stop') => ({
  id: 'chatcmpl-test',
  object: 'chat.completion',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: finish }],
  usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 },
});

function parseJsonBody(raw: Buffer): Record<string, unknown> {
  if (raw.length === 0) return {};
  try {
    return JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** What a fake upstream answers until told otherwise: a chat completion. */
const DEFAULT_HANDLER: UpstreamHandler = (_call, res) => replyJson(res, 200, chatCompletion('Hello from upstream'));

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const calls: UpstreamCall[] = [];
  let handler = DEFAULT_HANDLER;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const call: UpstreamCall = {
      method: req.method ?? 'GET',
      path: req.url ?? '',
      headers: req.headers,
      body: parseJsonBody(raw),
      raw,
    };
    calls.push(call);
    try {
      await handler(call, res);
    } catch {
      if (!res.headersSent) replyJson(res, 500, { error: 'fake upstream handler failed' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls,
    handle(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * One fake upstream for a whole test file: started before its tests, emptied of calls and given back its default
 * answer between them (a test that wants another answer says so itself, whatever ran before it), closed after.
 * Call at the top level of the file.
 */
export function fakeUpstreamForFile(): FakeUpstream {
  let server: FakeUpstream | undefined;
  const started = () => {
    if (!server) throw new Error('the fake upstream starts in beforeAll');
    return server;
  };
  beforeAll(async () => {
    server = await startFakeUpstream();
  });
  beforeEach(() => {
    started().calls.length = 0;
    started().handle(DEFAULT_HANDLER);
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    get baseUrl() {
      return started().baseUrl;
    },
    get calls() {
      return started().calls;
    },
    handle: (handler) => started().handle(handler),
    close: () => started().close(),
  };
}
