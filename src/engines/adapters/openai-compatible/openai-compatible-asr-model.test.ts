import { beforeEach, describe, expect, it } from 'vitest';
import {
  type UpstreamCall,
  replyJson,
  startFakeUpstream,
  fakeUpstreamForFile,
} from '../../../../test/helpers/fake-upstream.js';
import { rejection } from '../../../../test/helpers/upstream-rejection.js';
import { encodeWav } from '../../audio/wav.js';
import {
  type OpenAICompatibleAsrConfig,
  OpenAICompatibleAsrModel,
  languageCode,
  languageName,
} from './openai-compatible-asr-model.js';
import { warningTexts } from '../../spec/warning-text.js';

const upstream = fakeUpstreamForFile();

beforeEach(() => {
  upstream.handle((_call, res) => replyJson(res, 200, { text: '', segments: [] }));
});

const model = (overrides: Partial<OpenAICompatibleAsrConfig> = {}) =>
  new OpenAICompatibleAsrModel({
    baseUrl: upstream.baseUrl,
    apiKey: 'sk-asr-secret',
    modelId: 'whisper-1',
    timeoutMs: 2_000,
    retry: { retries: 2, sleep: async () => {} },
    ...overrides,
  });

/** `seconds` of a 440 Hz tone as the 16 kHz mono WAV the pipeline sends. */
const wavOf = (seconds: number) => {
  const samples = Math.round(seconds * 16_000);
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    pcm.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / 16_000) * 8_000), i * 2);
  return encodeWav({ pcm, sampleRate: 16_000 });
};

const transcribe = (
  m: OpenAICompatibleAsrModel,
  options: { wav?: Buffer; language?: string; translate?: boolean; abortSignal?: AbortSignal } = {},
) =>
  m.doGenerate({
    wav: options.wav ?? wavOf(1),
    language: options.language ?? 'French',
    detectSpeakers: false,
    ...(options.translate && { translate: true }),
    ...(options.abortSignal && { abortSignal: options.abortSignal }),
  });

/** The multipart body the fake upstream received, parsed by the platform's own multipart reader. */
const formOf = (call: UpstreamCall | undefined): Promise<FormData> => {
  if (!call) throw new Error('no call reached the fake upstream');
  return new Response(call.raw, { headers: { 'content-type': String(call.headers['content-type']) } }).formData();
};

