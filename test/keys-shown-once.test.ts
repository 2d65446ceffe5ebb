import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unwrap } from '../src/shared/errors.js';
import { routeTable } from './helpers/route-table.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

/**
 * "A new key is shown once": the answer that makes it holds it, and nothing the account can ask for afterwards
 * does: every GET of /api and /v1 without a path parameter (read from the app's router, so a new listing is
 * included by itself), as the account's other key and as the new key itself, and the dashboard's pages. (No MCP
 * tool lists or makes keys.)
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false' });
});
afterAll(() => t.close());

/** The part of a key past the prefix the lists show (its first 12 characters). */
const SHOWN_PREFIX = 12;

/** Whether `text` holds the key, or any 12 characters in a row of its secret part. */
function holdsSecret(text: string, key: string): boolean {
  const secret = key.slice(SHOWN_PREFIX);
  for (let start = 0; start + 12 <= secret.length; start++)
    if (text.includes(secret.slice(start, start + 12))) return true;
  return false;
}

const getRoutes = (prefix: RegExp) =>
  routeTable(t.server)
    .filter((r) => r.method === 'GET' && prefix.test(r.path) && !r.path.includes(':') && !r.path.includes('*'))
    .map((r) => r.path);

describe('a new API key, at the API', () => {
  it('is in the answer of POST /api/keys, and in no GET of /api or /v1 afterwards', async () => {
    const owner = (await t.account()).key;
    const made = await t.server.inject({
      method: 'POST',
      url: '/api/keys',
      headers: withKey(owner),
      payload: { name: 'fresh' },
    });
    expect(made.statusCode).toBe(201);
    const created = made.json<{ key_id: string; api_key: string; prefix: string }>();
    expect(created.api_key).toMatch(/^atl_/);
    expect(created.prefix).toBe(created.api_key.slice(0, SHOWN_PREFIX));
    expect(holdsSecret(made.body, created.api_key)).toBe(true);

    const listed = await t.server.inject({ url: '/api/keys', headers: withKey(owner) });
    expect(listed.json<{ keys: { id: string }[] }>().keys.map((k) => k.id)).toContain(created.key_id);

    const paths = getRoutes(/^\/(api|v1)\/(?!admin\/)/);
    expect(paths).toContain('/api/keys');
    expect(paths.length).toBeGreaterThan(20);
    for (const caller of [owner, created.api_key])
      for (const path of paths) {
        const res = await t.server.inject({ url: path, headers: withKey(caller) });
        if (path === '/api/keys' || path === '/api/account') expect(res.statusCode, `GET ${path}`).toBe(200);
        expect(holdsSecret(res.body, created.api_key), `GET ${path}`).toBe(false);
        expect(holdsSecret(JSON.stringify(res.headers), created.api_key), `GET ${path}: headers`).toBe(false);
      }
  });
});

describe('a new API key, in the dashboard', () => {
  it('is on the page that made it, and on no page afterwards', async () => {
    const session = unwrap(await t.app.services.sessions.signUp('keys-once@example.test', 'a long enough password'));
    const cookie = { cookie: `atelier_session=${session.token}` };
    const page = await t.server.inject({ url: '/dashboard/keys', headers: cookie });
    const csrf = /name="csrf-token" content="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const made = await t.server.inject({
      method: 'POST',
      url: '/dashboard/keys',
      headers: { ...cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ name: 'fresh', _csrf: csrf }).toString(),
    });
    expect(made.statusCode).toBe(201);
    const key = /id="new-key-value"[^>]*value="(atl_[^"]+)"/.exec(made.body)?.[1] ?? '';
    expect(key).toMatch(/^atl_/);
    expect(holdsSecret(made.body, key)).toBe(true);

    const pages = getRoutes(/^\/dashboard\/(?!admin|assets)/);
    expect(pages).toContain('/dashboard/keys');
    for (const path of pages) {
      const res = await t.server.inject({ url: path, headers: cookie });
      if (path === '/dashboard/keys') expect(res.statusCode).toBe(200);
      expect(holdsSecret(res.body, key), `GET ${path}`).toBe(false);
    }
  });
});
