import type { AddressInfo } from 'node:net';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from './helpers/fake-upstream.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

/** A real server on a loopback port, for the official client and raw SSE reads. */
async function listening(t: TestApp): Promise<string> {
  await t.server.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(t.server.server.address() as AddressInfo).port}`;
}

const balance = async (t: TestApp, key: string) =>
  (await t.server.inject({ method: 'GET', url: '/api/account', headers: withKey(key) })).json<{
    credits: { balance: number };
  }>().credits.balance;

describe('chat completions with the builtin engine, through the official openai client', () => {
  let t: TestApp;
  let base: string;
  let key: string;
  let client: OpenAI;

  beforeAll(async () => {
    t = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false' });
    base = await listening(t);
    key = (await t.account({ credits: 100 })).key;
    client = new OpenAI({ apiKey: key, baseURL: `${base}/api`, maxRetries: 0 });
  });
  afterAll(() => t.close());

  it('lists the models and answers a completion in the OpenAI format, billed by tokens', async () => {
    const models = await client.models.list();
    // The chat models first, then the hosted names as aliases of them (test/chat-compat.test.ts), then other modalities.
    const chatModels = models.data.filter((m) =>
      (m as unknown as { capabilities: string[] }).capabilities.includes('chat'),
    );
    expect(chatModels.filter((m) => !('alias_of' in m)).map((m) => m.id)).toEqual(['gpt-4o-mini', 'gpt-4o', 'builtin']);
    expect(models.data.slice(0, 3).map((m) => m.id)).toEqual(['gpt-4o-mini', 'gpt-4o', 'builtin']);
    const before = await balance(t, key);
    const completion = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: [{ type: 'text', text: 'Say hello to the bees' }] },
      ],
    });
    expect(completion.object).toBe('chat.completion');
    expect(completion.model).toBe('builtin');
    expect(completion.id).toMatch(/^chatcmpl-/);
    expect(completion.choices).toHaveLength(1);
    expect(completion.choices[0]?.message.role).toBe('assistant');
    expect(completion.choices[0]?.message.content).toContain('Say hello to the bees');
    expect(completion.choices[0]?.finish_reason).toBe('stop');
    expect(completion.usage?.total_tokens).toBe(
      (completion.usage?.prompt_tokens ?? 0) + (completion.usage?.completion_tokens ?? 0),
    );
    expect(await balance(t, key)).toBe(before - 1);
  });

  it('streams chat.completion.chunk events that join to the same answer, with usage and [DONE]', async () => {
    const request = {
      model: 'builtin',
      messages: [{ role: 'user' as const, content: 'Tell me about urban beekeeping' }],
    };
    const whole = (await client.chat.completions.create(request)).choices[0]?.message.content;
    const stream = await client.chat.completions.create({
      ...request,
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let finish: string | null | undefined;
    let usage: OpenAI.CompletionUsage | null | undefined;
    let chunks = 0;
    for await (const chunk of stream) {
      chunks += 1;
      expect(chunk.object).toBe('chat.completion.chunk');
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      if (chunk.usage) usage = chunk.usage;
    }
    expect(chunks).toBeGreaterThan(5);
    expect(text).toBe(whole);
    expect(finish).toBe('stop');
    expect(usage?.completion_tokens).toBeGreaterThan(0);

    // The same over a plain HTTP connection and an SSE parser: events in order, ending with [DONE].
    const response = await fetch(`${base}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...request, stream: true }),
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events: string[] = [];
    for await (const event of (response.body as ReadableStream<Uint8Array>)
      .pipeThrough(new TextDecoderStream())
      .pipeThrough(new EventSourceParserStream()))
      events.push(event.data);
    expect(events.at(-1)).toBe('[DONE]');
    const joined = events
      .slice(0, -1)
      .map((e) => (JSON.parse(e) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content ?? '')
      .join('');
    expect(joined).toBe(whole);
  });

  it('answers n choices, streamed too (interleaved, each with its index)', async () => {
    const completion = await client.chat.completions.create({
      model: 'builtin',
      n: 3,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(completion.choices.map((c) => c.index)).toEqual([0, 1, 2]);
    const stream = await client.chat.completions.create({
      model: 'builtin',
      n: 2,
      stream: true,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    const texts = ['', ''];
    const finishes: (string | null)[] = [null, null];
    for await (const chunk of stream) {
      for (const choice of chunk.choices) {
        texts[choice.index] += choice.delta.content ?? '';
        finishes[choice.index] = choice.finish_reason ?? finishes[choice.index] ?? null;
      }
    }
    expect(texts).toEqual([completion.choices[0]?.message.content, completion.choices[0]?.message.content]);
    expect(finishes).toEqual(['stop', 'stop']);
  });

  it('gives errors in the OpenAI shape, which the client turns into its typed errors', async () => {
    const unknown = await client.chat.completions
      .create({ model: 'gpt-9', messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(OpenAI.NotFoundError);
    expect(unknown).toMatchObject({ status: 404, code: 'model_not_found', param: 'model' });
    expect((unknown as Error).message).toMatch(/gpt-9.*available: gpt-4o-mini, gpt-4o, builtin/);

    const badKey = await new OpenAI({ apiKey: 'atl_nope', baseURL: `${base}/api`, maxRetries: 0 }).models
      .list()
      .catch((e: unknown) => e);
    expect(badKey).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(badKey).toMatchObject({ status: 401, code: 'invalid_api_key' });

    const free = (await t.account({ plan: 'free', credits: 10 })).key;
    const advanced = await new OpenAI({ apiKey: free, baseURL: `${base}/api`, maxRetries: 0 }).chat.completions
      .create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    expect(advanced).toBeInstanceOf(OpenAI.PermissionDeniedError);

    const raw = await t.server.inject({
      method: 'POST',
      url: '/api/chat/completions',
      headers: withKey(key),
      payload: { model: 'builtin', messages: [{ role: 'user', content: 'x' }], temperature: 3 },
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json()).toMatchObject({ error: { type: 'invalid_request_error', param: 'temperature' } });
    const image = await t.server.inject({
      method: 'POST',
      url: '/api/chat/completions',
      headers: withKey(key),
      payload: {
        model: 'builtin',
        messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'http://x/y.png' } }] }],
      },
    });
    // The builtin engine takes no pictures: refused by name, never dropped (test/chat-compat.test.ts).
    expect(image.statusCode).toBe(400);
    expect(image.json()).toMatchObject({
      error: {
        message: "The model 'builtin' (builtin engine) cannot take image_url parts: messages[0].content[0]",
        param: 'messages[0].content[0]',
      },
    });
    const tools = await t.server.inject({
      method: 'POST',
      url: '/api/chat/completions',
      headers: withKey(key),
      payload: { model: 'builtin', messages: [{ role: 'user', content: 'x' }], tools: [{ type: 'function' }] },
    });
    expect(tools.statusCode).toBe(400);

    const poor = (await t.account({ credits: 0 })).key;
    const broke = await new OpenAI({ apiKey: poor, baseURL: `${base}/api`, maxRetries: 0 }).chat.completions
      .create({ model: 'builtin', messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    expect(broke).toMatchObject({ status: 402 });
  });
});

/** Writes an OpenAI-style SSE stream of `tokens`, one every `paceMs`, then usage and [DONE]. */
function streamTokens(tokens: string[], paceMs: number) {
  return async (_call: unknown, res: import('node:http').ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (choices: unknown[], extra: object = {}) =>
      `data: ${JSON.stringify({ id: 'u', object: 'chat.completion.chunk', created: 1, model: 'm', choices, ...extra })}\n\n`;
    for (const token of tokens) {
      if (res.destroyed) return;
      res.write(chunk([{ index: 0, delta: { content: token }, finish_reason: null }]));
      await new Promise((r) => setTimeout(r, paceMs));
    }
    res.write(chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]));
    res.write(
      chunk([], { usage: { prompt_tokens: 12, completion_tokens: tokens.length, total_tokens: 12 + tokens.length } }),
    );
    res.end('data: [DONE]\n\n');
  };
}

