import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_COOKIE } from '../src/modules/sessions/session-tokens.js';
import { unwrap } from '../src/shared/errors.js';
import { sha256Hex } from '../src/shared/ids.js';
import { type FakeUpstream, chatCompletion, replyJson, startFakeUpstream } from './helpers/fake-upstream.js';
import { callTool, jsonOf, mcpClient, textOf } from './helpers/mcp-client.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

const PUBLIC_URL = 'https://atelier.example.test';
const RUNS_PER_MINUTE = 3;
const CREDITS_PER_OUTPUT = 3;

/** The services' time of day, moved on by a test to start a new UTC day. */
const clock = { at: Date.now(), now: () => new Date(clock.at) };
let t: TestApp;
let upstream: FakeUpstream;
let owner: { id: string; key: string };
let otherKey: string;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  t = await startTestApp(
    {
      ATELIER_RATE_LIMIT_ENABLED: 'false',
      ATELIER_PUBLIC_URL: PUBLIC_URL,
      ATELIER_PRESET_LINK_RUNS_PER_MINUTE: String(RUNS_PER_MINUTE),
      ATELIER_CREDITS_PER_OUTPUT: String(CREDITS_PER_OUTPUT),
      ATELIER_TEXT_PROVIDER: 'openai-compatible',
      ATELIER_TEXT_BASE_URL: upstream.baseUrl,
      ATELIER_TEXT_MODEL: 'llama3',
      ATELIER_UPSTREAM_RETRIES: '0',
    },
    { clock },
  );
  await t.server.listen({ host: '127.0.0.1', port: 0 });
  owner = await t.account({ plan: 'free', credits: 1000 });
  otherKey = (await t.account({ plan: 'free', credits: 1000 })).key;
});
afterAll(async () => {
  await t.close();
  await upstream.close();
});

type Json = Record<string, unknown>;
interface Link {
  id: string;
  preset: string;
  url: string;
  token: string;
  label: string | null;
  daily_cap: number;
  used_today: number;
  revoked_at: string | null;
}
const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, as: string, payload?: Json) =>
  t.server.inject({ method, url, headers: withKey(as), ...(payload && { payload }) });

const tagline = (slug: string): Json => ({
  slug,
  title: 'Shop tagline',
  description: 'A tagline for a small shop',
  fields: [
    { name: 'keywords', label: 'What the shop sells', type: 'textarea', required: true, maxLength: 200 },
    { name: 'extra1', label: 'Town', type: 'text' },
  ],
  prompt: 'Write a tagline in {{language}} for a shop selling {{keywords}}{{#extra1}} in {{extra1}}{{/extra1}}.',
});

async function presetWithLink(slug: string, link: Json = {}, as = owner.key): Promise<Link> {
  expect((await send('POST', '/api/presets', as, tagline(slug))).statusCode).toBe(201);
  const created = await send('POST', `/api/presets/${slug}/links`, as, link);
  expect(created.statusCode).toBe(201);
  return created.json<Link>();
}

/** A visitor's browser: the page's cookie and CSRF token, from one address. */
async function visitor(token: string, address: string) {
  const page = await t.server.inject({ method: 'GET', url: `/p/${token}`, remoteAddress: address });
  const csrf = /name="csrf-token" content="([^"]+)"/.exec(page.body)?.[1] ?? '';
  const cookie = page.cookies.find((c) => c.name === BROWSER_COOKIE);
  const cookieHeader = cookie ? `${cookie.name}=${cookie.value}` : '';
  return {
    page,
    run: (values: Json) =>
      t.server.inject({
        method: 'POST',
        url: `/p/${token}`,
        remoteAddress: address,
        headers: { cookie: cookieHeader, 'x-csrf-token': csrf, accept: 'application/json' },
        payload: values,
      }),
    post: (form: Record<string, string>) =>
      t.server.inject({
        method: 'POST',
        url: `/p/${token}`,
        remoteAddress: address,
        headers: { cookie: cookieHeader, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...form, _csrf: csrf }).toString(),
      }),
  };
}

let addressCount = 0;
const nextAddress = () => {
  addressCount += 1;
  return `10.1.${Math.floor(addressCount / 250)}.${(addressCount % 250) + 1}`;
};
const creditsOf = async (id: string) => unwrap(await t.app.services.accounts.find(id)).credits;
const errorOf = (res: { json: <T>() => T }) => res.json<{ error: string }>().error;

