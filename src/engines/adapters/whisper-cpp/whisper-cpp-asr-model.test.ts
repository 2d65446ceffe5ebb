import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTinyWhisper } from '../../../../test/helpers/tiny-whisper.js';
import { EngineUnavailableError, UpstreamError } from '../../../shared/errors.js';
import { encodeWav, parseWav } from '../../audio/wav.js';
import type { AsrResult } from '../../spec/asr-model.js';
import { WhisperCppAsrModel } from './whisper-cpp-asr-model.js';
import { whisperLanguageCode } from './whisper-languages.js';
import { warningTexts } from '../../spec/warning-text.js';

let dir: string;
let multilingualFile: string;
let englishFile: string;
/** About 4 s of flite speech, and the same repeated with pauses to 40 s (two of whisper's 30 s windows). */
let speech: Buffer;
let long: Buffer;
const seconds = (wav: Buffer) => parseWav(wav).pcm.length / 32_000;
const opened: WhisperCppAsrModel[] = [];
const engine = (modelPath: string) => {
  const model = new WhisperCppAsrModel({ modelPath, threads: 2, timeoutMs: 60_000 });
  opened.push(model);
  return model;
};
const call = (model: WhisperCppAsrModel, wav: Buffer, language = 'English', abortSignal?: AbortSignal) =>
  model.doGenerate({ wav, language, detectSpeakers: false, ...(abortSignal && { abortSignal }) });
