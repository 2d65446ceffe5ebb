import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, chatCompletion, replyJson, startFakeUpstream } from './helpers/fake-upstream.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

let upstream: FakeUpstream;
let t: TestApp;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  t = await startTestApp({
    ATELIER_TEXT_PROVIDER: 'openai-compatible',
    ATELIER_TEXT_BASE_URL: upstream.baseUrl,
    ATELIER_TEXT_API_KEY: 'sk-upstream-secret',
    ATELIER_TEXT_MODEL: 'small-model',
    ATELIER_TEXT_ADVANCED_MODEL: 'big-model',
    ATELIER_TEXT_CONCURRENCY: '2',
    ATELIER_UPSTREAM_TIMEOUT_MS: '300',
    ATELIER_UPSTREAM_RETRIES: '2',
  });
});
afterEach(() => {
  upstream.calls.length = 0;
  upstream.handle((_call, res) => replyJson(res, 200, chatCompletion('Hello from upstream')));
});
afterAll(async () => {
  await t.close();
  await upstream.close();
});

const generate = (key: string, payload: Record<string, unknown>) =>
  t.server.inject({ method: 'POST', url: '/api/generate', headers: withKey(key), payload });
const balance = async (key: string) =>
  (await t.server.inject({ url: '/api/account', headers: withKey(key) })).json<{ credits: { balance: number } }>()
    .credits.balance;

describe('openai-compatible text engine', () => {
  it("sends the preset's prompt, the model name and the upstream key; returns the upstream text", async () => {
    upstream.handle((call, res) =>
      replyJson(res, 200, chatCompletion(`Post about ${JSON.stringify(call.body.model)}`)),
    );
    const { key } = await t.account();
    const res = await generate(key, {
      preset: 'linkedin-post-generator',
      keywords: 'our new solar roof',
      tone: 'proud',
      language: 'French',
      length: 'Short',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: expect.any(Number), name: 'Post about "small-model"', text: 'Post about "small-model"' },
    ]);
    const [call] = upstream.calls;
    expect(call?.path).toBe('/v1/chat/completions');
    expect(call?.headers.authorization).toBe('Bearer sk-upstream-secret');
    const messages = call?.body.messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[0]?.content).toContain('French');
    expect(messages[0]?.content).toContain('proud');
    expect(messages[1]?.content).toContain('our new solar roof');
    expect(messages[1]?.content).not.toMatch(/\{\{|\}\}/);
    expect(call?.body.max_tokens).toBeGreaterThan(0);
  });

  it('uses the advanced model with shouldUseGPT4', async () => {
    const { key } = await t.account();
    await generate(key, { preset: 'blog-post', keywords: 'a', shouldUseGPT4: true });
    expect(upstream.calls[0]?.body.model).toBe('big-model');
  });

  it('runs several outputs concurrently, never more than the cap at once', async () => {
    let inFlight = 0;
    let peak = 0;
    upstream.handle(async (_call, res) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 40));
      inFlight -= 1;
      replyJson(res, 200, chatCompletion('one output'));
    });
    const { key } = await t.account();
    const res = await generate(key, { preset: 'blog-post', keywords: 'a', outputs: 6 });
    expect(res.json()).toHaveLength(6);
    expect(peak).toBe(2);
  });

  it('retries retryable failures (429, 5xx) and succeeds', async () => {
    let calls = 0;
    upstream.handle((_call, res) => {
      calls += 1;
      if (calls <= 2) replyJson(res, calls === 1 ? 503 : 429, { error: 'busy' });
      else replyJson(res, 200, chatCompletion('third time lucky'));
    });
    const { key } = await t.account();
    const res = await generate(key, { preset: 'blog-post', keywords: 'a' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ name: string }[]>()[0]?.name).toBe('third time lucky');
    expect(calls).toBe(3);
  });

  it.each([
    [
      'a server error that persists',
      (res: Parameters<Parameters<FakeUpstream['handle']>[0]>[1]) =>
        replyJson(res, 500, { error: 'boom: internal stack trace' }),
      3,
    ],
    [
      'a client error (not retried)',
      (res: Parameters<Parameters<FakeUpstream['handle']>[0]>[1]) => replyJson(res, 400, { error: 'bad' }),
      1,
    ],
    [
      'a malformed response',
      (res: Parameters<Parameters<FakeUpstream['handle']>[0]>[1]) => replyJson(res, 200, { nope: true }),
      1,
    ],
    ['invalid JSON', (res: Parameters<Parameters<FakeUpstream['handle']>[0]>[1]) => res.end('{not json'), 1],
    [
      'an empty text',
      (res: Parameters<Parameters<FakeUpstream['handle']>[0]>[1]) => replyJson(res, 200, chatCompletion('   ')),
      1,
    ],
    ['a timeout', () => undefined, 3],
  ])('answers 502 with a clear error and refunds the credits on %s', async (_name, respond, expectedCalls) => {
    upstream.handle((_call, res) => respond(res));
    const { key } = await t.account({ credits: 10 });
    const res = await generate(key, { preset: 'blog-post', keywords: 'a', outputs: 1 });
    expect(res.statusCode).toBe(502);
    const { error } = res.json<{ error: string }>();
    expect(error).toMatch(/^Text generation failed: /);
    expect(error).not.toContain('stack trace');
    expect(upstream.calls).toHaveLength(expectedCalls);
    expect(await balance(key)).toBe(10);
  });

  it('refunds everything when one of several outputs fails', async () => {
    let calls = 0;
    upstream.handle((_call, res) => {
      calls += 1;
      if (calls === 2) replyJson(res, 400, { error: 'bad' });
      else replyJson(res, 200, chatCompletion('fine'));
    });
    const { id, key } = await t.account({ credits: 10 });
    const res = await generate(key, { preset: 'blog-post', keywords: 'a', outputs: 4 });
    expect(res.statusCode).toBe(502);
    expect(await balance(key)).toBe(10);
    const stored = await t.app.services.db
      .selectFrom('text_outputs')
      .select('id')
      .where('account_id', '=', id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('answers 502 when the upstream cannot be reached at all', async () => {
    const closed = await startFakeUpstream();
    await closed.close();
    const t2 = await startTestApp({
      ATELIER_TEXT_PROVIDER: 'openai-compatible',
      ATELIER_TEXT_BASE_URL: closed.baseUrl,
      ATELIER_UPSTREAM_RETRIES: '0',
    });
    try {
      const { key } = await t2.account({ credits: 3 });
      const res = await t2.server.inject({
        method: 'POST',
        url: '/api/generate',
        headers: withKey(key),
        payload: { preset: 'blog-post', keywords: 'a' },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ error: 'Text generation failed: The text provider could not be reached' });
    } finally {
      await t2.close();
    }
  });
});
