import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTinyWhisper } from '../../../../test/helpers/tiny-whisper.js';
import { loadConfig } from '../../../config.js';
import { TranscriptionPipeline } from '../../../modules/transcriptions/transcription-pipeline.js';
import { createAsrModels } from '../../providers/registry.js';
import { fixedAsrModels } from '../../swapping/swappable-asr-models.js';

let dir: string;
let multilingual: string;
let english: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'atelier-whisper-choice-'));
  multilingual = join(dir, 'ggml-tiny-random.bin');
  english = join(dir, 'ggml-tiny-random.en.bin');
  writeTinyWhisper(multilingual);
  writeTinyWhisper(english, { multilingual: false });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The engines and the pipeline's choice for a configuration; nothing is loaded or called. */
function choose(env: Record<string, string>) {
  const models = createAsrModels(loadConfig({ ATELIER_DATA_DIR: dir, ...env }, join(dir, 'no.env')));
  const pipeline = new TranscriptionPipeline(fixedAsrModels(models), {
    ffmpegPath: 'ffmpeg',
    decodeTimeoutMs: 1_000,
    guard: { allowPrivate: true, maxBytes: 1, timeoutMs: 1 },
    tempDir: dir,
    mediaLimits: { ffprobePath: 'ffprobe', maxSeconds: 60, maxStreams: 16 },
  });
  const pick = (language: string, enhanced = false) => pipeline.pickEngine(language, enhanced)?.provider;
  return { order: models.engines.map((e) => e.provider), enhanced: models.enhanced?.provider, pick };
}

describe('choosing whisper.cpp among the transcription engines', () => {
  it('puts a configured whisper model before pocketsphinx, for English too, and makes it the enhanced engine', () => {
    const { order, enhanced, pick } = choose({ ATELIER_WHISPER_MODEL_PATH: multilingual });
    expect(order).toEqual(['whisper-cpp', 'pocketsphinx']);
    expect(enhanced).toBe('whisper-cpp');
    expect([pick('English'), pick('french'), pick('Mandarin'), pick('English', true)]).toEqual([
      'whisper-cpp',
      'whisper-cpp',
      'whisper-cpp',
      'whisper-cpp',
    ]);
    expect(pick('Klingon')).toBeUndefined();
  });

  it('follows a per-language route to pocketsphinx or whisper-cpp', () => {
    const { pick } = choose({
      ATELIER_WHISPER_MODEL_PATH: multilingual,
      ATELIER_ASR_ROUTES: 'English=pocketsphinx,German=whisper-cpp',
    });
    expect([pick('English'), pick('German'), pick('French')]).toEqual(['pocketsphinx', 'whisper-cpp', 'whisper-cpp']);
  });

  it('leaves the remote engine first and enhanced when there is one', () => {
    const { order, enhanced, pick } = choose({
      ATELIER_WHISPER_MODEL_PATH: multilingual,
      ATELIER_ASR_OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
    });
    expect(order).toEqual(['openai', 'whisper-cpp', 'pocketsphinx']);
    expect(enhanced).toBe('openai');
    expect(pick('French')).toBe('openai');
  });

  it('offers an English-only model for English alone', () => {
    const { pick } = choose({ ATELIER_WHISPER_MODEL_PATH: english, ATELIER_ASR_LOCAL: 'false' });
    expect(pick('English')).toBe('whisper-cpp');
    expect(pick('French')).toBeUndefined();
  });

  it('changes nothing without a whisper model', () => {
    const { order, enhanced } = choose({});
    expect(order).toEqual(['pocketsphinx']);
    expect(enhanced).toBeUndefined();
  });
});
