import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unwrap } from '../src/shared/errors.js';
import type { HTTPMethods } from 'fastify';
import { type RouteEntry, routeTable } from './helpers/route-table.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

/**
 * A prober who is not an admin must not tell an admin route from a path that does not exist: same status, same
 * body (but for the path it names), the same header names, and no rate-limit count of their own, even after many
 * requests. The admin routes are the app's own (its router's table, every method), not a list kept here; each admin
 * path is compared with a missing path of the same length, so even Content-Length is equal.
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

/** A concrete path of a route pattern: each parameter a plausible value (`:action` one the pages take). */
const concrete = (pattern: string) =>
  pattern.replace(/:(\w+)/g, (_all, name: string) => (name === 'action' ? 'block' : `${name}_1`));

/** The same path with `admin` made a word no route has: as long, so even Content-Length must match. */
const unknownTwin = (path: string) => path.replace('/admin', '/zzzzz');

/** The app's own admin routes, every method (HEAD included), as its router holds them. */
const adminRoutes = (prefix: string) => routeTable(t.server).filter((route) => route.path.startsWith(prefix));

/**
 * How many admin routes there are: a new one changes the count, and this test then covers it by itself; the count
 * is pinned so that a route that leaves the admin prefixes (and so this test) is seen too.
 */
const ADMIN_API_ROUTES = 34;
const ADMIN_PAGE_ROUTES = 23;

type Who = Record<string, { headers: Record<string, string>; csrf?: string }>;

/** Every kind of caller who is not an admin, each with the CSRF token the dashboard gives their browser. */
async function nonAdmins(): Promise<Who> {
  const pageToken = async (headers: Record<string, string>) => {
    const page = await t.server.inject({ url: '/dashboard/login', headers });
    const cookies = [page.headers['set-cookie'] ?? []]
      .flat()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
    const token = /name="csrf-token" content="([^"]+)"/.exec(page.body)?.[1];
    if (!token) throw new Error('the dashboard gave no CSRF token');
    const cookie = [headers.cookie, cookies].filter(Boolean).join('; ');
    return { headers: { ...headers, ...(cookie && { cookie }) }, csrf: token };
  };
  const sessionCookie = { cookie: `atelier_session=${userSession}` };
  const session = await t.server.inject({ url: '/dashboard/keys', headers: sessionCookie });
  const sessionCsrf = /name="csrf-token" content="([^"]+)"/.exec(session.body)?.[1];
  expect(session.statusCode, 'the user session opens the dashboard').toBe(200);
  return {
    anonymous: await pageToken({}),
    'a wrong key': { headers: withKey('atl_not-a-real-key') },
    'a user key': { headers: withKey(userKey) },
    'a user session': { headers: sessionCookie, ...(sessionCsrf && { csrf: sessionCsrf }) },
  };
}

/** The bodies a write is sent with: a well-formed one, and malformed ones any path refuses alike (400, 415). */
function bodiesFor(method: HTTPMethods, page: boolean, csrf: string | undefined) {
  if (method === 'GET' || method === 'HEAD') return [{}];
  if (page) {
    const form = 'application/x-www-form-urlencoded';
    return [
      { type: form, payload: `reason=x${csrf ? `&_csrf=${encodeURIComponent(csrf)}` : ''}`, wellFormed: true },
      { type: form, payload: 'reason=x', wellFormed: true },
    ];
  }
  return [
    { type: 'application/json', payload: '{}', wellFormed: true },
    { type: 'application/json', payload: '{not json' },
    { type: 'text/plain', payload: 'x' },
  ];
}

/** Asks every admin route as every caller, and the same-length unknown path alike: the answers must be the same. */
async function expectIndistinguishable(routes: RouteEntry[], who: Who, page: boolean) {
  for (const { method, path: pattern } of routes) {
    const path = concrete(pattern);
    for (const [name, { headers, csrf }] of Object.entries(who))
      for (const { type, payload, wellFormed } of bodiesFor(method, page, csrf) as {
        type?: string;
        payload?: string;
        wellFormed?: boolean;
      }[]) {
        const ask = (url: string) =>
          t.server.inject({
            method,
            url,
            headers: { ...headers, ...(type && { 'content-type': type }) },
            ...(payload !== undefined && { payload }),
          });
        const label = `${name}: ${method} ${pattern} ${payload ?? ''}`;
        const admin = seen(await ask(path), path);
        const absent = seen(await ask(unknownTwin(path)), unknownTwin(path));
        expect(admin, label).toEqual(absent);
        if (payload === undefined || wellFormed) expect(admin.status, label).toBe(404);
        expect(
          Object.keys(admin.headers).some((header) => header.startsWith('ratelimit')),
          label,
        ).toBe(false);
      }
  }
}

describe('an admin route, to whoever is not an admin', () => {
  it('answers as a missing path does, byte for byte, every method of every route, and still after many requests', async () => {
    const routes = adminRoutes('/api/admin/');
    expect(routes.map((r) => `${r.method} ${r.path}`)).toHaveLength(ADMIN_API_ROUTES);
    const who = await nonAdmins();
    await expectIndistinguishable(routes, who, false);
    // Well past the anonymous limit, on admin paths and missing ones alike: still nothing to tell them apart.
    for (let i = 0; i < ANONYMOUS_LIMIT * 3; i++)
      for (const { headers } of Object.values(who)) {
        await t.server.inject({ url: '/api/admin/audit', headers });
        await t.server.inject({ url: '/api/zzzzz/audit', headers });
      }
    await expectIndistinguishable(routes, who, false);
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
  it('answers the 404 page of a page that does not exist, not a redirect to log in, for its forms too (with a valid CSRF token)', async () => {
    const routes = adminRoutes('/dashboard/admin');
    expect(routes.map((r) => `${r.method} ${r.path}`)).toHaveLength(ADMIN_PAGE_ROUTES);
    const who = await nonAdmins();
    await expectIndistinguishable(routes, who, true);
    for (let i = 0; i < ANONYMOUS_LIMIT * 3; i++)
      for (const { headers } of Object.values(who)) await t.server.inject({ url: '/dashboard/admin', headers });
    await expectIndistinguishable(routes, who, true);
  });
});
