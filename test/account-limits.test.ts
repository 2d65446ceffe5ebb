import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_PLANS, loadConfig } from '../src/config.js';
import { MCP_BATCH_LIMIT } from '../src/http/mcp-batch-limit.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

const base = { monthlyCredits: 100, monthlyTtsWords: 100, advancedModel: false, premiumPresets: false };
/** Small limits so the tests reach them quickly; the top plan keeps the defaults (the admin gets it). */
const PLANS = [
  { ...base, name: 'free', rateLimitPerMinute: 1_000, maxApiKeys: 3, maxBots: 2, maxDocumentsPerBot: 2 },
  { ...base, name: 'thirty', rateLimitPerMinute: 30 },
  ...DEFAULT_PLANS.filter((p) => p.name !== 'free'),
];

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ ATELIER_PLANS: JSON.stringify(PLANS) });
});
afterAll(() => t.close());

const post = (url: string, key: string, payload: object = {}) =>
  t.server.inject({ method: 'POST', url, headers: withKey(key), payload });
const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode).sort((a, b) => a - b);

describe('plan limits in the configuration', () => {
  const plansOf = (plans: object[]) => loadConfig({ ATELIER_PLANS: JSON.stringify(plans) }, '/nonexistent/.env').plans;

  it('gives a plan that leaves them out the limits of the default plan of its name, else generous ones', () => {
    const [free, solo] = plansOf([
      { ...base, name: 'free', rateLimitPerMinute: 60 },
      { ...base, name: 'solo', rateLimitPerMinute: 60, maxBots: 0 },
    ]);
    expect(free).toMatchObject({ maxApiKeys: 5, maxBots: 3, maxDocumentsPerBot: 20 });
    expect(solo).toMatchObject({ maxApiKeys: 25, maxBots: 0, maxDocumentsPerBot: 200 });
    expect(DEFAULT_PLANS.map((p) => [p.name, p.maxApiKeys, p.maxBots, p.maxDocumentsPerBot])).toEqual([
      ['free', 5, 3, 20],
      ['pro', 25, 25, 200],
      ['business', 100, 100, 200],
    ]);
  });

  it('refuses a plan that allows no key at all', () => {
    expect(() => plansOf([{ ...base, name: 'free', rateLimitPerMinute: 60, maxApiKeys: 0 }])).toThrow(ConfigError);
  });
});

describe('API keys per account', () => {
  it('refuses one key more than the plan allows with 409 naming the limit, and a revoked key frees its place', async () => {
    const { key } = await t.account({ plan: 'free' });
    expect((await post('/api/keys', key, { name: 'two' })).statusCode).toBe(201);
    const third = await post('/api/keys', key, { name: 'three' });
    expect(third.statusCode).toBe(201);
    const refused = await post('/api/keys', key, { name: 'four' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'The free plan allows at most 3 API keys: revoke one first' });

    const revoked = await t.server.inject({
      method: 'DELETE',
      url: `/api/keys/${third.json<{ key_id: string }>().key_id}`,
      headers: withKey(key),
    });
    expect(revoked.statusCode).toBe(200);
    expect((await post('/api/keys', key, { name: 'four' })).statusCode).toBe(201);
    const listed = (await t.server.inject({ url: '/api/keys', headers: withKey(key) })).json<{
      keys: { revoked_at: string | null }[];
    }>().keys;
    expect(listed.filter((k) => k.revoked_at === null)).toHaveLength(3);
    expect(listed).toHaveLength(4);
  });

  it('lets exactly the allowed number through when keys are created at once', async () => {
    const { id, key } = await t.account({ plan: 'free' });
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => post('/api/keys', key, { name: `k${i}` })));
    expect(statuses(responses)).toEqual([201, 201, 409, 409, 409, 409, 409, 409]);
    expect((await t.app.services.keys.list(id)).filter((k) => !k.revoked_at)).toHaveLength(3);
  });

  it("counts for the dashboard's keys page and the command line too; an operator's forced key does not ask", async () => {
    const { id } = await t.account({ plan: 'free' });
    const plan = { name: 'free', maxApiKeys: 3 };
    for (let i = 0; i < 2; i++) expect((await t.app.services.keys.createWithinPlan(id, `k${i}`, plan)).ok).toBe(true);
    const refused = await t.app.services.keys.createWithinPlan(id, 'k3', plan);
    expect(refused.ok ? undefined : refused.error.status).toBe(409);
    expect((await t.app.services.keys.create(id, 'forced')).api_key).toMatch(/^atl_/);
  });
});

