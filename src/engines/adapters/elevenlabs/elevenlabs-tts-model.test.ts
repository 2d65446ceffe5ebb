import { beforeAll, describe, expect, it } from 'vitest';
import { replyBytes, replyJson, fakeUpstreamForFile } from '../../../../test/helpers/fake-upstream.js';
import { rejection } from '../../../../test/helpers/upstream-rejection.js';
import { type ElevenLabsTtsConfig, ElevenLabsTtsModel } from './elevenlabs-tts-model.js';

const upstream = fakeUpstreamForFile();
let baseUrl: string;

beforeAll(async () => {
  baseUrl = upstream.baseUrl.replace(/\/v1$/, '');
});

const model = (overrides: Partial<ElevenLabsTtsConfig> = {}) =>
  new ElevenLabsTtsModel({
    baseUrl,
    apiKey: 'xi-secret',
    modelId: 'eleven_multilingual_v2',
    timeoutMs: 2_000,
    retry: { retries: 2, sleep: async () => {} },
    ...overrides,
  });

const pcm = (samples: number) => {
  const buffer = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) buffer.writeInt16LE(Math.round(Math.sin(i / 7) * 9_000), i * 2);
  return buffer;
};

const speak = (m: ElevenLabsTtsModel, settings: Record<string, number | boolean> = {}) =>
  m.doGenerate({ providerVoiceId: 'JBFqnCBsd6RMkjVDRZzb', text: 'Good evening.', settings });

const VOICE_LIST = {
  voices: [
    {
      voice_id: 'JBFqnCBsd6RMkjVDRZzb',
      name: 'George',
      category: 'premade',
      description: null,
      labels: { accent: 'british', gender: 'male', age: 'middle_aged', description: 'warm', use_case: 'narration' },
    },
    {
      voice_id: 'XB0fDUnXU5powFXDhCwa',
      name: 'Charlotte',
      category: 'premade',
      description: 'Seductive Swedish',
      labels: { accent: 'swedish', gender: 'female', language: 'sv' },
    },
    { voice_id: 'cl0n3d', name: 'My narrator', category: 'cloned', labels: {} },
  ],
};

