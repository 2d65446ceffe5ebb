import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '../src/engines/audio/wav.js';
import { type FakeUpstream, replyBytes, startFakeUpstream } from './helpers/fake-upstream.js';
import { probeAudio } from './helpers/media.js';
import { type TestApp, startTestApp, listening } from './helpers/test-app.js';

// The `instructions` of /v1/audio/speech reach an OpenAI-compatible speech server (a fake upstream that records what
// it receives), with every piece of the text; an engine that cannot take them (espeak-ng) says so in a warning header.

let t: TestApp;
let base: string;
let key: string;
let upstream: FakeUpstream;
const tone = encodeWav({ pcm: Buffer.alloc(24_000 * 2, 0x10), sampleRate: 24_000 });
const INSTRUCTIONS = 'Speak slowly, in a warm and cheerful tone.';

beforeAll(async () => {
  upstream = await startFakeUpstream();
  upstream.handle((_call, res) => replyBytes(res, 200, 'audio/wav', tone));
  t = await startTestApp({
    ATELIER_RATE_LIMIT_ENABLED: 'false',
    ATELIER_TTS_OPENAI_BASE_URL: upstream.baseUrl,
    ATELIER_TTS_MODEL_ALIASES: 'tts-1=espeak-ng,gpt-4o-mini-tts=openai',
  });
  base = await listening(t);
  key = (await t.account({ plan: 'pro' })).key;
});
afterAll(async () => {
  await t?.close();
  await upstream?.close();
});

const client = () => new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 });

describe('instructions of /v1/audio/speech', () => {
  it('reach the OpenAI-compatible speech server with every piece, and no warning says otherwise', async () => {
    const before = upstream.calls.length;
    const input = `First piece. ${'word '.repeat(60)}. Second piece. ${'word '.repeat(60)}.`;
    const { data, response } = await client()
      .audio.speech.create({
        model: 'gpt-4o-mini-tts',
        voice: 'alloy',
        input,
        instructions: INSTRUCTIONS,
        response_format: 'wav',
      })
      .withResponse();
    expect(response.headers.get('x-atelier-engine')).toBe('openai');
    expect(response.headers.get('x-atelier-warning') ?? '').not.toContain('instructions');
    expect((await probeAudio(Buffer.from(await data.arrayBuffer()))).codec).toBe('pcm_s16le');
    const calls = upstream.calls.slice(before);
    expect(calls.length).toBeGreaterThanOrEqual(2);
    for (const call of calls) {
      expect(call.path).toBe('/v1/audio/speech');
      expect(call.body.instructions).toBe(INSTRUCTIONS);
    }
  });

  it('are not sent when absent', async () => {
    const before = upstream.calls.length;
    await (
      await client().audio.speech.create({ model: 'gpt-4o-mini-tts', voice: 'alloy', input: 'Hello.' })
    ).arrayBuffer();
    const call = upstream.calls[before];
    expect(call?.body).not.toHaveProperty('instructions');
  });

  it('an engine that cannot take them (espeak-ng) says so in x-atelier-warning, and the server is not called', async () => {
    const before = upstream.calls.length;
    const { data, response } = await client()
      .audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'Hello there.', instructions: INSTRUCTIONS })
      .withResponse();
    await data.arrayBuffer();
    expect(response.headers.get('x-atelier-engine')).toBe('espeak-ng');
    expect(response.headers.get('x-atelier-warning')).toContain('instructions are not supported by espeak-ng');
    expect(upstream.calls.length).toBe(before);
  });
});
