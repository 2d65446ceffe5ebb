import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../src/config.js';
import { DirectToolCalls } from '../src/mcp/direct-tool-calls.js';
import { callOf } from '../src/mcp/mcp-call.js';
import { registerOperationTools } from '../src/mcp/operation-tool.js';
import { StatelessJsonTransport } from '../src/mcp/stateless-json-transport.js';
import type { Caller } from '../src/modules/accounts/accounts.service.js';
import { everyOperation, operationModules } from '../src/operations/catalogue.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

/**
 * The MCP server is one per process behind StatelessJsonTransport, and a plain tools/call skips the SDK's
 * Protocol (DirectToolCalls): these check that the answers are the SDK's own, and that POSTs never mix.
 * test/mcp.test.ts drives the whole protocol with the SDK's client.
 */
let t: TestApp;
let key: string;

const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-06-18',
};
const ENV = { ATELIER_RATE_LIMIT_ENABLED: 'false' };
/** What the transport reads of an HTTP request: its headers. */
const request = (headers: Record<string, string>) =>
  ({ headers, rawHeaders: Object.entries(headers).flat() }) as unknown as IncomingMessage;
const caller = { account: { id: 'a' } } as unknown as Caller;
const post = (apiKey: string, body: unknown) =>
  t.server.inject({
    method: 'POST',
    url: '/mcp',
    headers: { ...withKey(apiKey), ...HEADERS },
    payload: body as object,
  });
const call = (name: string, args: Record<string, unknown> | undefined, id: string | number = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, ...(args && { arguments: args }) },
});

beforeAll(async () => {
  t = await startTestApp(ENV);
  key = (await t.account({ credits: 50 })).key;
});
afterAll(() => t.close());

describe('a plain tools/call (the fast path)', () => {
  const calls: [string, Record<string, unknown> | undefined][] = [
    ['check_connection', undefined],
    ['check_connection', {}],
    ['get_preset', { slug: 'blog-post' }],
    ['get_preset', { slug: 'no-such-preset' }],
    ['list_presets', { category: 'Content', per_page: 2, page: 2 }],
    ['list_presets', {}],
    ['get_image', { imageId: 987654 }],
    ['list_voices', { language: 'English', accent: 'Scottish' }],
    ['get_voice_filters', { language: 'English' }],
    ['chat_with_bot', { public_url: 'x'.repeat(32), message: 'hi' }],
    ['generate_sound', { prompt: 'rain', duration: 30 }],
  ];

  it.each(calls)('%s %j: the answer the SDK gives, byte for byte', async (name, args) => {
    const plain = call(name, args, 'same-id');
    const direct = await post(key, plain);
    // `_meta` and a batch of one both go through the SDK's Protocol, Server and McpServer.
    const withMeta = await post(key, { ...plain, params: { ...plain.params, _meta: {} } });
    const batchOfOne = await post(key, [plain]);
    expect(direct.statusCode).toBe(200);
    expect(direct.headers['content-type']).toBe('application/json');
    expect(direct.body).toBe(withMeta.body);
    expect(direct.body).toBe(batchOfOne.body);
    expect(direct.headers['content-length']).toBe(withMeta.headers['content-length']);
  });

  it('is taken only by a request the SDK would take as it is, with valid arguments for one of our tools', () => {
    const direct = new DirectToolCalls();
    direct.add('echo', {
      input: z.object({ text: z.string() }).strict(),
      run: async () => ({ content: [] }),
    });
    const plain = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } };
    expect(direct.plan(plain)?.id).toBe(7);
    expect(direct.plan({ ...plain, id: 'seven' })?.id).toBe('seven');
    for (const other of [
      [plain],
      { ...plain, id: 1.5 },
      { ...plain, id: 2 ** 53 },
      { ...plain, id: null },
      { ...plain, jsonrpc: '1.0' },
      { ...plain, method: 'tools/list' },
      { ...plain, extra: true },
      { ...plain, params: { ...plain.params, _meta: {} } },
      { ...plain, params: { ...plain.params, task: { ttl: 1 } } },
      { ...plain, params: { name: 'other', arguments: { text: 'hi' } } },
      { ...plain, params: { name: 'echo', arguments: { text: 7 } } },
      { ...plain, params: { name: 'echo', arguments: { text: 'hi', more: 1 } } },
      { ...plain, params: { name: 'echo', arguments: null } },
      { ...plain, params: { name: 'echo', arguments: ['hi'] } },
    ])
      expect(direct.plan(other), JSON.stringify(other)).toBeUndefined();
  });

  it('still answers the protocol version header, the Accept header and the JSON-RPC envelope like the SDK', async () => {
    const plain = call('get_preset', { slug: 'blog-post' });
    const badVersion = await t.server.inject({
      method: 'POST',
      url: '/mcp',
      headers: { ...withKey(key), ...HEADERS, 'mcp-protocol-version': '1999-01-01' },
      payload: plain,
    });
    expect(badVersion.statusCode).toBe(400);
    expect(badVersion.json()).toMatchObject({ error: { code: -32000 }, id: null });
    const badAccept = await t.server.inject({
      method: 'POST',
      url: '/mcp',
      headers: { ...withKey(key), ...HEADERS, accept: 'application/json' },
      payload: plain,
    });
    expect(badAccept.statusCode).toBe(406);
    const unsafeId = await post(key, { ...plain, id: 2 ** 53 + 2 });
    expect(unsafeId.statusCode).toBe(400);
    expect(unsafeId.json()).toMatchObject({ error: { code: -32700 } });
  });
});

