import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeUpstream,
  type UpstreamCall,
  replyBytes,
  replyJson,
  startFakeUpstream,
} from './helpers/fake-upstream.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

/** A stand-in for ElevenLabs: a premade voice, cloning that adds voices, synthesis returning PCM. */
function fakeElevenLabs(upstream: FakeUpstream) {
  const voices = [
    { voice_id: 'premade1', name: 'George', category: 'premade', labels: { accent: 'british', gender: 'male' } },
  ];
  let next = 1;
  upstream.handle((call: UpstreamCall, res: ServerResponse) => {
    if (call.method === 'GET' && call.path === '/v1/voices') return replyJson(res, 200, { voices });
    if (call.method === 'POST' && call.path === '/v1/voices/add') {
      const voice_id = `clone${next++}`;
      voices.push({ voice_id, name: 'cloned', category: 'cloned', labels: { accent: '', gender: '' } });
      return replyJson(res, 200, { voice_id });
    }
    if (call.method === 'DELETE' && call.path.startsWith('/v1/voices/')) {
      const id = call.path.split('/').pop();
      voices.splice(
        voices.findIndex((v) => v.voice_id === id),
        1,
      );
      return replyJson(res, 200, { status: 'ok' });
    }
    if (call.method === 'POST' && call.path.startsWith('/v1/text-to-speech/'))
      return replyBytes(res, 200, 'audio/pcm', Buffer.alloc(22_050 * 2, 1));
    return replyJson(res, 404, { detail: 'not found' });
  });
  return voices;
}

let upstream: FakeUpstream;
let t: TestApp;
let providerVoices: { voice_id: string; category: string }[];

beforeAll(async () => {
  upstream = await startFakeUpstream();
  providerVoices = fakeElevenLabs(upstream);
  t = await startTestApp({
    ATELIER_TTS_LOCAL_PROVIDERS: 'flite',
    ATELIER_ELEVENLABS_API_KEY: 'xi-test',
    ATELIER_ELEVENLABS_BASE_URL: upstream.baseUrl.replace(/\/v1$/, ''),
  });
});
afterAll(async () => {
  await t.close();
  await upstream.close();
});

const sample = {
  filename: 'me.mp3',
  content_type: 'audio/mpeg',
  data_base64: Buffer.from('ID3 fake mp3 bytes').toString('base64'),
};

describe('voice cloning from samples (ElevenLabs configured)', () => {
  it('clones a voice for its owner only, speaks with it, and removes it at the provider on delete', async () => {
    const owner = await t.account();
    const other = await t.account();
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/voices/clone',
      headers: withKey(owner.key),
      payload: { name: 'My voice', samples: [sample] },
    });
    expect(res.statusCode).toBe(201);
    const voice = res.json<{ id: string; base_voice_id: string; provider: string }>();
    expect(voice).toMatchObject({ base_voice_id: 'elevenlabs:clone1', provider: 'elevenlabs' });
    const upload = upstream.calls.find((c) => c.path === '/v1/voices/add');
    expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(upload?.raw.toString('latin1')).toContain('ID3 fake mp3 bytes');

    const publicList = (await t.server.inject({ url: '/api/get-text-to-speech-voices' })).json<{
      voices: { id: string }[];
    }>();
    expect(publicList.voices.map((v) => v.id)).toContain('elevenlabs:premade1');
    expect(publicList.voices.map((v) => v.id)).not.toContain('elevenlabs:clone1');

    const speak = (key: string, voiceID: string) =>
      t.server.inject({
        method: 'POST',
        url: '/api/generate-text-to-speech',
        headers: withKey(key),
        payload: { voiceID, text: 'Cloned hello.' },
      });
    expect((await speak(owner.key, voice.id)).statusCode).toBe(200);
    expect((await speak(other.key, voice.id)).statusCode).toBe(400);
    expect((await speak(other.key, 'elevenlabs:clone1')).statusCode).toBe(400);
    expect((await speak(other.key, 'elevenlabs:premade1')).statusCode).toBe(200);

    expect(
      (await t.server.inject({ method: 'DELETE', url: `/api/voices/${voice.id}`, headers: withKey(owner.key) }))
        .statusCode,
    ).toBe(200);
    expect(providerVoices.map((v) => v.voice_id)).toEqual(['premade1']);
  });

  it('checks the samples', async () => {
    const { key } = await t.account();
    const clone = (payload: Record<string, unknown>) =>
      t.server.inject({ method: 'POST', url: '/api/voices/clone', headers: withKey(key), payload });
    expect((await clone({ name: 'x', samples: [] })).statusCode).toBe(400);
    expect(
      (await clone({ name: 'x', samples: [{ ...sample, content_type: 'text/html' }] })).json<{ error: string }>().error,
    ).toContain('audio type');
    expect((await clone({ name: 'x', samples: [{ ...sample, data_base64: 'not base64!' }] })).statusCode).toBe(400);
    expect((await clone({ name: 'x', samples: [{ ...sample, filename: '../../etc/passwd' }] })).statusCode).toBe(400);
  });
});

describe('voice cloning without a cloning provider', () => {
  it('answers 501 with what to configure', async () => {
    const plain = await startTestApp();
    try {
      const { key } = await plain.account();
      const res = await plain.server.inject({
        method: 'POST',
        url: '/api/voices/clone',
        headers: withKey(key),
        payload: { name: 'x', samples: [sample] },
      });
      expect(res.statusCode).toBe(501);
      expect(res.json<{ error: string }>().error).toContain('ATELIER_ELEVENLABS_API_KEY');
    } finally {
      await plain.close();
    }
  });
});
