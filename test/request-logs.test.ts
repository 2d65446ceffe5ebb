import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, replyJson, startFakeUpstream } from './helpers/fake-upstream.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

type LogLine = { level: number; msg: string; reqId?: string; err?: { stack?: string; message?: string } };

let upstream: FakeUpstream;
let t: TestApp;
let key: string;
const lines: string[] = [];
let clockBroken = false;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  upstream.handle((_call, res) => replyJson(res, 500, { error: { message: 'upstream exploded' } }));
  t = await startTestApp(
    {
      LOG_LEVEL: 'info',
      ATELIER_TEXT_PROVIDER: 'openai-compatible',
      ATELIER_TEXT_BASE_URL: upstream.baseUrl,
      ATELIER_TEXT_API_KEY: 'sk-upstream-secret',
      ATELIER_UPSTREAM_RETRIES: '0',
    },
    {
      logStream: { write: (line) => void lines.push(line) },
      clock: {
        now: () => {
          if (clockBroken) throw new TypeError('the clock broke');
          return new Date();
        },
      },
    },
  );
  key = (await t.account({ credits: 50 })).key;
});
afterAll(async () => {
  clockBroken = false;
  await t.close();
  await upstream.close();
});

const parsed = () => lines.map((line) => JSON.parse(line) as LogLine);

describe('request logs', () => {
  it('are JSON lines that carry the request id of the request they are about', async () => {
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/generate',
      headers: { ...withKey(key), 'x-request-id': 'trace-0001' },
      payload: { preset: 'blog-post', keywords: 'solar' },
    });
    expect(res.statusCode).toBe(502);
    expect(res.headers['x-request-id']).toBe('trace-0001');
    const mine = parsed().filter((l) => l.reqId === 'trace-0001');
    expect(mine.map((l) => l.msg)).toContain('request failed');
    expect(
      parsed()
        .filter((l) => l.msg === 'request failed')
        .every((l) => typeof l.reqId === 'string'),
    ).toBe(true);
  });

  it('log an unexpected error once, with its stack and request id, and never a key', async () => {
    lines.length = 0;
    clockBroken = true;
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/generate',
      headers: withKey(key),
      payload: { preset: 'blog-post', keywords: 'solar' },
    });
    clockBroken = false;
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Internal server error' });
    const about = parsed().filter((l) => JSON.stringify(l).includes('the clock broke'));
    expect(about).toHaveLength(1);
    expect(about[0]?.reqId).toBe(res.headers['x-request-id']);
    expect(about[0]?.err?.stack).toMatch(/TypeError: the clock broke\n\s+at /);
    const all = lines.join('\n');
    expect(all).not.toContain(key);
    expect(all).not.toContain('sk-upstream-secret');
  });
});
