import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeAudio } from './helpers/media.js';
import { callTool, jsonOf, mcpClient, textOf } from './helpers/mcp-client.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

type Json = Record<string, unknown>;
type ImageRecord = { id: number; status: string; image_url: string | null; prompt: string; used_credits: number };
type Output = {
  id: number;
  name: string;
  text: string;
  kind?: string;
  image?: ImageRecord;
  audio?: { uuid: string; url: string; used_characters: number; status: string } | null;
  audio_error?: string;
};

let t: TestApp;
let key: string;
let otherKey: string;
let mcp: Client;

const plan = (name: string, monthlyTtsWords: number, advancedModel: boolean) => ({
  name,
  monthlyCredits: 0,
  monthlyTtsWords,
  advancedModel,
  premiumPresets: advancedModel,
  rateLimitPerMinute: 1000,
});
/** "tiny": one word of speech a month, so that speaking a written text fails. */
const PLANS = [plan('tiny', 1, false), plan('free', 2000, false), plan('pro', 100_000, true)];

beforeAll(async () => {
  t = await startTestApp({
    ATELIER_RATE_LIMIT_ENABLED: 'false',
    ATELIER_JOB_POLL_MS: '50',
    ATELIER_PLANS: JSON.stringify(PLANS),
  });
  t.app.services.worker.start();
  await t.server.listen({ host: '127.0.0.1', port: 0 });
  key = (await t.account({ plan: 'free', credits: 1000 })).key;
  otherKey = (await t.account({ plan: 'free', credits: 1000 })).key;
  mcp = await mcpClient(t, key);
  // The presets that several tests run, never changed by any: each test that changes a preset makes its own.
  expect((await send('POST', '/api/presets', key, poster('event-poster'))).statusCode).toBe(201);
  expect((await send('POST', '/api/presets', key, greeting('voice-greeting'))).statusCode).toBe(201);
});
afterAll(async () => {
  await mcp?.close();
  await t.close();
});

const send = (method: 'GET' | 'POST' | 'PATCH', url: string, as: string, payload?: Json) =>
  t.server.inject({ method, url, headers: withKey(as), ...(payload && { payload }) });
const errorOf = (res: { json: <T>() => T }) => res.json<{ error: string }>().error;
const account = async (as = key) =>
  (await send('GET', '/api/account', as)).json<{
    credits: { balance: number };
    usage: { tts_words_used: number };
  }>();

const poster = (slug: string, extra: Json = {}): Json => ({
  slug,
  title: 'Event poster',
  fields: [
    { name: 'keywords', label: 'Event', type: 'text', required: true },
    { name: 'extra1', label: 'Colour', type: 'select', options: ['red', 'blue'], default: 'blue' },
  ],
  output: 'image',
  image_settings: { model: 'DALL-E 3', dimensions: '1792x1024', style: 'watercolor' },
  prompt: 'A {{extra1}} poster for {{keywords}}',
  ...extra,
});

const greeting = (slug: string, extra: Json = {}): Json => ({
  slug,
  title: 'Voice greeting',
  fields: [{ name: 'keywords', label: 'Who', type: 'text', required: true }],
  output: 'speech',
  voice: 'espeak-ng:en-us',
  prompt: 'A short spoken greeting for {{keywords}}',
  ...extra,
});

