import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, chatCompletion, replyJson, startFakeUpstream } from './helpers/fake-upstream.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

let upstream: FakeUpstream;
let t: TestApp;
/** The app's time of day: it moves only when a test moves it. */
let now = Date.now();
const clock = { now: () => new Date(now) };
let key: string;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  t = await startTestApp(
    {
      ATELIER_TEXT_PROVIDER: 'openai-compatible',
      ATELIER_TEXT_BASE_URL: upstream.baseUrl,
      ATELIER_TEXT_API_KEY: 'sk-upstream-secret',
      ATELIER_UPSTREAM_RETRIES: '0',
      ATELIER_RATE_LIMIT_ENABLED: 'false',
      ATELIER_OPERATIONS_PUBLIC: 'true',
    },
    { clock },
  );
  key = (await t.account({ credits: 100 })).key;
});
afterAll(async () => {
  await t.close();
  await upstream.close();
});

const scrape = async () => {
  const res = await t.server.inject({ url: '/metrics' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};

/** The value of one series, by its name and its labels in any order; undefined when it is not there. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

describe('GET /metrics', () => {
  it('counts requests per route pattern, method and status class, never per raw URL', async () => {
    for (const slug of ['blog-post', 'linkedin-post-generator']) {
      expect((await t.server.inject({ url: `/api/presets/${slug}`, headers: withKey(key) })).statusCode).toBe(200);
    }
    await t.server.inject({ url: '/api/presets/no-such-preset', headers: withKey(key) });
    await t.server.inject({ url: '/nowhere/at/all' });
    const text = await scrape();
    const series = { route: '/api/presets/:slug', method: 'GET' };
    expect(sample(text, 'atelier_http_request_duration_seconds_count', { ...series, status_class: '2xx' })).toBe(2);
    expect(sample(text, 'atelier_http_request_duration_seconds_count', { ...series, status_class: '4xx' })).toBe(1);
    expect(
      sample(text, 'atelier_http_request_duration_seconds_bucket', { ...series, status_class: '2xx', le: '+Inf' }),
    ).toBe(2);
    expect(
      sample(text, 'atelier_http_request_duration_seconds_count', { route: 'unmatched', status_class: '4xx' }),
    ).toBe(1);
    expect(text).not.toContain('blog-post');
    expect(text).not.toContain('/nowhere');
  });

  it("shows the job queue's depth and the age of its oldest job per kind and state", async () => {
    const created = await t.server.inject({
      method: 'POST',
      url: '/api/generate-image',
      headers: withKey(key),
      payload: { prompt: 'A red circle', model: 'DALL-E 2', dimensions: '256x256', outputs: 2 },
    });
    expect(created.statusCode).toBe(200);
    // No worker runs in this app: the jobs wait, and grow older only as the app's clock moves.
    now += 42_000;
    const text = await scrape();
    expect(sample(text, 'atelier_job_queue_depth', { kind: 'image.generate', state: 'queued' })).toBe(2);
    expect(sample(text, 'atelier_job_queue_depth', { kind: 'image.generate', state: 'running' })).toBe(0);
    expect(sample(text, 'atelier_job_queue_depth', { kind: 'transcription.process', state: 'queued' })).toBe(0);
    expect(sample(text, 'atelier_job_queue_oldest_age_seconds', { kind: 'image.generate', state: 'queued' })).toBe(42);
    // The images were charged when they were accepted.
    expect(sample(text, 'atelier_credits_charged_total', { kind: 'image' })).toBe(4);
  });

  it('times engine calls and counts their errors per adapter, and the credits charged and refunded', async () => {
    upstream.handle((_call, res) => replyJson(res, 200, chatCompletion('Hello from upstream')));
    const good = await t.server.inject({
      method: 'POST',
      url: '/api/generate',
      headers: withKey(key),
      payload: { preset: 'blog-post', keywords: 'solar roofs' },
    });
    expect(good.statusCode).toBe(200);
    upstream.handle((_call, res) => replyJson(res, 400, { error: { message: 'no' } }));
    const bad = await t.server.inject({
      method: 'POST',
      url: '/api/generate',
      headers: withKey(key),
      payload: { preset: 'blog-post', keywords: 'solar roofs' },
    });
    expect(bad.statusCode).toBe(502);

    const text = await scrape();
    const engine = { kind: 'text', provider: 'openai-compatible' };
    expect(sample(text, 'atelier_engine_call_duration_seconds_count', { ...engine, outcome: 'ok' })).toBe(1);
    expect(sample(text, 'atelier_engine_call_duration_seconds_count', { ...engine, outcome: 'error' })).toBe(1);
    expect(sample(text, 'atelier_engine_errors_total', engine)).toBe(1);
    // One output charged per request; the failed one given back: one credit spent on text.
    const charged = sample(text, 'atelier_credits_charged_total', { kind: 'text' }) ?? 0;
    const refunded = sample(text, 'atelier_credits_refunded_total', { kind: 'text' }) ?? 0;
    expect([charged, refunded]).toEqual([2, 1]);
    expect(
      sample(text, 'atelier_http_request_duration_seconds_count', {
        route: '/api/generate',
        method: 'POST',
        status_class: '5xx',
      }),
    ).toBe(1);
  });

  it("includes Node's process metrics, is public with ATELIER_OPERATIONS_PUBLIC and stays out of the OpenAPI document", async () => {
    const text = await scrape();
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    const doc = (await t.server.inject({ url: '/openapi.json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
    expect(Object.keys(doc.paths)).toContain('/ready');
  });
});

describe('GET /metrics protected or turned off', () => {
  it('is private by default: 401 without a token configured, and a bearer of anything is refused', async () => {
    const app = await startTestApp();
    try {
      for (const headers of [{}, { authorization: 'Bearer anything-at-all-0123456789' }]) {
        const res = await app.server.inject({ url: '/metrics', headers });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: 'Invalid metrics token' });
        expect(res.body).not.toContain('atelier_');
      }
    } finally {
      await app.close();
    }
  });

  it('answers with ATELIER_OPERATIONS_TOKEN (the new name) only to its bearer', async () => {
    const token = 'operations-0123456789abcdef';
    const app = await startTestApp({ ATELIER_OPERATIONS_TOKEN: token });
    try {
      expect((await app.server.inject({ url: '/metrics' })).statusCode).toBe(401);
      expect(
        (await app.server.inject({ url: '/metrics', headers: { authorization: 'Bearer operations-0123456789abcdeX' } }))
          .statusCode,
      ).toBe(401);
      const res = await app.server.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('atelier_job_queue_depth');
    } finally {
      await app.close();
    }
  });

  it('answers only with the bearer token when ATELIER_METRICS_TOKEN is set', async () => {
    const token = 'scrape-me-0123456789abcdef';
    const app = await startTestApp({ ATELIER_METRICS_TOKEN: token });
    try {
      for (const headers of [{}, { authorization: 'Bearer wrong-token' }, { authorization: token }, withKey(token)]) {
        const res = await app.server.inject({ url: '/metrics', headers });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: 'Invalid metrics token' });
        expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      }
      const res = await app.server.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('atelier_job_queue_depth');
    } finally {
      await app.close();
    }
  });

  it('is not there with ATELIER_METRICS=false, and nothing is counted', async () => {
    const app = await startTestApp({ ATELIER_METRICS: 'false' });
    try {
      expect((await app.server.inject({ url: '/metrics' })).statusCode).toBe(404);
      expect(app.app.services.metrics).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('refuses a token shorter than 16 characters at start', async () => {
    await expect(startTestApp({ ATELIER_METRICS_TOKEN: 'short' })).rejects.toThrow(/ATELIER_METRICS_TOKEN/);
  });
});
