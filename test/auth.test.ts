import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

type Operation = { security?: Record<string, unknown>[] };
type OpenApi = { paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let operations: { method: string; url: string }[];

beforeAll(async () => {
  t = await startTestApp();
  const doc = (await t.server.inject({ method: 'GET', url: '/openapi.json' })).json<OpenApi>();
  // Operations that need a key: a security requirement, none of them empty (an empty one means "or no key").
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => (op.security?.length ?? 0) > 0 && op.security?.every((s) => Object.keys(s).length > 0))
      .map(([method]) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, '1') })),
  );
});
afterAll(() => t.close());

/** The OpenAI-compatible routes answer errors in OpenAI's shape, with the same message. */
const OPENAI_SHAPED =
  /^\/api\/(chat\/completions|completions|models|responses|images\/(generations|edits|variations)|audio\/(speech|transcriptions|translations)|embeddings|moderations)/;
const errorText = (url: string, body: { error: string | { message: string } }) =>
  OPENAI_SHAPED.test(url) && typeof body.error === 'object' ? body.error.message : body.error;

/**
 * Every operation under /api must turn away a missing, unknown, revoked or blocked key. The admin routes answer 404
 * instead, to anyone who is not an admin: test/admin.test.ts checks them.
 */
describe('auth on every /api route', () => {
  const apiOperations = () => operations.filter((o) => o.url.startsWith('/api/') && !o.url.startsWith('/api/admin/'));

  it('lists the API routes in the OpenAPI document, each declaring its security', async () => {
    expect(apiOperations().length).toBeGreaterThanOrEqual(8);
    const doc = (await t.server.inject({ method: 'GET', url: '/openapi.json' })).json<OpenApi>();
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/')) continue;
      for (const operation of Object.values(methods)) expect(operation.security, path).toBeDefined();
    }
  });

  it('answers 401 Invalid API key without a key, with a wrong key, and with a wrong Bearer token', async () => {
    for (const { method, url } of apiOperations()) {
      for (const headers of [
        {},
        withKey('atl_not-a-real-key'),
        { authorization: 'Bearer nope' },
        withKey('x'.repeat(5000)),
      ]) {
        const res = await t.server.inject({
          method: method as 'GET',
          url,
          headers,
          payload: method === 'GET' || method === 'DELETE' ? undefined : {},
        });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(errorText(url, res.json()), url).toBe('Invalid API key');
      }
    }
  });

  it('accepts the key in x-api-key and as Authorization: Bearer', async () => {
    const { key } = await t.account();
    expect((await t.server.inject({ url: '/api/account', headers: withKey(key) })).statusCode).toBe(200);
    expect(
      (await t.server.inject({ url: '/api/account', headers: { authorization: `Bearer ${key}` } })).statusCode,
    ).toBe(200);
  });

  it('turns away a revoked key and a blocked account, each with a clear text', async () => {
    const { id, key } = await t.account();
    const second = (
      await t.server.inject({ method: 'POST', url: '/api/keys', headers: withKey(key), payload: { name: 'second' } })
    ).json<{ key_id: string; api_key: string }>();
    const revoke = await t.server.inject({
      method: 'DELETE',
      url: `/api/keys/${second.key_id}`,
      headers: withKey(key),
    });
    expect(revoke.json()).toEqual({ id: second.key_id, revoked: true });
    const afterRevoke = await t.server.inject({ url: '/api/account', headers: withKey(second.api_key) });
    expect(afterRevoke.statusCode).toBe(401);
    expect(afterRevoke.json()).toEqual({ error: 'Invalid API key' });

    await t.app.services.accounts.setBlocked(id, true, 'unpaid invoice');
    for (const { method, url } of apiOperations()) {
      const res = await t.server.inject({
        method: method as 'GET',
        url,
        headers: withKey(key),
        payload: method === 'POST' || method === 'PATCH' ? {} : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(errorText(url, res.json()), url).toBe('Account is blocked: unpaid invoice');
    }
    await t.app.services.accounts.setBlocked(id, false);
    expect((await t.server.inject({ url: '/api/account', headers: withKey(key) })).statusCode).toBe(200);
  });

  it("does not let one account revoke another's key (404, not 403)", async () => {
    const a = await t.account();
    const b = await t.account();
    const bKeys = (await t.server.inject({ url: '/api/keys', headers: withKey(b.key) })).json<{
      keys: { id: string }[];
    }>();
    const [bKey] = bKeys.keys;
    if (!bKey) throw new Error("b's key is not listed");
    const res = await t.server.inject({ method: 'DELETE', url: `/api/keys/${bKey.id}`, headers: withKey(a.key) });
    expect(res.statusCode).toBe(404);
    // The same answer as an id nobody has.
    const missing = await t.server.inject({ method: 'DELETE', url: `/api/keys/${bKey.id}x`, headers: withKey(a.key) });
    expect(res.json()).toEqual(missing.json());
    expect((await t.server.inject({ url: '/api/account', headers: withKey(b.key) })).statusCode).toBe(200);
  });

  it('stores keys only as SHA-256 hashes', async () => {
    const { key } = await t.account();
    const rows = await t.app.services.db.selectFrom('api_keys').selectAll().execute();
    const serialized = JSON.stringify(rows);
    expect(serialized).not.toContain(key);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.key_hash))).toBe(true);
  });
});
