import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

type OpenApi = { paths: Record<string, Record<string, { tags?: string[] }>> };

let t: TestApp;
let admin: { id: string; key: string };
let user: { id: string; key: string };
let adminRoutes: { method: string; url: string }[];

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.account({ admin: true });
  user = await t.account();
  const doc = (await t.server.inject({ method: 'GET', url: '/openapi.json' })).json<OpenApi>();
  adminRoutes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, '1') })),
  );
  adminRoutes = adminRoutes.filter((r) => r.url.startsWith('/api/admin/'));
});
afterAll(() => t.close());

const call = (method: string, url: string, headers: Record<string, string | undefined>) =>
  t.server.inject({
    method: method as 'GET',
    url,
    headers,
    payload: method === 'GET' || method === 'DELETE' ? undefined : {},
  });

describe('the admin API', () => {
  it('is documented under the admin tag', async () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(1);
    const doc = (await t.server.inject({ method: 'GET', url: '/openapi.json' })).json<OpenApi>();
    for (const [path, methods] of Object.entries(doc.paths))
      if (path.startsWith('/api/admin/')) for (const op of Object.values(methods)) expect(op.tags).toContain('admin');
  });

  it('answers anyone who is not an admin with the 404 of a path that does not exist', async () => {
    const unknown = await call('GET', '/api/admin/no-such-thing', withKey(admin.key));
    expect(unknown.statusCode).toBe(404);
    for (const { method, url } of adminRoutes) {
      for (const headers of [
        {},
        withKey('atl_not-a-real-key'),
        withKey(user.key),
        { authorization: `Bearer ${user.key}` },
      ]) {
        const res = await call(method, url, headers);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json(), `${method} ${url}`).toEqual({ error: `Not found: ${method} ${url}` });
      }
    }
  });

  it('lets an admin in, by key or Bearer token', async () => {
    // The log's entries are other tests' (in any order): both ways in read the same log.
    const answers = [];
    for (const headers of [withKey(admin.key), { authorization: `Bearer ${admin.key}` }]) {
      const res = await call('GET', '/api/admin/audit', headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ entries: expect.any(Array) });
      answers.push(res.json());
    }
    expect(answers[1]).toEqual(answers[0]);
  });

  it('turns away an admin whose account is blocked, as any blocked account', async () => {
    const other = await t.account({ admin: true });
    await t.app.services.accounts.setBlocked(other.id, true, 'test');
    const res = await call('GET', '/api/admin/audit', withKey(other.key));
    expect(res.statusCode).toBe(404);
  });

  it('pages the audit log newest first and filters it', async () => {
    const caller = await t.app.services.accounts.resolveCaller(admin.key);
    if (!caller.ok) throw new Error('no caller');
    for (let i = 0; i < 5; i++)
      await t.app.services.audit.record(caller.value, {
        action: i % 2 ? 'account.block' : 'account.unblock',
        targetType: 'account',
        targetId: user.id,
        before: { blocked: i % 2 === 0 },
        after: { blocked: i % 2 === 1 },
        reason: `r${i}`,
      });
    const first = (await call('GET', '/api/admin/audit?limit=2', withKey(admin.key))).json();
    expect(first.entries.map((e: { reason: string }) => e.reason)).toEqual(['r4', 'r3']);
    expect(first.entries[0]).toMatchObject({
      actor: { account_id: admin.id },
      action: 'account.unblock',
      target_type: 'account',
      target_id: user.id,
      before: { blocked: true },
      after: { blocked: false },
    });
    const second = (
      await call('GET', `/api/admin/audit?limit=2&before=${first.next_before}`, withKey(admin.key))
    ).json();
    expect(second.entries.map((e: { reason: string }) => e.reason)).toEqual(['r2', 'r1']);
    const blocks = (await call('GET', '/api/admin/audit?action=account.block', withKey(admin.key))).json();
    expect(blocks.entries.map((e: { reason: string }) => e.reason)).toEqual(['r3', 'r1']);
    const bad = await call('GET', '/api/admin/audit?limit=0', withKey(admin.key));
    expect(bad.statusCode).toBe(400);
  });
});
