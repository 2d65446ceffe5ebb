import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_PROFILE_HEADING } from '../src/engines/adapters/builtin/style-profile.js';
import type { BrandVoice } from '../src/modules/brand-voices/brand-voices.schemas.js';
import { chatCompletion, replyJson } from './helpers/fake-upstream.js';
import { callTool, jsonOf, mcpClient } from './helpers/mcp-client.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';
import { appWithTextUpstream } from './helpers/text-upstream-app.js';

/** 5,000 characters whose 2,000th is the only Z: the first 2,000 are what an engine must get, exactly. */
const LONG = `${'a'.repeat(1_999)}Z${'b'.repeat(3_000)}`;
const FIRST_2000 = LONG.slice(0, 2_000);

const SAMPLES =
  'We build sturdy garden tools. We test every spade in our own allotment before we sell it. ' +
  'Our handles are ash, our blades are steel, and our prices are fair. We answer every letter ourselves. ' +
  'Good tools last. Our spades outlast their owners, and we are proud of that.';

function request(t: TestApp, key: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return t.server.inject({ method, url, headers: withKey(key), ...(payload && { payload }) });
}

/** A page server on 127.0.0.1: a private address the guard refuses unless private URLs are allowed. */
async function startPage(html: string): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const server: Server = createServer((_req, res) => {
    hits += 1;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/about`,
    hits: () => hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('brand voices on the offline engine', () => {
  let t: TestApp;
  let key: string;
  let other: string;

  beforeAll(async () => {
    t = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false' });
    key = (await t.account()).key;
    other = (await t.account()).key;
    await t.server.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  it('creates, lists a page at a time, reads, changes and deletes', async () => {
    const { key: own } = await t.account();
    const created = await request(t, own, 'POST', '/api/brand-voices', { name: 'House', instructions: 'Be brief.' });
    expect(created.statusCode, created.body).toBe(201);
    const voice = created.json<BrandVoice>();
    expect(voice).toMatchObject({ name: 'House', instructions: 'Be brief.', default: false, drafted_by: null });
    for (const name of ['Second', 'Third']) {
      // Oldest first is to the millisecond (voices made in the same one are in id order): each in a later one.
      const made = Date.now();
      while (Date.now() === made) await new Promise((resolve) => setImmediate(resolve));
      expect((await request(t, own, 'POST', '/api/brand-voices', { name, instructions: name })).statusCode).toBe(201);
    }

    const page = await request(t, own, 'GET', '/api/brand-voices?limit=2&offset=1');
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ total: 3, offset: 1, limit: 2, next_offset: null });
    expect(page.json<{ brand_voices: BrandVoice[] }>().brand_voices.map((v) => v.name)).toEqual(['Second', 'Third']);

    expect((await request(t, own, 'GET', `/api/brand-voices/${voice.id}`)).json()).toEqual(voice);
    const patched = await request(t, own, 'PATCH', `/api/brand-voices/${voice.id}`, { name: 'Home', default: true });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Home', instructions: 'Be brief.', default: true });

    const deleted = await request(t, own, 'DELETE', `/api/brand-voices/${voice.id}`);
    expect(deleted.json()).toEqual({ id: voice.id, deleted: true });
    expect((await request(t, own, 'GET', `/api/brand-voices/${voice.id}`)).statusCode).toBe(404);
  });

  it('refuses what is missing or too long, naming the field', async () => {
    const cases: [object, RegExp][] = [
      [{ name: 'Nothing' }, /instructions, samples or url/],
      [{ name: 'x'.repeat(101), instructions: 'a' }, /name/],
      [{ name: 'Long', instructions: 'a'.repeat(10_001) }, /instructions/],
      [{ name: 'Long', samples: 'a'.repeat(20_001) }, /samples/],
      [{ name: 'Bad', url: 'ftp://example.com/' }, /url/],
      [{ name: 'Extra', instructions: 'a', colour: 'red' }, /colour/],
    ];
    for (const [payload, message] of cases) {
      const res = await request(t, key, 'POST', '/api/brand-voices', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(message);
    }
    const { id } = (
      await request(t, key, 'POST', '/api/brand-voices', { name: 'P', instructions: 'a' })
    ).json<BrandVoice>();
    const empty = await request(t, key, 'PATCH', `/api/brand-voices/${id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ error: string }>().error).toMatch(/at least one field/);
  });

  it('keeps at most 50 per account: one more is a 409 that says so', async () => {
    const { key: full } = await t.account();
    for (let i = 0; i < 50; i += 1) {
      const res = await request(t, full, 'POST', '/api/brand-voices', { name: `v${i}`, instructions: 'x' });
      expect(res.statusCode).toBe(201);
    }
    const over = await request(t, full, 'POST', '/api/brand-voices', { name: 'v50', instructions: 'x' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ error: 'An account can have at most 50 brand voices: delete one first' });
  });

  it("is a 404 on every route to another account, and another account's id is 404 to generate and bots", async () => {
    const { id } = (
      await request(t, key, 'POST', '/api/brand-voices', { name: 'Mine', instructions: 'Mine.' })
    ).json<BrandVoice>();
    const notFound = { error: 'Brand voice not found' };
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { name: 'Stolen' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await request(t, other, method, `/api/brand-voices/${id}`, payload);
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    const list = await request(t, other, 'GET', '/api/brand-voices');
    expect(list.json<{ brand_voices: BrandVoice[] }>().brand_voices.map((v) => v.id)).not.toContain(id);
    const generate = await request(t, other, 'POST', '/api/generate', {
      preset: 'blog-post',
      keywords: 'a',
      brand_voice: id,
    });
    expect(generate.statusCode).toBe(404);
    expect(generate.json()).toEqual(notFound);
    const bot = await request(t, other, 'POST', '/api/bots', { name: 'Bot', brand_voice_id: id });
    expect(bot.statusCode).toBe(404);
    expect(bot.json()).toEqual(notFound);
    expect((await request(t, key, 'GET', `/api/brand-voices/${id}`)).json()).toMatchObject({ name: 'Mine' });
  });

  it('has one default per account', async () => {
    const { key: own } = await t.account();
    const first = (
      await request(t, own, 'POST', '/api/brand-voices', { name: 'A', instructions: 'a', default: true })
    ).json<BrandVoice>();
    const second = (
      await request(t, own, 'POST', '/api/brand-voices', { name: 'B', instructions: 'b', default: true })
    ).json<BrandVoice>();
    const defaults = async () =>
      (await request(t, own, 'GET', '/api/brand-voices'))
        .json<{ brand_voices: BrandVoice[] }>()
        .brand_voices.filter((v) => v.default)
        .map((v) => v.id);
    expect(await defaults()).toEqual([second.id]);
    await request(t, own, 'PATCH', `/api/brand-voices/${first.id}`, { default: true });
    expect(await defaults()).toEqual([first.id]);
    await request(t, own, 'PATCH', `/api/brand-voices/${first.id}`, { default: false });
    expect(await defaults()).toEqual([]);
  });

  it('drafts a measured profile from samples, deterministically, and says what it is', async () => {
    const make = async () =>
      (await request(t, key, 'POST', '/api/brand-voices', { name: 'Tools', samples: SAMPLES })).json<BrandVoice>();
    const [one, two] = [await make(), await make()];
    expect(one.drafted_by).toBe('offline profile');
    expect(one.instructions.split('\n')[0]).toBe(OFFLINE_PROFILE_HEADING);
    expect(one.instructions).toMatch(/offline engine/);
    expect(one.instructions).toMatch(/first person/);
    expect(one.instructions).toMatch(/Flesch reading ease \d/);
    expect(one.instructions).toMatch(/Favoured words: .*(tools|spades)/);
    expect(two.instructions).toBe(one.instructions);
    // New samples without instructions draft them again.
    const redrafted = await request(t, key, 'PATCH', `/api/brand-voices/${two.id}`, {
      samples: 'You will like this. You can trust us. Do you garden?',
    });
    expect(redrafted.statusCode, redrafted.body).toBe(200);
    expect(redrafted.json<BrandVoice>().instructions).toMatch(/second person/);
    expect(redrafted.json()).toMatchObject({ drafted_by: 'offline profile' });
    // Instructions written over a draft are the owner's.
    const edited = await request(t, key, 'PATCH', `/api/brand-voices/${one.id}`, {
      instructions: 'Write like a gardener.',
    });
    expect(edited.json()).toMatchObject({ instructions: 'Write like a gardener.', drafted_by: null });
  });

  it('refuses a page at a private address when private URLs are not allowed', async () => {
    const page = await startPage('<html><body><p>We grow things.</p></body></html>');
    try {
      const res = await request(t, key, 'POST', '/api/brand-voices', { name: 'Site', url: page.url });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(
        /^url: the page could not be fetched: .*private or local address/,
      );
      expect(page.hits()).toBe(0);
    } finally {
      await page.close();
    }
  });

  it('is offered as MCP tools: create and list', async () => {
    const { key: own } = await t.account();
    const client = await mcpClient(t, own);
    try {
      const created = await callTool(client, 'create_brand_voice', {
        name: 'Via MCP',
        instructions: 'Say it plainly.',
      });
      expect(created.isError).toBeFalsy();
      const voice = jsonOf<BrandVoice>(created);
      expect(voice).toMatchObject({ name: 'Via MCP', instructions: 'Say it plainly.' });
      const listed = jsonOf<{ brand_voices: BrandVoice[]; total: number }>(
        await callTool(client, 'list_brand_voices', {}),
      );
      expect(listed.total).toBe(1);
      expect(listed.brand_voices.map((v) => v.id)).toEqual([voice.id]);
      const missing = await callTool(client, 'create_brand_voice', { name: 'Empty' });
      expect(missing.isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});

describe('brand voices reach a language model', () => {
  const live = appWithTextUpstream({ ATELIER_RATE_LIMIT_ENABLED: 'false', ATELIER_ALLOW_PRIVATE_URLS: 'true' });

  const messagesOf = (index = 0) =>
    (live.upstream.calls[index]?.body.messages ?? []) as { role: string; content: string }[];

  it("gives generate the named brand voice's first 2,000 characters, ahead of the preset's", async () => {
    const { key } = await live.t.account();
    const { id } = (
      await request(live.t, key, 'POST', '/api/brand-voices', { name: 'Long', instructions: LONG })
    ).json<BrandVoice>();
    live.upstream.calls.length = 0;
    const res = await request(live.t, key, 'POST', '/api/generate', {
      preset: 'blog-post',
      keywords: 'spades',
      brand_voice: id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const messages = messagesOf();
    expect(messages.map((m) => m.role)).toEqual(['system', 'system', 'user']);
    expect(messages[0]?.content).toBe(FIRST_2000);
    expect(messages[1]?.content).toContain('professional writer');
  });

  it('gives generate the account default when none is named, and nothing without one', async () => {
    const { key } = await live.t.account();
    await request(live.t, key, 'POST', '/api/generate', { preset: 'blog-post', keywords: 'spades' });
    expect(messagesOf().map((m) => m.role)).toEqual(['system', 'user']);
    await request(live.t, key, 'POST', '/api/brand-voices', {
      name: 'Default',
      instructions: 'Always be kind.',
      default: true,
    });
    live.upstream.calls.length = 0;
    await request(live.t, key, 'POST', '/api/generate', { preset: 'blog-post', keywords: 'spades' });
    expect(messagesOf()[0]).toEqual({ role: 'system', content: 'Always be kind.' });
  });

  it("gives chat completions the account default ahead of the caller's messages", async () => {
    const { key } = await live.t.account();
    const chat = () =>
      live.t.server.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        headers: { authorization: `Bearer ${key}` },
        payload: {
          messages: [
            { role: 'system', content: 'Mine.' },
            { role: 'user', content: 'Hi' },
          ],
        },
      });
    expect((await chat()).statusCode).toBe(200);
    expect(messagesOf().map((m) => m.content)).toEqual(['Mine.', 'Hi']);
    await request(live.t, key, 'POST', '/api/brand-voices', { name: 'Long', instructions: LONG, default: true });
    live.upstream.calls.length = 0;
    const res = await chat();
    expect(res.statusCode, res.body).toBe(200);
    expect(messagesOf()).toEqual([
      { role: 'system', content: FIRST_2000 },
      { role: 'system', content: 'Mine.' },
      { role: 'user', content: 'Hi' },
    ]);
    live.upstream.calls.length = 0;
    const api = await live.t.server.inject({
      method: 'POST',
      url: '/api/chat/completions',
      headers: withKey(key),
      payload: { messages: [{ role: 'user', content: 'Hello' }] },
    });
    expect(api.statusCode, api.body).toBe(200);
    expect(messagesOf()[0]).toEqual({ role: 'system', content: FIRST_2000 });
  });

  it('gives the Responses API and legacy completions the account default too (one chat pipeline)', async () => {
    const { key } = await live.t.account();
    await request(live.t, key, 'POST', '/api/brand-voices', {
      name: 'Default',
      instructions: 'Be brief.',
      default: true,
    });
    live.upstream.calls.length = 0;
    const headers = { authorization: `Bearer ${key}` };
    const response = await live.t.server.inject({
      method: 'POST',
      url: '/v1/responses',
      headers,
      payload: { model: 'small-model', input: 'Hi', store: false },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(messagesOf()[0]).toEqual({ role: 'system', content: 'Be brief.' });
    live.upstream.calls.length = 0;
    const legacy = await live.t.server.inject({
      method: 'POST',
      url: '/v1/completions',
      headers,
      payload: { model: 'small-model', prompt: 'Once upon a time' },
    });
    expect(legacy.statusCode, legacy.body).toBe(200);
    expect(messagesOf()[0]).toEqual({ role: 'system', content: 'Be brief.' });
  });

  it('gives chat completions the brand voice a request names, and refuses one of another account', async () => {
    const { key } = await live.t.account();
    const { key: stranger } = await live.t.account();
    const voice = (
      await request(live.t, key, 'POST', '/api/brand-voices', { name: 'Named', instructions: 'Be terse.' })
    ).json<BrandVoice>();
    const chat = (apiKey: string) =>
      live.t.server.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        headers: { authorization: `Bearer ${apiKey}` },
        payload: { messages: [{ role: 'user', content: 'Hi' }], brand_voice: voice.id },
      });
    live.upstream.calls.length = 0;
    const res = await chat(key);
    expect(res.statusCode, res.body).toBe(200);
    expect(messagesOf()).toEqual([
      { role: 'system', content: 'Be terse.' },
      { role: 'user', content: 'Hi' },
    ]);
    const refused = await chat(stranger);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ error: { message: 'Brand voice not found', param: 'brand_voice' } });
  });

  it("gives a bot its brand voice ahead of the bot's instructions", async () => {
    const { key } = await live.t.account();
    const voice = (
      await request(live.t, key, 'POST', '/api/brand-voices', { name: 'Long', instructions: LONG })
    ).json<BrandVoice>();
    const created = await request(live.t, key, 'POST', '/api/bots', {
      name: 'Helper',
      instructions: 'You help gardeners.',
      model: 'small-model',
      brand_voice_id: voice.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const bot = created.json<{ id: string; public_url: string; brand_voice_id: string | null }>();
    expect(bot.brand_voice_id).toBe(voice.id);
    live.upstream.calls.length = 0;
    const answer = await request(live.t, key, 'POST', `/bot/${bot.public_url}/api`, { message: 'Which spade?' });
    expect(answer.statusCode, answer.body).toBe(200);
    const system = messagesOf()[0]?.content ?? '';
    expect(system.startsWith(`${FIRST_2000}\n\nYou help gardeners.`)).toBe(true);
    expect(system).not.toContain('b'.repeat(10));

    // Deleting the brand voice leaves the bot without one; naming one again is a change like any other.
    await request(live.t, key, 'DELETE', `/api/brand-voices/${voice.id}`);
    expect((await request(live.t, key, 'GET', `/api/bots/${bot.id}`)).json()).toMatchObject({ brand_voice_id: null });
    const other = (
      await request(live.t, key, 'POST', '/api/brand-voices', { name: 'Short', instructions: 'Be short.' })
    ).json<BrandVoice>();
    const named = await request(live.t, key, 'PATCH', `/api/bots/${bot.id}`, { brand_voice_id: other.id });
    expect(named.json()).toMatchObject({ brand_voice_id: other.id });
    const cleared = await request(live.t, key, 'PATCH', `/api/bots/${bot.id}`, { brand_voice_id: null });
    expect(cleared.json()).toMatchObject({ brand_voice_id: null });
    live.upstream.calls.length = 0;
    await request(live.t, key, 'POST', `/bot/${bot.public_url}/api`, { message: 'Which spade?' });
    expect(messagesOf()[0]?.content.startsWith('You help gardeners.')).toBe(true);
  });

  it('stores nothing when the language model fails to draft, and says so', async () => {
    live.upstream.handle((_call, res) => replyJson(res, 400, { error: { message: 'bad request' } }));
    const { key } = await live.t.account();
    const res = await request(live.t, key, 'POST', '/api/brand-voices', { name: 'Fails', samples: SAMPLES });
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json<{ error: string }>().error).toMatch(/^Drafting the brand voice failed: /);
    expect((await request(live.t, key, 'GET', '/api/brand-voices')).json()).toMatchObject({ total: 0 });
  });

  it('drafts the instructions with the language model from a page fetched through the guard', async () => {
    const page = await startPage(
      '<html><head><title>Spades</title></head><body><h1>About us</h1><p>We forge every blade by hand.</p></body></html>',
    );
    try {
      live.upstream.handle((_call, res) => replyJson(res, 200, chatCompletion('- Write short, warm sentences.')));
      const { key } = await live.t.account();
      const res = await request(live.t, key, 'POST', '/api/brand-voices', { name: 'Site', url: page.url });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        instructions: '- Write short, warm sentences.',
        url: page.url,
        drafted_by: 'model',
      });
      expect(page.hits()).toBe(1);
      const messages = messagesOf();
      expect(messages[0]?.content).toMatch(/brand-voice guidelines/);
      expect(messages[1]?.content).toContain('We forge every blade by hand.');
      expect(messages[1]?.content).not.toContain('<p>');
    } finally {
      await page.close();
    }
  });
});
