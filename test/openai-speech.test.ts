import type { ServerResponse } from 'node:http';
import { createOpenAI } from '@ai-sdk/openai';
import { experimental_generateSpeech as generateSpeech } from 'ai';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '../src/engines/audio/wav.js';
import { type FakeUpstream, replyBytes, startFakeUpstream } from './helpers/fake-upstream.js';
import { probeAudio } from './helpers/media.js';
import { type TestApp, startTestApp, withKey, listening } from './helpers/test-app.js';

// POST /v1/audio/speech with the official openai client and the Vercel AI SDK against a listening service: the
// audio of each format as ffprobe reads it, streamed (bytes arrive while the engine still speaks the rest), billed
// by words as /api/generate-text-to-speech is, and OpenAI-shaped errors.

let t: TestApp;
let base: string;
let key: string;
let upstream: FakeUpstream;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  t = await startTestApp({
    ATELIER_RATE_LIMIT_ENABLED: 'false',
    ATELIER_TTS_OPENAI_BASE_URL: upstream.baseUrl,
    ATELIER_TTS_MODEL_ALIASES: 'tts-1=espeak-ng,tts-1-hd=flite,gpt-4o-mini-tts=flite,held-tts=openai',
  });
  base = await listening(t);
  key = (await t.account({ plan: 'pro' })).key;
});
afterAll(async () => {
  await t?.close();
  await upstream?.close();
});

const client = (apiKey = key, path = '/v1') => new OpenAI({ apiKey, baseURL: `${base}${path}`, maxRetries: 0 });
const SENTENCE = 'The quick brown fox jumps over the lazy dog near the river bank.';

async function wordsUsed(apiKey: string): Promise<number> {
  const res = await t.server.inject({ url: '/api/account', headers: withKey(apiKey) });
  return res.json<{ usage: { tts_words_used: number } }>().usage.tts_words_used;
}

