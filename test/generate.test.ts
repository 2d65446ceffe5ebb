import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const generate = (key: string, payload: Record<string, unknown>) =>
  t.server.inject({ method: 'POST', url: '/api/generate', headers: withKey(key), payload });
const balance = async (key: string) =>
  (await t.server.inject({ url: '/api/account', headers: withKey(key) })).json<{ credits: { balance: number } }>()
    .credits.balance;

describe('POST /api/generate with the builtin engine', () => {
  it('returns one {id, name} per output, composed from the inputs, and charges a credit each', async () => {
    const { key } = await t.account({ credits: 10 });
    const res = await generate(key, { preset: 'blog-post', keywords: 'urban beekeeping', tone: 'playful', outputs: 3 });
    expect(res.statusCode).toBe(200);
    const outputs = res.json<{ id: number; name: string }[]>();
    expect(outputs).toHaveLength(3);
    for (const output of outputs) {
      expect(Number.isInteger(output.id)).toBe(true);
      expect(output.name.toLowerCase()).toContain('urban beekeeping');
    }
    expect(new Set(outputs.map((o) => o.name)).size).toBeGreaterThan(1);
    expect(await balance(key)).toBe(7);
  });

  it('is deterministic: the same inputs give the same texts', async () => {
    const { key } = await t.account();
    const body = { preset: 'eli5', keywords: 'why the sky is blue', outputs: 2 };
    const first = (await generate(key, body)).json<{ name: string }[]>().map((o) => o.name);
    const second = (await generate(key, body)).json<{ name: string }[]>().map((o) => o.name);
    expect(second).toEqual(first);
  });

  it('stores each output so it can be read back by id, by its owner only', async () => {
    const owner = await t.account();
    const other = await t.account();
    const [output] = (await generate(owner.key, { preset: 'paragraph-writer', keywords: 'tidal energy' })).json<
      { id: number; name: string }[]
    >();
    const read = await t.server.inject({ url: `/api/outputs/${output?.id}`, headers: withKey(owner.key) });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      id: output?.id,
      name: output?.name,
      preset: 'paragraph-writer',
      model: 'builtin',
    });
    const list = (await t.server.inject({ url: '/api/outputs?limit=5', headers: withKey(owner.key) })).json<{
      outputs: { id: number }[];
    }>();
    expect(list.outputs.map((o) => o.id)).toContain(output?.id);

    const stranger = await t.server.inject({ url: `/api/outputs/${output?.id}`, headers: withKey(other.key) });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ error: 'Output not found' });
    const strangerList = (await t.server.inject({ url: '/api/outputs', headers: withKey(other.key) })).json<{
      outputs: unknown[];
    }>();
    expect(strangerList.outputs).toEqual([]);
  });

  it('fills the gap between keywords and suffix for fill-the-gaps', async () => {
    const { key } = await t.account();
    const res = await generate(key, {
      preset: 'fill-the-gaps',
      keywords: 'The meeting started late.',
      suffix: 'Everyone agreed to meet again on Friday.',
    });
    expect(res.statusCode).toBe(200);
    const [output] = res.json<{ name: string }[]>();
    expect(output?.name).toContain('Friday');
  });
});

