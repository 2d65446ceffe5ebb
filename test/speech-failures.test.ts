import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, replyBytes, startFakeUpstream } from './helpers/fake-upstream.js';
import { probeAudio } from './helpers/media.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';
import { encodeWav } from '../src/engines/audio/wav.js';

/** Wrappers around the real programs: they list voices like espeak-ng but fail in chosen ways when speaking. */
const scripts = mkdtempSync(join(tmpdir(), 'atelier-fake-espeak-'));
const wrapper = (name: string, onSpeak: string) => {
  const path = join(scripts, name);
  writeFileSync(path, `#!/bin/sh\nif [ "$1" = "--voices" ]; then exec espeak-ng --voices; fi\n${onSpeak}\n`);
  chmodSync(path, 0o755);
  return path;
};
afterAll(() => rmSync(scripts, { recursive: true, force: true }));

const usage = async (t: TestApp, key: string) =>
  (await t.server.inject({ url: '/api/account', headers: withKey(key) })).json<{ usage: { tts_words_used: number } }>()
    .usage.tts_words_used;
const speak = (t: TestApp, key: string, voiceID: string) =>
  t.server.inject({
    method: 'POST',
    url: '/api/generate-text-to-speech',
    headers: withKey(key),
    payload: { voiceID, text: 'Nothing should be charged for this.' },
  });

describe('a speech program that is missing or crashes', () => {
  it('crashing: 502 with a clear error, no words charged', async () => {
    const t = await startTestApp({
      ATELIER_TTS_LOCAL_PROVIDERS: 'espeak-ng',
      ATELIER_ESPEAK_NG_PATH: wrapper('crashing', 'echo "segfault" >&2; exit 139'),
    });
    try {
      const { key } = await t.account();
      const res = await speak(t, key, 'espeak-ng:en-us');
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ error: 'Speech synthesis failed (espeak-ng): crashing failed (exit 139)' });
      expect(await usage(t, key)).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('producing garbage: 502, no words charged', async () => {
    const t = await startTestApp({
      ATELIER_TTS_LOCAL_PROVIDERS: 'espeak-ng',
      ATELIER_ESPEAK_NG_PATH: wrapper('garbage', 'echo "not audio"'),
    });
    try {
      const { key } = await t.account();
      const res = await speak(t, key, 'espeak-ng:en-us');
      expect(res.statusCode).toBe(502);
      expect(await usage(t, key)).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('removed after start: 503 naming the provider, no words charged', async () => {
    const path = wrapper('vanishing', 'exec espeak-ng "$@"');
    const t = await startTestApp({ ATELIER_TTS_LOCAL_PROVIDERS: 'espeak-ng', ATELIER_ESPEAK_NG_PATH: path });
    try {
      const { key } = await t.account();
      expect(
        (await t.server.inject({ url: '/api/get-text-to-speech-voices?language=English' })).json<{ total: number }>()
          .total,
      ).toBeGreaterThan(10);
      rmSync(path);
      const res = await speak(t, key, 'espeak-ng:en-us');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: 'Speech provider espeak-ng is not available: vanishing is not installed on this server',
      });
      expect(await usage(t, key)).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('never installed: its voices are simply absent, and lame missing is a 503', async () => {
    const t = await startTestApp({
      ATELIER_ESPEAK_NG_PATH: join(scripts, 'nope'),
      ATELIER_LAME_PATH: join(scripts, 'no-lame'),
    });
    try {
      const { key } = await t.account();
      const list = (await t.server.inject({ url: '/api/get-text-to-speech-voices' })).json<{
        voices: { provider: string }[];
      }>();
      expect(new Set(list.voices.map((v) => v.provider))).toEqual(new Set(['flite']));
      expect((await speak(t, key, 'espeak-ng:en-us')).statusCode).toBe(400);
      const res = await speak(t, key, 'flite:slt');
      expect(res.statusCode).toBe(503);
      expect(await usage(t, key)).toBe(0);
    } finally {
      await t.close();
    }
  });
});

describe('remote voice families, end to end through the service', () => {
  let upstream: FakeUpstream;
  let t: TestApp;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    t = await startTestApp({
      ATELIER_TTS_LOCAL_PROVIDERS: '',
      ATELIER_TTS_OPENAI_BASE_URL: upstream.baseUrl,
      ATELIER_TTS_OPENAI_VOICES: 'alloy,nova',
      ATELIER_UPSTREAM_RETRIES: '0',
    });
  });
  afterAll(async () => {
    await t.close();
    await upstream.close();
  });

  it('speaks through an OpenAI-compatible /v1/audio/speech server and stores an MP3', async () => {
    const second = Buffer.alloc(24_000 * 2);
    for (let i = 0; i < 24_000; i++) second.writeInt16LE(Math.round(Math.sin(i / 10) * 8000), i * 2);
    upstream.handle((_call, res) => replyBytes(res, 200, 'audio/wav', encodeWav({ pcm: second, sampleRate: 24_000 })));
    const { key } = await t.account();
    const before = upstream.calls.length;
    const res = await speak(t, key, 'openai:alloy');
    expect(res.statusCode).toBe(200);
    // Its own call: the other tests here call the same server, before or after this one.
    expect(upstream.calls.slice(before)).toHaveLength(1);
    expect(upstream.calls[before]?.body).toMatchObject({
      voice: 'alloy',
      input: 'Nothing should be charged for this.',
      response_format: 'wav',
    });
    const file = await t.server.inject({ url: new URL(res.json<{ url: string }>().url).pathname });
    const audio = await probeAudio(file.rawPayload);
    expect(audio.codec).toBe('mp3');
    expect(audio.durationSeconds).toBeGreaterThan(0.9);
    expect(audio.durationSeconds).toBeLessThan(1.2);
  });

  it('refunds the words when the remote provider fails', async () => {
    upstream.handle((_call, res) => replyBytes(res, 500, 'application/json', Buffer.from('{"error":"down"}')));
    const { key } = await t.account();
    const res = await speak(t, key, 'openai:nova');
    expect(res.statusCode).toBe(502);
    expect(res.json<{ error: string }>().error).toMatch(/^Speech synthesis failed \(openai\)/);
    expect(await usage(t, key)).toBe(0);
  });
});