describe('bots and documents per plan', () => {
  it('refuses a bot over the plan, also when created at once, and a deleted bot frees its place', async () => {
    const { key } = await t.account({ plan: 'free' });
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => post('/api/bots', key, { name: `Bot ${i}` })),
    );
    expect(statuses(responses)).toEqual([201, 201, 409, 409, 409, 409]);
    expect(responses.find((r) => r.statusCode === 409)?.json()).toEqual({
      error: 'The free plan allows at most 2 bots: delete one first',
    });
    const first = responses.find((r) => r.statusCode === 201)?.json<{ id: string }>();
    expect(
      (await t.server.inject({ method: 'DELETE', url: `/api/bots/${first?.id}`, headers: withKey(key) })).statusCode,
    ).toBe(200);
    expect((await post('/api/bots', key, { name: 'Again' })).statusCode).toBe(201);
  });

  it('refuses a document over the plan, also when added at once', async () => {
    const { key } = await t.account({ plan: 'free' });
    const bot = (await post('/api/bots', key, { name: 'Docs' })).json<{ id: string }>();
    const add = (i: number) =>
      post(`/api/bots/${bot.id}/documents`, key, { title: `Doc ${i}`, content: `Fact number ${i}.` });
    const responses = await Promise.all(Array.from({ length: 5 }, (_, i) => add(i)));
    expect(statuses(responses)).toEqual([201, 201, 409, 409, 409]);
    const refused = await add(9);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'The free plan allows at most 2 documents per bot: delete one first' });
    expect(
      (await t.server.inject({ url: `/api/bots/${bot.id}`, headers: withKey(key) })).json<{ documents: number }>()
        .documents,
    ).toBe(2);
  });
});

describe('MCP batches', () => {
  const mcp = (key: string, body: unknown) =>
    t.server.inject({
      method: 'POST',
      url: '/mcp',
      headers: { ...withKey(key), 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      payload: JSON.stringify(body),
    });
  const calls = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      jsonrpc: '2.0',
      id: i + 1,
      method: 'tools/call',
      params: { name: 'check_connection', arguments: {} },
    }));

  it('counts each call of a batch against the rate limit, as that many single requests would be (30 a minute)', async () => {
    const { key } = await t.account({ plan: 'thirty' });
    const tooBig = await mcp(key, calls(100));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32600,
        message: `Invalid Request: a batch can hold at most ${MCP_BATCH_LIMIT} messages; this one has 100`,
      },
      id: null,
    });

    const first = await mcp(key, calls(20));
    expect(first.statusCode, first.body).toBe(200);
    expect(
      first.json<{ result?: { isError?: boolean } }[]>().filter((answer) => answer.result && !answer.result.isError),
    ).toHaveLength(20);
    // The refused batch of 100 counted once (like one refused request), this one 20 times.
    expect(first.headers['ratelimit-remaining']).toBe('9');

    const second = await mcp(key, calls(20));
    expect(second.statusCode).toBe(429);
    expect(second.json<{ error: string }>().error).toMatch(
      /^Rate limit exceeded: at most 30 requests a minute, and each message of a batch counts as one/,
    );
    expect(second.headers['retry-after']).toMatch(/^\d+$/);
    expect((await t.server.inject({ url: '/api/account', headers: withKey(key) })).statusCode).toBe(429);
  });

  it('answers a single message as before', async () => {
    const { key } = await t.account({ plan: 'thirty' });
    const res = await mcp(key, calls(1)[0]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['ratelimit-remaining']).toBe('29');
  });
});
