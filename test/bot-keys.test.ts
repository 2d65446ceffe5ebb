import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

type BotKey = {
  id: string;
  bot_id: string;
  api_key: string;
  name: string;
  allowed_origins: string[];
  rate_limit_per_minute: number;
  revoked_at: string | null;
};

const HIVES =
  'Beehives on rooftops need shade in the afternoon. A strong colony can produce twenty kilograms of honey in a good city summer.';

describe("publishable bot keys: one bot's public chat, nothing else", () => {
  let t: TestApp;
  let owner: string;
  let other: string;
  let bot: { id: string; public_url: string };
  let sibling: { id: string; public_url: string };
  let strangers: { id: string; public_url: string };

  const makeBot = async (key: string, name: string) => {
    const made = await t.server.inject({
      method: 'POST',
      url: '/api/bots',
      headers: withKey(key),
      payload: { name, model: 'builtin' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const created = made.json<{ id: string; public_url: string }>();
    const added = await t.server.inject({
      method: 'POST',
      url: `/api/bots/${created.id}/documents`,
      headers: withKey(key),
      payload: { title: 'Rooftop hives', content: HIVES },
    });
    expect(added.statusCode, added.body).toBe(201);
    return created;
  };
  const makeKey = async (botId: string, body: Record<string, unknown> = {}, key = owner) => {
    const made = await t.server.inject({
      method: 'POST',
      url: `/api/bots/${botId}/keys`,
      headers: withKey(key),
      payload: body,
    });
    expect(made.statusCode, made.body).toBe(201);
    return made.json<BotKey>();
  };
  const chat = (
    key: string,
    publicUrl = bot.public_url,
    headers: Record<string, string> = {},
    path = `/bot/${publicUrl}/api`,
    payload: Record<string, unknown> = { message: 'How much honey can a colony make?' },
  ) => t.server.inject({ method: 'POST', url: path, headers: { ...withKey(key), ...headers }, payload });

  beforeAll(async () => {
    t = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'true' });
    owner = (await t.account({ credits: 10_000 })).key;
    other = (await t.account({ credits: 10_000 })).key;
    bot = await makeBot(owner, 'Hive helper');
    sibling = await makeBot(owner, 'Sibling');
    strangers = await makeBot(other, 'Stranger');
  });
  afterAll(() => t.close());

  it("is made for a bot, shown again in the list, and answers that bot's chat (alias and streaming too)", async () => {
    const key = await makeKey(bot.id, { name: 'Shop site' });
    expect(key.api_key).toMatch(/^atl_pub_[\w-]{32}$/);
    expect(key).toMatchObject({
      bot_id: bot.id,
      name: 'Shop site',
      allowed_origins: [],
      rate_limit_per_minute: 60,
      revoked_at: null,
    });
    const listed = (
      await t.server.inject({ method: 'GET', url: `/api/bots/${bot.id}/keys`, headers: withKey(owner) })
    ).json<{ keys: BotKey[] }>().keys;
    expect(listed.map((k) => k.api_key)).toContain(key.api_key);
    // Not one of the account's API keys.
    const accountKeys = (await t.server.inject({ method: 'GET', url: '/api/keys', headers: withKey(owner) })).json<{
      keys: { prefix: string }[];
    }>().keys;
    expect(accountKeys.some((k) => k.prefix.startsWith('atl_pub_'))).toBe(false);

    const answered = await chat(key.api_key);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<{ response: string }>().response).toContain('twenty kilograms');
    expect((await chat(key.api_key, bot.public_url, {}, `/bot/${bot.public_url}`)).statusCode).toBe(200);
    const bearer = await t.server.inject({
      method: 'POST',
      url: `/bot/${bot.public_url}/api`,
      headers: { authorization: `Bearer ${key.api_key}` },
      payload: { message: 'Honey?' },
    });
    expect(bearer.statusCode, bearer.body).toBe(200);
    const streamed = await chat(key.api_key, bot.public_url, {}, undefined, {
      message: 'How much honey?',
      stream: true,
    });
    expect(streamed.statusCode, streamed.body).toBe(200);
    expect(streamed.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(streamed.body).toContain('"text":" kilograms"');
    expect(streamed.body).toContain('data: [DONE]');
  });

  it("is an invalid key everywhere else: API, OpenAI-style, MCP, account, bots, the dashboard's chat copy", async () => {
    const { api_key: key } = await makeKey(bot.id);
    const elsewhere: { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: Record<string, unknown> }[] = [
      { method: 'GET', url: '/api/presets' },
      { method: 'POST', url: '/api/generate', payload: { preset: 'blog-post', inputs: { topic: 'bees' } } },
      {
        method: 'POST',
        url: '/v1/chat/completions',
        payload: { model: 'builtin', messages: [{ role: 'user', content: 'hi' }] },
      },
      { method: 'POST', url: '/mcp', payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' } },
      { method: 'GET', url: '/api/account' },
      { method: 'GET', url: '/api/bots' },
      { method: 'GET', url: `/api/bots/${bot.id}` },
      { method: 'GET', url: `/api/bots/${bot.id}/keys` },
      { method: 'POST', url: `/api/bots/${bot.id}/keys`, payload: {} },
      { method: 'DELETE', url: `/api/bots/${bot.id}` },
      { method: 'GET', url: '/api/keys' },
      { method: 'POST', url: `/dashboard/bot/${bot.public_url}/api`, payload: { message: 'hi' } },
    ];
    for (const request of elsewhere) {
      for (const headers of [withKey(key), { authorization: `Bearer ${key}` }]) {
        const response = await t.server.inject({
          ...request,
          headers: { ...headers, accept: 'application/json, text/event-stream' },
        });
        expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(401);
        expect(JSON.stringify(response.json())).toContain('Invalid API key');
      }
    }
    expect(
      (await t.server.inject({ method: 'GET', url: `/api/bots/${bot.id}`, headers: withKey(owner) })).statusCode,
    ).toBe(200);
  });

  it("finds no other bot: its account's or another account's", async () => {
    const { api_key: key } = await makeKey(bot.id);
    for (const publicUrl of [sibling.public_url, strangers.public_url]) {
      const response = await chat(key, publicUrl);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Bot not found' });
    }
    expect((await chat(owner, sibling.public_url)).statusCode).toBe(200);
  });

  it('answers only pages of its allowed origins; requests without an Origin pass; CORS answers for the widget', async () => {
    const key = await makeKey(bot.id, { allowed_origins: ['https://shop.example', 'http://localhost:8080/'] });
    expect(key.allowed_origins).toEqual(['https://shop.example', 'http://localhost:8080']);
    const refused = await chat(key.api_key, bot.public_url, { origin: 'https://evil.example' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: string }>().error).toMatch(/may not be used from https:\/\/evil\.example/);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    expect((await chat(key.api_key, bot.public_url, { origin: 'null' })).statusCode).toBe(403);
    for (const origin of ['https://shop.example', 'http://localhost:8080']) {
      const allowed = await chat(key.api_key, bot.public_url, { origin });
      expect(allowed.statusCode, allowed.body).toBe(200);
      expect(allowed.headers['access-control-allow-origin']).toBe('*');
    }
    expect((await chat(key.api_key)).statusCode).toBe(200);
    const preflight = await t.server.inject({
      method: 'OPTIONS',
      url: `/bot/${bot.public_url}/api`,
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-api-key',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('x-api-key');
    // A key without a list answers every origin.
    const open = await makeKey(bot.id);
    expect((await chat(open.api_key, bot.public_url, { origin: 'https://anywhere.example' })).statusCode).toBe(200);
  });

  it("has its own rate limit, counted apart from the account: the owner's key still works", async () => {
    const key = await makeKey(bot.id, { rate_limit_per_minute: 3 });
    for (let i = 0; i < 3; i++) {
      const response = await chat(key.api_key);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['ratelimit-limit']).toBe('3');
    }
    const limited = await chat(key.api_key);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ error: string }>().error).toMatch(/at most 3 requests a minute/);
    const ownerChat = await chat(owner);
    expect(ownerChat.statusCode).toBe(200);
    expect(Number(ownerChat.headers['ratelimit-limit'])).toBeGreaterThan(3);
    // Another key of the same bot has its own count.
    expect((await chat((await makeKey(bot.id, { rate_limit_per_minute: 3 })).api_key)).statusCode).toBe(200);
  });

  it('stops at once when revoked, and when its bot is deleted', async () => {
    const key = await makeKey(bot.id);
    expect((await chat(key.api_key)).statusCode).toBe(200);
    const revoked = await t.server.inject({
      method: 'DELETE',
      url: `/api/bots/${bot.id}/keys/${key.id}`,
      headers: withKey(owner),
    });
    expect(revoked.json()).toEqual({ id: key.id, revoked: true });
    const refused = await chat(key.api_key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: 'Invalid API key' });
    expect(
      (await t.server.inject({ method: 'DELETE', url: `/api/bots/${bot.id}/keys/${key.id}`, headers: withKey(owner) }))
        .statusCode,
    ).toBe(404);
    const listed = (
      await t.server.inject({ method: 'GET', url: `/api/bots/${bot.id}/keys`, headers: withKey(owner) })
    ).json<{ keys: BotKey[] }>().keys;
    expect(listed.find((k) => k.id === key.id)?.revoked_at).toEqual(expect.any(String));

    const doomed = await makeBot(owner, 'Doomed');
    const doomedKey = await makeKey(doomed.id);
    expect((await chat(doomedKey.api_key, doomed.public_url)).statusCode).toBe(200);
    expect(
      (await t.server.inject({ method: 'DELETE', url: `/api/bots/${doomed.id}`, headers: withKey(owner) })).statusCode,
    ).toBe(200);
    const gone = await chat(doomedKey.api_key, doomed.public_url);
    expect(gone.statusCode).toBe(401);
    expect(gone.json()).toEqual({ error: 'Invalid API key' });
  });

  it("is managed by the bot's owner only, with its inputs checked", async () => {
    for (const request of [
      { method: 'POST' as const, url: `/api/bots/${strangers.id}/keys`, payload: {} },
      { method: 'GET' as const, url: `/api/bots/${strangers.id}/keys` },
      { method: 'DELETE' as const, url: `/api/bots/${strangers.id}/keys/${crypto.randomUUID()}` },
    ]) {
      const response = await t.server.inject({ ...request, headers: withKey(owner) });
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toEqual({ error: 'Bot not found' });
    }
    const theirs = await makeKey(strangers.id, {}, other);
    const stolen = await t.server.inject({
      method: 'DELETE',
      url: `/api/bots/${bot.id}/keys/${theirs.id}`,
      headers: withKey(owner),
    });
    expect(stolen.statusCode).toBe(404);
    expect((await chat(theirs.api_key, strangers.public_url)).statusCode).toBe(200);

    for (const body of [
      { allowed_origins: ['https://shop.example/path'] },
      { allowed_origins: ['*.example.com'] },
      { allowed_origins: ['ftp://x.example'] },
      { rate_limit_per_minute: 0 },
      { extra: 1 },
    ]) {
      const response = await t.server.inject({
        method: 'POST',
        url: `/api/bots/${bot.id}/keys`,
        headers: withKey(owner),
        payload: body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const empty = await t.server.inject({
      method: 'POST',
      url: `/api/bots/${sibling.id}/keys`,
      headers: withKey(owner),
    });
    expect(empty.statusCode, empty.body).toBe(201);
    expect(empty.json<BotKey>().name).toBe('Chat widget');
    for (let i = 1; i < 10; i++) await makeKey(sibling.id);
    const tooMany = await t.server.inject({
      method: 'POST',
      url: `/api/bots/${sibling.id}/keys`,
      headers: withKey(owner),
      payload: {},
    });
    expect(tooMany.statusCode).toBe(409);
  });
});
