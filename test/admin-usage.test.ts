import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

type Day = { day: string; credits: number; credits_by_capability: Record<string, number>; words: number };
type Report = {
  from: string;
  to: string;
  days: Day[];
  totals: { credits: number; credits_by_capability: Record<string, number>; words: number };
  top_accounts: { id: string; email: string; credits: number; words: number }[];
};

let t: TestApp;
let admin: { id: string; key: string };

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.account({ admin: true });
});
afterAll(() => t.close());

const usage = (query = '') => t.server.inject({ url: `/api/admin/usage${query}`, headers: withKey(admin.key) });
const post = (key: string, url: string, payload: object) =>
  t.server.inject({ method: 'POST', url, headers: withKey(key), payload });
const today = () => new Date().toISOString().slice(0, 10);

describe('GET /api/admin/usage', () => {
  it('sums credits per day and capability and speech words, and ranks the accounts that spent most', async () => {
    const big = await t.account({ credits: 100 });
    const small = await t.account({ credits: 100 });
    expect(
      (await post(big.key, '/api/generate', { preset: 'blog-post', keywords: 'bees', outputs: 3 })).statusCode,
    ).toBe(200);
    expect((await post(small.key, '/api/generate', { preset: 'eli5', keywords: 'tides' })).statusCode).toBe(200);
    const spoken = await post(small.key, '/api/generate-text-to-speech', {
      voiceID: 'espeak-ng:en-us',
      text: 'One two three four five.',
    });
    expect(spoken.statusCode).toBe(200);

    const res = await usage();
    expect(res.statusCode).toBe(200);
    const report = res.json<Report>();
    expect(report.days).toHaveLength(30);
    expect(report.to).toBe(today());
    const day = report.days.at(-1);
    expect(day).toEqual({ day: today(), credits: 4, credits_by_capability: { text: 4 }, words: 5 });
    expect(report.totals).toEqual({ credits: 4, credits_by_capability: { text: 4 }, words: 5 });
    expect(report.top_accounts).toEqual([
      { id: big.id, email: expect.any(String), credits: 3, words: 0 },
      { id: small.id, email: expect.any(String), credits: 1, words: 5 },
    ]);

    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const past = (await usage(`?from=${yesterday}&to=${yesterday}`)).json<Report>();
    expect(past.days).toEqual([{ day: yesterday, credits: 0, credits_by_capability: {}, words: 0 }]);
    expect(past.top_accounts).toEqual([]);
  });

  it('refuses a range that is backwards, too long or not made of days', async () => {
    const cases: [string, string][] = [
      ['?from=2026-02-01&to=2026-01-31', 'from must be on or before to'],
      ['?from=2025-01-01&to=2026-01-02', 'The range is at most 366 days'],
      ['?from=2026-02-30', 'from is not a day (YYYY-MM-DD): 2026-02-30'],
      ['?to=yesterday', 'to is not a day (YYYY-MM-DD): yesterday'],
    ];
    for (const [query, error] of cases) {
      const res = await usage(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ error });
    }
    expect((await usage('?from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
    expect((await usage('?since=2024-01-01')).statusCode).toBe(400);
  });
});
