import { describe, expect, it } from 'vitest';
import { replyBytes, replyJson, fakeUpstreamForFile } from '../../../../test/helpers/fake-upstream.js';
import { rejection } from '../../../../test/helpers/upstream-rejection.js';
import { encodeWav } from '../../audio/wav.js';
import type { ProviderVoice } from '../../spec/tts-model.js';
import {
  type OpenAICompatibleTtsConfig,
  OpenAICompatibleTtsModel,
  parseOpenAIVoices,
} from './openai-compatible-tts-model.js';

const upstream = fakeUpstreamForFile();

const VOICES: ProviderVoice[] = [
  { providerVoiceId: 'alloy', name: 'Alloy', description: 'OpenAI-compatible voice alloy', language: 'English' },
  { providerVoiceId: 'nova', name: 'Nova', description: 'A bright voice', language: 'English', gender: 'female' },
];

const model = (overrides: Partial<OpenAICompatibleTtsConfig> = {}) =>
  new OpenAICompatibleTtsModel({
    baseUrl: upstream.baseUrl,
    apiKey: 'sk-tts-secret',
    model: 'tts-1',
    voices: VOICES,
    timeoutMs: 2_000,
    retry: { retries: 2, sleep: async () => {} },
    ...overrides,
  });

const tone = (samples: number) => {
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) pcm.writeInt16LE(Math.round(Math.sin(i / 5) * 8_000), i * 2);
  return pcm;
};

const speak = (
  m: OpenAICompatibleTtsModel,
  settings: Record<string, number | boolean> = {},
  abortSignal?: AbortSignal,
) => m.doGenerate({ providerVoiceId: 'nova', text: 'Hello there.', settings, abortSignal });

describe('OpenAICompatibleTtsModel', () => {
  it('posts the model, text, voice, wav format and speed, and parses the WAV reply', async () => {
    const pcm = tone(480);
    upstream.handle((_call, res) => replyBytes(res, 200, 'audio/wav', encodeWav({ pcm, sampleRate: 24_000 })));
    const audio = await speak(model(), { speed: 1.5, volume: 0.8 });
    expect(audio.sampleRate).toBe(24_000);
    expect(audio.pcm.length / 2).toBe(480);
    expect(audio.pcm.equals(pcm)).toBe(true);
    const [call] = upstream.calls;
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/v1/audio/speech');
    expect(call?.headers.authorization).toBe('Bearer sk-tts-secret');
    expect(call?.headers['content-type']).toBe('application/json');
    expect(call?.body).toEqual({
      model: 'tts-1',
      input: 'Hello there.',
      voice: 'nova',
      response_format: 'wav',
      speed: 1.5,
    });
  });

  it('defaults speed to 1 and sends no authorization without a key', async () => {
    upstream.handle((_call, res) =>
      replyBytes(res, 200, 'audio/wav', encodeWav({ pcm: tone(10), sampleRate: 16_000 })),
    );
    await speak(model({ apiKey: undefined }));
    expect(upstream.calls[0]?.body.speed).toBe(1);
    expect(upstream.calls[0]?.headers.authorization).toBeUndefined();
  });

  it('reads a streamed WAV whose data size is a placeholder', async () => {
    const wav = encodeWav({ pcm: tone(300), sampleRate: 24_000 });
    wav.writeUInt32LE(0xffffffff, 4);
    wav.writeUInt32LE(0xffffffff, 40);
    upstream.handle((_call, res) => replyBytes(res, 200, 'audio/wav', wav));
    const audio = await speak(model());
    expect(audio.pcm.length).toBe(600);
  });

  it('lists the configured voices and describes its settings', async () => {
    const m = model();
    expect(m.provider).toBe('openai');
    expect(await m.listVoices()).toEqual(VOICES);
    expect(m.settings).toEqual([
      expect.objectContaining({ name: 'speed', type: 'number', default: 1, min: 0.25, max: 4 }),
    ]);
    expect(m.maxChunkCharacters).toBe(4000);
    expect(upstream.calls).toHaveLength(0);
  });

  it('retries a 503 and then succeeds', async () => {
    let attempts = 0;
    upstream.handle((_call, res) => {
      attempts += 1;
      if (attempts === 1) return replyJson(res, 503, { error: 'overloaded' });
      replyBytes(res, 200, 'audio/wav', encodeWav({ pcm: tone(50), sampleRate: 24_000 }));
    });
    const audio = await speak(model());
    expect(audio.pcm.length).toBe(100);
    expect(upstream.calls).toHaveLength(2);
  });

  it('does not retry a 400 and keeps the upstream body out of the message', async () => {
    upstream.handle((_call, res) => replyJson(res, 400, { error: { message: 'secret upstream detail' } }));
    const error = await rejection(speak(model()));
    expect(error).toMatchObject({
      isRetryable: false,
      upstreamStatus: 400,
      message: 'The speech provider answered 400',
    });
    expect(upstream.calls).toHaveLength(1);
  });

  it('times out, retries, and fails with a retryable error', async () => {
    // An answer that never comes: only the time limit or the abort can end the call.
    upstream.handle(() => {});
    const error = await rejection(speak(model({ timeoutMs: 80, retry: { retries: 1, sleep: async () => {} } })));
    expect(error).toMatchObject({ isRetryable: true, message: 'The speech provider timed out' });
    expect(upstream.calls).toHaveLength(2);
  });

  it('stops without retrying when the caller aborts', async () => {
    // The caller gives up once the call has reached the provider (a timer could fire before it is sent on a busy machine).
    const caller = new AbortController();
    // It never answers: only the abort can end the call.
    upstream.handle(() => caller.abort());
    const error = await rejection(speak(model(), {}, caller.signal));
    expect(error.isRetryable).toBe(false);
    expect(upstream.calls).toHaveLength(1);
  });

  it('rejects a reply that is not WAV', async () => {
    upstream.handle((_call, res) => replyBytes(res, 200, 'audio/mpeg', Buffer.from('ID3\u0004\u0000fake mp3 frames')));
    const error = await rejection(speak(model()));
    expect(error).toMatchObject({
      isRetryable: false,
      message: 'The speech provider returned audio in an unexpected format',
    });
    expect(upstream.calls).toHaveLength(1);
  });

  it('rejects a WAV that is not 16-bit PCM', async () => {
    const wav = encodeWav({ pcm: tone(10), sampleRate: 24_000 });
    wav.writeUInt16LE(3, 20);
    upstream.handle((_call, res) => replyBytes(res, 200, 'audio/wav', wav));
    await expect(speak(model())).rejects.toThrow('unexpected format');
  });
});