describe('OpenAICompatibleAsrModel request', () => {
  it('posts multipart/form-data to /v1/audio/transcriptions with the WAV, model, verbose_json, ISO language and bearer key', async () => {
    const wav = wavOf(0.5);
    await transcribe(model(), { wav, language: 'French' });
    expect(upstream.calls).toHaveLength(1);
    const [call] = upstream.calls;
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/v1/audio/transcriptions');
    expect(call?.headers.authorization).toBe('Bearer sk-asr-secret');
    expect(call?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const form = await formOf(call);
    expect(form.get('model')).toBe('whisper-1');
    expect(form.get('response_format')).toBe('verbose_json');
    expect(form.get('language')).toBe('fr');
    const file = form.get('file');
    expect(file).toBeInstanceOf(Blob);
    const bytes = Buffer.from(await (file as Blob).arrayBuffer());
    expect(bytes.equals(wav)).toBe(true);
    expect((file as File).name).toBe('audio.wav');
    expect((file as Blob).type).toBe('audio/wav');
  });

  it('a translation posts to /v1/audio/translations, without the language or granularities it does not take', async () => {
    const m = model();
    expect(m.translates).toBe(true);
    await transcribe(m, { language: 'French', translate: true });
    const [call] = upstream.calls;
    expect(call?.path).toBe('/v1/audio/translations');
    const form = await formOf(call);
    expect(form.get('response_format')).toBe('verbose_json');
    expect(form.has('language')).toBe(false);
    expect(form.has('timestamp_granularities[]')).toBe(false);
  });

  it('tolerates a trailing slash on the base URL', async () => {
    await transcribe(model({ baseUrl: `${upstream.baseUrl}/` }));
    expect(upstream.calls[0]?.path).toBe('/v1/audio/transcriptions');
  });

  it('sends no language, and warns, for a language name with no ISO code', async () => {
    const result = await transcribe(model(), { language: 'Klingon' });
    const form = await formOf(upstream.calls[0]);
    expect(form.has('language')).toBe(false);
    expect(form.get('model')).toBe('whisper-1');
    expect(warningTexts(result.warnings)).toEqual(['language "Klingon" has no ISO code; the provider detected it']);
  });

  it('has no warnings for a known language', async () => {
    const result = await transcribe(model(), { language: 'english' });
    expect((await formOf(upstream.calls[0])).get('language')).toBe('en');
    expect(result.warnings).toEqual([]);
  });

  it('sends no authorization header without a key', async () => {
    await transcribe(model({ apiKey: undefined }));
    expect(upstream.calls[0]?.headers.authorization).toBeUndefined();
  });

  it('describes itself as an engine for any language', () => {
    const m = model();
    expect(m.provider).toBe('openai');
    expect(m.modelId).toBe('whisper-1');
    expect(m.languages).toBeUndefined();
    expect(m.maxChunkSeconds).toBeGreaterThan(0);
  });
});

describe('OpenAICompatibleAsrModel answers', () => {
  it('maps verbose_json segments to trimmed {start, end, text} without speakers', async () => {
    upstream.handle((_call, res) =>
      replyJson(res, 200, {
        task: 'transcribe',
        language: 'french',
        duration: 4.2,
        text: ' Bonjour à tous. On commence ?',
        segments: [
          {
            id: 0,
            seek: 0,
            start: 0,
            end: 1.5,
            text: ' Bonjour à tous. ',
            tokens: [1, 2],
            avg_logprob: -0.2,
            no_speech_prob: 0.01,
          },
          {
            id: 1,
            seek: 0,
            start: 1.5,
            end: 4.2,
            text: '  On commence ?\n',
            tokens: [3],
            avg_logprob: -0.3,
            no_speech_prob: 0.02,
          },
        ],
      }),
    );
    const result = await transcribe(model());
    expect(result).toEqual({
      segments: [
        { start: 0, end: 1.5, text: 'Bonjour à tous.' },
        { start: 1.5, end: 4.2, text: 'On commence ?' },
      ],
      diarized: false,
      warnings: [],
      language: 'French',
    });
    for (const s of result.segments) expect(s).not.toHaveProperty('speaker');
  });

  it('marks the result diarized and keeps or numbers speakers when the answer has them', async () => {
    upstream.handle((_call, res) =>
      replyJson(res, 200, {
        text: 'a b c',
        segments: [
          { start: 0, end: 1, text: 'a', speaker: 0 },
          { start: 1, end: 2, text: 'b', speaker: 1 },
          { start: 2, end: 3, text: 'c', speaker: 'SPEAKER_07' },
          { start: 3, end: 4, text: 'd' },
        ],
      }),
    );
    const result = await transcribe(model());
    expect(result.diarized).toBe(true);
    expect(result.segments).toEqual([
      { start: 0, end: 1, text: 'a', speaker: 'Speaker 1' },
      { start: 1, end: 2, text: 'b', speaker: 'Speaker 2' },
      { start: 2, end: 3, text: 'c', speaker: 'SPEAKER_07' },
      { start: 3, end: 4, text: 'd' },
    ]);
  });

  it('turns text without segments into one segment spanning the audio', async () => {
    upstream.handle((_call, res) => replyJson(res, 200, { text: '  Bonjour tout le monde.  ' }));
    const result = await transcribe(model(), { wav: wavOf(2.5) });
    expect(result.diarized).toBe(false);
    expect(result.segments).toHaveLength(1);
    expect(result.segments[0]?.start).toBe(0);
    expect(result.segments[0]?.end).toBeCloseTo(2.5, 6);
    expect(result.segments[0]?.text).toBe('Bonjour tout le monde.');
  });

  it('treats an empty segments array like a missing one', async () => {
    upstream.handle((_call, res) => replyJson(res, 200, { text: 'Salut.', segments: [] }));
    const result = await transcribe(model(), { wav: wavOf(1) });
    expect(result.segments).toEqual([{ start: 0, end: 1, text: 'Salut.' }]);
  });

  it.each([
    ['no text at all', {}],
    ['blank text', { text: '   ' }],
  ])('returns no segments for %s', async (_name, body) => {
    upstream.handle((_call, res) => replyJson(res, 200, body));
    const result = await transcribe(model());
    expect(result).toEqual({ segments: [], diarized: false, warnings: [] });
  });
});

describe('OpenAICompatibleAsrModel failures', () => {
  it('retries a 503 and succeeds on the next answer', async () => {
    upstream.handle((_call, res) => {
      if (upstream.calls.length === 1) replyJson(res, 503, { error: 'loading model' });
      else replyJson(res, 200, { text: 'ok', segments: [{ start: 0, end: 1, text: 'ok' }] });
    });
    const result = await transcribe(model());
    expect(result.segments).toEqual([{ start: 0, end: 1, text: 'ok' }]);
    expect(upstream.calls).toHaveLength(2);
    // The retry sends the whole upload again, not an empty body.
    const [first, second] = upstream.calls;
    expect(second?.raw.length).toBeGreaterThan(0);
    expect((await formOf(second)).get('model')).toBe((await formOf(first)).get('model'));
  });

  it('gives up on a persistent 5xx after the configured retries', async () => {
    upstream.handle((_call, res) => replyJson(res, 500, { error: 'internal stack trace' }));
    const error = await rejection(transcribe(model()));
    expect(error.message).toBe('The transcription provider answered 500');
    expect(error.isRetryable).toBe(true);
    expect(upstream.calls).toHaveLength(3);
  });

  it('does not retry a 400', async () => {
    upstream.handle((_call, res) => replyJson(res, 400, { error: { message: 'Invalid language secret-detail' } }));
    const error = await rejection(transcribe(model()));
    expect(error.message).toBe('The transcription provider answered 400');
    expect(error.message).not.toContain('secret-detail');
    expect(error.isRetryable).toBe(false);
    expect(error.upstreamStatus).toBe(400);
    expect(upstream.calls).toHaveLength(1);
  });

  it('fails clearly, without retrying, on malformed JSON', async () => {
    upstream.handle((_call, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"text": "unterminated');
    });
    const error = await rejection(transcribe(model()));
    expect(error.message).toBe('The transcription provider returned invalid JSON');
    expect(error.isRetryable).toBe(false);
    expect(upstream.calls).toHaveLength(1);
  });

  it.each([
    ['segments that are not an array', { text: 'x', segments: 'nope' }],
    ['a segment without timestamps', { segments: [{ text: 'x' }] }],
    ['a segment with string times', { segments: [{ start: '0', end: '1', text: 'x' }] }],
    ['a non-string text', { text: 42 }],
    [
      'a speaker that is neither a string nor a number',
      { segments: [{ start: 0, end: 1, text: 'x', speaker: { id: 1 } }] },
    ],
    ['a JSON array', [{ start: 0, end: 1, text: 'x' }]],
    ['JSON null', null],
  ])('fails clearly, without retrying, on an unexpected shape: %s', async (_name, body) => {
    upstream.handle((_call, res) => replyJson(res, 200, body));
    const error = await rejection(transcribe(model()));
    expect(error.message).toBe('The transcription provider returned an unexpected response');
    expect(error.isRetryable).toBe(false);
    expect(upstream.calls).toHaveLength(1);
  });

  it('turns a timeout into a retryable UpstreamError', async () => {
    upstream.handle(() => undefined);
    const error = await rejection(transcribe(model({ timeoutMs: 150, retry: { retries: 0 } })));
    expect(error.message).toBe('The transcription provider timed out');
    expect(error.isRetryable).toBe(true);
    expect(upstream.calls).toHaveLength(1);
  });

  it('retries a timeout like any other retryable failure', async () => {
    upstream.handle((_call, res) => {
      if (upstream.calls.length === 1) return;
      replyJson(res, 200, { text: 'late but fine' });
    });
    const result = await transcribe(model({ timeoutMs: 150, retry: { retries: 1, sleep: async () => {} } }));
    expect(result.segments.map((s) => s.text)).toEqual(['late but fine']);
    expect(upstream.calls).toHaveLength(2);
  });

  it("does not retry after the caller's own cancellation", async () => {
    const controller = new AbortController();
    // The caller cancels once the server has the request (not after a time, which a busy machine may not reach it in).
    upstream.handle(() => controller.abort());
    const error = await rejection(transcribe(model({ timeoutMs: 5_000 }), { abortSignal: controller.signal }));
    expect(error.isRetryable).toBe(false);
    expect(upstream.calls).toHaveLength(1);
  });

  it('reports an unreachable server as retryable', async () => {
    const closed = await startFakeUpstream();
    await closed.close();
    const error = await rejection(transcribe(model({ baseUrl: closed.baseUrl, retry: { retries: 0 } })));
    expect(error.message).toBe('The transcription provider could not be reached');
    expect(error.isRetryable).toBe(true);
  });
});

describe('languageCode', () => {
  it.each([
    ['English', 'en'],
    ['French', 'fr'],
    ['Chinese', 'zh'],
    ['German', 'de'],
    ['Spanish', 'es'],
    ['Japanese', 'ja'],
    ['Portuguese', 'pt'],
    ['Hebrew', 'he'],
    ['Indonesian', 'id'],
    ['Javanese', 'jv'],
    // Deprecated aliases sort first (mo, ji) but providers only accept the current code.
    ['Romanian', 'ro'],
    ['Yiddish', 'yi'],
  ])('maps %s to %s', (name, code) => {
    expect(languageCode(name)).toBe(code);
  });

  it('is case-insensitive and ignores surrounding spaces', () => {
    expect(languageCode('english')).toBe('en');
    expect(languageCode('ENGLISH')).toBe('en');
    expect(languageCode('fReNcH')).toBe('fr');
    expect(languageCode('  Chinese ')).toBe('zh');
  });

  it('has no code for names ISO 639-1 does not have', () => {
    // Klingon is tlh, a three-letter ISO 639-2 code; only two-letter codes are mapped.
    expect(languageCode('Klingon')).toBeUndefined();
    expect(languageCode('')).toBeUndefined();
    expect(languageCode('en')).toBeUndefined();
    expect(languageCode('Frenchish')).toBeUndefined();
  });
});

describe('languageName', () => {
  it('turns what providers report (a lower-case name or a code) into the name the API writes', () => {
    expect(languageName('french')).toBe('French');
    expect(languageName('en')).toBe('English');
    expect(languageName(' de ')).toBe('German');
    expect(languageName('Klingon')).toBe('Klingon');
  });
});
