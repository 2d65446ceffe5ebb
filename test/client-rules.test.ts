import { type Server, createServer } from 'node:net';
import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  JobFailedError,
  NotFoundError,
  PaymentRequiredError,
  PollTimeoutError,
  RateLimitError,
  ServerError,
  TimeoutError,
  UnprocessableError,
  errorFromResponse,
  pollInterval,
} from '@atelier/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClientService, FAST, startClientService } from './helpers/client-service.js';
import { freePort } from './helpers/ports.js';

let s: ClientService;

beforeAll(async () => {
  s = await startClientService();
}, 60_000);
afterAll(() => s.close());

const balance = async () => (await s.client.account.get()).credits.balance;
const imageCount = async () => (await s.client.images.list({ limit: 100 })).images.length;

/** A fetch that records what it sends, around the real one. */
function recordingFetch(
  intercept?: (url: string, init: RequestInit | undefined, real: () => Promise<Response>) => Promise<Response>,
) {
  const sent: { url: string; method: string; headers: Headers }[] = [];
  const fetcher: typeof fetch = async (input, init) => {
    const url = String(input);
    sent.push({ url, method: init?.method ?? 'GET', headers: new Headers(init?.headers) });
    const real = () => fetch(input, init);
    return intercept ? intercept(url, init, real) : real();
  };
  return { fetcher, sent };
}

const STILL_WAITING = 'still waiting after 15 s';

/**
 * What `promise` settles to (a rejection's error as a value), or STILL_WAITING when it has not after 15 s: only
 * so that a client that waits or hangs fails the test with that, not with the test's time-out.
 */
async function outcomeOf(promise: Promise<unknown>): Promise<unknown> {
  let guard: NodeJS.Timeout | undefined;
  const stillWaiting = new Promise((resolve) => {
    guard = setTimeout(() => resolve(STILL_WAITING), 15_000);
  });
  try {
    return await Promise.race([
      promise.then(
        (value) => value,
        (error: unknown) => error,
      ),
      stillWaiting,
    ]);
  } finally {
    clearTimeout(guard);
  }
}

/** While the worker is stopped nothing gets done: records stay pending. */
async function withWorkerStopped(body: () => Promise<void>): Promise<void> {
  await s.t.app.services.worker.stop();
  try {
    await body();
  } finally {
    s.t.app.services.worker.start();
  }
}

