import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { DEFAULT_PLANS, loadConfig } from '../src/config.js';
import { RateLimitsRepo } from '../src/modules/rate-limits/rate-limits.repo.js';
import type { Clock } from '../src/shared/clock.js';
import { unwrap } from '../src/shared/errors.js';
import { createTestDatabase, openTestDb } from './helpers/test-database.js';
import { withKey } from './helpers/test-app.js';

const PLANS = JSON.stringify(DEFAULT_PLANS.map((p) => (p.name === 'free' ? { ...p, rateLimitPerMinute: 5 } : p)));

/** A clock the test moves forward, starting now. */
function steppingClock(): Clock & { advance(ms: number): void } {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms) => (offset += ms) };
}

/** Reads until `done` holds; the deadline only keeps a broken sweep from hanging the test. */
async function until<T>(load: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await load();
    if (done(value)) return value;
    if (performance.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

interface Pair {
  a: App;
  b: App;
  clock: ReturnType<typeof steppingClock>;
  key(plan: string): Promise<string>;
  close(): Promise<void>;
}

/** Two apps, as two API processes would be: separate servers and connections, on one database. */
async function twoAppsOnOneDatabase(env: Record<string, string>): Promise<Pair> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-rl-'));
  const database = await createTestDatabase();
  const config = loadConfig(
    {
      ATELIER_DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ATELIER_PLANS: PLANS,
      ATELIER_ANONYMOUS_RATE_LIMIT_PER_MINUTE: '7',
      ATELIER_LOGIN_ATTEMPTS_PER_MINUTE: '3',
      ...(database.url && { ATELIER_DATABASE_URL: database.url }),
      ...env,
    },
    join(dataDir, 'no.env'),
  );
  const clock = steppingClock();
  const a = await buildApp(config, { clock });
  const b = await buildApp(config, { clock });
  let accounts = 0;
  return {
    a,
    b,
    clock,
    async key(plan) {
      const created = unwrap(
        await a.services.accounts.create({ email: `rl${++accounts}-${Date.now()}@example.test`, plan }),
      );
      return created.api_key;
    },
    async close() {
      await a.close();
      await b.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('ATELIER_RATE_LIMIT_STORE=database: one limit for every process on the database', () => {
  let pair: Pair;

  beforeAll(async () => {
    pair = await twoAppsOnOneDatabase({ ATELIER_RATE_LIMIT_STORE: 'database' });
  });
  afterAll(() => pair?.close());

  it("counts a key's requests through both apps against its plan's one limit", async () => {
    const key = await pair.key('free');
    const seen: { status: number; remaining: string | undefined }[] = [];
    for (let i = 0; i < 7; i++) {
      const app = i % 2 === 0 ? pair.a : pair.b;
      const res = await app.server.inject({ url: '/api/account', headers: withKey(key) });
      seen.push({ status: res.statusCode, remaining: res.headers['ratelimit-remaining'] as string | undefined });
    }
    expect(seen.map((s) => s.status)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(seen.slice(0, 5).map((s) => s.remaining)).toEqual(['4', '3', '2', '1', '0']);
  });

  it('counts every key of an account, and each message of an MCP batch, against one limit through both apps', async () => {
    const key = await pair.key('free');
    const found = await pair.a.services.keys.authenticate(key);
    if (!found.ok) throw found.error;
    const second = (await pair.a.services.keys.create(found.value.account.id, 'second')).api_key;
    const batch = Array.from({ length: 4 }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'ping' }));
    const mcp = await pair.a.server.inject({
      method: 'POST',
      url: '/mcp',
      headers: { ...withKey(key), 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      payload: JSON.stringify(batch),
    });
    expect(mcp.statusCode, mcp.body).toBe(200);
    expect(mcp.json<unknown[]>()).toHaveLength(4);
    expect((await pair.b.server.inject({ url: '/api/account', headers: withKey(second) })).statusCode).toBe(200);
    const refused = await pair.b.server.inject({ url: '/api/account', headers: withKey(second) });
    expect(refused.statusCode).toBe(429);
  });

  it('counts requests without a valid key per address across both apps', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      const app = i % 2 === 0 ? pair.a : pair.b;
      statuses.push(
        (await app.server.inject({ url: '/api/account', headers: withKey(`atl_guess${i}`), remoteAddress: '10.7.7.7' }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 429, 429]);
  });

  it('limits dashboard log-in attempts per address across both apps, apart from API traffic', async () => {
    const attempt = (app: App) =>
      app.server.inject({
        method: 'POST',
        url: '/dashboard/login',
        remoteAddress: '10.8.8.8',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=nobody%40example.test&password=wrong-password',
      });
    const statuses = [
      (await attempt(pair.a)).statusCode,
      (await attempt(pair.b)).statusCode,
      (await attempt(pair.a)).statusCode,
      (await attempt(pair.b)).statusCode,
    ];
    expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
    expect(statuses[3]).toBe(429);
  });

  it('answers many concurrent requests through both apps with exactly the limit let through', async () => {
    const key = await pair.key('free');
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? pair.a : pair.b).server.inject({ url: '/api/account', headers: withKey(key) }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(15);
  });

  it('starts a new window once the minute is over, and sweeps the rows of ended windows', async () => {
    const key = await pair.key('free');
    for (let i = 0; i < 6; i++) await pair.a.server.inject({ url: '/api/account', headers: withKey(key) });
    expect((await pair.b.server.inject({ url: '/api/account', headers: withKey(key) })).statusCode).toBe(429);
    // A second account's window too, of this test's own (not whatever the tests before it left).
    const other = await pair.key('free');
    expect((await pair.a.server.inject({ url: '/api/account', headers: withKey(other) })).statusCode).toBe(200);
    const rowsBefore = await pair.a.services.db.selectFrom('rate_limits').select('key').execute();
    expect(rowsBefore.length).toBeGreaterThan(1);

    pair.clock.advance(61_000);
    const fresh = await pair.b.server.inject({ url: '/api/account', headers: withKey(key) });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['ratelimit-remaining']).toBe('4');
    // The sweep runs after the request that found it due: wait for its DELETE to land.
    const rowsAfter = await until(
      () => pair.a.services.db.selectFrom('rate_limits').select(['key', 'count']).execute(),
      (rows) => rows.length < rowsBefore.length,
    );
    expect(rowsAfter.every((r) => Number(r.count) === 1)).toBe(true);
  });
});

describe('when the counters cannot be reached', () => {
  it('lets requests through instead of failing them, so /health still reports on the database', async () => {
    const pair = await twoAppsOnOneDatabase({ ATELIER_RATE_LIMIT_STORE: 'database' });
    try {
      const key = await pair.key('free');
      await pair.a.services.db.schema.dropTable('rate_limits').execute();
      expect((await pair.a.server.inject({ url: '/api/account', headers: withKey(key) })).statusCode).toBe(200);
      expect((await pair.b.server.inject({ url: '/health' })).statusCode).toBe(200);
    } finally {
      await pair.close();
    }
  });
});

describe('the in-memory store', () => {
  it('is the default on a SQLite file', () => {
    expect(loadConfig({ ATELIER_DATA_DIR: '/tmp/atelier-rl-config' }, '/nonexistent/.env').rateLimit.store).toBe(
      'memory',
    );
  });

  it('counts per process: the same requests spread over two apps pass both limits', async () => {
    const pair = await twoAppsOnOneDatabase({ ATELIER_RATE_LIMIT_STORE: 'memory' });
    try {
      expect(pair.a.services.rateLimitStore).toBeUndefined();
      const key = await pair.key('free');
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++)
        statuses.push(
          (await (i % 2 === 0 ? pair.a : pair.b).server.inject({ url: '/api/account', headers: withKey(key) }))
            .statusCode,
        );
      expect(statuses.every((s) => s === 200)).toBe(true);
      expect(await pair.a.services.db.selectFrom('rate_limits').select('key').execute()).toEqual([]);
    } finally {
      await pair.close();
    }
  });
});

describe('RateLimitsRepo', () => {
  let test: Awaited<ReturnType<typeof openTestDb>>;
  beforeAll(async () => {
    test = await openTestDb();
  });
  afterAll(() => test?.close());

  it('counts within a window, restarts after it, and purges only ended windows', async () => {
    const repo = new RateLimitsRepo(test.db);
    const t0 = 1_800_000_000_000;
    expect(await repo.hit('k1', 60_000, t0)).toEqual({ count: 1, resetsAt: t0 + 60_000 });
    expect(await repo.hit('k1', 60_000, t0 + 1_000)).toEqual({ count: 2, resetsAt: t0 + 60_000 });
    expect(await repo.hit('k1', 60_000, t0 + 59_999)).toEqual({ count: 3, resetsAt: t0 + 60_000 });
    expect(await repo.hit('k1', 60_000, t0 + 60_000)).toEqual({ count: 1, resetsAt: t0 + 120_000 });
    await repo.hit('k2', 10_000, t0);
    expect(await repo.purgeEnded(t0 + 10_000)).toBe(1);
    expect(await repo.purgeEnded(t0 + 10_000)).toBe(0);
    expect(await repo.hit('k1', 60_000, t0 + 61_000)).toEqual({ count: 2, resetsAt: t0 + 120_000 });
  });

  it('never loses a count under concurrent hits', async () => {
    const repo = new RateLimitsRepo(test.db);
    const now = 1_900_000_000_000;
    const counts = await Promise.all(
      Array.from({ length: 50 }, () => repo.hit('busy', 60_000, now).then((h) => h.count)),
    );
    expect(counts.sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });
});
