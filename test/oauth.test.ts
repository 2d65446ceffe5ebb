import { createHash, randomBytes } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { type OAuthClientProvider, UnauthorizedError, auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, csrfTokenFor } from '../src/modules/sessions/session-tokens.js';
import {
  type DashboardApp,
  collectPageErrors,
  launchBrowser,
  screenshot,
  startDashboardApp,
} from './helpers/browser.js';
import { axeViolations } from './helpers/axe.js';
import { startTestApp } from './helpers/test-app.js';

/** What an MCP client keeps between runs, in memory: the SDK's OAuth client side drives everything else. */
class MemoryProvider implements OAuthClientProvider {
  information?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  authorizationUrl?: URL;

  constructor(
    readonly redirectUrl: string,
    private readonly name = 'Test Agent',
  ) {}

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  state() {
    return 'state-from-the-client';
  }
  clientInformation() {
    return this.information;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.information = information;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** The client's redirect URI: a local server that keeps what each redirect brought. */
interface Callback {
  url: string;
  next(): Promise<URLSearchParams>;
  close(): Promise<void>;
}

async function startCallback(): Promise<Callback> {
  const waiting: ((query: URLSearchParams) => void)[] = [];
  const server: Server = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams;
    response.writeHead(200, { 'content-type': 'text/html' }).end('<p>You can close this window.</p>');
    waiting.shift()?.(query);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`,
    next: () => new Promise((resolve) => waiting.push(resolve)),
    close: () =>
      new Promise((resolve) => {
        // The browser keeps its connection to the callback alive: close would wait for it.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

let app: DashboardApp;
let base: string;
let browser: Browser;
let callback: Callback;
const email = `oauth-${Date.now()}@example.test`;
const password = 'correct horse battery';
let session: string;

beforeAll(async () => {
  [app, browser, callback] = await Promise.all([
    startDashboardApp({ ATELIER_RATE_LIMIT_ENABLED: 'false', ATELIER_OAUTH_REGISTRATIONS_PER_MINUTE: '1000' }),
    launchBrowser(),
    startCallback(),
  ]);
  base = app.base;
  const signedUp = await app.app.services.sessions.signUp(email, password);
  if (!signedUp.ok) throw new Error(signedUp.error.message);
  session = signedUp.value.token;
});
afterAll(async () => {
  await browser?.close();
  await callback?.close();
  await app?.close();
});

const form = (fields: Record<string, string | undefined>) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) body.set(name, value);
  return body;
};
const post = (path: string, fields: Record<string, string | undefined>, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: 'POST', body: form(fields), headers, redirect: 'manual' });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const mcpCall = (token: string) =>
  fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });

async function register(redirectUris = [callback.url], extra: Record<string, unknown> = {}) {
  const response = await fetch(`${base}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Hostile Test',
      redirect_uris: redirectUris,
      token_endpoint_auth_method: 'none',
      ...extra,
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { client_id: string } };
}

/** Approves through the consent form as the signed-in user would (session cookie and CSRF token); the redirect. */
async function approve(params: Record<string, string | undefined>, csrf: string | null = csrfTokenFor(session)) {
  return post(
    '/dashboard/oauth/authorize',
    { response_type: 'code', code_challenge_method: 'S256', ...params, _csrf: csrf ?? undefined, decision: 'approve' },
    { cookie: `${SESSION_COOKIE}=${session}` },
  );
}

/** A client registered and approved: its code, verifier and the redirect's query. */
async function codeFor(resource?: string) {
  const { body: client } = await register();
  const { verifier, challenge } = pkce();
  const answer = await approve({
    client_id: client.client_id,
    redirect_uri: callback.url,
    code_challenge: challenge,
    state: 's1',
    resource,
  });
  expect(answer.status).toBe(303);
  const location = new URL(answer.headers.get('location') ?? '');
  return { clientId: client.client_id, verifier, code: location.searchParams.get('code') ?? '', location };
}

const exchange = (clientId: string, code: string, verifier: string | undefined, extra: Record<string, string> = {}) =>
  post('/oauth/token', {
    grant_type: 'authorization_code',
    client_id: clientId,
    code,
    code_verifier: verifier,
    redirect_uri: callback.url,
    ...extra,
  });

describe('OAuth sign-in of MCP clients (MCP authorization spec)', () => {
  it('runs the whole flow with the SDK client: discovery from the 401, registration, consent in Chromium, tokens, tools, refresh, revoke', async () => {
    const provider = new MemoryProvider(callback.url);
    const serverUrl = new URL(`${base}/mcp`);
    const first = new Client({ name: 'oauth-test', version: '1.0.0' });
    await expect(
      first.connect(new StreamableHTTPClientTransport(serverUrl, { authProvider: provider })),
    ).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.information?.client_id).toMatch(/^mcp_/);
    const authorizationUrl = provider.authorizationUrl as URL;
    expect(authorizationUrl.href.startsWith(`${base}/oauth/authorize?`)).toBe(true);
    expect(authorizationUrl.searchParams.get('resource')).toBe(`${base}/mcp`);

    // The user is not signed in: the dashboard's log-in, then the consent page.
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const redirected = callback.next();
    await page.goto(authorizationUrl.href);
    await page.waitForURL(/\/dashboard\/login\?next=/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/dashboard\/oauth\/authorize\?/);
    expect(await page.locator('#client-name').textContent()).toBe('Test Agent');
    expect(await page.locator('#redirect-host').textContent()).toBe(new URL(callback.url).host);
    await screenshot(page, 'oauth-consent');
    await page.getByRole('button', { name: 'Approve' }).click();
    const query = await redirected;
    expect(query.get('state')).toBe('state-from-the-client');
    expect(query.get('iss')).toBe(base);
    const code = query.get('code') ?? '';
    expect(code).not.toBe('');

    const transport = new StreamableHTTPClientTransport(serverUrl, { authProvider: provider });
    await transport.finishAuth(code);
    const tokens = provider.saved as OAuthTokens;
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.expires_in).toBe(3600);
    const client = new Client({ name: 'oauth-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(serverUrl, { authProvider: provider }));
    const { tools } = await client.listTools();
    const cheap = tools.find((tool) => tool.name === 'get_account' || tool.name === 'check_connection');
    expect(cheap).toBeDefined();
    const result = (await client.callTool({ name: cheap?.name ?? '', arguments: {} })) as { isError?: boolean };
    expect(result.isError).toBeFalsy();

    // The keys page lists the connected client.
    await page.goto(`${base}/dashboard/keys`);
    expect(await page.locator('#oauth-clients').textContent()).toContain('Test Agent');

    // Refresh: new tokens, the old refresh token no longer works... (checked in its own test); the new access works.
    expect(await auth(provider, { serverUrl })).toBe('AUTHORIZED');
    const refreshed = provider.saved as OAuthTokens;
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await mcpCall(refreshed.access_token)).status).toBe(200);
    await client.close();

    // Revoked on the keys page: the tokens stop at once.
    await page.goto(`${base}/dashboard/keys`);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.locator('#oauth-clients').getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => page.locator('#no-clients').count()).toBe(1);
    const denied = await mcpCall(refreshed.access_token);
    expect(denied.status).toBe(401);
    expect(denied.headers.get('www-authenticate')).toContain('resource_metadata=');
    const refreshAfter = await post('/oauth/token', {
      grant_type: 'refresh_token',
      client_id: provider.information?.client_id,
      refresh_token: refreshed.refresh_token,
    });
    expect(refreshAfter.status).toBe(400);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('publishes the metadata and points to it from a 401 on /mcp, keeping the JSON error', async () => {
    const resource = (await (await fetch(`${base}/.well-known/oauth-protected-resource/mcp`)).json()) as Record<
      string,
      unknown
    >;
    expect(resource).toMatchObject({
      resource: `${base}/mcp`,
      authorization_servers: [base],
      bearer_methods_supported: ['header'],
      scopes_supported: ['mcp'],
    });
    expect(await (await fetch(`${base}/.well-known/oauth-protected-resource`)).json()).toEqual(resource);
    const server = (await (await fetch(`${base}/.well-known/oauth-authorization-server`)).json()) as Record<
      string,
      unknown
    >;
    expect(server).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      registration_endpoint: `${base}/oauth/register`,
      revocation_endpoint: `${base}/oauth/revoke`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
    });
    const preflight = await fetch(`${base}/oauth/token`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const anonymous = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`,
    );
    expect(await anonymous.json()).toEqual({ error: 'Invalid API key' });
    // Elsewhere a 401 stays as it was.
    const api = await fetch(`${base}/api/account`);
    expect(api.status).toBe(401);
    expect(api.headers.get('www-authenticate')).toBeNull();
  });

  it('refuses redirect URIs that are not https or loopback http, or carry a fragment', async () => {
    for (const uri of [
      'http://evil.example/cb',
      'https://app.example/cb#x',
      'javascript:alert(1)',
      'ftp://127.0.0.1/x',
    ]) {
      const { status, body } = await register([uri]);
      expect(status, uri).toBe(400);
      expect(body.error, uri).toBe('invalid_client_metadata');
    }
    const ok = await register(['https://app.example/cb', 'http://localhost:7777/cb']);
    expect(ok.status).toBe(201);
    expect(ok.body.client_id_issued_at).toEqual(expect.any(Number));
    expect(ok.body.client_secret).toBeUndefined();
  });

  it('shows a page, and never redirects, for an unknown client or an unregistered redirect URI', async () => {
    const { body: client } = await register();
    const { challenge } = pkce();
    const query = (params: Record<string, string>) =>
      fetch(
        `${base}/dashboard/oauth/authorize?${new URLSearchParams({ response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256', ...params })}`,
        { redirect: 'manual' },
      );
    for (const params of [
      { client_id: client.client_id, redirect_uri: 'https://evil.example/cb' },
      { client_id: client.client_id, redirect_uri: `${callback.url}/other` },
      { client_id: 'mcp_unknown', redirect_uri: callback.url },
    ]) {
      const answer = await query(params);
      expect(answer.status).toBe(400);
      expect(answer.headers.get('location')).toBeNull();
      expect(await answer.text()).toContain('Sign-in refused');
    }
    // The /oauth/authorize address leads to the same checks.
    const entry = await fetch(`${base}/oauth/authorize?client_id=x`, { redirect: 'manual' });
    expect(entry.headers.get('location')).toBe('/dashboard/oauth/authorize?client_id=x');
    // After the redirect URI is trusted, errors go back to it: no PKCE, plain PKCE, another resource.
    for (const [params, error] of [
      [{ code_challenge: '' }, 'invalid_request'],
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ resource: 'https://other.example/mcp' }, 'invalid_target'],
    ] as const) {
      const answer = await query({ client_id: client.client_id, redirect_uri: callback.url, state: 'st', ...params });
      expect(answer.status).toBe(303);
      const location = new URL(answer.headers.get('location') ?? '');
      expect(location.origin + location.pathname).toBe(callback.url);
      expect(location.searchParams.get('error')).toBe(error);
      expect(location.searchParams.get('state')).toBe('st');
    }
  });