describe('the owner side: /api/presets/{slug}/links', () => {
  it('creates a link whose token is shown once and stored hashed, lists, changes and revokes it', async () => {
    const link = await presetWithLink('owner-side', { daily_cap: 7, label: 'Newsletter' });
    expect(link).toMatchObject({ preset: 'owner-side', daily_cap: 7, used_today: 0, label: 'Newsletter' });
    expect(link.revoked_at).toBeNull();
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(link.url).toBe(`${PUBLIC_URL}/p/${link.token}`);

    const rows = await t.app.services.db.selectFrom('preset_links').selectAll().where('id', '=', link.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(sha256Hex(link.token));
    expect(JSON.stringify(rows)).not.toContain(link.token);

    const listed = await send('GET', '/api/presets/owner-side/links', owner.key);
    expect(listed.statusCode).toBe(200);
    const links = listed.json<{ links: Json[] }>().links;
    expect(links).toHaveLength(1);
    expect(links[0]).not.toHaveProperty('token');
    expect(links[0]).not.toHaveProperty('url');
    expect(listed.body).not.toContain(link.token);

    const patched = await send('PATCH', `/api/presets/owner-side/links/${link.id}`, owner.key, {
      daily_cap: 9,
      label: null,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ daily_cap: 9, label: null });

    const revoked = await send('DELETE', `/api/presets/owner-side/links/${link.id}`, owner.key);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<Link>().revoked_at).toEqual(expect.any(String));
  });

  it('refuses bad caps and unknown fields, and a 21st live link', async () => {
    expect((await send('POST', '/api/presets', owner.key, tagline('many-links'))).statusCode).toBe(201);
    for (const body of [{ daily_cap: 0 }, { daily_cap: 10_001 }, { daily_cap: 1.5 }, { token: 'mine' }]) {
      const res = await send('POST', '/api/presets/many-links/links', owner.key, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const empty = await send('PATCH', '/api/presets/many-links/links/x', owner.key, {});
    expect(empty.statusCode).toBe(400);
    const made: Link[] = [];
    for (let i = 0; i < 20; i += 1) {
      const res = await send('POST', '/api/presets/many-links/links', owner.key, {});
      expect(res.statusCode).toBe(201);
      made.push(res.json<Link>());
    }
    const extra = await send('POST', '/api/presets/many-links/links', owner.key, {});
    expect(extra.statusCode).toBe(409);
    expect(errorOf(extra)).toContain('at most 20 live links');
    // A revoked link no longer counts.
    await send('DELETE', `/api/presets/many-links/links/${made[0]?.id}`, owner.key);
    expect((await send('POST', '/api/presets/many-links/links', owner.key, {})).statusCode).toBe(201);
  });

  it('runs text presets only: an image or speech preset gets no link, and a link whose preset turned into one is gone', async () => {
    const link = await presetWithLink('turns-spoken');
    expect((await t.server.inject({ method: 'GET', url: `/p/${link.token}` })).statusCode).toBe(200);
    const patched = await send('PATCH', '/api/presets/turns-spoken', owner.key, { output: 'speech' });
    expect(patched.statusCode).toBe(200);
    const refused = await send('POST', '/api/presets/turns-spoken/links', owner.key, {});
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toBe(
      'output: public links run text presets (this one makes speech), whose page shows the text',
    );
    expect((await t.server.inject({ method: 'GET', url: `/p/${link.token}` })).statusCode).toBe(404);
  });

  it("is 404 for another account's preset and link, and for a preset that does not exist", async () => {
    const link = await presetWithLink('private-links');
    const base = '/api/presets/private-links/links';
    expect((await send('GET', base, otherKey)).statusCode).toBe(404);
    expect((await send('POST', base, otherKey, {})).statusCode).toBe(404);
    expect((await send('PATCH', `${base}/${link.id}`, otherKey, { daily_cap: 1 })).statusCode).toBe(404);
    expect((await send('DELETE', `${base}/${link.id}`, otherKey)).statusCode).toBe(404);
    expect((await send('GET', '/api/presets/no-such-preset/links', owner.key)).statusCode).toBe(404);
    expect((await send('PATCH', `${base}/not-a-link`, owner.key, { daily_cap: 1 })).statusCode).toBe(404);
    // Still live and unchanged for its owner.
    const listed = await send('GET', base, owner.key);
    expect(listed.json<{ links: Link[] }>().links[0]).toMatchObject({ daily_cap: 50, revoked_at: null });
  });
});

describe('the MCP tools', () => {
  it('shares, lists, changes and revokes a template link; 404 for another account', async () => {
    expect((await send('POST', '/api/presets', owner.key, tagline('mcp-shared'))).statusCode).toBe(201);
    const client = await mcpClient(t, owner.key);
    const other = await mcpClient(t, otherKey);
    try {
      const shared = await callTool(client, 'share_template', { slug: 'mcp-shared', daily_cap: 3, label: 'Agent' });
      expect(shared.isError).toBeFalsy();
      const link = jsonOf<Link>(shared);
      expect(link.url).toBe(`${PUBLIC_URL}/p/${link.token}`);
      const listed = jsonOf<{ links: Link[] }>(await callTool(client, 'list_template_links', { slug: 'mcp-shared' }));
      expect(listed.links).toMatchObject([{ id: link.id, daily_cap: 3, label: 'Agent', revoked_at: null }]);
      const changed = await callTool(client, 'update_template_link', {
        slug: 'mcp-shared',
        link_id: link.id,
        daily_cap: 4,
      });
      expect(jsonOf<Link>(changed).daily_cap).toBe(4);
      for (const [tool, args] of [
        ['list_template_links', { slug: 'mcp-shared' }],
        ['revoke_template_link', { slug: 'mcp-shared', link_id: link.id }],
        ['share_template', { slug: 'mcp-shared' }],
      ] as const) {
        const result = await callTool(other, tool, args);
        expect(result.isError, tool).toBe(true);
        expect(textOf(result), tool).toContain('Preset not found');
      }
      const revoked = await callTool(client, 'revoke_template_link', { slug: 'mcp-shared', link_id: link.id });
      expect(jsonOf<Link>(revoked).revoked_at).toEqual(expect.any(String));
      expect((await t.server.inject({ method: 'GET', url: `/p/${link.token}` })).statusCode).toBe(404);
    } finally {
      await client.close();
      await other.close();
    }
  });
});

describe('the public page /p/<token>', () => {
  it("shows the preset's form and runs it as the owner: one output, stored and paid on the owner's account", async () => {
    const link = await presetWithLink('public-run', { daily_cap: 5 });
    const browser = await visitor(link.token, nextAddress());
    expect(browser.page.statusCode).toBe(200);
    expect(browser.page.headers['content-type']).toContain('text/html');
    expect(browser.page.body).toContain('Shop tagline');
    expect(browser.page.body).toContain('What the shop sells');
    expect(browser.page.body).toContain('5 of 5 runs left today');

    const before = await creditsOf(owner.id);
    upstream.calls.length = 0;
    const res = await browser.run({ keywords: 'bicycles', extra1: 'Ghent' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ text: 'Hello from upstream', remaining_today: 4 });
    expect(upstream.calls).toHaveLength(1);
    expect(JSON.stringify(upstream.calls[0]?.body)).toContain('bicycles');
    expect(await creditsOf(owner.id)).toBe(before - CREDITS_PER_OUTPUT);
    const outputs = await t.app.services.db
      .selectFrom('text_outputs')
      .selectAll()
      .where('account_id', '=', owner.id)
      .where('preset', '=', 'public-run')
      .execute();
    expect(outputs).toHaveLength(1);
    expect(outputs[0]).toMatchObject({ text: 'Hello from upstream', preset_version: 1 });

    // The plain form post (no script) comes back as the page with the output.
    const page = await browser.post({ keywords: 'books', extra1: '' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Hello from upstream');
    expect(page.body).toContain('3 of 5 runs left today');
  });

  it('answers a bad input with a 400 that names it, and spends nothing', async () => {
    const link = await presetWithLink('public-checks', { daily_cap: 5 });
    // Each attempt from its own address: the per-address limit counts refused posts too.
    const run = async (values: Json) => (await visitor(link.token, nextAddress())).run(values);
    const before = await creditsOf(owner.id);
    const missing = await run({ extra1: 'Ghent' });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toContain('What the shop sells');
    const unknown = await run({ keywords: 'tea', shouldUseGPT4: 'true' });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toContain('Unknown field: shouldUseGPT4');
    const tooLong = await run({ keywords: 'x'.repeat(201) });
    expect(tooLong.statusCode).toBe(400);
    const notText = await run({ keywords: 42 });
    expect(notText.statusCode).toBe(400);
    const page = await (await visitor(link.token, nextAddress())).post({});
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('What the shop sells');
    expect(await creditsOf(owner.id)).toBe(before);
    const listed = await send('GET', '/api/presets/public-checks/links', owner.key);
    expect(listed.json<{ links: Link[] }>().links[0]?.used_today).toBe(0);
  });

  it('refuses a post without the page token, or from another site (no cookie)', async () => {
    const link = await presetWithLink('public-csrf');
    const noToken = await t.server.inject({
      method: 'POST',
      url: `/p/${link.token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'keywords=tea',
    });
    expect(noToken.statusCode).toBe(403);
    const browser = await visitor(link.token, nextAddress());
    const csrf = /name="csrf-token" content="([^"]+)"/.exec(browser.page.body)?.[1] ?? '';
    // Another site's form carries the token it may have copied, but not the visitor's SameSite cookie.
    const crossSite = await t.server.inject({
      method: 'POST',
      url: `/p/${link.token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `keywords=tea&_csrf=${encodeURIComponent(csrf)}`,
    });
    expect(crossSite.statusCode).toBe(403);
    const listed = await send('GET', '/api/presets/public-csrf/links', owner.key);
    expect(listed.json<{ links: Link[] }>().links[0]?.used_today).toBe(0);
  });

  it('is a 404 page for an unknown token, and at once for a revoked link or a deleted preset', async () => {
    for (const token of ['unknown-token-aaaaaaaaaaaaaaaaaaaaaaaa', 'short', '%3Cscript%3E']) {
      const res = await t.server.inject({ method: 'GET', url: `/p/${token}` });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
    }
    const link = await presetWithLink('public-revoke');
    const browser = await visitor(link.token, nextAddress());
    expect((await browser.run({ keywords: 'tea' })).statusCode).toBe(200);
    await send('DELETE', `/api/presets/public-revoke/links/${link.id}`, owner.key);
    expect((await t.server.inject({ method: 'GET', url: `/p/${link.token}` })).statusCode).toBe(404);
    expect((await browser.run({ keywords: 'tea' })).statusCode).toBe(404);

    const second = await presetWithLink('public-deleted');
    expect((await t.server.inject({ method: 'GET', url: `/p/${second.token}` })).statusCode).toBe(200);
    expect((await send('DELETE', '/api/presets/public-deleted', owner.key)).statusCode).toBe(200);
    expect((await t.server.inject({ method: 'GET', url: `/p/${second.token}` })).statusCode).toBe(404);
    const left = await t.app.services.db.selectFrom('preset_links').select('id').where('id', '=', second.id).execute();
    expect(left).toEqual([]);
  });
});

describe('limits', () => {
  it('stops at the daily cap with a 429, whatever the addresses, and a failed run gives its count back', async () => {
    const link = await presetWithLink('capped', { daily_cap: 2 });
    // Abuse from many addresses: each visitor is under the per-address limit; the cap still holds.
    const answers = [];
    for (let i = 0; i < 4; i += 1)
      answers.push(await (await visitor(link.token, nextAddress())).run({ keywords: 'tea' }));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 429, 429]);
    expect(errorOf(answers[2] as (typeof answers)[number])).toContain('used all of its 2 runs for today');
    const page = await (await visitor(link.token, nextAddress())).post({ keywords: 'tea' });
    expect(page.statusCode).toBe(429);
    expect(page.body).toContain('used all of its 2 runs for today');

    // Raising the cap opens it again; a run the upstream fails is not counted.
    await send('PATCH', `/api/presets/capped/links/${link.id}`, owner.key, { daily_cap: 3 });
    upstream.handle((_call, res) => replyJson(res, 500, { error: { message: 'down' } }));
    try {
      const failed = await (await visitor(link.token, nextAddress())).run({ keywords: 'tea' });
      expect(failed.statusCode).toBeGreaterThanOrEqual(500);
      expect(failed.json<{ error: string }>().error).toEqual(expect.any(String));
    } finally {
      upstream.handle((_call, res) => replyJson(res, 200, chatCompletion('Hello from upstream')));
    }
    const listed = await send('GET', '/api/presets/capped/links', owner.key);
    expect(listed.json<{ links: Link[] }>().links[0]?.used_today).toBe(2);
    expect((await (await visitor(link.token, nextAddress())).run({ keywords: 'tea' })).statusCode).toBe(200);
  });

  it("starts each UTC day over, keeping only that day's count", async () => {
    const link = await presetWithLink('daily', { daily_cap: 1 });
    expect((await (await visitor(link.token, nextAddress())).run({ keywords: 'tea' })).statusCode).toBe(200);
    expect((await (await visitor(link.token, nextAddress())).run({ keywords: 'tea' })).statusCode).toBe(429);
    clock.at += 24 * 60 * 60 * 1000;
    const page = await visitor(link.token, nextAddress());
    expect(page.page.body).toContain('1 of 1 run left today');
    expect((await page.run({ keywords: 'tea' })).statusCode).toBe(200);
    const days = await t.app.services.db
      .selectFrom('preset_link_days')
      .select(['day', 'runs'])
      .where('link_id', '=', link.id)
      .execute();
    expect(days).toEqual([{ day: clock.now().toISOString().slice(0, 10), runs: 1 }]);
  });

  it('lets no two concurrent runs pass the cap', async () => {
    const link = await presetWithLink('concurrent', { daily_cap: 4 });
    const visitors = await Promise.all(Array.from({ length: 12 }, () => visitor(link.token, nextAddress())));
    const answers = await Promise.all(visitors.map((v) => v.run({ keywords: 'tea' })));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(8);
    const days = await t.app.services.db
      .selectFrom('preset_link_days')
      .select('runs')
      .where('link_id', '=', link.id)
      .execute();
    expect(days.map((d) => Number(d.runs))).toEqual([4]);
  });

  it('limits the runs of one address a minute, apart from the cap', async () => {
    const link = await presetWithLink('per-address', { daily_cap: 100 });
    const browser = await visitor(link.token, '10.9.9.9');
    const statuses = [];
    for (let i = 0; i < RUNS_PER_MINUTE + 2; i += 1) statuses.push((await browser.run({ keywords: 'tea' })).statusCode);
    expect(statuses).toEqual([...Array(RUNS_PER_MINUTE).fill(200), 429, 429]);
    // Another address still runs the same link; the page itself still opens for the first.
    expect((await (await visitor(link.token, nextAddress())).run({ keywords: 'tea' })).statusCode).toBe(200);
    expect(
      (await t.server.inject({ method: 'GET', url: `/p/${link.token}`, remoteAddress: '10.9.9.9' })).statusCode,
    ).toBe(200);
    const listed = await send('GET', '/api/presets/per-address/links', owner.key);
    expect(listed.json<{ links: Link[] }>().links[0]?.used_today).toBe(RUNS_PER_MINUTE + 1);
  });

  it("answers 402 when the owner's credits run out and 403 when the owner is blocked, never a 500", async () => {
    const poor = await t.account({ plan: 'free', credits: CREDITS_PER_OUTPUT });
    const link = await presetWithLink('poor-owner', { daily_cap: 10 }, poor.key);
    expect((await (await visitor(link.token, nextAddress())).run({ keywords: 'tea' })).statusCode).toBe(200);
    const broke = await (await visitor(link.token, nextAddress())).run({ keywords: 'tea' });
    expect(broke.statusCode).toBe(402);
    expect(errorOf(broke)).toContain('owner has run out of credits');
    const brokePage = await (await visitor(link.token, nextAddress())).post({ keywords: 'tea' });
    expect(brokePage.statusCode).toBe(402);
    expect(brokePage.body).toContain('run out of credits');

    unwrap(await t.app.services.accounts.setBlocked(poor.id, true, 'abuse'));
    const page = await t.server.inject({ method: 'GET', url: `/p/${link.token}` });
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain('not available');
    const blocked = await (await visitor(link.token, nextAddress())).run({ keywords: 'tea' });
    expect(blocked.statusCode).toBe(403);
  });
});