describe('parseOpenAIVoices', () => {
  it('reads a comma list of names', () => {
    expect(parseOpenAIVoices(' alloy, echo ,nova,')).toEqual([
      { providerVoiceId: 'alloy', name: 'Alloy', description: 'OpenAI-compatible voice alloy', language: 'English' },
      { providerVoiceId: 'echo', name: 'Echo', description: 'OpenAI-compatible voice echo', language: 'English' },
      { providerVoiceId: 'nova', name: 'Nova', description: 'OpenAI-compatible voice nova', language: 'English' },
    ]);
  });

  it('reads a JSON array, filling in what is missing', () => {
    const raw = JSON.stringify([
      {
        id: 'af_bella',
        name: 'Bella',
        description: 'Warm narrator',
        language: 'English',
        accent: 'American',
        gender: 'female',
      },
      { id: 'ef_dora', language: 'Spanish' },
    ]);
    expect(parseOpenAIVoices(raw)).toEqual([
      {
        providerVoiceId: 'af_bella',
        name: 'Bella',
        description: 'Warm narrator',
        language: 'English',
        accent: 'American',
        gender: 'female',
      },
      {
        providerVoiceId: 'ef_dora',
        name: 'Ef_dora',
        description: 'OpenAI-compatible voice ef_dora',
        language: 'Spanish',
      },
    ]);
  });

  it('throws a clear error on bad input', () => {
    expect(() => parseOpenAIVoices('  ')).toThrow(/voice list is empty/);
    expect(() => parseOpenAIVoices('alloy echo')).toThrow(/invalid voice name "alloy echo"/);
    expect(() => parseOpenAIVoices('alloy,alloy')).toThrow(/"alloy" twice/);
    expect(() => parseOpenAIVoices('[{"id": "alloy"')).toThrow(/not valid JSON/);
    expect(() => parseOpenAIVoices('[]')).toThrow(/non-empty JSON array/);
    expect(() => parseOpenAIVoices('[{"name": "Alloy"}]')).toThrow(/at 0\.id/);
    expect(() => parseOpenAIVoices('[{"id": "alloy", "gender": "robot"}]')).toThrow(/at 0\.gender/);
  });
});
