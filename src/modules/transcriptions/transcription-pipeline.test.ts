import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NotAudioError } from '../../engines/audio/decode.js';
import { encodeWav, parseWav } from '../../engines/audio/wav.js';
import type { AsrCallOptions, AsrModel, AsrResult, TranscriptSegment } from '../../engines/spec/asr-model.js';
import { fixedAsrModels } from '../../engines/swapping/swappable-asr-models.js';
import type { GuardOptions } from '../../shared/net/guarded-http.js';
import { NoEngineError, type PipelineInput, TranscriptionPipeline } from './transcription-pipeline.js';

const RATE = 16_000;
const GUARD: GuardOptions = { allowPrivate: true, timeoutMs: 10_000, maxBytes: 10_000_000 };
const LIMITS = { ffprobePath: 'ffprobe', maxSeconds: 14_400, maxStreams: 16 };

// ---------------------------------------------------------------------------------------------------
// The recording: 25 s of voiced-like tones (a fundamental plus harmonics) broken by silences.
// The silences at 8.8-9.2 s and 17.8-18.2 s are the only quiet points in the windows a 10 s engine
// searches for a cut (8-10 s, then 8 s past the first cut to 10 s past it); the others lie outside.
// ---------------------------------------------------------------------------------------------------

type Span = { from: number; to: number };
const SILENCES: Span[] = [
  { from: 4.0, to: 4.3 },
  { from: 8.8, to: 9.2 },
  { from: 13.0, to: 13.3 },
  { from: 17.8, to: 18.2 },
  { from: 22.0, to: 22.3 },
];
const CUT_SILENCES = [SILENCES[1] as Span, SILENCES[3] as Span];
const DURATION = 25;

function buildRecording(seconds: number, silences: Span[]): Buffer {
  const total = Math.round(seconds * RATE);
  const pcm = Buffer.alloc(total * 2);
  for (let i = 0; i < total; i++) {
    const t = i / RATE;
    if (silences.some((s) => t >= s.from && t < s.to)) continue; // exact digital silence
    // Alternate a low and a high "voice" every 2 s so nothing else looks quiet.
    const f0 = Math.floor(t / 2) % 2 === 0 ? 130 : 220;
    let v = 0;
    for (let h = 1; h <= 4; h++) v += Math.sin(2 * Math.PI * f0 * h * t) / h;
    pcm.writeInt16LE(Math.round(v * 6_000), i * 2);
  }
  return pcm;
}

const RECORDING_PCM = buildRecording(DURATION, SILENCES);
const RECORDING_WAV = encodeWav({ pcm: RECORDING_PCM, sampleRate: RATE });
const SHORT_PCM = buildRecording(6, [{ from: 2.9, to: 3.1 }]);
const SHORT_WAV = encodeWav({ pcm: SHORT_PCM, sampleRate: RATE });

// ---------------------------------------------------------------------------------------------------
// A real HTTP server on 127.0.0.1 serving the files.
// ---------------------------------------------------------------------------------------------------

const FILES: Record<string, { type: string; body: Buffer }> = {
  '/recording.wav': { type: 'audio/wav', body: RECORDING_WAV },
  '/short.wav': { type: 'audio/wav', body: SHORT_WAV },
  '/page.html': {
    type: 'text/html',
    body: Buffer.from('<!doctype html><html><body>this is a web page, not audio</body></html>'),
  },
  '/disguised.mp3': {
    type: 'audio/mpeg',
    body: Buffer.from('not an mp3 at all, just some text pretending to be one'.repeat(50)),
  },
  // 20 ms. decodeForRecognition compares pcm.length (bytes) with 1600, so its floor is really 50 ms, not 0.1 s.
  '/blip.wav': { type: 'audio/wav', body: encodeWav({ pcm: buildRecording(0.02, []), sampleRate: RATE }) },
};

let server: Server;
let baseUrl: string;
const requested: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requested.push(req.url ?? '');
    const file = FILES[req.url ?? ''];
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': file.type, 'content-length': file.body.length });
    res.end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
