import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

let now = new Date('2026-01-15T09:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({}, { clock: { now: () => now } });
});
afterAll(() => t.close());

describe('monthly billing period', () => {
  it("refills the plan's credits when a new period starts, once, and records it", async () => {
    const { id, key } = await t.account({ plan: 'free', credits: 3 });
    await t.server.inject({
      method: 'POST',
      url: '/api/generate',
      headers: withKey(key),
      payload: { preset: 'blog-post', keywords: 'a', outputs: 3 },
    });
    const account = async () =>
      (await t.server.inject({ url: '/api/account', headers: withKey(key) })).json<{
        credits: { balance: number };
        period: { start: string };
        usage: { credits_used: number };
      }>();
    expect((await account()).credits.balance).toBe(0);

    now = new Date('2026-02-16T09:00:00Z');
    const [first, second] = await Promise.all([account(), account()]);
    expect(first?.credits.balance).toBe(100);
    expect(second?.credits.balance).toBe(100);
    expect(first?.period.start).toBe('2026-02-15T09:00:00.000Z');
    expect(first?.usage.credits_used).toBe(0);
    const resets = (await t.app.services.credits.ledger(id)).filter((e) => e.reason === 'period_reset');
    expect(resets).toHaveLength(1);
    expect(resets[0]?.delta).toBe(100);
  });
});