describe('POST /api/generate validation', () => {
  let key: string;
  beforeAll(async () => {
    key = (await t.account()).key;
  });

  const expect400 = async (payload: Record<string, unknown>, fragment: string) => {
    const res = await generate(key, payload);
    expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    expect(res.json<{ error: string }>().error).toContain(fragment);
  };

  it('enforces the general limits and names the field', async () => {
    await expect400({ preset: 'blog-post', keywords: 'x'.repeat(5001) }, 'keywords');
    await expect400({ preset: 'blog-post', keywords: 'a', tone: 't'.repeat(1001) }, 'tone');
    await expect400({ preset: 'blog-post', keywords: 'a', extra4: 'e'.repeat(501) }, 'extra4');
    await expect400({ preset: 'blog-post', keywords: 'a', suffix: 's'.repeat(1001) }, 'suffix');
    await expect400({ preset: 'blog-post', keywords: 'a', outputs: 11 }, 'outputs');
    await expect400({ preset: 'blog-post', keywords: 'a', outputs: 0 }, 'outputs');
    await expect400({ preset: 'blog-post', keywords: 'a', outputs: 1.5 }, 'outputs');
    await expect400({ preset: 'blog-post', keywords: 'a', length: 'Huge' }, 'length');
    await expect400({ preset: 'blog-post', keywords: 'a', language: '<script>' }, 'language');
    await expect400({ preset: 'blog-post', keywords: 'a', keyword: 'typo' }, 'keyword');
    await expect400({ keywords: 'a' }, 'preset');
  });

  it("applies the preset's own fields: required, maxLength and radio options", async () => {
    const detail = (await t.server.inject({ url: '/api/presets/cover-letter-generator', headers: withKey(key) })).json<{
      fields: { name: string; required: boolean; maxLength?: number; type: string }[];
    }>();
    const required = detail.fields.find((f) => f.required && f.type !== 'radio');
    expect(required).toBeDefined();
    await expect400({ preset: 'cover-letter-generator' }, required?.name ?? '');
    const bounded = detail.fields.find((f) => f.maxLength !== undefined && f.maxLength < 1000);
    if (!bounded) throw new Error('cover-letter-generator has no field bounded below its parameter');
    const payload = Object.fromEntries(detail.fields.filter((f) => f.required).map((f) => [f.name, 'ok']));
    await expect400(
      { preset: 'cover-letter-generator', ...payload, [bounded.name]: 'y'.repeat((bounded.maxLength ?? 0) + 1) },
      bounded.name,
    );
  });

  it('accepts numbers and booleans sent as strings by form clients', async () => {
    const res = await generate(key, { preset: 'blog-post', keywords: 'kites', outputs: '2', shouldUseGPT4: 'false' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(2);
  });

  it('answers Preset not found (404) for an unknown preset', async () => {
    const res = await generate(key, { preset: 'nope', keywords: 'a' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Preset not found' });
  });
});

describe('plans and credits', () => {
  it('keeps non-free presets and the advanced model from the free plan (403)', async () => {
    const { key } = await t.account({ plan: 'free' });
    const premium = await generate(key, { preset: 'full-blog-post', keywords: 'a', extra1: 'b' });
    expect(premium.statusCode).toBe(403);
    expect(premium.json<{ error: string }>().error).toContain('full-blog-post');
    const advanced = await generate(key, { preset: 'blog-post', keywords: 'a', shouldUseGPT4: true });
    expect(advanced.statusCode).toBe(403);
    expect(advanced.json<{ error: string }>().error).toContain('shouldUseGPT4');
    expect(await balance(key)).toBe(100);
  });

  it('answers 402 when the balance cannot cover the outputs, and spends nothing', async () => {
    const { key } = await t.account({ credits: 2 });
    const res = await generate(key, { preset: 'blog-post', keywords: 'a', outputs: 3 });
    expect(res.statusCode).toBe(402);
    expect(res.json<{ error: string }>().error).toMatch(/credits/i);
    expect(await balance(key)).toBe(2);
  });

  it('charges the advanced price with shouldUseGPT4 and shows usage on /api/account', async () => {
    const { key } = await t.account({ plan: 'pro', credits: 20 });
    expect(
      (await generate(key, { preset: 'blog-post', keywords: 'a', shouldUseGPT4: true, outputs: 2 })).statusCode,
    ).toBe(200);
    const account = (await t.server.inject({ url: '/api/account', headers: withKey(key) })).json<{
      plan: { name: string };
      credits: { balance: number };
      usage: { credits_used: number; credits_used_by_kind: Record<string, number> };
      period: { start: string; end: string };
    }>();
    expect(account.plan.name).toBe('pro');
    expect(account.credits.balance).toBe(10);
    expect(account.usage).toMatchObject({
      credits_used: 10,
      credits_used_by_kind: { text: 10 },
      tts_words_used: 0,
      tts_words_left: 50_000,
    });
    expect(new Date(account.period.end).getTime()).toBeGreaterThan(new Date(account.period.start).getTime());
  });

  it('records every change in the ledger', async () => {
    const { id, key } = await t.account({ credits: 5 });
    await generate(key, { preset: 'blog-post', keywords: 'a', outputs: 2 });
    const entries = await t.app.services.credits.ledger(id);
    expect(entries.map((e) => [e.reason, e.delta, e.balance_after])).toEqual([
      ['reserve:text', -2, 3],
      ['initial', 5, 5],
    ]);
  });
});
