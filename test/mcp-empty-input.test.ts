import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

/**
 * A tool that takes no arguments refuses one it does not take, naming it, as the HTTP API refuses a field in a body
 * declared empty: nothing an agent sends is dropped without a word. The tools are the server's own listing (every
 * tool whose input has no properties), by both ways a call is answered: a plain call (the fast path) and one the
 * SDK answers (a call with `_meta` goes to the SDK unchanged).
 */

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false' });
  key = (await t.account()).key;
});
afterAll(() => t.close());

const rpc = async (method: string, params: Record<string, unknown>) => {
  const res = await t.server.inject({
    method: 'POST',
    url: '/mcp',
    headers: { ...withKey(key), accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
    payload: { jsonrpc: '2.0', id: 1, method, params },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ result: Record<string, unknown> }>().result;
};

type ToolAnswer = { isError?: boolean; content: { type: string; text?: string }[] };

/** How many listed tools take no arguments: pinned, so that the test sees a tool join or leave them. */
const EMPTY_INPUT_TOOLS = 3;

describe('tools without arguments', () => {
  it('refuse an argument they do not take, by name, on the fast path and through the SDK', async () => {
    const { tools } = (await rpc('tools/list', {})) as {
      tools: { name: string; inputSchema: { properties?: Record<string, unknown>; additionalProperties?: boolean } }[];
    };
    const empty = tools.filter((tool) => Object.keys(tool.inputSchema.properties ?? {}).length === 0);
    expect(empty.map((tool) => tool.name)).toHaveLength(EMPTY_INPUT_TOOLS);
    for (const tool of empty) {
      expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
      for (const extra of [{}, { _meta: { progressToken: 'p' } }]) {
        const way = `${tool.name}${'_meta' in extra ? ' (SDK)' : ''}`;
        const refused = (await rpc('tools/call', {
          name: tool.name,
          arguments: { include_secrets: true },
          ...extra,
        })) as ToolAnswer;
        expect(refused.isError, way).toBe(true);
        expect(refused.content[0]?.text, way).toMatch(/Unrecognized key: "include_secrets"/);
        const answered = (await rpc('tools/call', { name: tool.name, arguments: {}, ...extra })) as ToolAnswer;
        expect(answered.isError ?? false, `${way}: ${answered.content[0]?.text}`).toBe(false);
      }
    }
  });
});
