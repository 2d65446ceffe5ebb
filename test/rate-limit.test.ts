import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLANS } from '../src/config.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

let t: TestApp;

beforeAll(async () => {
  const plans = DEFAULT_PLANS.map((p) => (p.name === 'free' ? { ...p, rateLimitPerMinute: 5 } : p));
  t = await startTestApp({ ATELIER_PLANS: JSON.stringify(plans), ATELIER_ANONYMOUS_RATE_LIMIT_PER_MINUTE: '7' });
});
afterAll(() => t.close());

describe('rate limits', () => {
  it('limits each key by its plan and answers 429 with Retry-After and RateLimit-* headers', async () => {
    const { key } = await t.account({ plan: 'free' });
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof t.server.inject>> | undefined;
    for (let i = 0; i < 6; i++) {
      last = await t.server.inject({ url: '/api/account', headers: withKey(key) });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(last?.headers['retry-after']).toMatch(/^\d+$/);
    expect(last?.headers['ratelimit-limit']).toBe('5');
    expect(last?.headers['ratelimit-remaining']).toBe('0');
    expect(last?.json<{ error: string }>().error).toMatch(/^Rate limit exceeded/);
  });

  it("counts per account: every key of an account shares the plan's one limit", async () => {
    const { id, key } = await t.account({ plan: 'free' });
    const second = (await t.app.services.keys.create(id, 'second')).api_key;
    for (let i = 0; i < 5; i++)
      expect((await t.server.inject({ url: '/api/account', headers: withKey(key) })).statusCode).toBe(200);
    const refused = await t.server.inject({ url: '/api/account', headers: withKey(second) });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['ratelimit-limit']).toBe('5');
  });

  it('counts each account separately: a key of another account is not affected', async () => {
    const spent = await t.account({ plan: 'free' });
    for (let i = 0; i < 5; i++)
      expect((await t.server.inject({ url: '/api/account', headers: withKey(spent.key) })).statusCode).toBe(200);
    expect((await t.server.inject({ url: '/api/account', headers: withKey(spent.key) })).statusCode).toBe(429);
    // Another account on the same plan still has its whole minute.
    const { key } = await t.account({ plan: 'free' });
    const res = await t.server.inject({ url: '/api/account', headers: withKey(key) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['ratelimit-limit']).toBe('5');
    expect(res.headers['ratelimit-remaining']).toBe('4');
    const pro = await t.account({ plan: 'pro' });
    expect((await t.server.inject({ url: '/api/account', headers: withKey(pro.key) })).headers['ratelimit-limit']).toBe(
      '1200',
    );
  });

  it('limits requests without a valid key per address, so keys cannot be guessed quickly', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      statuses.push(
        (await t.server.inject({ url: '/api/account', headers: withKey(`atl_guess${i}`), remoteAddress: '10.9.9.9' }))
          .statusCode,
      );
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(7);
    expect(statuses.slice(7)).toEqual([429, 429]);
  });
});
