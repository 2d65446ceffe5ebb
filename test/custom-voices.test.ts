import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

let t: TestApp;
let owner: { id: string; key: string };
let stranger: { id: string; key: string };

beforeAll(async () => {
  t = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false' });
  owner = await t.account();
  stranger = await t.account();
});
afterAll(() => t.close());

type Voice = {
  id: string;
  name: string;
  description: string;
  base_voice_id: string;
  settings: Record<string, unknown>;
  language: string;
  accent?: string;
  provider: string;
  custom: boolean;
};
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, key: string, payload?: unknown) =>
  t.server.inject({
    method,
    url,
    headers: withKey(key),
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });

describe('custom voices', () => {
  it('creates, reads, updates and deletes a voice made from a base voice and settings', async () => {
    // An account of its own: its list holds this voice alone, whatever the other tests made before.
    const mine = await t.account();
    const created = await call('POST', '/api/voices', mine.key, {
      name: 'Slow Sarah',
      base_voice_id: 'flite:slt',
      settings: { speed: 0.8, volume: 1.2 },
    });
    expect(created.statusCode).toBe(201);
    const voice = created.json<Voice>();
    expect(voice).toMatchObject({
      name: 'Slow Sarah',
      base_voice_id: 'flite:slt',
      settings: { speed: 0.8, volume: 1.2 },
      language: 'English',
      accent: 'American',
      provider: 'flite',
      custom: true,
    });
    expect(voice.id).toMatch(/^custom:[0-9a-f-]{36}$/);

    expect((await call('GET', '/api/voices', mine.key)).json<{ voices: Voice[] }>().voices.map((v) => v.id)).toEqual([
      voice.id,
    ]);
    expect((await call('GET', `/api/voices/${voice.id}`, mine.key)).json<Voice>().name).toBe('Slow Sarah');

    const updated = await call('PATCH', `/api/voices/${voice.id}`, mine.key, {
      name: 'Sarah',
      settings: { speed: 1.5 },
    });
    expect(updated.json<Voice>()).toMatchObject({ name: 'Sarah', settings: { speed: 1.5 } });

    const spoken = await call('POST', '/api/generate-text-to-speech', mine.key, {
      voiceID: voice.id,
      text: 'Speaking with my own voice.',
    });
    expect(spoken.statusCode).toBe(200);

    expect((await call('DELETE', `/api/voices/${voice.id}`, mine.key)).json()).toEqual({
      id: voice.id,
      deleted: true,
    });
    expect((await call('GET', `/api/voices/${voice.id}`, mine.key)).statusCode).toBe(404);
    const after = await call('POST', '/api/generate-text-to-speech', mine.key, { voiceID: voice.id, text: 'Gone.' });
    expect(after.statusCode).toBe(400);
  });

  it("keeps one account's voices from another: 404 to read, change or delete, 400 to speak with", async () => {
    const voice = (
      await call('POST', '/api/voices', owner.key, { name: 'Private', base_voice_id: 'espeak-ng:en-gb' })
    ).json<Voice>();
    expect((await call('GET', `/api/voices/${voice.id}`, stranger.key)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/voices/${voice.id}`, stranger.key, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/voices/${voice.id}`, stranger.key)).statusCode).toBe(404);
    expect((await call('GET', '/api/voices', stranger.key)).json<{ voices: Voice[] }>().voices).toEqual([]);
    const spoken = await call('POST', '/api/generate-text-to-speech', stranger.key, {
      voiceID: voice.id,
      text: 'Not my voice.',
    });
    expect(spoken.statusCode).toBe(400);
    expect(spoken.json<{ error: string }>().error).toContain('Unknown voiceID');
    expect((await call('GET', `/api/voices/${voice.id}`, owner.key)).json<Voice>().name).toBe('Private');
  });

  it('refuses unknown base voices, custom bases and settings out of range, naming the problem', async () => {
    const unknown = await call('POST', '/api/voices', owner.key, { name: 'X', base_voice_id: 'flite:nobody' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ error: string }>().error).toContain('Unknown base_voice_id: flite:nobody');
    const nested = await call('POST', '/api/voices', owner.key, {
      name: 'X',
      base_voice_id: 'custom:00000000-0000-4000-8000-000000000000',
    });
    expect(nested.statusCode).toBe(400);
    const range = await call('POST', '/api/voices', owner.key, {
      name: 'X',
      base_voice_id: 'espeak-ng:en-us',
      settings: { pitch: 500 },
    });
    expect(range.json<{ error: string }>().error).toBe('voiceSettings.pitch must be between 0 and 99 for espeak-ng');
    const noName = await call('POST', '/api/voices', owner.key, { name: '  ', base_voice_id: 'espeak-ng:en-us' });
    expect(noName.statusCode).toBe(400);
    const badPatch = await call('PATCH', '/api/voices/custom:00000000-0000-4000-8000-000000000000', owner.key, {
      name: 'Y',
    });
    expect(badPatch.statusCode).toBe(404);
  });
});
