import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unwrap } from '../src/shared/errors.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

/**
 * A prober who is not an admin must not tell an admin route from a path that does not exist: same status, same
 * body (but for the path it names), the same header names, and no rate-limit count of their own, even after many
 * requests. Each admin path is compared with a missing path of the same length, so even Content-Length is equal.
 */
const ANONYMOUS_LIMIT = 5;

let t: TestApp;
let userKey: string;
let userSession: string;

beforeAll(async () => {
  t = await startTestApp({ ATELIER_ANONYMOUS_RATE_LIMIT_PER_MINUTE: String(ANONYMOUS_LIMIT) });
  userKey = (await t.account()).key;
  userSession = unwrap(await t.app.services.sessions.signUp('prober@example.test', 'a long enough password')).token;
});
afterAll(() => t.close());

/** What a prober sees of an answer: the path written as `<path>`, and the headers whose values do not vary. */
function seen(res: { statusCode: number; headers: Record<string, unknown>; body: string }, path: string) {
  const headers = Object.fromEntries(
    Object.entries(res.headers)
      .filter(([name]) => !['date', 'x-request-id', 'set-cookie'].includes(name))
      .map(([name, value]) => [name, String(value)]),
  );
  return {
    status: res.statusCode,
    body: res.body
      .split(path)
      .join('<path>')
      .replace(/name="csrf-token" content="[^"]*"/, 'name="csrf-token" content="…"'),
    headers,
    cookies: String(res.headers['set-cookie'] ?? '').replace(/=[^;]*/g, '=…'),
  };
}

const sameLength = (path: string) => path.replace(/[^/]+$/, (last) => 'z'.repeat(last.length));

const API_CASES: { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; path: string; payload?: string; type?: string }[] = [
  { method: 'GET', path: '/api/admin/audit' },
  { method: 'GET', path: '/api/admin/accounts?limit=1' },
  { method: 'POST', path: '/api/admin/models/tiny/pull', payload: '{}', type: 'application/json' },
  { method: 'POST', path: '/api/admin/models/tiny/pull', payload: '{not json', type: 'application/json' },
  { method: 'POST', path: '/api/admin/models/tiny/pull', payload: 'x', type: 'text/plain' },
  { method: 'POST', path: '/api/admin/accounts/acc_1/unblock', payload: '{"x":1}', type: 'application/json' },
  { method: 'DELETE', path: '/api/admin/models/tiny' },
];

describe('an admin route, to whoever is not an admin', () => {
  it('answers as a missing path does, byte for byte, and keeps answering so after many requests', async () => {
    const WHO: Record<string, Record<string, string>> = {
      anonymous: {},
      'a wrong key': withKey('atl_not-a-real-key'),
      'a user key': withKey(userKey),
      'a user session': { cookie: `atelier_session=${userSession}` },
    };
    for (const round of [1, ANONYMOUS_LIMIT * 3])
      for (let i = 0; i < round; i++)
        for (const { method, path, payload, type } of API_CASES) {
          const [bare] = path.split('?') as [string];
          const missing = sameLength(bare) + path.slice(bare.length);
          for (const [who, headers] of Object.entries(WHO)) {
            const ask = (url: string) =>
              t.server.inject({
                method,
                url,
                headers: { ...headers, ...(type && { 'content-type': type }) },
                ...(payload !== undefined && { payload }),
              });
            const admin = seen(await ask(path), bare);
            const absent = seen(await ask(missing), sameLength(bare));
            expect(admin, `${who}: ${method} ${path}`).toEqual(absent);
            // A malformed body is refused as on any path (400, 415); otherwise the 404.
            if (payload === undefined || payload === '{}' || payload.startsWith('{"'))
              expect(admin.status, `${who}: ${method} ${path}`).toBe(404);
            expect(Object.keys(admin.headers).some((name) => name.startsWith('ratelimit'))).toBe(false);
          }
        }
  });

  it('takes nothing from the caller’s own rate limit', async () => {
    const before = await t.server.inject({ method: 'GET', url: '/api/account', headers: withKey(userKey) });
    for (let i = 0; i < 20; i++)
      await t.server.inject({ method: 'GET', url: '/api/admin/audit', headers: withKey(userKey) });
    const after = await t.server.inject({ method: 'GET', url: '/api/account', headers: withKey(userKey) });
    expect(before.statusCode).toBe(200);
    expect(Number(after.headers['ratelimit-remaining'])).toBe(Number(before.headers['ratelimit-remaining']) - 1);
  });

  it('still counts an admin’s requests', async () => {
    const admin = await t.account({ admin: true });
    const res = await t.server.inject({ method: 'GET', url: '/api/admin/audit', headers: withKey(admin.key) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['ratelimit-limit']).toBeDefined();
  });
});

describe('an admin page, to whoever is not an admin', () => {
  const PAGES = [
    '/dashboard/admin/accounts',
    '/dashboard/admin/models',
    '/dashboard/admin/accounts/acc_1',
    '/dashboard/admin/accounts/acc_1/block',
  ];
  it('answers the 404 page of a page that does not exist, not a redirect to log in', async () => {
    const VIEWERS: Record<string, Record<string, string>> = {
      'a logged-out browser': {},
      'a logged-in user': { cookie: `atelier_session=${userSession}` },
    };
    for (let i = 0; i < ANONYMOUS_LIMIT * 2; i++)
      for (const page of PAGES)
        for (const [who, headers] of Object.entries(VIEWERS))
          for (const method of ['GET', 'POST'] as const) {
            const ask = (url: string) =>
              t.server.inject({
                method,
                url,
                headers: {
                  ...headers,
                  ...(method === 'POST' && { 'content-type': 'application/x-www-form-urlencoded' }),
                },
                ...(method === 'POST' && { payload: 'reason=x' }),
              });
            const admin = seen(await ask(page), page);
            const absent = seen(await ask(sameLength(page)), sameLength(page));
            expect(admin, `${who}: ${method} ${page}`).toEqual(absent);
            expect(admin.status, `${who}: ${method} ${page}`).toBe(404);
          }
  });
});
