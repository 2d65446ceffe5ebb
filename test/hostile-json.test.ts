import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

/** JSON nested `depth` levels deep, built as text: building it as objects and stringifying would itself overflow. */
const nested = (depth: number, leaf = '{"type":"string"}') =>
  `${'{"properties":{"a":'.repeat(depth)}${leaf}${'}}'.repeat(depth)}`;

let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ key } = await t.account({ plan: 'pro', credits: 1_000 }));
});
afterAll(() => t.close());

const post = (url: string, payload: string) =>
  t.server.inject({ method: 'POST', url, headers: { ...withKey(key), 'content-type': 'application/json' }, payload });

describe('JSON nested far deeper than any real request', () => {
  it('a response_format schema 6,000 levels deep is refused for its depth, not with a stack overflow', async () => {
    const body = `{"model":"gpt-4o-mini","messages":[{"role":"user","content":"hi"}],"response_format":{"type":"json_schema","json_schema":{"name":"x","schema":${nested(6_000)}}}}`;
    const res = await post('/v1/chat/completions', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/nest at most 24 levels/);
  });

  it('a schema just deep enough to pass the size check alone is still refused for its depth', async () => {
    const body = `{"model":"gpt-4o-mini","messages":[{"role":"user","content":"hi"}],"response_format":{"type":"json_schema","json_schema":{"name":"x","schema":${nested(30)}}}}`;
    const res = await post('/v1/chat/completions', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/nest at most 24 levels/);
  });

  it.each(['/api/generate', '/api/bots', '/api/tts', '/api/transcriptions', '/mcp'])(
    '%s answers a 20,000-deep body with a 4xx',
    async (url) => {
      const res = await post(url, `{"keywords":${nested(20_000)}}`);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    },
  );
});