/** The speech records of an account (kept once the stream has ended), polled until `count` are there. */
async function recordsOf(apiKey: string, count: number) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const res = await t.server.inject({ url: '/api/text-to-speech', headers: withKey(apiKey) });
    const items = res.json<{ items: { uuid: string; output_format: string; used_characters: number; url: string }[] }>()
      .items;
    if (items.length >= count) return items;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never saw ${count} speech records`);
}

describe('POST /v1/audio/speech with the openai SDK', () => {
  it('streams an MP3 that ffprobe reads, says the words, bills them and keeps the record', async () => {
    const apiKey = (await t.account({ plan: 'pro' })).key;
    const response = await client(apiKey).audio.speech.create({
      model: 'tts-1',
      voice: 'alloy',
      input: `${SENTENCE} ${SENTENCE}`,
    });
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('x-atelier-engine')).toBe('espeak-ng');
    const audio = Buffer.from(await response.arrayBuffer());
    const probed = await probeAudio(audio);
    expect(probed).toMatchObject({ codec: 'mp3', channels: 1, sampleRate: 44_100 });
    expect(probed.durationSeconds).toBeGreaterThan(3);
    expect(probed.durationSeconds).toBeLessThan(15);
    const [record] = await recordsOf(apiKey, 1);
    expect(record).toMatchObject({ output_format: 'mp3_44100_128', used_characters: 26 });
    expect(await wordsUsed(apiKey)).toBe(26);
  });

  it.each([
    ['wav', 'pcm_s16le', 24_000],
    ['opus', 'opus', 48_000],
    ['aac', 'aac', 24_000],
    ['flac', 'flac', 24_000],
  ] as const)('%s: a %s file at %i Hz', async (format, codec, sampleRate) => {
    const response = await client().audio.speech.create({
      model: 'tts-1-hd',
      voice: 'nova',
      input: SENTENCE,
      response_format: format,
    });
    expect(response.headers.get('x-atelier-engine')).toBe('flite');
    const probed = await probeAudio(Buffer.from(await response.arrayBuffer()));
    expect(probed).toMatchObject({ codec, channels: 1, sampleRate });
  });

  it('pcm: raw 16-bit samples at 24 kHz; speed 2 halves the length of speed 1 (engine rate, then tempo)', async () => {
    const length = async (speed: number) => {
      const response = await client().audio.speech.create({
        model: 'tts-1',
        voice: 'espeak-ng:en-us',
        input: SENTENCE,
        response_format: 'pcm',
        speed,
      });
      return (await response.arrayBuffer()).byteLength / 2 / 24_000;
    };
    const [normal, fast, slowest] = [await length(1), await length(2), await length(0.25)];
    expect(fast / normal).toBeGreaterThan(0.4);
    expect(fast / normal).toBeLessThan(0.6);
    expect(slowest / normal).toBeGreaterThan(3.2);
  });

  it('instructions the engine cannot take are named in a warning header, not dropped silently', async () => {
    const { response } = await client()
      .audio.speech.create({ model: 'tts-1', voice: 'echo', input: SENTENCE, instructions: 'Speak cheerfully' })
      .withResponse();
    expect(response.headers.get('x-atelier-warning')).toContain('instructions are not supported by espeak-ng');
  });

  it('answers under /api as well', async () => {
    const response = await client(key, '/api').audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'Hello.' });
    expect((await probeAudio(Buffer.from(await response.arrayBuffer()))).codec).toBe('mp3');
  });
});

describe('streaming', () => {
  const held: ServerResponse[] = [];
  const tone = encodeWav({ pcm: Buffer.alloc(24_000 * 2 * 2, 0x10), sampleRate: 24_000 });
  // Whatever happens to the test, the held syntheses are answered, so the service can close.
  afterEach(() => {
    for (const res of held.splice(0)) if (!res.headersSent) replyBytes(res, 200, 'audio/wav', tone);
    upstream.handle((_call, res) => replyBytes(res, 200, 'audio/wav', tone));
  });

  it('sends the first bytes while the engine is still speaking the rest of the text', async () => {
    upstream.handle((call, res) => {
      if (String(call.body.input).startsWith('First')) return replyBytes(res, 200, 'audio/wav', tone);
      held.push(res);
    });
    const first = `First piece. ${'word '.repeat(40)}.`;
    const second = `Second piece. ${'word '.repeat(40)}.`;
    const response = await client().audio.speech.create({
      model: 'held-tts',
      voice: 'alloy',
      input: `${first} ${second}`,
      response_format: 'wav',
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const chunk = await reader.read();
    expect(chunk.done).toBe(false);
    expect(chunk.value?.byteLength).toBeGreaterThan(0);
    // The second piece's synthesis has not been answered: what arrived was encoded from the first alone.
    expect(held).toHaveLength(1);
    for (const res of held.splice(0)) replyBytes(res, 200, 'audio/wav', tone);
    let bytes = chunk.value?.byteLength ?? 0;
    for (let next = await reader.read(); !next.done; next = await reader.read()) bytes += next.value.byteLength;
    // Two seconds of each piece, 16-bit at 24 kHz, after the WAV header.
    expect(bytes).toBeGreaterThan(4 * 24_000 * 2 - 1_000);
  });
});

describe('errors in OpenAI shape', () => {
  it('a wrong key is a 401', async () => {
    const error = await client('sk-wrong')
      .audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'Hello.' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(401);
  });

  it('no words left is a 402 that says so, and spends nothing', async () => {
    const apiKey = (await t.account({ plan: 'free' })).key;
    const res = await fetch(`${base}/v1/audio/speech`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'tts-1', voice: 'alloy', input: 'a '.repeat(2001) }),
    });
    expect(res.status).toBe(402);
    const body = (await res.json()) as { error: { message: string; type: string } };
    expect(body.error.message).toContain('Text-to-speech word limit reached: this text has 2001 words');
    expect(await wordsUsed(apiKey)).toBe(0);
  });

  it('input over 4,096 characters is a 400 naming the limit and the field', async () => {
    const error = (await client()
      .audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'a'.repeat(4_097) })
      .catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(error.status).toBe(400);
    expect(error.message).toContain('4096 characters');
    expect(error.param).toBe('input');
  });

  it.each([
    [{ model: 'tts-9', voice: 'alloy', input: 'Hi.' }, 'model'],
    [{ model: 'tts-1', voice: 'nobody', input: 'Hi.' }, 'voice'],
    [{ model: 'tts-1', voice: 'alloy', input: 'Hi.', speed: 5 }, 'speed'],
    [{ model: 'tts-1', voice: 'alloy', input: 'Hi.', response_format: 'ogg' }, 'response_format'],
    [{ model: 'tts-1', voice: 'alloy', input: 'Hi.', extra: 1 }, 'extra'],
  ])('%j is a 400 naming %s', async (body, param) => {
    const res = await fetch(`${base}/v1/audio/speech`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(400);
    const error = ((await res.json()) as { error: { message: string; param: string | null } }).error;
    expect(`${error.param} ${error.message}`).toContain(param);
  });
});

describe('the Vercel AI SDK', () => {
  it('experimental_generateSpeech gets the audio', async () => {
    const openai = createOpenAI({ apiKey: key, baseURL: `${base}/v1` });
    const { audio } = await generateSpeech({ model: openai.speech('tts-1'), text: SENTENCE, voice: 'alloy' });
    expect(audio.mediaType).toBe('audio/mpeg');
    expect((await probeAudio(Buffer.from(audio.uint8Array))).codec).toBe('mp3');
  });
});