describe('chat completions through an OpenAI-compatible upstream', () => {
  let t: TestApp;
  let upstream: FakeUpstream;
  let base: string;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    t = await startTestApp({
      ATELIER_RATE_LIMIT_ENABLED: 'false',
      ATELIER_TEXT_PROVIDER: 'openai-compatible',
      ATELIER_TEXT_BASE_URL: upstream.baseUrl,
      ATELIER_TEXT_MODEL: 'llama3',
      ATELIER_UPSTREAM_RETRIES: '0',
      // One credit a token, so the bill shows exactly what was counted.
      ATELIER_CHAT_CREDITS_PER_1K_TOKENS: '1000',
    });
    base = await listening(t);
  });
  afterAll(async () => {
    await t.close();
    await upstream.close();
  });

  it('streams the upstream tokens as they come and bills the usage the upstream reports', async () => {
    const { key } = await t.account({ credits: 10_000 });
    upstream.handle(streamTokens(['Bees ', 'make ', 'honey', '.'], 60));
    const client = new OpenAI({ apiKey: key, baseURL: `${base}/api`, maxRetries: 0 });
    const stream = await client.chat.completions.create({
      model: 'llama3',
      messages: [{ role: 'user', content: 'What do bees make?' }],
      stream: true,
      max_tokens: 50,
      temperature: 0.2,
    });
    const arrivals: number[] = [];
    let text = '';
    for await (const chunk of stream) {
      const piece = chunk.choices[0]?.delta.content;
      if (piece) {
        arrivals.push(Date.now());
        text += piece;
      }
    }
    expect(text).toBe('Bees make honey.');
    // Passed on as they arrive (180 ms from first to last upstream), not buffered to the end; a loaded machine
    // can bunch two pieces, so the margin is wide.
    expect((arrivals.at(-1) ?? 0) - (arrivals[0] ?? 0)).toBeGreaterThanOrEqual(80);
    expect(upstream.calls.at(-1)?.body).toMatchObject({
      model: 'llama3',
      stream: true,
      max_tokens: 50,
      temperature: 0.2,
    });
    expect(await balance(t, key)).toBe(10_000 - 16);
  });

  it('stops the upstream and bills only what was produced when the client disconnects mid-stream', async () => {
    const { key } = await t.account({ credits: 10_000 });
    let upstreamClosed = false;
    const tokens = Array.from({ length: 200 }, (_, i) => `word${i} `);
    upstream.handle(async (call, res) => {
      res.on('close', () => {
        upstreamClosed = true;
      });
      await streamTokens(tokens, 15)(call, res);
    });
    const controller = new AbortController();
    const response = await fetch(`${base}/api/chat/completions`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'llama3',
        stream: true,
        max_tokens: 2_000,
        messages: [{ role: 'user', content: 'Count for me' }],
      }),
      signal: controller.signal,
    });
    let received = '';
    const reader = (response.body as ReadableStream<Uint8Array>).pipeThrough(new TextDecoderStream()).getReader();
    while (received.split('word').length < 10) received += (await reader.read()).value ?? '';
    controller.abort();
    await reader.cancel().catch(() => undefined);

    for (const deadline = Date.now() + 5_000; !upstreamClosed && Date.now() < deadline; )
      await new Promise((r) => setTimeout(r, 20));
    expect(upstreamClosed).toBe(true);
    let spent = 0;
    for (const deadline = Date.now() + 5_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
      spent = 10_000 - (await balance(t, key));
      if (spent < 2_000) break;
    }
    // Reserved: the prompt and 2,000 tokens. Charged: the prompt estimate (7) and a few tokens per word streamed.
    expect(spent).toBeGreaterThan(7);
    expect(spent).toBeLessThan(200);
  });

  it('answers a 502 in the OpenAI shape and refunds when the upstream fails before streaming', async () => {
    const { key } = await t.account({ credits: 10_000 });
    upstream.handle((_call, res) => {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"secret upstream detail"}');
    });
    const client = new OpenAI({ apiKey: key, baseURL: `${base}/api`, maxRetries: 0 });
    for (const stream of [false, true]) {
      const error = await client.chat.completions
        .create({ model: 'llama3', messages: [{ role: 'user', content: 'x' }], stream })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 502 });
      expect((error as Error).message).not.toContain('secret');
    }
    expect(await balance(t, key)).toBe(10_000);
  });
});

describe('chat completions when the upstream cannot be reached', () => {
  let t: TestApp;

  beforeAll(async () => {
    // A port nothing listens on: the connection is refused at once, while the credits are being reserved.
    const closed = await startFakeUpstream();
    const baseUrl = closed.baseUrl;
    await closed.close();
    t = await startTestApp({
      ATELIER_RATE_LIMIT_ENABLED: 'false',
      ATELIER_TEXT_PROVIDER: 'openai-compatible',
      ATELIER_TEXT_BASE_URL: baseUrl,
      ATELIER_UPSTREAM_RETRIES: '0',
    });
  });
  afterAll(() => t.close());

  it('answers 502 for plain and streamed requests, refunds, and leaves no unhandled failure behind', async () => {
    const { key } = await t.account({ credits: 500 });
    for (const stream of [false, true, false, true]) {
      const response = await t.server.inject({
        method: 'POST',
        url: '/api/chat/completions',
        headers: withKey(key),
        payload: { model: 'gpt-4o-mini', stream, messages: [{ role: 'user', content: 'hello' }] },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({
        error: { type: 'server_error', message: expect.stringMatching(/could not be reached/) },
      });
    }
    expect(await balance(t, key)).toBe(500);
  });
});
