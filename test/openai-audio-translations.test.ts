import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRecording } from './helpers/recordings.js';
import { type TestApp, listening, startTestApp, withKey } from './helpers/test-app.js';
import { writeTinyWhisper } from './helpers/tiny-whisper.js';

// POST /v1/audio/translations (and /api/audio/translations) on whisper.cpp, which translates (a random-weight model:
// the text is noise, the task and the billing are real), and refused by name on an English-only whisper model.
// That whisper.cpp gets the translate task is shown in whisper-cpp-asr-model.test.ts (a fresh model answers
// differently with it); pocketsphinx's refusal is in openai-transcriptions.test.ts.

const RATE = 30;
let dir: string;
let multilingual: TestApp;
let englishOnly: TestApp;
let wav: Buffer;
const seconds = () => (wav.length - 44) / 32_000;

const appWith = (modelPath: string) =>
  startTestApp({
    ATELIER_WHISPER_MODEL_PATH: modelPath,
    ATELIER_RATE_LIMIT_ENABLED: 'false',
    ATELIER_CREDITS_PER_TRANSCRIPTION_MINUTE: String(RATE),
  });

let multilingualBase: string;
let englishBase: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'atelier-translations-'));
  writeTinyWhisper(join(dir, 'ggml-tiny-random.bin'));
  writeTinyWhisper(join(dir, 'ggml-tiny-random.en.bin'), { multilingual: false });
  wav = makeRecording([{ voice: 'slt', text: 'Bonjour à tous. Commençons la réunion de la semaine.' }]).wav;
  multilingual = await appWith(join(dir, 'ggml-tiny-random.bin'));
  englishOnly = await appWith(join(dir, 'ggml-tiny-random.en.bin'));
  multilingualBase = await listening(multilingual);
  englishBase = await listening(englishOnly);
}, 60_000);

afterAll(async () => {
  await multilingual?.close();
  await englishOnly?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function balance(t: TestApp, apiKey: string): Promise<number> {
  const res = await t.server.inject({ url: '/api/account', headers: withKey(apiKey) });
  return res.json<{ credits: { balance: number } }>().credits.balance;
}

const client = (base: string, apiKey: string) => new OpenAI({ apiKey, baseURL: `${base}/v1`, maxRetries: 0 });
const recording = () => toFile(wav, 'reunion.wav', { type: 'audio/wav' });

describe('translations on whisper.cpp', () => {
  it('the openai SDK gets a translation to English from whisper.cpp, billed by the minute of audio', async () => {
    const apiKey = (await multilingual.account({ plan: 'pro', credits: 10 })).key;
    const { data: answer, response } = await client(multilingualBase, apiKey)
      .audio.translations.create({ file: await recording(), model: 'whisper-1', response_format: 'verbose_json' })
      .withResponse();
    const data = answer as OpenAI.Audio.TranslationVerbose & { task?: string };
    expect(response.headers.get('x-atelier-engine')).toBe('whisper-cpp:ggml-tiny-random');
    expect(data.task).toBe('translate');
    expect(data.language).toBe('english');
    expect(data.duration).toBeCloseTo(seconds(), 1);
    expect(data.segments?.length).toBeGreaterThan(0);
    expect(data.text.length).toBeGreaterThan(0);
    expect(await balance(multilingual, apiKey)).toBe(10 - Math.ceil((seconds() * RATE) / 60));
  });

  it('answers under /api too, in the format asked for (srt), with the language spoken given', async () => {
    const apiKey = (await multilingual.account({ plan: 'pro', credits: 10 })).key;
    const form = new FormData();
    form.append('file', new Blob([wav]), 'reunion.wav');
    form.append('model', 'whisper-1');
    form.append('language', 'fr');
    form.append('response_format', 'srt');
    const res = await fetch(`${multilingualBase}/api/audio/translations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}` },
      body: form,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/x-subrip');
    expect((await res.text()).split('\n')[1]).toMatch(/^\d{2}:\d{2}:\d{2},\d{3} --> \d{2}:\d{2}:\d{2},\d{3}$/);
  });
});

describe('an engine that cannot translate', () => {
  it('an English-only whisper model: a 400 naming the engine, nothing charged; it still transcribes', async () => {
    const apiKey = (await englishOnly.account({ plan: 'pro', credits: 10 })).key;
    const error = (await client(englishBase, apiKey)
      .audio.translations.create({ file: await recording(), model: 'whisper-1' })
      .catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(error.status).toBe(400);
    expect(error.message).toContain('whisper-cpp (ggml-tiny-random.en)');
    expect(error.message).toContain('transcribes only');
    expect(await balance(englishOnly, apiKey)).toBe(10);

    const transcript = await client(englishBase, apiKey).audio.transcriptions.create({
      file: await recording(),
      model: 'whisper-1',
    });
    expect(typeof transcript.text).toBe('string');
  });
});
