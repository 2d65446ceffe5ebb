import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withKey } from './helpers/test-app.js';
import { settled, transcriptionSuite } from './helpers/transcription-suite.js';

// A transcription job's ways to end (failure and refund, webhooks) and the requests' checks, with a short line of
// audio: on both databases. The whole recordings are transcriptions.test.ts's.
const suite = transcriptionSuite();
const { post, read, waitFor } = suite;

describe('transcription jobs that fail or call back', () => {
  it('fails with a clear reason, and refunds, when the URL is not audio', async () => {
    const before = (await suite.t.server.inject({ url: '/api/account', headers: withKey(suite.key) })).json<{
      credits: { balance: number };
    }>().credits.balance;
    const { uuid } = (await post('/api/transcriptions', { url: suite.files.url('/not-audio.mp3') })).json<{
      uuid: string;
    }>();
    const audio = await waitFor(uuid, settled);
    expect(audio.status).toBe('failed');
    expect(audio.error).toContain('not audio');
    expect(audio.content).toBe('');
    const after = (await suite.t.server.inject({ url: '/api/account', headers: withKey(suite.key) })).json<{
      credits: { balance: number };
    }>().credits.balance;
    expect(after).toBe(before);
    const derive = await post('/api/generate-audio-content', { audio_id: uuid });
    expect(derive.statusCode).toBe(409);
    expect(derive.json<{ error: string }>().error).toContain('not audio');
  }, 60_000);

  it('fails a language no engine knows, and a missing file, with reasons', async () => {
    const french = (await post('/api/transcriptions', { url: suite.files.url('/line.mp3'), language: 'French' })).json<{
      uuid: string;
    }>();
    const missing = (await post('/api/transcriptions', { url: suite.files.url('/nowhere.mp3') })).json<{
      uuid: string;
    }>();
    const [a, b] = await Promise.all([waitFor(french.uuid, settled), waitFor(missing.uuid, settled)]);
    expect(a.status).toBe('failed');
    expect(a.error).toContain('no transcription engine for French');
    expect(b.status).toBe('failed');
    expect(b.error).toMatch(/404/);
  }, 60_000);

  it('signs and delivers a webhook when the job ends, retrying until the receiver accepts', async () => {
    suite.files.answerPosts('/hook', [500]);
    const { uuid } = (
      await post('/api/transcriptions', { url: suite.files.url('/line.mp3'), webhook_url: suite.files.url('/hook') })
    ).json<{ uuid: string }>();
    const audio = await waitFor(uuid, (a) => a.webhook?.deliveries[0]?.status === 'delivered');
    expect(audio.webhook?.deliveries[0]?.attempts.map((x) => x.status)).toEqual([500, 200]);
    const delivery = suite.files.received.filter((r) => r.path === '/hook').at(-1);
    const secret = (await suite.t.server.inject({ url: '/api/webhook-secret', headers: withKey(suite.key) })).json<{
      secret: string;
    }>().secret;
    const [, timestamp, digest] =
      /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(delivery?.headers['x-atelier-signature'])) ?? [];
    expect(createHmac('sha256', secret).update(`${timestamp}.${delivery?.body}`).digest('hex')).toBe(digest);
    expect(Math.abs(Date.now() / 1000 - Number(timestamp))).toBeLessThan(60);
    expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({
      event: 'transcription.completed',
      data: { audio: { uuid, status: 'completed' } },
    });
  }, 90_000);
});

describe('transcription requests', () => {
  it('keeps records private: another account gets 404 as for a missing uuid', async () => {
    const { uuid } = (await post('/api/transcriptions', { url: suite.files.url('/line.mp3') })).json<{
      uuid: string;
    }>();
    const other = await suite.t.account();
    const res = await post('/api/audios', { audio_id: uuid }, other.key);
    expect(res.statusCode).toBe(404);
    const missing = await post('/api/audios', { audio_id: '00000000-0000-4000-8000-000000000000' }, other.key);
    expect(res.json()).toEqual(missing.json());
    expect((await post('/api/generate-audio-content', { audio_id: uuid }, other.key)).statusCode).toBe(404);
  });

  it('answers "Invalid input" with the reason for bad fields', async () => {
    for (const payload of [
      {},
      { url: 'ftp://x/a.mp3' },
      { url: 'not a url' },
      { url: suite.files.url('/a.mp3'), detect_speakers: 'maybe' },
      { url: suite.files.url('/a.mp3'), extra: 1 },
    ]) {
      const res = await post('/api/transcriptions', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/^Invalid input: /);
    }
  });

  it('shows the capitalised kind of any audio_type', async () => {
    const { uuid } = (
      await post('/api/transcriptions', { url: suite.files.url('/line.mp3'), audio_type: 'sales call' })
    ).json<{ uuid: string }>();
    expect((await read(uuid)).audio_type).toBe('Sales Call');
  });
});
