import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false', ATELIER_LOGIN_ATTEMPTS_PER_MINUTE: '5' });
});
afterAll(() => t.close());

/** A browser's cookie jar, reduced to what these tests need. */
class Jar {
  readonly cookies = new Map<string, string>();
  take(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (cookie.maxAge === 0 || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
  get header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

const csrfOf = (page: string) => /<meta name="csrf-token" content="([^"]+)"/.exec(page)?.[1] ?? '';

async function get(jar: Jar, url: string) {
  const response = await t.server.inject({ method: 'GET', url, headers: { cookie: jar.header } });
  jar.take(response);
  return response;
}

async function post(jar: Jar, url: string, form: Record<string, string>, remoteAddress = '127.0.0.1') {
  const response = await t.server.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { cookie: jar.header, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
  jar.take(response);
  return response;
}

let signups = 0;
/** Signs up through the forms, as a browser would; returns the logged-in jar and the page's CSRF token. */
async function signUp(email = `sec${++signups}-${Date.now()}@example.test`, password = 'long enough password') {
  const jar = new Jar();
  const form = await get(jar, '/dashboard/signup');
  const created = await post(
    jar,
    '/dashboard/signup',
    { _csrf: csrfOf(form.body), email, password },
    `10.0.0.${signups}`,
  );
  expect(created.statusCode, created.body).toBe(303);
  const keysPage = await get(jar, '/dashboard/keys');
  return { jar, csrf: csrfOf(keysPage.body), email, password };
}

describe('dashboard sessions and CSRF', () => {
  it('sets the session cookie HttpOnly, SameSite=Lax, for the whole site, and stores only a scrypt hash of the password', async () => {
    const jar = new Jar();
    const form = await get(jar, '/dashboard/signup');
    const response = await post(
      jar,
      '/dashboard/signup',
      { _csrf: csrfOf(form.body), email: 'cookie@example.test', password: 'a good password' },
      '10.1.0.1',
    );
    const session = (
      response.cookies as {
        name: string;
        httpOnly?: boolean;
        sameSite?: string;
        path?: string;
        secure?: boolean;
        maxAge?: number;
      }[]
    ).find((c) => c.name === 'atelier_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.secure).toBeFalsy();
    expect(session?.maxAge).toBe(14 * 86_400);
    const account = await t.app.services.accounts.find('cookie@example.test');
    const stored = (account.ok && (await t.app.services.accounts.passwordHashOf(account.value.id))) || '';
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(stored).not.toContain('a good password');
    const sessions = await t.app.services.db.selectFrom('sessions').selectAll().execute();
    expect(sessions.every((s) => s.id !== jar.cookies.get('atelier_session'))).toBe(true);
  });

  it('marks the cookies Secure when the service is public over TLS', async () => {
    const tls = await startTestApp({ ATELIER_PUBLIC_URL: 'https://atelier.example.com' });
    try {
      const response = await tls.server.inject({ url: '/dashboard/login' });
      expect(response.headers['set-cookie']).toMatch(/atelier_browser=[^;]+;.*Secure/);
    } finally {
      await tls.close();
    }
  });

  it('refuses a form without the CSRF token, or with one made for another browser', async () => {
    const jar = new Jar();
    await get(jar, '/dashboard/login');
    const other = new Jar();
    const othersToken = csrfOf((await get(other, '/dashboard/login')).body);
    for (const form of [{}, { _csrf: '' }, { _csrf: othersToken }, { _csrf: 'x'.repeat(43) }] as Record<
      string,
      string
    >[]) {
      const response = await post(
        jar,
        '/dashboard/signup',
        { ...form, email: 'csrf@example.test', password: 'long enough password' },
        '10.2.0.1',
      );
      expect(response.statusCode).toBe(403);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('did not come from this site');
    }
    expect((await t.app.services.accounts.find('csrf@example.test')).ok).toBe(false);
  });

  it('lets the dashboard call the API with the session only together with the CSRF header', async () => {
    const { jar, csrf, email } = await signUp();
    const call = (headers: Record<string, string>) =>
      t.server.inject({ url: '/api/account', headers: { cookie: jar.header, ...headers } });
    expect((await call({})).statusCode).toBe(401);
    expect((await call({ 'x-csrf-token': 'wrong' })).statusCode).toBe(401);
    const ok = await call({ 'x-csrf-token': csrf });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ account: { email: string } }>().account.email).toBe(email);
    // A cross-site form can carry the cookie but never the header: a POST without it creates nothing.
    const forged = await t.server.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { cookie: jar.header },
      payload: { name: 'forged' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('logs out for good: the old cookie opens nothing afterwards', async () => {
    const { jar, csrf } = await signUp();
    const stolen = jar.header;
    const out = await post(jar, '/dashboard/logout', { _csrf: csrf });
    expect(out.statusCode).toBe(303);
    const again = await t.server.inject({ url: '/dashboard/keys', headers: { cookie: stolen } });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/dashboard/login?next=%2Fdashboard%2Fkeys');
    expect(
      (await t.server.inject({ url: '/api/account', headers: { cookie: stolen, 'x-csrf-token': csrf } })).statusCode,
    ).toBe(401);
  });

  it('sends a logged-in visitor only to dashboard pages after logging in, never to another site', async () => {
    const { email, password } = await signUp();
    for (const [next, expected] of [
      ['/dashboard/keys', '/dashboard/keys'],
      ['https://evil.example/', '/dashboard'],
      ['//evil.example/dashboard', '/dashboard'],
      ['/dashboard//evil.example', '/dashboard'],
      ['/dashboardx', '/dashboard'],
    ] as const) {
      const jar = new Jar();
      const form = await get(jar, '/dashboard/login');
      const response = await post(
        jar,
        '/dashboard/login',
        { _csrf: csrfOf(form.body), email, password, next },
        '10.3.0.1',
      );
      expect(response.headers.location, next).toBe(expected);
    }
  });

  it('limits log-in attempts per address even with API rate limits off, and says so on a page', async () => {
    const jar = new Jar();
    const csrf = csrfOf((await get(jar, '/dashboard/login')).body);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (
          await post(
            jar,
            '/dashboard/login',
            { _csrf: csrf, email: 'nobody@example.test', password: `guess ${i}` },
            '10.9.9.9',
          )
        ).statusCode,
      );
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    const limited = await post(
      jar,
      '/dashboard/login',
      { _csrf: csrf, email: 'nobody@example.test', password: 'guess' },
      '10.9.9.9',
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain('Too many attempts');
    // Another address is not affected.
    expect(
      (
        await post(
          jar,
          '/dashboard/login',
          { _csrf: csrf, email: 'nobody@example.test', password: 'guess' },
          '10.9.9.10',
        )
      ).statusCode,
    ).toBe(401);
  });

  it('answers sign-up mistakes with the form again and a clear message', async () => {
    const { email } = await signUp();
    const cases = [
      [{ email, password: 'long enough password' }, 409, `An account with email ${email} already exists`],
      [{ email: 'short@example.test', password: 'short' }, 400, 'Password must be at least 8 characters'],
      [{ email: 'not-an-email', password: 'long enough password' }, 400, 'Invalid email'],
    ] as const;
    for (const [form, status, message] of cases) {
      const jar = new Jar();
      const csrf = csrfOf((await get(jar, '/dashboard/signup')).body);
      const response = await post(jar, '/dashboard/signup', { _csrf: csrf, ...form }, '10.4.0.1');
      expect(response.statusCode).toBe(status);
      expect(response.body).toContain(message);
    }
  });

  it('turns a blocked account away at log-in and ends its open sessions', async () => {
    const { jar, csrf, email, password } = await signUp();
    await t.app.services.accounts.setBlocked(email, true, 'abuse');
    expect(
      (await t.server.inject({ url: '/api/account', headers: { cookie: jar.header, 'x-csrf-token': csrf } }))
        .statusCode,
    ).toBe(401);
    const fresh = new Jar();
    const token = csrfOf((await get(fresh, '/dashboard/login')).body);
    const response = await post(fresh, '/dashboard/login', { _csrf: token, email, password }, '10.5.0.1');
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('Account is blocked: abuse');
  });

  it('escapes what users typed, and sends pages with a strict CSP and no caching', async () => {
    const { jar, csrf } = await signUp();
    await post(jar, '/dashboard/keys', { _csrf: csrf, name: '<script>alert(1)</script>' });
    const page = await get(jar, '/dashboard/keys');
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['cache-control']).toBe('no-store');
  });

  it('closes sign-up when configured, and the CLI-style password reset ends sessions', async () => {
    const closed = await startTestApp({ ATELIER_DASHBOARD_SIGNUP: 'false' });
    try {
      expect((await closed.server.inject({ url: '/dashboard/signup' })).statusCode).toBe(403);
    } finally {
      await closed.close();
    }
    const { jar, csrf, email } = await signUp();
    expect((await t.app.services.sessions.setPassword(email, 'a brand new password')).ok).toBe(true);
    expect(
      (await t.server.inject({ url: '/api/account', headers: { cookie: jar.header, 'x-csrf-token': csrf } }))
        .statusCode,
    ).toBe(401);
  });

  it('changes the password on the API settings page: the current one is checked, other browsers are logged out', async () => {
    const { jar, csrf, email, password } = await signUp();
    const other = new Jar();
    const otherCsrf = csrfOf((await get(other, '/dashboard/login')).body);
    await post(other, '/dashboard/login', { _csrf: otherCsrf, email, password }, '10.6.0.1');
    expect((await get(other, '/dashboard/keys')).statusCode).toBe(200);

    const wrong = await post(jar, '/dashboard/password', {
      _csrf: csrf,
      current: 'not it',
      password: 'a newer password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('The current password is wrong');
    const changed = await post(jar, '/dashboard/password', {
      _csrf: csrf,
      current: password,
      password: 'a newer password',
    });
    expect(changed.headers.location).toBe('/dashboard/keys?password=changed');
    expect((await get(jar, '/dashboard/keys?password=changed')).body).toContain('Password changed');
    expect((await get(other, '/dashboard/keys')).statusCode).toBe(303);
    expect((await t.app.services.sessions.logIn(email, 'a newer password')).ok).toBe(true);
  });

  it('lets pages show files from a CDN when one serves them', async () => {
    const cdn = await startTestApp({ ATELIER_BLOB_PUBLIC_URL: 'https://cdn.example.com/atelier' });
    try {
      const csp = String((await cdn.server.inject({ url: '/dashboard/login' })).headers['content-security-policy']);
      expect(csp).toMatch(/img-src [^;]*https:\/\/cdn\.example\.com/);
      expect(csp).toMatch(/media-src [^;]*https:\/\/cdn\.example\.com/);
    } finally {
      await cdn.close();
    }
  });

  it('sends a visitor of the bare address to the dashboard', async () => {
    const root = await t.server.inject({ url: '/' });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/dashboard');
  });

  it('keeps API keys working beside sessions', async () => {
    const { key } = await t.account();
    expect((await t.server.inject({ url: '/api/account', headers: withKey(key) })).statusCode).toBe(200);
  });
});