  it('sends a visitor without a session to log in, refuses a consent without CSRF, and says access_denied on Deny', async () => {
    const { body: client } = await register();
    const { challenge } = pkce();
    const params = { client_id: client.client_id, redirect_uri: callback.url, code_challenge: challenge, state: 'x' };
    const anonymous = await fetch(
      `${base}/oauth/authorize?${new URLSearchParams({ response_type: 'code', code_challenge_method: 'S256', ...params })}`,
    );
    expect(anonymous.url).toMatch(/\/dashboard\/login\?next=%2Fdashboard%2Foauth%2Fauthorize%3F/);
    const posted = await post('/dashboard/oauth/authorize', {
      ...params,
      response_type: 'code',
      code_challenge_method: 'S256',
      decision: 'approve',
    });
    expect(posted.status).toBe(403);
    const withoutCsrf = await approve(params, null);
    expect(withoutCsrf.status).toBe(403);
    const wrongCsrf = await approve(params, csrfTokenFor('another browser'));
    expect(wrongCsrf.status).toBe(403);
    const denied = await post(
      '/dashboard/oauth/authorize',
      {
        ...params,
        response_type: 'code',
        code_challenge_method: 'S256',
        decision: 'deny',
        _csrf: csrfTokenFor(session),
      },
      { cookie: `${SESSION_COOKIE}=${session}` },
    );
    const location = new URL(denied.headers.get('location') ?? '');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('shows an accessible consent page whose CSP lets the form lead only here and to the redirect URI', async () => {
    const { body: client } = await register();
    const url = `${base}/dashboard/oauth/authorize?${new URLSearchParams({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: callback.url,
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
    })}`;
    const answer = await fetch(url, { headers: { cookie: `${SESSION_COOKIE}=${session}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toContain(
      `form-action 'self' ${new URL(callback.url).origin};`,
    );
    expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const context = await browser.newContext({ bypassCSP: true });
    await context.addCookies([{ name: SESSION_COOKIE, value: session, url: base }]);
    const page = await context.newPage();
    await page.goto(url);
    expect(await page.locator('#client-name').textContent()).toBe('Hostile Test');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('wants the PKCE verifier, the registered redirect URI and the client; a code works once and its replay revokes its tokens', async () => {
    const { clientId, verifier, code, location } = await codeFor();
    expect(location.searchParams.get('state')).toBe('s1');
    const other = await register();
    const failures: [Response, string][] = [
      [await exchange(clientId, code, undefined), 'invalid_request'],
      [await exchange(clientId, code, pkce().verifier), 'invalid_grant'],
      [await exchange(clientId, code, verifier, { redirect_uri: `${callback.url}/other` }), 'invalid_grant'],
      [await exchange(other.body.client_id, code, verifier), 'invalid_grant'],
      [await exchange('mcp_nobody', code, verifier), 'invalid_client'],
      [await exchange(clientId, code, verifier, { resource: 'https://other.example/mcp' }), 'invalid_target'],
    ];
    for (const [answer, error] of failures) {
      expect((await answer.json()) as { error: string }).toMatchObject({ error });
      expect(answer.status).toBe(error === 'invalid_client' ? 401 : 400);
    }
    const granted = await exchange(clientId, code, verifier, { resource: `${base}/mcp` });
    expect(granted.status).toBe(200);
    expect(granted.headers.get('cache-control')).toBe('no-store');
    const tokens = (await granted.json()) as OAuthTokens;
    expect((await mcpCall(tokens.access_token)).status).toBe(200);
    const again = await exchange(clientId, code, verifier);
    expect(((await again.json()) as { error: string }).error).toBe('invalid_grant');
    expect((await mcpCall(tokens.access_token)).status).toBe(401);
  });

  it('opens nothing but /mcp with a token, and only for this resource', async () => {
    const { clientId, verifier, code } = await codeFor(`${base}/mcp`);
    const tokens = (await (await exchange(clientId, code, verifier)).json()) as OAuthTokens;
    const api = await fetch(`${base}/api/account`, { headers: bearer(tokens.access_token) });
    expect(api.status).toBe(401);
    expect(await api.json()).toEqual({ error: 'Invalid API key' });
    expect((await fetch(`${base}/api/account`, { headers: { 'x-api-key': tokens.access_token } })).status).toBe(401);
    expect((await mcpCall(tokens.access_token)).status).toBe(200);
    // The same token, had it been minted for another resource, is refused.
    const db = app.app.services.db;
    const grant = await db
      .selectFrom('oauth_grants')
      .select('id')
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('oauth_grants')
      .set({ resource: 'https://other.example/mcp' })
      .where('id', '=', grant.id)
      .execute();
    const refused = await mcpCall(tokens.access_token);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('rotates refresh tokens: a reused one ends the grant; revocation (RFC 7009) ends the tokens at once', async () => {
    const { clientId, verifier, code } = await codeFor();
    const first = (await (await exchange(clientId, code, verifier)).json()) as OAuthTokens;
    const refresh = (token: string | undefined) =>
      post('/oauth/token', { grant_type: 'refresh_token', client_id: clientId, refresh_token: token });
    // JSON bodies are taken as well as forms.
    const rotated = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'refresh_token', client_id: clientId, refresh_token: first.refresh_token }),
    });
    expect(rotated.status).toBe(200);
    const second = (await rotated.json()) as OAuthTokens;
    expect(second.access_token).toMatch(/^atlo_/);
    expect((await mcpCall(second.access_token)).status).toBe(200);
    const replay = await refresh(first.refresh_token);
    expect(((await replay.json()) as { error: string }).error).toBe('invalid_grant');
    expect((await mcpCall(second.access_token)).status).toBe(401);
    expect((await refresh(second.refresh_token)).status).toBe(400);

    const again = await codeFor();
    const tokens = (await (await exchange(again.clientId, again.code, again.verifier)).json()) as OAuthTokens;
    expect((await mcpCall(tokens.access_token)).status).toBe(200);
    const revoked = await post('/oauth/revoke', { client_id: again.clientId, token: tokens.refresh_token });
    expect(revoked.status).toBe(200);
    expect((await mcpCall(tokens.access_token)).status).toBe(401);
    // Unknown tokens are answered the same.
    expect((await post('/oauth/revoke', { client_id: again.clientId, token: 'atlr_nothing' })).status).toBe(200);
    expect((await post('/oauth/revoke', { client_id: 'mcp_nobody', token: 'x' })).status).toBe(401);
  });

  it('authenticates a confidential client by its secret (client_secret_post or client_secret_basic)', async () => {
    const { body: client } = await register([callback.url], { token_endpoint_auth_method: 'client_secret_post' });
    const secret = String(client.client_secret);
    expect(secret).toMatch(/^atls_/);
    const { verifier, challenge } = pkce();
    const answer = await approve({
      client_id: client.client_id,
      redirect_uri: callback.url,
      code_challenge: challenge,
    });
    const code = new URL(answer.headers.get('location') ?? '').searchParams.get('code') ?? '';
    expect((await exchange(client.client_id, code, verifier)).status).toBe(401);
    expect((await exchange(client.client_id, code, verifier, { client_secret: 'atls_wrong' })).status).toBe(401);
    const basic = `Basic ${Buffer.from(`${client.client_id}:${secret}`).toString('base64')}`;
    const granted = await post(
      '/oauth/token',
      { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: callback.url },
      { authorization: basic },
    );
    expect(granted.status).toBe(200);
    const tokens = (await granted.json()) as OAuthTokens;
    const refreshed = await post('/oauth/token', {
      grant_type: 'refresh_token',
      client_id: client.client_id,
      client_secret: secret,
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.status).toBe(200);
  });

  it('refuses an expired access token (ATELIER_OAUTH_ACCESS_TOKEN_SECONDS) and limits registrations per address', async () => {
    // The service's clock, moved on by the test: the token expires when the clock says so, not after a sleep.
    let aheadMs = 0;
    const t = await startTestApp(
      {
        ATELIER_RATE_LIMIT_ENABLED: 'false',
        ATELIER_OAUTH_ACCESS_TOKEN_SECONDS: '1',
        ATELIER_OAUTH_REGISTRATIONS_PER_MINUTE: '2',
      },
      { clock: { now: () => new Date(Date.now() + aheadMs) } },
    );
    try {
      const { services } = t.app;
      const registrations = [];
      for (let i = 0; i < 3; i++)
        registrations.push(
          await t.server.inject({ method: 'POST', url: '/oauth/register', payload: { redirect_uris: [callback.url] } }),
        );
      expect(registrations.map((r) => r.statusCode)).toEqual([201, 201, 429]);
      expect(registrations[2]?.json()).toMatchObject({ error: 'too_many_requests' });
      // No token_endpoint_auth_method: RFC 7591's default, client_secret_basic, with a secret shown once.
      expect(registrations[0]?.json()).toMatchObject({ token_endpoint_auth_method: 'client_secret_basic' });
      expect(registrations[0]?.json().client_secret).toMatch(/^atls_/);
      const account = await t.account();
      const registered = await services.oauth.register({
        redirect_uris: [callback.url],
        token_endpoint_auth_method: 'none',
      });
      if (!registered.ok) throw registered.error;
      const { verifier, challenge } = pkce();
      const check = await services.oauth.checkAuthorization({
        response_type: 'code',
        client_id: registered.value.client_id,
        redirect_uri: callback.url,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      });
      if (!check.ok) throw new Error('refused');
      const code = new URL(await services.oauth.approve(account.id, check.request)).searchParams.get('code') ?? '';
      const tokens = await services.oauth.token({
        grant_type: 'authorization_code',
        client_id: registered.value.client_id,
        code,
        code_verifier: verifier,
      });
      if (!tokens.ok) throw tokens.error;
      expect(tokens.value.expires_in).toBe(1);
      const call = () =>
        t.server.inject({
          method: 'POST',
          url: '/mcp',
          headers: { ...bearer(tokens.value.access_token), accept: 'application/json, text/event-stream' },
          payload: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
        });
      expect((await call()).statusCode).toBe(200);
      aheadMs = 1_000;
      const expired = await call();
      expect(expired.statusCode).toBe(401);
      expect(expired.headers['www-authenticate']).toContain('resource_metadata=');
    } finally {
      await t.close();
    }
  });
});
