import { beforeAll, describe, expect, it } from 'vitest';
import { fakeUpstreamForFile, replyBytes, replyJson } from '../../../../test/helpers/fake-upstream.js';
import { rejection } from '../../../../test/helpers/upstream-rejection.js';
import { type ElevenLabsSoundConfig, ElevenLabsSoundModel } from './elevenlabs-sound-model.js';

const upstream = fakeUpstreamForFile();
let baseUrl: string;

beforeAll(() => {
  baseUrl = upstream.baseUrl.replace(/\/v1$/, '');
});

const model = (overrides: Partial<ElevenLabsSoundConfig> = {}) =>
  new ElevenLabsSoundModel({
    baseUrl,
    apiKey: 'xi-secret',
    timeoutMs: 2_000,
    retry: { retries: 2, sleep: async () => {} },
    ...overrides,
  });

/** A few bytes that start like an MP3 frame (sync word, MPEG-1 layer III). */
const MP3 = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(400, 0x55)]);
const ID3_MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(100, 1)]);

const generate = (m: ElevenLabsSoundModel, prompt = 'Rain on a tin roof') =>
  m.doGenerate({ prompt, durationSeconds: 3.5, promptInfluence: 0.6 });

describe('ElevenLabsSoundModel', () => {
  it('posts text, duration_seconds and prompt_influence with the key, and returns the MP3 as it came', async () => {
    upstream.handle((_call, res) => replyBytes(res, 200, 'audio/mpeg', MP3));
    const result = await generate(model());
    expect(result).toEqual({ audio: { data: MP3, mediaType: 'audio/mpeg' }, durationSeconds: 3.5, warnings: [] });
    expect(upstream.calls).toHaveLength(1);
    const [call] = upstream.calls;
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/v1/sound-generation');
    expect(call?.headers['xi-api-key']).toBe('xi-secret');
    expect(call?.headers['content-type']).toBe('application/json');
    expect(call?.body).toEqual({ text: 'Rain on a tin roof', duration_seconds: 3.5, prompt_influence: 0.6 });
  });

  it('accepts an MP3 that starts with an ID3 tag, and a content type the proxy left out', async () => {
    upstream.handle((_call, res) => replyBytes(res, 200, 'application/octet-stream', ID3_MP3));
    expect((await generate(model())).audio.data).toEqual(ID3_MP3);
  });

  it('retries a 503 and a 429, then succeeds', async () => {
    let attempts = 0;
    upstream.handle((_call, res) => {
      attempts += 1;
      if (attempts === 1) return replyJson(res, 503, { detail: 'busy' });
      if (attempts === 2) return replyJson(res, 429, { detail: 'too_many_concurrent_requests' });
      replyBytes(res, 200, 'audio/mpeg', MP3);
    });
    expect((await generate(model())).audio.data).toEqual(MP3);
    expect(upstream.calls).toHaveLength(3);
  });

  it('does not retry a 400 or a 422, names a rejected key on 401, and never repeats what upstream said', async () => {
    upstream.handle((_call, res) => replyJson(res, 400, { detail: { message: 'secret upstream detail' } }));
    const bad = await rejection(generate(model()));
    expect(bad).toMatchObject({ isRetryable: false, upstreamStatus: 400, message: 'ElevenLabs answered 400' });
    expect(bad.message).not.toContain('secret');
    upstream.handle((_call, res) => replyJson(res, 422, { detail: [{ msg: 'duration_seconds too large' }] }));
    expect(await rejection(generate(model()))).toMatchObject({
      isRetryable: false,
      upstreamStatus: 422,
      message: 'ElevenLabs refused the sound request',
    });
    upstream.handle((_call, res) => replyJson(res, 401, { detail: 'invalid_api_key' }));
    expect(await rejection(generate(model()))).toMatchObject({
      isRetryable: false,
      message: 'ElevenLabs rejected the API key',
    });
    expect(upstream.calls).toHaveLength(3);
  });

  it('times out, retries, and fails with a retryable error', async () => {
    // An answer that never comes: only the time limit or the abort can end the call.
    upstream.handle(() => {});
    const error = await rejection(generate(model({ timeoutMs: 80, retry: { retries: 1, sleep: async () => {} } })));
    expect(error).toMatchObject({ isRetryable: true, message: 'ElevenLabs timed out' });
    expect(upstream.calls).toHaveLength(2);
  });

  it('rejects a JSON reply, an empty body or bytes that are no MP3 instead of storing them', async () => {
    upstream.handle((_call, res) => replyJson(res, 200, { audio_base64: 'nope' }));
    expect(await rejection(generate(model()))).toMatchObject({
      isRetryable: false,
      message: 'ElevenLabs returned the sound in an unexpected format',
    });
    upstream.handle((_call, res) => replyBytes(res, 200, 'audio/mpeg', Buffer.alloc(0)));
    expect(await rejection(generate(model()))).toMatchObject({ message: 'ElevenLabs returned no MP3 audio' });
    upstream.handle((_call, res) => replyBytes(res, 200, 'audio/mpeg', Buffer.from('RIFF....WAVEfmt ')));
    expect(await rejection(generate(model()))).toMatchObject({ message: 'ElevenLabs returned no MP3 audio' });
  });

  it('fails as unreachable when nothing listens', async () => {
    const error = await rejection(
      generate(model({ baseUrl: 'http://127.0.0.1:9', retry: { retries: 0, sleep: async () => {} } })),
    );
    expect(error).toMatchObject({ isRetryable: true, message: 'ElevenLabs could not be reached' });
  });
});
