import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centroid, dbfs, decodeSamples, peakOf, rmsOf, spectrum } from './helpers/audio-analysis.js';
import { type FakeUpstream, replyBytes, replyJson, startFakeUpstream } from './helpers/fake-upstream.js';
import { probeAudio } from './helpers/media.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false' });
  key = (await t.account({ plan: 'pro' })).key;
});
afterAll(() => t.close());

interface SoundResult {
  url: string;
  text: string;
  seconds: number;
  status: string;
  uuid: string;
  duration_seconds: number;
  used_characters: number;
  engine: string;
  warnings: string[];
}

const generate = (payload: Record<string, unknown>, apiKey = key, headers: Record<string, string> = {}) =>
  t.server.inject({
    method: 'POST',
    url: '/api/generate-sound',
    headers: { ...withKey(apiKey), ...headers },
    payload,
  });
const download = async (url: string) => (await t.server.inject({ url: new URL(url).pathname })).rawPayload;
const wordsUsed = async (apiKey: string) =>
  (await t.server.inject({ url: '/api/account', headers: withKey(apiKey) })).json<{
    usage: { tts_words_used: number; tts_words_left: number };
  }>().usage;

describe('POST /api/generate-sound', () => {
  it('makes the sound a prompt describes as a public MP3 of the asked length, and counts the prompt words', async () => {
    const before = await wordsUsed(key);
    const res = await generate({ prompt: 'Rain falling on a tin roof with distant thunder', duration: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<SoundResult>();
    expect(body).toEqual({
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:8080\/files\/sounds\/[0-9a-f-]{36}\.mp3$/),
      text: 'Rain falling on a tin roof with distant thunder',
      seconds: 3,
      status: 'completed',
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      duration_seconds: 3,
      used_characters: 9,
      engine: 'procedural-sound',
      warnings: [],
    });
    expect((await wordsUsed(key)).tts_words_used).toBe(before.tts_words_used + 9);

    const file = await t.server.inject({ url: new URL(body.url).pathname });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/mpeg');
    const probed = await probeAudio(file.rawPayload);
    expect(probed).toMatchObject({ codec: 'mp3', channels: 1 });
    const samples = await decodeSamples(file.rawPayload, 32_000);
    expect(samples.length).toBe(3 * 32_000);
    expect(dbfs(rmsOf(samples))).toBeGreaterThan(-40);
    expect(peakOf(samples)).toBeLessThan(0.99);
  });

  it('takes the reference defaults: 5 seconds, prompt_influence 0.3', async () => {
    const res = await generate({ prompt: 'a church bell' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<SoundResult>();
    expect(body).toMatchObject({ seconds: 5, duration_seconds: 5, used_characters: 3 });
    expect((await decodeSamples(await download(body.url), 32_000)).length).toBe(5 * 32_000);
  });

  it('gives whole seconds in `seconds` and the exact length in duration_seconds', async () => {
    const res = await generate({ prompt: 'a short beep', duration: 0.5 });
    expect(res.json<SoundResult>()).toMatchObject({ seconds: 1, duration_seconds: 0.5 });
    const longest = await generate({ prompt: 'waves on a beach', duration: 22, prompt_influence: 1 });
    expect(longest.json<SoundResult>()).toMatchObject({ seconds: 22, duration_seconds: 22 });
  }, 30_000);

  it('makes different sounds for different prompts (rain is brighter than an engine)', async () => {
    const rain = await generate({ prompt: 'heavy rain', duration: 2 });
    const hum = await generate({ prompt: 'an idling truck engine', duration: 2 });
    const rainSpectrum = spectrum(await decodeSamples(await download(rain.json<SoundResult>().url), 32_000), 32_000);
    const humSpectrum = spectrum(await decodeSamples(await download(hum.json<SoundResult>().url), 32_000), 32_000);
    expect(centroid(rainSpectrum)).toBeGreaterThan(4 * centroid(humSpectrum));
  });

  it('answers an unknown sound with an ambient bed and says so in warnings', async () => {
    const res = await generate({ prompt: 'the colour of a Tuesday', duration: 1 });
    expect(res.statusCode).toBe(200);
    const [warning, ...rest] = res.json<SoundResult>().warnings;
    expect(rest).toEqual([]);
    expect(warning).toMatch(/^No sound this engine knows was named in the prompt: made a neutral ambient bed/);
  });

  it('charges once for an idempotent retry, and answers the same sound', async () => {
    const before = (await wordsUsed(key)).tts_words_used;
    const payload = { prompt: 'footsteps on a wooden floor', duration: 1 };
    const first = await generate(payload, key, { 'idempotency-key': 'sound-once' });
    const second = await generate(payload, key, { 'idempotency-key': 'sound-once' });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json<SoundResult>().url).toBe(first.json<SoundResult>().url);
    expect((await wordsUsed(key)).tts_words_used).toBe(before + 5);
  });

  it('needs a key', async () => {
    const res = await t.server.inject({ method: 'POST', url: '/api/generate-sound', payload: { prompt: 'rain' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('sound effects: bad input and an exhausted allowance, each a clear error that charges nothing', () => {
  let poorKey: string;

  beforeAll(async () => {
    poorKey = (await t.account({ plan: 'free' })).key;
  });

  it.each([
    [{}, 'prompt'],
    [{ prompt: '' }, 'prompt'],
    [{ prompt: '   ' }, 'must describe the sound'],
    [{ prompt: '🎉 ✨' }, 'at least one word'],
    [{ prompt: 'r'.repeat(501) }, 'at most 500 characters'],
    [{ prompt: 'rain', duration: 0.4 }, 'duration: must be at least 0.5'],
    [{ prompt: 'rain', duration: 22.5 }, 'duration: must be at most 22'],
    [{ prompt: 'rain', duration: '5' }, 'duration'],
    [{ prompt: 'rain', prompt_influence: 1.5 }, 'prompt_influence'],
    [{ prompt: 'rain', prompt_influence: -0.1 }, 'prompt_influence'],
    [{ prompt: 'rain', loudness: 3 }, 'loudness'],
  ])('%j -> 400 (%s)', async (payload, fragment) => {
    const res = await generate(payload, poorKey);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ error: string }>().error).toContain(fragment);
    expect((await wordsUsed(poorKey)).tts_words_used).toBe(0);
  });

  it('answers 402 when the prompt would pass the allowance, and counts nothing', async () => {
    const speech = await t.server.inject({
      method: 'POST',
      url: '/api/generate-text-to-speech',
      headers: withKey(poorKey),
      payload: { voiceID: 'espeak-ng:en-us', text: 'a '.repeat(1998) },
    });
    expect(speech.statusCode).toBe(200);
    expect(await wordsUsed(poorKey)).toMatchObject({ tts_words_used: 1998, tts_words_left: 2 });
    const over = await generate({ prompt: 'rain on the roof', duration: 1 }, poorKey);
    expect(over.statusCode).toBe(402);
    expect(over.json<{ error: string }>().error).toBe(
      "Text-to-speech word limit reached: this sound's prompt has 4 words and 2 of the 2000 words of the free plan are left this period",
    );
    expect((await wordsUsed(poorKey)).tts_words_used).toBe(1998);
    const fits = await generate({ prompt: 'heavy rain', duration: 1 }, poorKey);
    expect(fits.statusCode).toBe(200);
    expect((await wordsUsed(poorKey)).tts_words_left).toBe(0);
  });
});

describe('sound effects from ElevenLabs (a fake upstream over real HTTP)', () => {
  let upstream: FakeUpstream;
  let remote: TestApp;
  let remoteKey: string;
  let mp3: Buffer;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    remote = await startTestApp({
      ATELIER_RATE_LIMIT_ENABLED: 'false',
      ATELIER_ELEVENLABS_API_KEY: 'xi-test',
      ATELIER_ELEVENLABS_BASE_URL: upstream.baseUrl.replace(/\/v1$/, ''),
      ATELIER_UPSTREAM_RETRIES: '0',
    });
    remoteKey = (await remote.account({ plan: 'pro' })).key;
    // A real MP3 to hand back: one the offline engine made.
    mp3 = await download((await generate({ prompt: 'a bell', duration: 1 })).json<SoundResult>().url);
  });
  afterAll(async () => {
    await remote.close();
    await upstream.close();
  });

  const remoteGenerate = (payload: Record<string, unknown>) =>
    remote.server.inject({ method: 'POST', url: '/api/generate-sound', headers: withKey(remoteKey), payload });
  const remoteWords = async () =>
    (await remote.server.inject({ url: '/api/account', headers: withKey(remoteKey) })).json<{
      usage: { tts_words_used: number };
    }>().usage.tts_words_used;

  it('is the engine when its key is set: the request goes to /v1/sound-generation and its MP3 is stored', async () => {
    upstream.handle((_call, res) => replyBytes(res, 200, 'audio/mpeg', mp3));
    const res = await remoteGenerate({ prompt: 'A door creaking open', duration: 1, prompt_influence: 0.7 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SoundResult>()).toMatchObject({ engine: 'elevenlabs', seconds: 1, used_characters: 4 });
    expect(upstream.calls.at(-1)?.body).toEqual({
      text: 'A door creaking open',
      duration_seconds: 1,
      prompt_influence: 0.7,
    });
    const stored = await remote.server.inject({ url: new URL(res.json<SoundResult>().url).pathname });
    expect(stored.rawPayload.equals(mp3)).toBe(true);
    expect(await remoteWords()).toBe(4);
  });

  it('answers 502 when ElevenLabs fails, and gives the words back', async () => {
    upstream.handle((_call, res) => replyJson(res, 500, { detail: 'internal' }));
    const res = await remoteGenerate({ prompt: 'thunder over the hills', duration: 2 });
    expect(res.statusCode).toBe(502);
    expect(res.json<{ error: string }>().error).toBe('Sound generation failed (elevenlabs): ElevenLabs answered 500');
    expect(await remoteWords()).toBe(4);
  });
});