describe('typed errors carry the status, the service message and the request id', () => {
  it('401, 404, 400 (both error shapes) and 402', async () => {
    const unauthorized = await s
      .clientWith({ apiKey: 'atl_wrong' })
      .account.get()
      .catch((e: unknown) => e);
    expect(unauthorized).toBeInstanceOf(AuthenticationError);
    expect(unauthorized).toMatchObject({ status: 401, code: 'unauthorized', message: 'Invalid API key' });
    expect((unauthorized as AuthenticationError).requestId).toMatch(/^[0-9a-f-]{36}$/);

    await expect(s.client.presets.get('no-such-preset')).rejects.toMatchObject({
      name: 'NotFoundError',
      status: 404,
      message: 'Preset not found',
    });
    await expect(s.client.images.get(987_654_321)).rejects.toBeInstanceOf(NotFoundError);

    const invalid = await s.client.images
      .create({ prompt: 'x', model: 'FLUX.1', dimensions: '1x1' })
      .catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(BadRequestError);
    expect((invalid as BadRequestError).message).toMatch(/^dimensions: /);
    // The OpenAI-compatible routes answer {error: {message, ...}}: the message is read from there.
    const openAi = s.client.chat.completions.create({
      model: 'no-such-model',
      messages: [{ role: 'user', content: 'hi' }],
    });
    await expect(openAi).rejects.toMatchObject({
      name: 'NotFoundError',
      status: 404,
      message: expect.stringContaining("The model 'no-such-model' does not exist here"),
    });

    const broke = s.clientWith({ apiKey: (await s.t.account({ credits: 0, plan: 'free' })).key });
    await expect(broke.text.generate({ preset: 'instagram-caption', keywords: 'bees' })).rejects.toBeInstanceOf(
      PaymentRequiredError,
    );
  });

  it('maps 429 with its Retry-After and 5xx; no answer is a ConnectionError or a TimeoutError', async () => {
    const limited = errorFromResponse(
      429,
      { error: 'Rate limit exceeded' },
      new Headers({ 'retry-after': '7', 'x-request-id': 'r1' }),
    );
    expect(limited).toBeInstanceOf(RateLimitError);
    expect(limited).toMatchObject({ retryAfterSeconds: 7, requestId: 'r1', message: 'Rate limit exceeded' });
    expect(errorFromResponse(502, { error: { message: 'upstream down', status: 502 } }, new Headers())).toMatchObject({
      name: 'ServerError',
      message: 'upstream down',
    });
    expect(errorFromResponse(503, '<html>', new Headers())).toBeInstanceOf(ServerError);

    const closed = s.clientWith({ baseUrl: `http://127.0.0.1:${await freePort()}`, maxRetries: 1 });
    await expect(closed.health()).rejects.toMatchObject({ name: 'ConnectionError', code: 'connection', status: 0 });
    await expect(closed.health()).rejects.toBeInstanceOf(ConnectionError);

    // A server that takes the connection and never answers: only the client's own time limit can end the call.
    let connections = 0;
    const silent: Server = createServer(() => {
      connections += 1;
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      const timedOut = await outcomeOf(
        s.clientWith({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 150, maxRetries: 0 }).health(),
      );
      expect(timedOut).toBeInstanceOf(TimeoutError);
      // The limit that fired is the call's own 150 ms, on the one attempt maxRetries 0 allows.
      expect((timedOut as TimeoutError).message).toBe(`No answer from http://127.0.0.1:${port} within 150 ms`);
      expect(connections).toBe(1);
    } finally {
      silent.close();
    }
  });
});

describe('paid creations carry an Idempotency-Key: a retry never pays twice', () => {
  it('the same key given twice answers the first result and charges once; a different body is refused', async () => {
    const before = await balance();
    const body = { preset: 'instagram-caption', keywords: 'city bees' };
    const first = await s.client.text.generate(body, { idempotencyKey: 'caption-1' });
    const again = await s.client.text.generate(body, { idempotencyKey: 'caption-1' });
    expect(again.map((o) => o.id)).toEqual(first.map((o) => o.id));
    const charged = before - (await balance());
    expect(charged).toBeGreaterThan(0);
    const third = await s.client.text.generate(body);
    expect(third[0]?.id).not.toBe(first[0]?.id);
    expect(before - (await balance())).toBe(charged * 2);
    await expect(
      s.client.text.generate({ ...body, keywords: 'other' }, { idempotencyKey: 'caption-1' }),
    ).rejects.toBeInstanceOf(UnprocessableError);
  });

  it("the client's own retry after a lost answer sends the same key: one record, one charge", async () => {
    const before = await balance();
    const count = await imageCount();
    let delivered: unknown;
    const { fetcher, sent } = recordingFetch(async (url, _init, real) => {
      const response = await real();
      if (url.endsWith('/api/generate-image') && delivered === undefined) {
        delivered = await response.json();
        throw new TypeError('fetch failed', { cause: new Error('socket hang up') });
      }
      return response;
    });
    const client = s.clientWith({ fetch: fetcher });
    const records = await client.images.create({ prompt: 'A red kite', model: 'FLUX.1', dimensions: '128x128' });
    const posts = sent.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    const key = posts[0]?.headers.get('idempotency-key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[1]?.headers.get('idempotency-key')).toBe(key);
    expect(records.map((r) => r.id)).toEqual((delivered as { id: number }[]).map((r) => r.id));
    expect(await imageCount()).toBe(count + 1);
    expect(before - (await balance())).toBe(records[0]?.used_credits);
  });
});

describe('polling follows the usage rules', () => {
  it('keeps the interval within 15 to 30 s unless fast polling is allowed', () => {
    expect(pollInterval({})).toBe(20_000);
    expect(pollInterval({ intervalMs: 50 })).toBe(15_000);
    expect(pollInterval({ intervalMs: 60_000 })).toBe(30_000);
    expect(pollInterval({ intervalMs: 50, allowFastPolling: true })).toBe(50);
  });

  it('stops at once on an HTTP error: one request, no waiting', async () => {
    const { fetcher, sent } = recordingFetch();
    // An interval of ten minutes: any wait after the error would leave the poll STILL_WAITING.
    const polled = s
      .clientWith({ fetch: fetcher })
      .waitForImage(987_654_321, { intervalMs: 600_000, allowFastPolling: true, maxAttempts: 5 });
    expect(await outcomeOf(polled)).toBeInstanceOf(NotFoundError);
    expect(sent).toHaveLength(1);
  });

  it('when the attempts run out it throws PollTimeoutError with the id, creates nothing, and the id stays good', async () => {
    let uuid = '';
    await withWorkerStopped(async () => {
      const count = (await s.client.transcriptions.list({ limit: 100 })).transcriptions.length;
      uuid = (await s.client.transcriptions.create({ url: s.files.url('/hello.wav') })).uuid;
      const early = await s.client.transcriptions.derive(uuid).catch((e: unknown) => e);
      expect(early).toBeInstanceOf(ConflictError);
      expect(early).toMatchObject({ status: 409, message: 'Audio has not been transcribed yet' });
      const attempts: number[] = [];
      const timedOut = await s.client
        .waitForTranscription(uuid, { ...FAST, maxAttempts: 3, onProgress: (p) => attempts.push(p.attempt) })
        .catch((e: unknown) => e);
      expect(timedOut).toBeInstanceOf(PollTimeoutError);
      expect(timedOut).toMatchObject({ id: uuid, attempts: 3, code: 'poll_timeout' });
      expect((timedOut as Error).message).toContain(uuid);
      expect(attempts).toEqual([1, 2, 3]);
      expect((await s.client.transcriptions.list({ limit: 100 })).transcriptions.length).toBe(count + 1);
    });
    expect((await s.client.waitForTranscription(uuid, FAST)).status).toBe('completed');
  });

  it('a failed job ends the wait with JobFailedError and its reason', async () => {
    const [image] = await s.client.images.create({
      prompt: 'From a missing picture',
      model: 'FLUX.1',
      image: s.files.url('/missing.png'),
      // An action the offline engines do (the default, Edit Image with AI, needs a generative editor).
      action: 'Colorize',
    });
    const failed = await s.client.waitForImage(image?.id ?? 0, FAST).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(JobFailedError);
    expect(failed).toMatchObject({ id: image?.id, code: 'job_failed' });
    expect((failed as JobFailedError).message.length).toBeGreaterThan(0);
  });
});

describe('an AbortSignal cancels', () => {
  it('a wait between checks', async () => {
    await withWorkerStopped(async () => {
      const [image] = await s.client.images.create({ prompt: 'Never drawn', model: 'FLUX.1' });
      const controller = new AbortController();
      const { fetcher, sent } = recordingFetch();
      // Aborted once the first check is in and the ten-minute wait for the second has begun: only the
      // abort can end that wait, and the second check never goes out.
      const waiting = s.clientWith({ fetch: fetcher }).waitForImage(image?.id ?? 0, {
        intervalMs: 600_000,
        allowFastPolling: true,
        signal: controller.signal,
        onProgress: () => setTimeout(() => controller.abort(new Error('user cancelled')), 0),
      });
      const cancelled = await outcomeOf(waiting);
      expect(cancelled).toBeInstanceOf(Error);
      expect((cancelled as Error).message).toBe('user cancelled');
      expect(sent.filter((r) => r.url.includes('/api/get-image'))).toHaveLength(1);
    });
  });

  it('a bot stream after its first piece', async () => {
    const bot = await s.client.bots.create({ name: 'Abort bot', model: 'builtin' });
    await s.client.bots.documents.add(bot.id, {
      title: 'Hives',
      content:
        'Beehives on rooftops need shade in the afternoon and a source of water nearby. Inspect the hive every week in spring.',
    });
    const controller = new AbortController();
    const texts: string[] = [];
    const reading = (async () => {
      for await (const event of s.client.bots.chatStream(
        bot.public_url,
        { message: 'What do rooftop hives need?' },
        { signal: controller.signal },
      )) {
        if (event.type === 'text') texts.push(event.text);
        controller.abort();
      }
    })();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(texts).toHaveLength(1);
  });
});