/** One turn of the event loop: a call made before it has passed its microtasks and is in whisper.cpp. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const words = (result: AsrResult) => result.segments.map((s) => s.text).join(' ');

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'atelier-whisper-'));
  multilingualFile = join(dir, 'ggml-tiny-random.bin');
  englishFile = join(dir, 'ggml-tiny-random.en.bin');
  writeTinyWhisper(multilingualFile);
  writeTinyWhisper(englishFile, { multilingual: false });
  execFileSync('flite', [
    '-voice',
    'slt',
    '-t',
    'Good morning everyone. Let us start the weekly project meeting.',
    '-o',
    join(dir, 'raw.wav'),
  ]);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-i',
    join(dir, 'raw.wav'),
    '-ar',
    '16000',
    '-ac',
    '1',
    '-c:a',
    'pcm_s16le',
    join(dir, 'speech.wav'),
  ]);
  speech = readFileSync(join(dir, 'speech.wav'));
  const { pcm } = parseWav(speech);
  const pause = Buffer.alloc(16_000);
  const parts: Buffer[] = [];
  for (let total = 0; total < 40 * 32_000; total += pcm.length + pause.length) parts.push(pcm, pause);
  long = encodeWav({ pcm: Buffer.concat(parts), sampleRate: 16_000 });
});

afterAll(async () => {
  await Promise.all(opened.map((m) => m.close()));
  rmSync(dir, { recursive: true, force: true });
});

describe('whisper.cpp on a random-weight model', () => {
  it('transcribes 40 s of speech into segments in order, inside the audio, with their text cleaned', async () => {
    const model = engine(multilingualFile);
    expect(model.provider).toBe('whisper-cpp');
    expect(model.modelId).toBe('ggml-tiny-random');
    const duration = seconds(long);
    const result = await call(model, long);
    expect(result.diarized).toBe(false);
    expect(result.warnings).toEqual([]);
    expect(result.language).toBe('English');
    expect(result.segments.length).toBeGreaterThanOrEqual(2);
    let previous = 0;
    for (const s of result.segments) {
      expect(s.start).toBeGreaterThanOrEqual(previous);
      expect(s.end).toBeGreaterThanOrEqual(s.start);
      expect(s.end).toBeLessThanOrEqual(duration);
      expect(s.text).toMatch(/^[a-z]+( [a-z]+)*$/);
      previous = s.start;
    }
    // Whisper went on past its first 30 s window.
    expect(result.segments.at(-1)?.end).toBeGreaterThan(30);
  });

  it('knows its languages from the model file: 99 for a multilingual model, English alone for a .en one', () => {
    const multilingual = engine(multilingualFile).languages;
    expect(multilingual).toContain('English');
    expect(multilingual).toContain('French');
    expect(multilingual).toContain('Malayalam');
    expect(multilingual).toContain('Mandarin');
    expect(multilingual).not.toContain('Cantonese');
    expect(new Set(multilingual.map((name) => whisperLanguageCode(name))).size).toBe(99);
    expect(engine(englishFile).languages).toEqual(['English']);
  });

  it('transcribes in the language asked for, and detects it for auto', async () => {
    const model = engine(multilingualFile);
    const english = await call(model, speech, 'English');
    const french = await call(model, speech, 'french');
    expect(french.language).toBe('French');
    // The language token steers the decoder: the same audio decodes differently.
    expect(words(french)).not.toBe(words(english));

    const detected = await call(model, speech, 'auto');
    expect(detected.warnings).toEqual([]);
    expect(detected.language).toBeDefined();
    expect(whisperLanguageCode(detected.language ?? '')).not.toBe('auto');
    expect(whisperLanguageCode(detected.language ?? '')).toBeDefined();
    expect((await call(model, speech, 'auto')).language).toBe(detected.language);

    const unknown = await call(model, speech, 'Klingon');
    expect(warningTexts(unknown.warnings)).toEqual([
      'ggml-tiny-random does not know the language "Klingon": it was detected from the audio',
    ]);
    expect(unknown.language).toBe(detected.language);
  });

  it('translates when asked: the task token reaches whisper.cpp (a multilingual model only)', async () => {
    // A fresh model decodes the same audio the same way (its sampler starts anew), so a different text is the task.
    const once = (translate: boolean) =>
      engine(multilingualFile).doGenerate({ wav: speech, language: 'French', detectSpeakers: false, translate });
    const transcribed = words(await once(false));
    expect(words(await once(false))).toBe(transcribed);
    const translated = await once(true);
    expect(words(translated)).not.toBe(transcribed);
    expect(translated.segments.length).toBeGreaterThan(0);
    expect(engine(multilingualFile).translates).toBe(true);

    const english = engine(englishFile);
    expect(english.translates).toBe(false);
    const refused = await english
      .doGenerate({ wav: speech, language: 'English', detectSpeakers: false, translate: true })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UpstreamError);
    expect((refused as Error).message).toBe('ggml-tiny-random.en knows English only: it cannot translate');
  });

  it('transcribes anything as English with an English-only model, and says so', async () => {
    const result = await call(engine(englishFile), speech, 'French');
    expect(result.language).toBe('English');
    expect(warningTexts(result.warnings)).toEqual([
      'ggml-tiny-random.en knows English only: the audio was transcribed as English',
    ]);
    expect(result.segments.length).toBeGreaterThan(0);
  });

  it('takes calls that come together in turn, each with its own language and result', async () => {
    const model = engine(multilingualFile);
    const together = await Promise.all([
      call(model, speech, 'German'),
      call(model, speech, 'Spanish'),
      call(model, speech, 'Japanese'),
    ]);
    expect(together.map((r) => r.language)).toEqual(['German', 'Spanish', 'Japanese']);
    expect(together.map((r) => r.segments.length > 0)).toEqual([true, true, true]);
  });

  it('stops waiting at once when the caller aborts, and the next call still runs', async () => {
    const model = engine(multilingualFile);
    await call(model, speech);
    // The baseline, on this machine now: what the call would take if it waited for whisper.cpp.
    const whole = performance.now();
    await call(model, long);
    const wholeMs = performance.now() - whole;
    const controller = new AbortController();
    const running = call(model, long, 'English', controller.signal);
    const queued = call(model, long, 'English', controller.signal);
    await nextTurn();
    const abortedAt = performance.now();
    controller.abort();
    await expect(running).rejects.toThrow('the transcription was cancelled');
    await expect(queued).rejects.toThrow('the transcription was cancelled');
    // A small part of the whole: the calls did not wait for the transcription they gave up on.
    expect((performance.now() - abortedAt) / wholeMs).toBeLessThan(0.25);
    await expect(call(model, speech, 'English', controller.signal)).rejects.toThrow('the transcription was cancelled');
    expect((await call(model, speech)).segments.length).toBeGreaterThan(0);
  });

  it('fails what is running when closed, and every call after', async () => {
    const model = engine(multilingualFile);
    await call(model, speech);
    const running = call(model, long);
    await nextTurn();
    await model.close();
    await expect(running).rejects.toThrow('the whisper.cpp engine has been shut down');
    await expect(call(model, speech)).rejects.toBeInstanceOf(EngineUnavailableError);
  });
});

describe('whisper.cpp model files that cannot serve', () => {
  it('names a missing file, and still claims every language so that the call says what is wrong', async () => {
    const model = engine(join(dir, 'ggml-missing.bin'));
    expect(model.languages).toHaveLength(99 + 13);
    // Warming up at a worker's start never fails the start: the call says what is wrong.
    await expect(model.warmUp()).resolves.toBeUndefined();
    const error = await call(model, speech).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineUnavailableError);
    expect((error as EngineUnavailableError).isRetryable).toBe(false);
    expect((error as Error).message).toMatch(/^the whisper model file ggml-missing\.bin does not exist/);
  });

  it('refuses a GGUF file and a file of something else before whisper.cpp reads them', async () => {
    writeFileSync(join(dir, 'model.gguf'), Buffer.concat([Buffer.from('GGUF'), Buffer.alloc(60)]));
    writeFileSync(join(dir, 'notes.bin'), 'these are not the weights you are looking for');
    await expect(call(engine(join(dir, 'model.gguf')), speech)).rejects.toThrow(
      'the whisper model file model.gguf is a GGUF file; whisper.cpp needs a ggml .bin model',
    );
    await expect(call(engine(join(dir, 'notes.bin')), speech)).rejects.toThrow(
      'the whisper model file notes.bin is not a whisper.cpp (ggml) model',
    );
  });

  it('says which file whisper.cpp could not load, and loads it once it is whole', async () => {
    const path = join(dir, 'ggml-cut.bin');
    const whole = writeTinyWhisper(path, { seed: 7 });
    const model = engine(path);
    // Cut before its tensors, whisper.cpp would take it for an empty test model and run on garbage.
    truncateSync(path, Math.floor(whole.bytes * 0.3));
    await expect(call(model, speech)).rejects.toThrow(
      `the whisper model file ggml-cut.bin is incomplete (${Math.floor(whole.bytes * 0.3)} bytes)`,
    );
    writeTinyWhisper(path, { seed: 7 });
    truncateSync(path, Math.floor(whole.bytes * 0.9));
    const error = await call(model, speech).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineUnavailableError);
    expect((error as Error).message).toMatch(
      /^whisper\.cpp could not load the model file ggml-cut\.bin \(.+\): it may be incomplete or corrupt$/,
    );
    writeTinyWhisper(path, { seed: 7 });
    expect((await call(model, speech)).segments.length).toBeGreaterThan(0);
  });

  it('refuses audio that is not 16 kHz WAV', async () => {
    const model = engine(multilingualFile);
    await expect(call(model, encodeWav({ pcm: Buffer.alloc(16_000), sampleRate: 8_000 }))).rejects.toThrow(
      'whisper.cpp takes 16 kHz audio, not 8000 Hz',
    );
    await expect(call(model, Buffer.from('not a wav'))).rejects.toBeInstanceOf(UpstreamError);
  });
});