describe('an image preset', () => {
  it('is made and read back with its settings; bad model, settings on the wrong output and bad sizes are named', async () => {
    const created = await send('POST', '/api/presets', key, poster('made-poster'));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      output: 'image',
      image_settings: { model: 'DALL-E 3', dimensions: '1792x1024', style: 'watercolor' },
    });

    const detail = await send('GET', '/api/presets/made-poster', key);
    expect(detail.json()).toMatchObject({ output: 'image', version: 1 });
    const unknown = await send(
      'POST',
      '/api/presets',
      key,
      poster('bad-model', { image_settings: { model: 'Nope 9' } }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toContain('image_settings.model: unknown model "Nope 9"');
    const size = await send('POST', '/api/presets', key, poster('bad-size', { image_settings: { dimensions: '9x9' } }));
    expect(size.statusCode).toBe(400);
    expect(errorOf(size)).toContain('image_settings.dimensions');
    const wrong = await send('POST', '/api/presets', key, { ...poster('wrong-kind'), output: 'text' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toContain('image_settings: are for an image preset');
  });

  it('runs through /api/generate as the images service runs: a record, image credits, the version in the output', async () => {
    expect((await send('POST', '/api/presets', key, poster('jazz-poster'))).statusCode).toBe(201);
    const before = (await account()).credits.balance;
    const res = await send('POST', '/api/generate', key, { preset: 'jazz-poster', keywords: 'a jazz night' });
    expect(res.statusCode).toBe(200);
    const [output, ...more] = res.json<Output[]>();
    expect(more).toHaveLength(0);
    expect(output).toMatchObject({ kind: 'image', text: 'A blue poster for a jazz night', name: output?.text });
    const image = output?.image as ImageRecord;
    expect(image).toMatchObject({ status: 'completed', prompt: 'A blue poster for a jazz night' });
    expect(image.used_credits).toBeGreaterThan(0);
    expect((await account()).credits.balance).toBe(before - image.used_credits);

    const read = await send('GET', `/api/get-image?imageId=${image.id}`, key);
    expect(read.json()).toMatchObject({
      id: image.id,
      status: 'completed',
      width: 1792,
      height: 1024,
      style: 'watercolor',
    });
    const picture = await t.server.inject({ method: 'GET', url: new URL(image.image_url ?? '').pathname });
    expect(await sharp(picture.rawPayload).metadata()).toMatchObject({ width: 1792, height: 1024 });

    await send('PATCH', '/api/presets/jazz-poster', key, { prompt: 'A {{extra1}} flyer for {{keywords}}' });
    const stored = await send('GET', `/api/outputs/${output?.id}`, key);
    expect(stored.json()).toMatchObject({ preset: 'jazz-poster', preset_version: 1, name: image.prompt });
    const second = (await send('POST', '/api/generate', key, { preset: 'jazz-poster', keywords: 'x' })).json<
      Output[]
    >();
    expect((await send('GET', `/api/outputs/${second[0]?.id}`, key)).json()).toMatchObject({
      preset_version: 2,
      name: 'A blue flyer for x',
    });
  });

  it('refuses what an image cannot take, by name, and charges nothing', async () => {
    const pro = (await t.account({ plan: 'pro', credits: 100 })).key;
    await send('POST', '/api/presets', pro, poster('pro-poster'));
    const before = (await account(pro)).credits.balance;
    for (const [extra, fragment] of [
      [{ outputs: 5 }, 'outputs: an image preset makes at most 4'],
      [{ brand_voice: 'bv_x' }, 'brand_voice'],
      [{ shouldUseGPT4: true }, 'shouldUseGPT4'],
    ] as const) {
      const res = await send('POST', '/api/generate', pro, { preset: 'pro-poster', keywords: 'x', ...extra });
      expect(res.statusCode, fragment).toBe(400);
      expect(errorOf(res)).toContain(fragment);
    }
    expect((await account(pro)).credits.balance).toBe(before);
  });

  it('runs through MCP generate_text with the same shape', async () => {
    const result = await callTool(mcp, 'generate_text', { preset: 'event-poster', keywords: 'a chess club' });
    expect(result.isError, textOf(result)).toBeFalsy();
    const [output] = jsonOf<Output[]>(result);
    expect(output).toMatchObject({ kind: 'image', text: 'A blue poster for a chess club' });
    expect(output?.image?.status).toBe('completed');
  });
});

describe('a speech preset', () => {
  it('checks its voice when saved: an unknown voice is named, a voice on a text preset refused', async () => {
    const created = await send('POST', '/api/presets', key, greeting('checked-greeting'));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ output: 'speech', voice: 'espeak-ng:en-us' });
    const unknown = await send('POST', '/api/presets', key, greeting('bad-voice', { voice: 'espeak-ng:xx-nowhere' }));
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toContain('voice: unknown voice "espeak-ng:xx-nowhere"');
    const patched = await send('PATCH', '/api/presets/checked-greeting', key, { voice: 'flite:nobody' });
    expect(patched.statusCode).toBe(400);
    expect(errorOf(patched)).toContain('voice: unknown voice "flite:nobody"');
    const onText = await send('POST', '/api/presets', key, greeting('text-voice', { output: 'text' }));
    expect(onText.statusCode).toBe(400);
    expect(errorOf(onText)).toContain('voice: is for a speech preset');
  });

  it('writes the text (text credits), then speaks it (words), recording both and the version', async () => {
    const before = await account();
    const res = await send('POST', '/api/generate', key, { preset: 'voice-greeting', keywords: 'the new members' });
    expect(res.statusCode).toBe(200);
    const [output] = res.json<Output[]>();
    expect(output?.kind).toBe('speech');
    expect(output?.text.length).toBeGreaterThan(0);
    const audio = output?.audio;
    expect(audio).toMatchObject({ status: 'completed', url: expect.stringMatching(/\/files\/tts\/.+\.mp3$/) });
    const after = await account();
    expect(after.credits.balance).toBe(before.credits.balance - 1);
    expect(after.usage.tts_words_used - before.usage.tts_words_used).toBe(audio?.used_characters);

    const file = await t.server.inject({ method: 'GET', url: new URL(audio?.url ?? '').pathname });
    expect((await probeAudio(file.rawPayload)).durationSeconds).toBeGreaterThan(0.5);
    expect((await send('GET', `/api/text-to-speech/${audio?.uuid}`, key)).json()).toMatchObject({
      voice_id: 'espeak-ng:en-us',
    });
    expect((await send('GET', `/api/outputs/${output?.id}`, key)).json()).toMatchObject({
      preset: 'voice-greeting',
      preset_version: 1,
      name: output?.text,
    });
  });

  it('keeps the text when speaking fails, saying why, with no words billed', async () => {
    const poor = (await t.account({ plan: 'tiny', credits: 10 })).key;
    await send('POST', '/api/presets', poor, greeting('poor-greeting'));
    const words = (await account(poor)).usage.tts_words_used;
    const res = await send('POST', '/api/generate', poor, { preset: 'poor-greeting', keywords: 'everyone' });
    expect(res.statusCode).toBe(200);
    const [output] = res.json<Output[]>();
    expect(output).toMatchObject({ kind: 'speech', audio: null });
    expect(output?.audio_error).toContain('word limit');
    expect((await account(poor)).usage.tts_words_used).toBe(words);
    expect((await send('GET', `/api/outputs/${output?.id}`, poor)).json()).toMatchObject({ name: output?.text });
  });

  it("without a voice of its own, speaks with the first voice of the request's language", async () => {
    const created = await send('POST', '/api/presets', key, greeting('any-voice', { voice: undefined }));
    expect(created.json()).not.toHaveProperty('voice');
    const res = await send('POST', '/api/generate', key, { preset: 'any-voice', keywords: 'x', language: 'English' });
    const uuid = res.json<Output[]>()[0]?.audio?.uuid;
    const record = (await send('GET', `/api/text-to-speech/${uuid}`, key)).json<{ voice_id: string }>();
    const voices = (await send('GET', '/api/get-text-to-speech-voices?language=English', key)).json<{
      voices: { id: string }[];
    }>();
    expect(record.voice_id).toBe(voices.voices[0]?.id);
  });

  it('changes kind by PATCH: settings the new kind does not take go, null removes them, given ones are checked', async () => {
    await send('POST', '/api/presets', key, greeting('shape-shifter'));
    const toImage = await send('PATCH', '/api/presets/shape-shifter', key, { output: 'image' });
    expect(toImage.statusCode).toBe(200);
    expect(toImage.json()).toMatchObject({ output: 'image', version: 2 });
    expect(toImage.json()).not.toHaveProperty('voice');
    const sized = await send('PATCH', '/api/presets/shape-shifter', key, { image_settings: { dimensions: '16:9' } });
    expect(sized.json()).toMatchObject({ version: 3, image_settings: { dimensions: '16:9' } });
    const cleared = await send('PATCH', '/api/presets/shape-shifter', key, { image_settings: null });
    expect(cleared.json()).not.toHaveProperty('image_settings');
    const refused = await send('PATCH', '/api/presets/shape-shifter', key, { voice: 'espeak-ng:en-us' });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toContain('voice: is for a speech preset (output is image)');
    const versions = (await send('GET', '/api/presets/shape-shifter/versions', key)).json<{ versions: Json[] }>();
    expect(versions.versions.map((v) => [v.version, v.output, v.voice])).toEqual([
      [4, 'image', undefined],
      [3, 'image', undefined],
      [2, 'image', undefined],
      [1, 'speech', 'espeak-ng:en-us'],
    ]);
  });

  it('runs through MCP generate_text with the same shape', async () => {
    const result = await callTool(mcp, 'generate_text', { preset: 'voice-greeting', keywords: 'the team' });
    expect(result.isError, textOf(result)).toBeFalsy();
    const [output] = jsonOf<Output[]>(result);
    expect(output).toMatchObject({ kind: 'speech', audio: { status: 'completed' } });
  });
});

describe("another account's image and speech presets", () => {
  it('are 404 to run, by API and MCP', async () => {
    for (const preset of ['event-poster', 'voice-greeting']) {
      const res = await send('POST', '/api/generate', otherKey, { preset, keywords: 'x' });
      expect(res.statusCode).toBe(404);
    }
    const other = await mcpClient(t, otherKey);
    try {
      const result = await callTool(other, 'generate_text', { preset: 'event-poster', keywords: 'x' });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain('not found');
    } finally {
      await other.close();
    }
  });
});
