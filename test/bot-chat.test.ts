import type { AddressInfo } from 'node:net';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from './helpers/fake-upstream.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

const HIVES = `Beehives on rooftops need shade in the afternoon and a source of water nearby.
A strong colony can produce twenty kilograms of honey in a good city summer.

Inspect the hive every week in spring, looking for queen cells and signs of swarming.`;
const GARDEN = 'Tomatoes need full sun and regular watering. Basil grows well beside tomatoes.';

type Source = { index: number; document_id: string; title: string; passage: string; score: number };

async function makeBot(t: TestApp, key: string, body: Record<string, unknown> = {}) {
  const bot = (
    await t.server.inject({
      method: 'POST',
      url: '/api/bots',
      headers: withKey(key),
      payload: { name: 'Hive helper', instructions: 'You help urban beekeepers.', ...body },
    })
  ).json<{ id: string; public_url: string }>();
  for (const [title, content] of [
    ['Rooftop hives', HIVES],
    ['Vegetable garden', GARDEN],
  ]) {
    const added = await t.server.inject({
      method: 'POST',
      url: `/api/bots/${bot.id}/documents`,
      headers: withKey(key),
      payload: { title, content },
    });
    expect(added.statusCode, added.body).toBe(201);
  }
  return bot;
}

async function sse(url: string, key: string, body: Record<string, unknown>): Promise<string[]> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, stream: true }),
  });
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events: string[] = [];
  for await (const event of (response.body as ReadableStream<Uint8Array>)
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream()))
    events.push(event.data);
  return events;
}

const listen = async (server: TestApp['server']) => {
  await server.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
};