describe('ElevenLabsTtsModel speech', () => {
  it('posts text, model and voice settings to the voice, and returns the raw PCM at 22050 Hz', async () => {
    const audio = pcm(2_205);
    upstream.handle((_call, res) => replyBytes(res, 200, 'audio/pcm', audio));
    const result = await speak(model(), {
      stability: 0.3,
      similarity_boost: 0.9,
      style: 0.2,
      use_speaker_boost: false,
      speed: 1.1,
      volume: 1.5,
    });
    expect(result.sampleRate).toBe(22_050);
    expect(result.pcm.length / 2).toBe(2_205);
    expect(result.pcm.equals(audio)).toBe(true);
    const [call] = upstream.calls;
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/v1/text-to-speech/JBFqnCBsd6RMkjVDRZzb?output_format=pcm_22050');
    expect(call?.headers['xi-api-key']).toBe('xi-secret');
    expect(call?.headers['content-type']).toBe('application/json');
    expect(call?.body).toEqual({
      text: 'Good evening.',
      model_id: 'eleven_multilingual_v2',
      voice_settings: { stability: 0.3, similarity_boost: 0.9, style: 0.2, use_speaker_boost: false, speed: 1.1 },
    });
  });

  it('fills in default voice settings and drops a trailing odd byte', async () => {
    upstream.handle((_call, res) => replyBytes(res, 200, 'audio/pcm', Buffer.concat([pcm(100), Buffer.from([0x7f])])));
    const result = await speak(model());
    expect(result.pcm.length).toBe(200);
    expect(upstream.calls[0]?.body.voice_settings).toEqual({
      stability: 0.5,
      similarity_boost: 0.75,
      style: 0,
      use_speaker_boost: true,
      speed: 1,
    });
  });

  it('describes its settings', () => {
    const m = model();
    expect(m.provider).toBe('elevenlabs');
    expect(m.maxChunkCharacters).toBe(2500);
    expect(m.settings.map((s) => [s.name, s.default, s.min, s.max])).toEqual([
      ['stability', 0.5, 0, 1],
      ['similarity_boost', 0.75, 0, 1],
      ['style', 0, 0, 1],
      ['use_speaker_boost', true, undefined, undefined],
      ['speed', 1, 0.7, 1.2],
    ]);
  });

  it('retries a 503 and then succeeds', async () => {
    let attempts = 0;
    upstream.handle((_call, res) => {
      attempts += 1;
      if (attempts === 1) return replyJson(res, 503, { detail: 'busy' });
      replyBytes(res, 200, 'audio/pcm', pcm(10));
    });
    expect((await speak(model())).pcm.length).toBe(20);
    expect(upstream.calls).toHaveLength(2);
  });

  it('does not retry a 400, and names a rejected key on 401', async () => {
    upstream.handle((_call, res) => replyJson(res, 400, { detail: { message: 'secret upstream detail' } }));
    expect(await rejection(speak(model()))).toMatchObject({
      isRetryable: false,
      upstreamStatus: 400,
      message: 'ElevenLabs answered 400',
    });
    upstream.handle((_call, res) => replyJson(res, 401, { detail: 'invalid_api_key' }));
    expect(await rejection(speak(model()))).toMatchObject({
      isRetryable: false,
      message: 'ElevenLabs rejected the API key',
    });
    expect(upstream.calls).toHaveLength(2);
  });

  it('times out, retries, and fails with a retryable error', async () => {
    // An answer that never comes: only the time limit or the abort can end the call.
    upstream.handle(() => {});
    const error = await rejection(speak(model({ timeoutMs: 80, retry: { retries: 1, sleep: async () => {} } })));
    expect(error).toMatchObject({ isRetryable: true, message: 'ElevenLabs timed out' });
    expect(upstream.calls).toHaveLength(2);
  });

  it('rejects a JSON reply or an empty body instead of playing it', async () => {
    upstream.handle((_call, res) => replyJson(res, 200, { audio: 'nope' }));
    expect(await rejection(speak(model()))).toMatchObject({
      isRetryable: false,
      message: 'ElevenLabs returned audio in an unexpected format',
    });
    upstream.handle((_call, res) => replyBytes(res, 200, 'audio/pcm', Buffer.alloc(0)));
    expect(await rejection(speak(model()))).toMatchObject({
      isRetryable: false,
      message: 'ElevenLabs returned no audio',
    });
  });
});

describe('ElevenLabsTtsModel voices', () => {
  it('maps the voice list', async () => {
    upstream.handle((_call, res) => replyJson(res, 200, VOICE_LIST));
    const george = {
      name: 'George',
      description: 'Warm, middle aged, british, male, narration',
      accent: 'British',
      gender: 'male',
    };
    const charlotte = {
      name: 'Charlotte',
      description: 'Seductive Swedish',
      language: 'Swedish',
      accent: 'Swedish',
      gender: 'female',
    };
    expect(await model().listVoices()).toEqual([
      { providerVoiceId: 'JBFqnCBsd6RMkjVDRZzb', ...george, language: 'English', cloned: false },
      { providerVoiceId: 'XB0fDUnXU5powFXDhCwa', ...charlotte, cloned: false },
      {
        providerVoiceId: 'cl0n3d',
        name: 'My narrator',
        description: 'ElevenLabs voice My narrator',
        language: 'English',
        cloned: true,
      },
    ]);
    const [call] = upstream.calls;
    expect(call).toMatchObject({ method: 'GET', path: '/v1/voices' });
    expect(call?.headers['xi-api-key']).toBe('xi-secret');
  });

  it('caches the list for five minutes, shares one request, and refetches when invalidated', async () => {
    upstream.handle((_call, res) => replyJson(res, 200, VOICE_LIST));
    let now = 1_000_000;
    const m = model({ now: () => now });
    await Promise.all([m.listVoices(), m.listVoices()]);
    now += 4 * 60_000;
    (await m.listVoices())[0]!.name = 'mutated by a caller';
    expect(upstream.calls).toHaveLength(1);
    expect((await m.listVoices())[0]?.name).toBe('George');
    now += 60_000;
    await m.listVoices();
    expect(upstream.calls).toHaveLength(2);
    m.invalidateVoices();
    await m.listVoices();
    expect(upstream.calls).toHaveLength(3);
  });

  it('does not cache a failure, and reports malformed lists clearly', async () => {
    const m = model();
    upstream.handle((_call, res) => replyJson(res, 200, { voices: [{ name: 'no id' }] }));
    expect(await rejection(m.listVoices())).toMatchObject({
      isRetryable: false,
      message: 'ElevenLabs returned an unexpected voice list',
    });
    upstream.handle((_call, res) => replyBytes(res, 200, 'application/json', Buffer.from('{"voices": [')));
    expect(await rejection(m.listVoices())).toMatchObject({
      isRetryable: false,
      message: 'ElevenLabs returned invalid JSON',
    });
    upstream.handle((_call, res) => replyJson(res, 200, VOICE_LIST));
    expect(await m.listVoices()).toHaveLength(3);
    expect(upstream.calls).toHaveLength(3);
  });
});