/** A JSON Schema less the anyOf and allOf that only say which properties are needed (binding needs, notes). */
function withoutNeeds(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutNeeds);
  if (typeof schema !== 'object' || schema === null) return schema;
  const onlyNeeds = (value: unknown) =>
    Array.isArray(value) &&
    value.every((part) => typeof part === 'object' && part !== null && ('required' in part || 'anyOf' in part));
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !((key === 'anyOf' || key === 'allOf') && onlyNeeds(value)))
      .map(([key, value]) => [key, withoutNeeds(value)]),
  );
}

describe('tools/list', () => {
  it("is the list the SDK's own handler makes, less the older names, with every input described; made once", async () => {
    // A server of the SDK's with the same tools and its own tools/list handler.
    const sdk = new McpServer({ name: 'sdk', version: '1' });
    const config = loadConfig({ ATELIER_DATA_DIR: t.dataDir, ...ENV }, join(t.dataDir, 'no.env'));
    const registered = everyOperation(operationModules(t.app.services, config)).flatMap((operation) =>
      registerOperationTools(sdk, operation, t.app.services.blobs, new DirectToolCalls()),
    );
    const transport = new StatelessJsonTransport();
    await sdk.connect(transport);
    const list = { jsonrpc: '2.0', id: 3, method: 'tools/list' };
    const expected = await transport.handle({ request: request(HEADERS), body: list, caller, log: () => {} }).reply;
    const first = await post(key, list);
    const second = await post(key, list);
    expect(second.body).toBe(first.body);
    type Listed = { name: string; inputSchema: Record<string, unknown> };
    const toolsOf = (body: string | undefined) =>
      (JSON.parse(body ?? '{}') as { result: { tools: Listed[] } }).result.tools;
    const sdkTools = new Map(toolsOf(expected?.body).map((tool) => [tool.name, tool]));
    const listedNames = new Set(registered.filter((tool) => tool.listed).map((tool) => tool.name));
    const ours = toolsOf(first.body).filter((tool) => sdkTools.has(tool.name));
    // The tools of other front-door helpers (display_media) are registered beside the operations' tools.
    expect(ours.map((tool) => tool.name)).toEqual([...sdkTools.keys()].filter((name) => listedNames.has(name)));
    for (const tool of ours) {
      const sdkTool = sdkTools.get(tool.name) as Listed;
      const { inputSchema, ...rest } = tool;
      const { inputSchema: sdkInput, ...sdkRest } = sdkTool;
      expect(rest, tool.name).toEqual(sdkRest);
      // The SDK lists an input piped into a transform as an object with no properties; needs add anyOf.
      if (Object.keys(sdkInput.properties as object).length > 0)
        expect(withoutNeeds(inputSchema), tool.name).toEqual(withoutNeeds(sdkInput));
    }
    for (const piped of ['transcribe_audio', 'generate_audio_content'])
      expect(ours.find((tool) => tool.name === piped)?.inputSchema.required, piped).toHaveLength(1);
  });
});

