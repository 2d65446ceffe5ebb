import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

let t: TestApp;
let key: string;
const logLines: string[] = [];

beforeAll(async () => {
  t = await startTestApp(
    { LOG_LEVEL: 'trace', ATELIER_BODY_LIMIT_BYTES: '20000' },
    { logStream: { write: (line) => logLines.push(line) } },
  );
  key = (await t.account()).key;
});
afterAll(() => t.close());

describe('request hygiene', () => {
  it('refuses a body over the limit with 413 and a clear error', async () => {
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/generate',
      headers: { ...withKey(key), 'content-type': 'application/json' },
      payload: JSON.stringify({ preset: 'blog-post', keywords: 'x'.repeat(30_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'Request body is too large (limit 20000 bytes)' });
  });

  it('gives every response an x-request-id, keeping a sane one the client sent', async () => {
    const mine = await t.server.inject({ url: '/health', headers: { 'x-request-id': 'client-123' } });
    expect(mine.headers['x-request-id']).toBe('client-123');
    const generated = await t.server.inject({ url: '/nowhere' });
    expect(generated.statusCode).toBe(404);
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const hostile = await t.server.inject({
      url: '/health',
      headers: { 'x-request-id': 'evil\r\nheader: 1'.replace(/\r\n/g, ' ') },
    });
    expect(hostile.headers['x-request-id']).not.toContain(' ');
  });

  it('never writes an API key to the logs, even at trace level', async () => {
    await t.server.inject({ url: '/api/account', headers: withKey(key) });
    await t.server.inject({ url: '/api/account', headers: { authorization: `Bearer ${key}` } });
    await t.server.inject({ method: 'POST', url: '/api/keys', headers: withKey(key), payload: { name: 'logged?' } });
    expect(logLines.length).toBeGreaterThan(0);
    const all = logLines.join('\n');
    expect(all).not.toContain(key);
    expect(all).not.toContain('atl_');
  });

  it('answers 5xx without internals, and /health says when the database is gone', async () => {
    const broken = await startTestApp();
    const brokenKey = (await broken.account()).key;
    await broken.app.services.db.destroy();
    const res = await broken.server.inject({ url: '/api/account', headers: withKey(brokenKey) });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Internal server error' });
    const health = await broken.server.inject({ url: '/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'unavailable', error: 'Database is not reachable' });
    await broken.server.close();
  });
});

describe('OpenAPI', () => {
  it('serves an OpenAPI 3.1 document, version 1.0.5, generated from the request schemas', async () => {
    const doc = (await t.server.inject({ url: '/openapi.json' })).json<{
      openapi: string;
      info: { version: string };
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: {
              content: Record<string, { schema: { properties: Record<string, { maxLength?: number }> } }>;
            };
          }
        >
      >;
    }>();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.5');
    const generate = doc.paths['/api/generate']?.post?.requestBody?.content['application/json']?.schema.properties;
    expect(generate?.keywords?.maxLength).toBe(5000);
    expect(generate?.extra4?.maxLength).toBe(500);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/presets', '/api/presets/{slug}', '/api/account', '/health']),
    );
  });

  it('is browsable at /docs', async () => {
    const res = await t.server.inject({ url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});