beforeEach(() => {
  requested.length = 0;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

// ---------------------------------------------------------------------------------------------------
// Fake engines: plain AsrModel objects that record every call.
// ---------------------------------------------------------------------------------------------------

interface RecordedCall {
  options: AsrCallOptions;
  /** The PCM and rate inside the WAV the engine was given. */
  pcm: Buffer;
  sampleRate: number;
  seconds: number;
}

type FakeEngine = AsrModel & { calls: RecordedCall[] };

/** Two segments per piece, at 0.5-1.5 s and 2-3 s of the piece, named after the piece. */
const twoSegmentsPerPiece = (index: number): AsrResult => ({
  segments: [
    { start: 0.5, end: 1.5, text: ` piece ${index + 1} first ` },
    { start: 2, end: 3, text: `piece ${index + 1} second` },
  ],
  diarized: false,
  warnings: [],
});

function fakeEngine(options: {
  modelId: string;
  provider?: string;
  languages?: readonly string[];
  maxChunkSeconds?: number;
  detectsLanguage?: boolean;
  translates?: boolean;
  answer?: (index: number, call: RecordedCall) => AsrResult;
}): FakeEngine {
  const calls: RecordedCall[] = [];
  const answer = options.answer ?? twoSegmentsPerPiece;
  return {
    provider: options.provider ?? 'fake',
    modelId: options.modelId,
    languages: options.languages,
    maxChunkSeconds: options.maxChunkSeconds ?? 600,
    detectsLanguage: options.detectsLanguage,
    translates: options.translates,
    calls,
    async doGenerate(callOptions: AsrCallOptions): Promise<AsrResult> {
      const { pcm, sampleRate } = parseWav(callOptions.wav);
      const call: RecordedCall = { options: callOptions, pcm, sampleRate, seconds: pcm.length / 2 / sampleRate };
      calls.push(call);
      return answer(calls.length - 1, call);
    },
  };
}

const pipelineWith = (engines: AsrModel[], enhanced?: AsrModel, routes: Record<string, AsrModel> = {}) =>
  new TranscriptionPipeline(fixedAsrModels({ engines, enhanced, routes }), {
    ffmpegPath: 'ffmpeg',
    decodeTimeoutMs: 30_000,
    guard: GUARD,
    tempDir: tmpdir(),
    mediaLimits: LIMITS,
  });

const runInput = (path: string, overrides: Partial<PipelineInput> = {}): PipelineInput & { progress: number[] } => {
  const progress: number[] = [];
  return {
    url: `${baseUrl}${path}`,
    language: 'English',
    detectSpeakers: false,
    enhancedQuality: false,
    onProgress: async (percent) => {
      progress.push(percent);
    },
    ...overrides,
    progress,
  };
};

const englishOnly = () => fakeEngine({ provider: 'local', modelId: 'english-only', languages: ['English'] });
const anyLanguage = (modelId = 'whisper-1') => fakeEngine({ provider: 'openai', modelId });

// ---------------------------------------------------------------------------------------------------

describe('TranscriptionPipeline.pickEngine', () => {
  it('routes a language only the remote-like engine knows to it', async () => {
    const local = englishOnly();
    const remote = anyLanguage();
    const pipeline = pipelineWith([local, remote], remote);
    expect(pipeline.pickEngine('French', false)).toBe(remote);

    const result = await pipeline.run(runInput('/short.wav', { language: 'French' }));
    expect(result.model).toBe('openai:whisper-1');
    expect(local.calls).toHaveLength(0);
    expect(remote.calls).toHaveLength(1);
    expect(remote.calls[0]?.options.language).toBe('French');
  });

  it('sends English to an English-only engine listed first', async () => {
    const local = englishOnly();
    const remote = anyLanguage();
    const pipeline = pipelineWith([local, remote], remote);
    expect(pipeline.pickEngine('English', false)).toBe(local);
    expect(pipeline.pickEngine('  english ', false)).toBe(local);

    const result = await pipeline.run(runInput('/short.wav', { language: 'English' }));
    expect(result.model).toBe('local:english-only');
    expect(local.calls).toHaveLength(1);
    expect(remote.calls).toHaveLength(0);
  });

  it('follows the order of the engines: an any-language engine listed first takes English too', () => {
    const local = englishOnly();
    const remote = anyLanguage();
    expect(pipelineWith([remote, local]).pickEngine('English', false)).toBe(remote);
  });

  it('follows a configured per-language route, if that engine knows the language', () => {
    const local = englishOnly();
    const remote = anyLanguage();
    const pipeline = pipelineWith([remote, local], undefined, { english: local, german: local });
    expect(pipeline.pickEngine('English', false)).toBe(local);
    expect(pipeline.pickEngine('French', false)).toBe(remote);
    expect(pipeline.pickEngine('German', false)).toBe(remote);
  });

  it('picks the enhanced engine for enhanced quality when it knows the language', async () => {
    const local = englishOnly();
    const remote = anyLanguage();
    const better = anyLanguage('whisper-large');
    const pipeline = pipelineWith([local, remote], better);
    expect(pipeline.pickEngine('English', true)).toBe(better);
    expect(pipeline.pickEngine('French', true)).toBe(better);
    expect(pipeline.pickEngine('English', false)).toBe(local);

    const result = await pipeline.run(runInput('/short.wav', { enhancedQuality: true }));
    expect(result.model).toBe('openai:whisper-large');
    expect(better.calls).toHaveLength(1);
    expect(local.calls).toHaveLength(0);
  });

  it('falls back to the ordinary engines when the enhanced one does not know the language, or there is none', () => {
    const englishEnhanced = fakeEngine({ modelId: 'english-enhanced', languages: ['English'] });
    const remote = anyLanguage();
    expect(pipelineWith([remote], englishEnhanced).pickEngine('French', true)).toBe(remote);
    expect(pipelineWith([remote], undefined).pickEngine('French', true)).toBe(remote);
  });

  it('finds no engine for a language nobody knows, and run() says so clearly without downloading', async () => {
    const local = englishOnly();
    const pipeline = pipelineWith([local]);
    expect(pipeline.pickEngine('French', false)).toBeUndefined();
    expect(pipeline.pickEngine('French', true)).toBeUndefined();

    const input = runInput('/short.wav', { language: 'French' });
    const error = await pipeline.run(input).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(NoEngineError);
    expect((error as NoEngineError).name).toBe('NoEngineError');
    expect((error as NoEngineError).message).toBe(
      'no transcription engine for French: the embedded engine knows English only; configure ATELIER_ASR_OPENAI_BASE_URL for other languages',
    );
    expect(requested).toEqual([]);
    expect(input.progress).toEqual([]);
    expect(local.calls).toHaveLength(0);
  });

  it('gives auto only to an engine that detects the language, and says what to configure when none does', async () => {
    const local = englishOnly();
    const detecting = fakeEngine({
      provider: 'whisper-cpp',
      modelId: 'tiny',
      languages: ['English', 'French'],
      detectsLanguage: true,
    });
    expect(pipelineWith([local, detecting]).pickEngine('auto', false)).toBe(detecting);
    expect(pipelineWith([local, detecting]).pickEngine(' AUTO ', true)).toBe(detecting);
    const pipeline = pipelineWith([local]);
    expect(pipeline.pickEngine('auto', false)).toBeUndefined();
    await expect(pipeline.run(runInput('/short.wav', { language: 'auto' }))).rejects.toThrow(
      'no transcription engine here detects the language: pull a whisper model (atelier models pull whisper-base) or configure ATELIER_ASR_OPENAI_BASE_URL',
    );
    expect(local.calls).toHaveLength(0);
  });

  it('gives a translation only to an engine that translates, with the task; else names the one that would transcribe', async () => {
    const local = englishOnly();
    const translating = fakeEngine({ provider: 'whisper-cpp', modelId: 'tiny', translates: true });
    const pipeline = pipelineWith([local, translating]);
    expect(pipeline.pickEngine('English', false)).toBe(local);
    expect(pipeline.pickEngine('English', false, { translate: true })).toBe(translating);
    const probed: (number | undefined)[] = [];
    const result = await pipeline.run(
      runInput('/short.wav', {
        translate: true,
        onProbed: async (facts) => {
          probed.push(facts.durationSeconds);
          expect(translating.calls).toHaveLength(0);
        },
      }),
    );
    expect(result.model).toBe('whisper-cpp:tiny');
    expect(translating.calls[0]?.options.translate).toBe(true);
    expect(probed).toHaveLength(1);
    expect(probed[0]).toBeCloseTo(result.duration, 1);

    const transcribeOnly = pipelineWith([local]);
    expect(transcribeOnly.pickEngine('English', false, { translate: true })).toBeUndefined();
    await expect(transcribeOnly.run(runInput('/short.wav', { translate: true }))).rejects.toThrow(
      'translation to English is not offered by the transcription engine local (english-only): it transcribes only',
    );
    expect(local.calls).toHaveLength(0);
  });

  it('has no engine at all when none is configured', async () => {
    const pipeline = pipelineWith([]);
    expect(pipeline.pickEngine('English', true)).toBeUndefined();
    await expect(pipeline.run(runInput('/short.wav'))).rejects.toThrow(NoEngineError);
  });
});

describe('TranscriptionPipeline.run on long audio', () => {
  it('keeps the language the engine detected in the first piece for the following ones, and reports it', async () => {
    const engine = fakeEngine({
      modelId: 'detecting',
      maxChunkSeconds: 10,
      detectsLanguage: true,
      answer: (index) => ({
        segments: [{ start: 0, end: 1, text: `piece ${index + 1}` }],
        diarized: false,
        warnings: [],
        language: 'French',
      }),
    });
    const result = await pipelineWith([engine]).run(runInput('/recording.wav', { language: 'auto' }));
    expect(engine.calls.map((c) => c.options.language)).toEqual(['auto', 'French', 'French']);
    expect(result.language).toBe('French');
  });

  it('cuts 25 s into 3 pieces at the quiet points, offsets each piece, and reports rising progress to 90', async () => {
    const engine = fakeEngine({ modelId: 'ten-seconds', maxChunkSeconds: 10 });
    const input = runInput('/recording.wav', { language: 'English' });
    const result = await pipelineWith([engine]).run(input);

    expect(requested).toEqual(['/recording.wav']);
    expect(result.duration).toBe(DURATION);
    expect(result.model).toBe('fake:ten-seconds');

    // Three calls, none longer than the engine takes, together the whole recording in order.
    expect(engine.calls).toHaveLength(3);
    for (const call of engine.calls) {
      expect(call.sampleRate).toBe(RATE);
      expect(call.seconds).toBeLessThanOrEqual(10);
      expect(call.options.language).toBe('English');
      expect(call.options.detectSpeakers).toBe(false);
    }
    expect(Buffer.concat(engine.calls.map((c) => c.pcm)).equals(RECORDING_PCM)).toBe(true);

    // The cuts fall inside the silences near 9 s and 18 s.
    const starts = engine.calls.map((_c, i) => engine.calls.slice(0, i).reduce((sum, c) => sum + c.seconds, 0));
    expect(starts[0]).toBe(0);
    CUT_SILENCES.forEach((silence, i) => {
      const cut = starts[i + 1] ?? Number.NaN;
      expect(cut).toBeGreaterThanOrEqual(silence.from);
      expect(cut).toBeLessThanOrEqual(silence.to);
    });
    // The exact cut points: the middle of the first fully silent 50 ms window of each search range.
    expect(starts).toEqual([0, 8.825, 17.85]);

    // Each piece's segments moved by the start of its piece, text passed through as the engine gave it.
    const expected: TranscriptSegment[] = starts.flatMap((offset, i) => [
      { start: offset + 0.5, end: offset + 1.5, text: ` piece ${i + 1} first ` },
      { start: offset + 2, end: offset + 3, text: `piece ${i + 1} second` },
    ]);
    expect(result.segments).toHaveLength(6);
    result.segments.forEach((s, i) => {
      expect(s.text).toBe(expected[i]?.text);
      expect(s.start).toBeCloseTo(expected[i]?.start ?? Number.NaN, 3);
      expect(s.end).toBeCloseTo(expected[i]?.end ?? Number.NaN, 3);
      expect(s).not.toHaveProperty('speaker');
    });
    expect(result.segments.map((s) => s.start)).toEqual([0.5, 2, 9.325, 10.825, 18.35, 19.85]);

    // Download 15, decode 25, then one step per piece up to 90 (the caller finishes at 100).
    expect(input.progress).toEqual([15, 25, 47, 68, 90]);
    for (let i = 1; i < input.progress.length; i++)
      expect(input.progress[i]).toBeGreaterThan(input.progress[i - 1] ?? 0);
  });

  it('sends a short recording in one piece with no offset', async () => {
    const engine = fakeEngine({ modelId: 'ten-seconds', maxChunkSeconds: 10 });
    const input = runInput('/short.wav');
    const result = await pipelineWith([engine]).run(input);
    expect(engine.calls).toHaveLength(1);
    expect(engine.calls[0]?.pcm.equals(SHORT_PCM)).toBe(true);
    expect(result.duration).toBe(6);
    expect(result.segments.map(({ start, end }) => [start, end])).toEqual([
      [0.5, 1.5],
      [2, 3],
    ]);
    expect(input.progress).toEqual([15, 25, 90]);
  });

  it('drops blank segments and rounds offsets to the millisecond', async () => {
    const engine = fakeEngine({
      modelId: 'ten-seconds',
      maxChunkSeconds: 10,
      answer: () => ({
        segments: [
          { start: 0.1234567, end: 0.9876543, text: 'kept' },
          { start: 1, end: 2, text: '   ' },
          { start: 2, end: 3, text: '' },
        ],
        diarized: false,
        warnings: [],
      }),
    });
    const result = await pipelineWith([engine]).run(runInput('/recording.wav'));
    expect(result.segments.map((s) => s.text)).toEqual(['kept', 'kept', 'kept']);
    expect(result.segments.map((s) => [s.start, s.end])).toEqual([
      [0.123, 0.988],
      [8.948, 9.813],
      [17.973, 18.838],
    ]);
  });

  it("passes the caller's abort signal to the engine", async () => {
    const engine = anyLanguage();
    const controller = new AbortController();
    await pipelineWith([engine]).run(runInput('/short.wav', { signal: controller.signal }));
    expect(engine.calls[0]?.options.abortSignal).toBe(controller.signal);
  });
});

describe('TranscriptionPipeline speakers', () => {
  const labelled =
    (diarized: boolean) =>
    (index: number): AsrResult => ({
      segments: [
        { start: 0.2, end: 2.5, text: `piece ${index + 1} a`, speaker: 'Alice' },
        { start: 3.3, end: 5.8, text: `piece ${index + 1} b`, speaker: 'Bob' },
      ],
      diarized,
      warnings: [],
    });

  it('labels every segment with the embedded detector when the engine did not diarize', async () => {
    const engine = fakeEngine({
      modelId: 'plain',
      answer: () => ({
        segments: [
          { start: 0.2, end: 1.9, text: 'low voice' },
          { start: 2.1, end: 2.8, text: 'high voice' },
          { start: 3.2, end: 3.9, text: 'high voice again' },
          { start: 4.1, end: 5.9, text: 'low voice again' },
        ],
        diarized: false,
        warnings: [],
      }),
    });
    const result = await pipelineWith([engine]).run(runInput('/short.wav', { detectSpeakers: true }));
    expect(engine.calls[0]?.options.detectSpeakers).toBe(true);
    expect(result.segments).toHaveLength(4);
    for (const s of result.segments) expect(s.speaker).toMatch(/^Speaker [1-9]\d*$/);
    // Labels are numbered by first appearance.
    expect(result.segments[0]?.speaker).toBe('Speaker 1');
  });

  it('replaces labels a non-diarizing engine happened to return', async () => {
    const engine = fakeEngine({ modelId: 'plain', answer: labelled(false) });
    const result = await pipelineWith([engine]).run(runInput('/short.wav', { detectSpeakers: true }));
    for (const s of result.segments) expect(s.speaker).toMatch(/^Speaker \d+$/);
  });

  it("keeps the engine's own labels when it diarized", async () => {
    const engine = fakeEngine({ modelId: 'diarizing', answer: labelled(true) });
    const result = await pipelineWith([engine]).run(runInput('/short.wav', { detectSpeakers: true }));
    expect(result.segments.map((s) => s.speaker)).toEqual(['Alice', 'Bob']);
  });

  it('keeps diarized labels across pieces of a long recording', async () => {
    const engine = fakeEngine({ modelId: 'diarizing', maxChunkSeconds: 10, answer: labelled(true) });
    const result = await pipelineWith([engine]).run(runInput('/recording.wav', { detectSpeakers: true }));
    expect(engine.calls).toHaveLength(3);
    expect(result.segments.map((s) => s.speaker)).toEqual(['Alice', 'Bob', 'Alice', 'Bob', 'Alice', 'Bob']);
  });

  it('falls back to the embedded detector for all pieces when any piece came back undiarized', async () => {
    const engine = fakeEngine({
      modelId: 'flaky',
      maxChunkSeconds: 10,
      answer: (index) => labelled(index !== 1)(index),
    });
    const result = await pipelineWith([engine]).run(runInput('/recording.wav', { detectSpeakers: true }));
    // Every word of the six segments is kept, in order; a segment is split where the "voice" changes (every 2 s).
    expect(result.segments.map((s) => s.text).join(' ')).toBe(
      [1, 2, 3].map((piece) => `piece ${piece} a piece ${piece} b`).join(' '),
    );
    expect(result.segments.length).toBeGreaterThanOrEqual(6);
    for (const s of result.segments) expect(s.speaker).toMatch(/^Speaker \d+$/);
  });

  it.each([
    ['a diarizing engine', true],
    ['a plain engine', false],
  ])('returns no speaker fields at all without detectSpeakers, from %s', async (_name, diarized) => {
    const engine = fakeEngine({ modelId: 'any', answer: labelled(diarized) });
    const result = await pipelineWith([engine]).run(runInput('/short.wav', { detectSpeakers: false }));
    expect(engine.calls[0]?.options.detectSpeakers).toBe(false);
    expect(result.segments).toHaveLength(2);
    for (const s of result.segments) expect(s).not.toHaveProperty('speaker');
  });
});

describe('TranscriptionPipeline downloads that are not audio', () => {
  const failure = async (path: string) => {
    const engine = anyLanguage();
    const input = runInput(path);
    const error = await pipelineWith([engine])
      .run(input)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(engine.calls).toHaveLength(0);
    expect(input.progress).toEqual([15]);
    return error;
  };

  it.each([
    ['a web page', '/page.html'],
    ['text served as audio/mpeg', '/disguised.mp3'],
  ])('rejects %s with NotAudioError', async (_name, path) => {
    const error = await failure(path);
    expect(error).toBeInstanceOf(NotAudioError);
    expect((error as NotAudioError).name).toBe('NotAudioError');
    expect((error as NotAudioError).message).toBe('the file at the URL is not audio or video that can be decoded');
  });

  it('rejects audio shorter than 0.1 s with NotAudioError', async () => {
    const error = await failure('/blip.wav');
    expect(error).toBeInstanceOf(NotAudioError);
    expect((error as NotAudioError).message).toBe('the file at the URL holds no audio (or less than 0.1 s)');
  });
});