describe('one MCP server for every POST', () => {
  it('gives each caller its own answers when their JSON-RPC ids collide, on either path', async () => {
    const accounts = await Promise.all(
      ['ada', 'grace', 'edsger'].map(async (name) => {
        const email = `${name}@mcp-transport.example.test`;
        return { email, key: (await t.account({ email })).key };
      }),
    );
    const emailOf = (body: string) =>
      (JSON.parse(body) as { result: { structuredContent: { account: { email: string } } } }).result.structuredContent
        .account.email;
    const answers = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const account = accounts[i % accounts.length] as { email: string; key: string };
        const single = call('check_connection', {});
        const res = await post(account.key, i % 2 ? single : [single, { jsonrpc: '2.0', id: 2, method: 'ping' }]);
        const body = i % 2 ? res.body : JSON.stringify((JSON.parse(res.body) as unknown[])[0]);
        return { expected: account.email, got: emailOf(body) };
      }),
    );
    for (const { expected, got } of answers) expect(got).toBe(expected);
  });
});

describe('StatelessJsonTransport', () => {
  const json = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

  it('cancels the running requests of a POST whose client went away, and answers the others', async () => {
    const server = new McpServer({ name: 'test', version: '1' });
    const started: AbortSignal[] = [];
    const release: (() => void)[] = [];
    server.registerTool('wait', { description: 'waits', inputSchema: z.object({}) }, async (_args, extra) => {
      expect(callOf(extra).caller).toBe(caller);
      started.push(extra.signal);
      await new Promise<void>((resolve) => release.push(resolve));
      return { content: [{ type: 'text', text: 'done' }] };
    });
    const transport = new StatelessJsonTransport();
    await server.connect(transport);
    const body = [call('wait', {}, 1), call('wait', {}, 2)];
    const gone = transport.handle({ request: request(json), body, caller, log: () => {} });
    const stays = transport.handle({ request: request(json), body, caller, log: () => {} });
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toHaveLength(4);
    gone.abandon();
    expect(await gone.reply).toBeUndefined();
    expect(started.map((signal) => signal.aborted)).toEqual([true, true, false, false]);
    for (const resolve of release) resolve();
    const answer = await stays.reply;
    expect(answer?.status).toBe(200);
    expect(JSON.parse(answer?.body ?? '')).toEqual([
      { result: { content: [{ type: 'text', text: 'done' }] }, jsonrpc: '2.0', id: 1 },
      { result: { content: [{ type: 'text', text: 'done' }] }, jsonrpc: '2.0', id: 2 },
    ]);
  });

  it('passes a cancellation on to the request of its own POST only', async () => {
    const server = new McpServer({ name: 'test', version: '1' });
    const signals = new Map<string, AbortSignal>();
    const release: (() => void)[] = [];
    server.registerTool(
      'wait',
      { description: 'waits', inputSchema: z.object({ as: z.string() }) },
      async (args, extra) => {
        signals.set(args.as, extra.signal);
        await new Promise<void>((resolve) => release.push(resolve));
        return { content: [] };
      },
    );
    const transport = new StatelessJsonTransport();
    await server.connect(transport);
    const first = transport.handle({
      request: request(json),
      body: call('wait', { as: 'first' }, 5),
      caller,
      log: () => {},
    });
    await new Promise((resolve) => setImmediate(resolve));
    // Another POST cancels its own id 5: the first POST's id 5 runs on.
    const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 5 } };
    const other = transport.handle({ request: request(json), body: cancel, caller, log: () => {} });
    expect(await other.reply).toEqual({ status: 202 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(signals.get('first')?.aborted).toBe(false);
    for (const resolve of release) resolve();
    expect((await first.reply)?.status).toBe(200);
  });
});