describe('ElevenLabsTtsModel cloning', () => {
  it('uploads the samples as multipart form data and returns the new voice', async () => {
    const sample = Buffer.from([0x49, 0x44, 0x33, 0x00, 0xff, 0xfe, 0x10, 0x80, 0x00, 0x01]);
    upstream.handle((call, res) => {
      if (call.path === '/v1/voices') return replyJson(res, 200, VOICE_LIST);
      replyJson(res, 200, { voice_id: 'n3wV01c3', requires_verification: false });
    });
    const m = model();
    await m.listVoices();
    const voice = await m.cloneVoice({
      name: 'Grandpa Joe',
      description: 'Storyteller',
      samples: [
        { filename: 'first.mp3', contentType: 'audio/mpeg', data: sample },
        { filename: 'second.wav', contentType: 'audio/wav', data: Buffer.from('RIFF-second-sample') },
      ],
    });
    expect(voice).toEqual({
      providerVoiceId: 'n3wV01c3',
      name: 'Grandpa Joe',
      description: 'Storyteller',
      language: 'English',
      cloned: true,
    });
    const call = upstream.calls[1];
    expect(call).toMatchObject({ method: 'POST', path: '/v1/voices/add' });
    expect(call?.headers['xi-api-key']).toBe('xi-secret');
    expect(call?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const raw = call?.raw ?? Buffer.alloc(0);
    expect(raw.includes(sample)).toBe(true);
    expect(raw.includes('RIFF-second-sample')).toBe(true);
    const text = raw.toString('latin1');
    expect(text).toMatch(/name="name"\r\n\r\nGrandpa Joe\r\n/);
    expect(text).toMatch(/name="description"\r\n\r\nStoryteller\r\n/);
    expect(text).toContain('name="files"; filename="first.mp3"\r\nContent-Type: audio/mpeg');
    expect(text).toContain('name="files"; filename="second.wav"\r\nContent-Type: audio/wav');
    await m.listVoices();
    expect(upstream.calls).toHaveLength(3);
  });

  it('does not retry an upload, which could leave a duplicate voice behind', async () => {
    upstream.handle((_call, res) => replyJson(res, 503, { detail: 'busy' }));
    const error = await rejection(
      model().cloneVoice({
        name: 'X',
        samples: [{ filename: 'a.mp3', contentType: 'audio/mpeg', data: Buffer.from('a') }],
      }),
    );
    expect(error).toMatchObject({ isRetryable: true, upstreamStatus: 503 });
    expect(upstream.calls).toHaveLength(1);
  });

  it('deletes a voice, counts 404 as done, and invalidates the cache', async () => {
    let deleteStatus = 200;
    upstream.handle((call, res) => {
      if (call.method === 'GET') return replyJson(res, 200, VOICE_LIST);
      replyJson(res, deleteStatus, deleteStatus === 200 ? { status: 'ok' } : { detail: 'voice_not_found' });
    });
    const m = model();
    await m.listVoices();
    await m.deleteVoice('cl0n3d');
    deleteStatus = 404;
    await expect(m.deleteVoice('already-gone')).resolves.toBeUndefined();
    await m.listVoices();
    expect(upstream.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /v1/voices',
      'DELETE /v1/voices/cl0n3d',
      'DELETE /v1/voices/already-gone',
      'GET /v1/voices',
    ]);
    expect(upstream.calls[1]?.headers['xi-api-key']).toBe('xi-secret');
    deleteStatus = 403;
    expect(await rejection(m.deleteVoice('not-mine'))).toMatchObject({ isRetryable: false, upstreamStatus: 403 });
  });
});