describe('bot chat offline: answers by extraction from the knowledge base', () => {
  let t: TestApp;
  let key: string;
  let base: string;
  let bot: { id: string; public_url: string };

  beforeAll(async () => {
    t = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false' });
    key = (await t.account({ credits: 100 })).key;
    bot = await makeBot(t, key, { model: 'builtin', welcome_message: 'Ask me about rooftop beekeeping!' });
    base = await listen(t.server);
  });
  afterAll(() => t.close());

  const ask = (payload: Record<string, unknown>, apiKey = key, publicUrl = bot.public_url) =>
    t.server.inject({ method: 'POST', url: `/bot/${publicUrl}/api`, headers: withKey(apiKey), payload });

  it('answers with the relevant sentences, cited, and names its sources when asked', async () => {
    const response = await ask({ message: 'How much honey can a colony produce in the city?', include_sources: true });
    expect(response.statusCode, response.body).toBe(200);
    const { response: text, sources } = response.json<{ response: string; sources: Source[] }>();
    expect(text).toContain('twenty kilograms of honey');
    expect(text).toMatch(/\[1\]/);
    expect(text).not.toContain('Tomatoes');
    expect(sources[0]).toMatchObject({ index: 1, title: 'Rooftop hives' });
    expect(sources[0]?.passage).toContain('twenty kilograms');
    expect(sources[0]?.score).toBeGreaterThan(0);
    expect((await ask({ message: 'How much honey?' })).json()).not.toHaveProperty('sources');
  });

  it('says plainly when the knowledge base has nothing, with the welcome message', async () => {
    const { response } = (await ask({ message: 'What is the capital of Mongolia?' })).json<{ response: string }>();
    expect(response).toMatch(/could not find anything/);
    expect(response).toContain('Ask me about rooftop beekeeping!');
  });

  it('streams the same answer as text events, then the sources, then [DONE]', async () => {
    const question = { message: 'When should I inspect the hive for swarming?', include_sources: true };
    const whole = (await ask(question)).json<{ response: string }>().response;
    const events = await sse(`${base}/bot/${bot.public_url}/api`, key, question);
    expect(events.at(-1)).toBe('[DONE]');
    const parsed = events.slice(0, -1).map((e) => JSON.parse(e) as { text?: string; sources?: Source[] });
    expect(parsed.length).toBeGreaterThan(3);
    const texts = parsed.filter((e) => e.text !== undefined);
    expect(texts.map((e) => e.text).join('')).toBe(whole);
    expect(parsed.at(-1)?.sources?.[0]?.title).toBe('Rooftop hives');
    expect(parsed.findIndex((e) => e.sources)).toBe(parsed.length - 1);
  });

  it('words its errors as the spec does: Invalid API key, Bot not found (also for another account)', async () => {
    const bad = await ask({ message: 'hi' }, 'atl_wrong');
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ error: 'Invalid API key' });
    const other = (await t.account({ credits: 10 })).key;
    const foreign = await ask({ message: 'hi' }, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'Bot not found' });
    expect((await ask({ message: 'hi' }, key, 'x'.repeat(32))).json()).toEqual({ error: 'Bot not found' });
    for (const payload of [
      {},
      { message: '' },
      { message: 'x'.repeat(4_001) },
      {
        message: 'hi',
        history: [
          { role: 'human', text: 'a' },
          { role: 'human', text: 'b' },
        ],
      },
      { message: 'hi', history: [{ role: 'robot', text: 'a' }] },
      { message: 'hi', history: Array.from({ length: 51 }, (_, i) => ({ role: i % 2 ? 'ai' : 'human', text: 'x' })) },
      { message: 'hi', stream: 'sometimes' },
    ]) {
      const response = await ask(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('bot chat with a language model: retrieval-augmented answers', () => {
  let t: TestApp;
  let upstream: FakeUpstream;
  let key: string;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    t = await startTestApp({
      ATELIER_RATE_LIMIT_ENABLED: 'false',
      ATELIER_TEXT_PROVIDER: 'openai-compatible',
      ATELIER_TEXT_BASE_URL: upstream.baseUrl,
      ATELIER_BOTS_PORT: '0',
    });
    key = (await t.account({ credits: 1_000 })).key;
  });
  afterAll(async () => {
    await t.close();
    await upstream.close();
  });

  it('gives the model the instructions, the numbered passages and the history, and streams its reply', async () => {
    const bot = await makeBot(t, key, { model: 'gpt-4o-mini', temperature: 0.3 });
    upstream.handle(async (_call, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const piece of ['Give them ', 'shade and ', 'water [1].']) {
        res.write(
          `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] })}\n\n`,
        );
        await new Promise((r) => setTimeout(r, 10));
      }
      res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
    // ATELIER_BOTS_PORT: the bot interface has a server of its own, and the main one does not serve it.
    expect(t.app.botServer).toBeDefined();
    const record = (await t.server.inject({ method: 'GET', url: `/api/bots/${bot.id}`, headers: withKey(key) })).json<{
      api_url: string;
    }>();
    // {bots_url} is the bot server's own address when ATELIER_BOTS_PORT is set.
    expect(record.api_url).toBe(`http://127.0.0.1:0/bot/${bot.public_url}/api`);
    const botsBase = await listen(t.app.botServer as TestApp['server']);
    const onMain = await t.server.inject({
      method: 'POST',
      url: `/bot/${bot.public_url}/api`,
      headers: withKey(key),
      payload: { message: 'x' },
    });
    expect(onMain.statusCode).toBe(404);

    const history = [
      { role: 'human', text: 'I keep bees on my roof.' },
      { role: 'ai', text: 'Lovely! How can I help?' },
    ];
    const events = await sse(`${botsBase}/bot/${bot.public_url}/api`, key, {
      message: 'What do rooftop hives need in summer?',
      history,
      include_sources: true,
    });
    const parsed = events.slice(0, -1).map((e) => JSON.parse(e) as { text?: string; sources?: Source[] });
    expect(parsed.filter((e) => e.text).map((e) => e.text)).toEqual(['Give them ', 'shade and ', 'water [1].']);
    expect(parsed.at(-1)?.sources?.[0]).toMatchObject({ index: 1, title: 'Rooftop hives' });

    const sent = upstream.calls.at(-1)?.body as {
      messages: { role: string; content: string }[];
      temperature: number;
      stream: boolean;
    };
    expect(sent.stream).toBe(true);
    expect(sent.temperature).toBe(0.3);
    expect(sent.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(sent.messages[0]?.content).toContain('You help urban beekeepers.');
    expect(sent.messages[0]?.content).toMatch(/\[1\] Rooftop hives\n.*shade in the afternoon/);
    expect(sent.messages[1]?.content).toBe('I keep bees on my roof.');
    expect(sent.messages[3]?.content).toBe('What do rooftop hives need in summer?');
  });

  it('answers a 502 and charges nothing when the model fails', async () => {
    const bot = await makeBot(t, key, { model: 'gpt-4o-mini' });
    upstream.handle((_call, res) => {
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"secret"}');
    });
    const before = (await t.server.inject({ method: 'GET', url: '/api/account', headers: withKey(key) })).json<{
      credits: { balance: number };
    }>().credits.balance;
    const response = await t.app.botServer?.inject({
      method: 'POST',
      url: `/bot/${bot.public_url}/api`,
      headers: withKey(key),
      payload: { message: 'How much honey?' },
    });
    expect(response?.statusCode).toBe(502);
    expect(response?.json<{ error: string }>().error).not.toContain('secret');
    const after = (await t.server.inject({ method: 'GET', url: '/api/account', headers: withKey(key) })).json<{
      credits: { balance: number };
    }>().credits.balance;
    expect(after).toBe(before);
  });
});
