import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandVoice } from '../src/modules/brand-voices/brand-voices.schemas.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';
import { appWithTextUpstream } from './helpers/text-upstream-app.js';

/** 5,000 characters whose 2,000th is the only Z: the first 2,000 are what an engine must get, exactly. */
const LONG = `${'a'.repeat(1_999)}Z${'b'.repeat(3_000)}`;
const FIRST_2000 = LONG.slice(0, 2_000);

const PRESET = {
  title: 'Shop blurb',
  fields: [{ name: 'keywords', label: 'Product', type: 'textarea', required: true }],
  prompt: 'Describe {{keywords}}.',
};

function request(t: TestApp, key: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return t.server.inject({ method, url, headers: withKey(key), ...(payload && { payload }) });
}

async function voiceOf(t: TestApp, key: string, instructions: string, extra: object = {}): Promise<string> {
  const res = await request(t, key, 'POST', '/api/brand-voices', { name: 'Voice', instructions, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<BrandVoice>().id;
}

describe("a user preset's default brand voice, offline", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false' });
  });
  afterAll(() => t.close());

  it("is checked as one of the account's, shown in the preset and its versions, and cleared with null", async () => {
    const { key } = await t.account();
    const { key: other } = await t.account();
    const theirs = await voiceOf(t, other, 'Theirs.');
    const mine = await voiceOf(t, key, 'Mine.');
    for (const id of [theirs, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const refused = await request(t, key, 'POST', '/api/presets', { ...PRESET, brand_voice: id });
      expect(refused.statusCode, id).toBe(400);
      expect(refused.json<{ error: string }>().error).toMatch(/^brand_voice: /);
    }
    const created = await request(t, key, 'POST', '/api/presets', { ...PRESET, brand_voice: mine });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ slug: 'shop-blurb', version: 1, brand_voice: mine });
    const stolen = await request(t, key, 'PATCH', '/api/presets/shop-blurb', { brand_voice: theirs });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json<{ error: string }>().error).toMatch(/^brand_voice: /);
    const renamed = await request(t, key, 'PATCH', '/api/presets/shop-blurb', { title: 'Shop text' });
    expect(renamed.json()).toMatchObject({ version: 2, brand_voice: mine });
    const cleared = await request(t, key, 'PATCH', '/api/presets/shop-blurb', { brand_voice: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ version: 3, brand_voice: null });
    expect((await request(t, key, 'GET', '/api/presets/shop-blurb/versions')).json()).toMatchObject({
      versions: [
        { version: 3, brand_voice: null },
        { version: 2, brand_voice: mine },
        { version: 1, brand_voice: mine },
      ],
    });
  });

  it('is applied by the builtin engine through /api/generate: the measurable parts, said on the first line', async () => {
    const { key } = await t.account({ credits: 100 });
    const voice = await voiceOf(
      t,
      key,
      'Avoid: cheap, innovative. Write in the first person. Keep sentences under 8 words.',
    );
    await request(t, key, 'POST', '/api/presets', { ...PRESET, slug: 'styled-blurb', brand_voice: voice });
    const own = await request(t, key, 'POST', '/api/generate', {
      preset: 'styled-blurb',
      keywords: 'A cheap mug, glazed by hand in our small studio, and fired twice so it lasts for years.',
    });
    expect(own.statusCode, own.body).toBe(200);
    const [ownText] = own.json<{ text: string }[]>().map((o) => o.text);
    const [first, ...rest] = (ownText ?? '').split('\n');
    expect(first).toMatch(
      /^Draft 1 composed offline by Atelier's builtin engine \(no language model\).* With the brand voice applied: words to avoid taken out \(cheap\); sentences under 8 words \(average 17 → 8 words\); first person/,
    );
    expect(rest.join('\n')).toContain('A mug, glazed by hand in our small studio. Fired twice so it lasts for years.');
    // A catalogue preset with the voice named in the request: the engine's own wording changes person too.
    const catalogue = await request(t, key, 'POST', '/api/generate', {
      preset: 'paragraph-writer',
      keywords: 'innovative tools',
      brand_voice: voice,
    });
    const [text] = catalogue.json<{ text: string }[]>().map((o) => o.text);
    expect(text?.split('\n')[0]).toMatch(
      /^Composed offline by Atelier's builtin engine \(no language model\), with the brand voice applied: words to avoid taken out \(innovative → new\); sentences under 8 words/,
    );
    expect(text?.split('\n').slice(1).join('\n')).toMatch(/^\nWhen it comes to new tools\b/);
    expect(text?.split('\n').slice(1).join('\n')).not.toMatch(/innovative/i);
    // Without a brand voice, the composition is as it was.
    const plain = await request(t, key, 'POST', '/api/generate', { preset: 'paragraph-writer', keywords: 'tools' });
    expect(plain.json<{ text: string }[]>()[0]?.text).not.toMatch(/brand voice/);
  });
});

describe("a user preset's default brand voice reaches a language model", () => {
  const live = appWithTextUpstream({ ATELIER_RATE_LIMIT_ENABLED: 'false' });
  const firstMessage = () =>
    ((live.upstream.calls.at(-1)?.body.messages ?? []) as { role: string; content: string }[])[0];

  it("gives generate the preset's voice (its first 2,000 characters, exactly), unless the request names one", async () => {
    const { key } = await live.t.account();
    const presetVoice = await voiceOf(live.t, key, LONG);
    const named = await voiceOf(live.t, key, 'Named in the request.');
    await voiceOf(live.t, key, 'The account default.', { default: true });
    expect(
      (await request(live.t, key, 'POST', '/api/presets', { ...PRESET, brand_voice: presetVoice })).statusCode,
    ).toBe(201);

    const generate = (extra: object = {}) =>
      request(live.t, key, 'POST', '/api/generate', { preset: 'shop-blurb', keywords: 'a mug', ...extra });
    expect((await generate()).statusCode).toBe(200);
    expect(firstMessage()).toEqual({ role: 'system', content: FIRST_2000 });
    await generate({ brand_voice: named });
    expect(firstMessage()).toEqual({ role: 'system', content: 'Named in the request.' });
  });

  it("falls back to the account's default when the preset's voice was deleted, and to none without a default", async () => {
    const { key } = await live.t.account();
    const gone = await voiceOf(live.t, key, 'Deleted later.');
    await request(live.t, key, 'POST', '/api/presets', { ...PRESET, slug: 'orphan-blurb', brand_voice: gone });
    await request(live.t, key, 'DELETE', `/api/brand-voices/${gone}`);
    const generate = () => request(live.t, key, 'POST', '/api/generate', { preset: 'orphan-blurb', keywords: 'a mug' });
    const without = await generate();
    expect(without.statusCode, without.body).toBe(200);
    expect(firstMessage()?.content).toMatch(/^You are a professional writer/);
    await voiceOf(live.t, key, 'The account default.', { default: true });
    expect((await generate()).statusCode).toBe(200);
    expect(firstMessage()).toEqual({ role: 'system', content: 'The account default.' });
    // The preset still names it (so the owner sees what it was); setting it again is refused.
    expect((await request(live.t, key, 'GET', '/api/presets/orphan-blurb')).statusCode).toBe(200);
    const again = await request(live.t, key, 'PATCH', '/api/presets/orphan-blurb', { brand_voice: gone });
    expect(again.statusCode).toBe(400);
  });
});
