import { createOpenAI } from '@ai-sdk/openai';
import { experimental_transcribe as transcribe } from 'ai';
import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '../src/engines/audio/wav.js';
import { makeRecording } from './helpers/recordings.js';
import { type TestApp, startTestApp, withKey, listening } from './helpers/test-app.js';

// POST /v1/audio/transcriptions (and /translations) with the official openai client and the Vercel AI SDK against
// a listening service: a flite recording transcribed by the embedded engine in every response format, streamed as
// events, billed by audio duration, and refused in OpenAI's shape (key, credits, size, length, not audio).

const LINES = [{ voice: 'slt', text: 'Good morning everyone. Let us start the weekly project meeting.' }];
const EXPECTED = new Set(LINES.flatMap((l) => l.text.toLowerCase().match(/[a-z]+/g) ?? []));
const MEDIA_LIMIT_SECONDS = 60;

let t: TestApp;
let base: string;
let key: string;
let wav: Buffer;

beforeAll(async () => {
  wav = makeRecording(LINES).wav;
  t = await startTestApp({
    ATELIER_RATE_LIMIT_ENABLED: 'false',
    ATELIER_MAX_MEDIA_SECONDS: String(MEDIA_LIMIT_SECONDS),
  });
  base = await listening(t);
  key = (await t.account({ plan: 'pro', credits: 100 })).key;
});
afterAll(() => t?.close());

const client = (apiKey = key) => new OpenAI({ apiKey, baseURL: `${base}/v1`, maxRetries: 0 });
const recording = () => toFile(wav, 'meeting.wav', { type: 'audio/wav' });

function heardShare(text: string): number {
  const heard = text.toLowerCase().match(/[a-z]+/g) ?? [];
  return heard.filter((w) => EXPECTED.has(w)).length / Math.max(1, heard.length);
}

async function balance(apiKey: string): Promise<number> {
  const res = await t.server.inject({ url: '/api/account', headers: withKey(apiKey) });
  return res.json<{ credits: { balance: number } }>().credits.balance;
}

const TIME = /^\d{2}:\d{2}:\d{2}[,.]\d{3} --> \d{2}:\d{2}:\d{2}[,.]\d{3}$/;

describe('POST /v1/audio/transcriptions with the openai SDK', () => {
  it('verbose_json: the words, the duration, timed segments and words; billed by the minute of audio', async () => {
    const apiKey = (await t.account({ plan: 'pro', credits: 10 })).key;
    const result = await client(apiKey).audio.transcriptions.create({
      file: await recording(),
      model: 'whisper-1',
      language: 'en',
      response_format: 'verbose_json',
      timestamp_granularities: ['segment', 'word'],
    });
    expect(heardShare(result.text)).toBeGreaterThan(0.5);
    expect(result.language).toBe('english');
    expect(result.duration).toBeCloseTo((wav.length - 44) / 32_000, 1);
    expect(result.segments?.length).toBeGreaterThanOrEqual(1);
    for (const s of result.segments ?? []) {
      expect(s.end).toBeGreaterThan(s.start);
      expect(s.end).toBeLessThanOrEqual(result.duration + 0.5);
    }
    const words = result.words ?? [];
    expect(words.map((w) => w.word).join(' ')).toBe(result.text);
    for (const [i, w] of words.entries()) {
      expect(w.end).toBeGreaterThanOrEqual(w.start);
      if (i > 0) expect(w.start).toBeGreaterThanOrEqual(words[i - 1]?.end ?? 0);
    }
    // ATELIER_CREDITS_PER_TRANSCRIPTION_MINUTE's default, 1: a few seconds cost one credit.
    expect(await balance(apiKey)).toBe(9);
  });

  it('srt and vtt are well formed; prompt and temperature, which the engine cannot take, are named in warnings', async () => {
    const { data: srt, response } = await client()
      .audio.transcriptions.create({
        file: await recording(),
        model: 'whisper-1',
        response_format: 'srt',
        prompt: 'Meeting',
        temperature: 0.2,
      })
      .withResponse();
    const warning = response.headers.get('x-atelier-warning') ?? '';
    expect(warning).toContain('prompt is not supported');
    expect(warning).toContain('temperature is not supported');
    const blocks = String(srt).trim().split(/\n\n+/);
    blocks.forEach((block, i) => {
      const [index, times, ...text] = block.split('\n');
      expect(index).toBe(String(i + 1));
      expect(times).toMatch(TIME);
      expect(times).toContain(',');
      expect(text.join(' ').trim()).not.toBe('');
    });
    const vtt = String(
      await client().audio.transcriptions.create({
        file: await recording(),
        model: 'gpt-4o-mini-transcribe',
        response_format: 'vtt',
      }),
    );
    expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
    const cues = vtt.slice('WEBVTT\n\n'.length).trim().split(/\n\n+/);
    expect(cues).toHaveLength(blocks.length);
    for (const cue of cues) expect(cue.split('\n')[0]).toMatch(/^\d{2}:\d{2}:\d{2}\.\d{3} --> /);
  });

  it('stream: transcript.text.delta events, then transcript.text.done with the whole text', async () => {
    const stream = await client().audio.transcriptions.create({
      file: await recording(),
      model: 'gpt-4o-transcribe',
      stream: true,
    });
    const types: string[] = [];
    let deltas = '';
    let done = '';
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'transcript.text.delta') deltas += event.delta;
      if (event.type === 'transcript.text.done') done = event.text;
    }
    expect(types.at(-1)).toBe('transcript.text.done');
    expect(types.filter((type) => type === 'transcript.text.delta').length).toBeGreaterThanOrEqual(1);
    expect(deltas.trim()).toBe(done);
    expect(heardShare(done)).toBeGreaterThan(0.5);
  });
});

describe('translations', () => {
  it('a 400 that names the engine: the embedded one transcribes only', async () => {
    const error = (await client()
      .audio.translations.create({ file: await recording(), model: 'whisper-1' })
      .catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(error.status).toBe(400);
    expect(error.message).toContain('pocketsphinx');
  });
});

describe('refusals in OpenAI shape', () => {
  it('a wrong key is a 401', async () => {
    const error = await client('sk-wrong')
      .audio.transcriptions.create({ file: await recording(), model: 'whisper-1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
  });

  it('no credits is a 402', async () => {
    const poor = (await t.account({ plan: 'pro', credits: 0 })).key;
    const error = (await client(poor)
      .audio.transcriptions.create({ file: await recording(), model: 'whisper-1' })
      .catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(error.status).toBe(402);
    expect(error.type).toBe('insufficient_quota');
  });

  it('a file over 25 MB is a 413 naming the limit', async () => {
    const big = Buffer.alloc(25 * 1024 * 1024 + 1);
    const error = (await client()
      .audio.transcriptions.create({ file: await toFile(big, 'big.wav'), model: 'whisper-1' })
      .catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(error.status).toBe(413);
    expect(error.message).toContain('25 MB');
  });

  it('a file longer than the media limit is refused from its header, before it is decoded; credits come back', async () => {
    const apiKey = (await t.account({ plan: 'pro', credits: 10 })).key;
    const long = encodeWav({ pcm: Buffer.alloc((MEDIA_LIMIT_SECONDS + 5) * 8_000 * 2), sampleRate: 8_000 });
    const error = (await client(apiKey)
      .audio.transcriptions.create({ file: await toFile(long, 'long.wav'), model: 'whisper-1' })
      .catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(error.status).toBe(400);
    expect(error.message).toContain(`at most ${MEDIA_LIMIT_SECONDS} s is accepted`);
    expect(await balance(apiKey)).toBe(10);
  });

  it('bytes that are not audio are a 400, not a 500', async () => {
    const error = (await client()
      .audio.transcriptions.create({
        file: await toFile(Buffer.from('<html>not audio</html>'), 'x.mp3'),
        model: 'whisper-1',
      })
      .catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(error.status).toBe(400);
    expect(error.message).toContain('not audio');
  });

  it.each([
    [{ model: 'whisper-9' }, 'model'],
    [{ model: 'whisper-1', response_format: 'xml' }, 'response_format'],
    [{ model: 'whisper-1', language: 'en-us-x' }, 'language'],
    [{ model: 'whisper-1', extra: 'x' }, 'extra'],
  ])('fields %j are a 400 naming %s', async (fields, name) => {
    const form = new FormData();
    form.append('file', new Blob([wav]), 'meeting.wav');
    for (const [field, value] of Object.entries(fields)) form.append(field, value);
    const res = await fetch(`${base}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: form,
    });
    expect(res.status).toBe(400);
    const error = ((await res.json()) as { error: { message: string } }).error;
    expect(error.message).toContain(name);
  });

  it('a JSON body without a file is a 400 naming file', async () => {
    const res = await fetch(`${base}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'whisper-1' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { param: string } }).error.param).toBe('file');
  });
});

describe('the Vercel AI SDK', () => {
  it('experimental_transcribe gets the text and its duration', async () => {
    const openai = createOpenAI({ apiKey: key, baseURL: `${base}/v1` });
    const result = await transcribe({ model: openai.transcription('whisper-1'), audio: wav });
    expect(heardShare(result.text)).toBeGreaterThan(0.5);
    expect(result.durationInSeconds).toBeGreaterThan(2);
  });
});
