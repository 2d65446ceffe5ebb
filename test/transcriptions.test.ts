import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileServer, startFileServer } from './helpers/file-server.js';
import { MEETING_SCRIPT, makeRecording } from './helpers/recordings.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

type Audio = {
  uuid: string;
  status: string;
  content: string;
  segments: { start: number; end: number; text: string; speaker?: string }[];
  audio_type: string;
  error?: string;
  duration: number | null;
  progress: number;
  webhook?: { deliveries: { status: string; attempts: { status?: number }[] }[] };
} & Record<string, unknown>;

let files: FileServer;
let t: TestApp;
let key: string;
let recording: ReturnType<typeof makeRecording>;

beforeAll(async () => {
  files = await startFileServer();
  recording = makeRecording(MEETING_SCRIPT);
  files.serve('/meeting.mp3', recording.mp3, 'audio/mpeg');
  // Where what was said does not matter, a short line: the whole meeting costs pocketsphinx ~8 s of CPU each time.
  files.serve('/line.mp3', makeRecording(MEETING_SCRIPT.slice(0, 1)).mp3, 'audio/mpeg');
  files.serve('/two-voices.mp3', makeRecording(MEETING_SCRIPT.slice(0, 4)).mp3, 'audio/mpeg');
  files.serve('/not-audio.mp3', Buffer.from('<html>this is not audio</html>'), 'audio/mpeg');
  t = await startTestApp({
    ATELIER_ALLOW_PRIVATE_URLS: 'true',
    ATELIER_RATE_LIMIT_ENABLED: 'false',
    ATELIER_JOB_POLL_MS: '50',
    ATELIER_JOB_RETRY_BASE_MS: '50',
  });
  t.app.services.worker.start();
  key = (await t.account({ credits: 100 })).key;
}, 60_000);
afterAll(async () => {
  await t.close();
  await files.close();
});

const post = (url: string, payload: Record<string, unknown>, apiKey = key) =>
  t.server.inject({ method: 'POST', url, headers: withKey(apiKey), payload });
const read = async (uuid: string, apiKey = key) =>
  (await post('/api/audios', { audio_id: uuid }, apiKey)).json<{ audio: Audio }>().audio;
async function waitFor(uuid: string, done: (a: Audio) => boolean, timeoutMs = 45_000): Promise<Audio> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const audio = await read(uuid);
    if (done(audio) || Date.now() > deadline) return audio;
    await new Promise((r) => setTimeout(r, 100));
  }
}
const settled = (a: Audio) => a.status === 'completed' || a.status === 'failed';

describe('transcription by URL, end to end with pocketsphinx', () => {
  it('transcribes a meeting recording served over HTTP and derives every Meeting field', async () => {
    const created = await post('/api/transcriptions', {
      url: files.url('/meeting.mp3'),
      audio_type: 'meeting',
      language: 'English',
      name: 'Weekly meeting',
    });
    expect(created.statusCode).toBe(200);
    const { uuid, dashboard_url } = created.json<{ uuid: string; dashboard_url: string }>();
    expect(dashboard_url).toBe(`http://127.0.0.1:8080/dashboard/transcriptions/${uuid}`);

    const early = await post('/api/generate-audio-content', { audio_id: uuid });
    if ((await read(uuid)).status !== 'completed') {
      expect(early.statusCode).toBe(409);
      expect(early.json()).toEqual({ error: 'Audio has not been transcribed yet' });
    }

    const audio = await waitFor(uuid, settled);
    expect(audio.status, audio.error).toBe('completed');
    expect(audio.audio_type).toBe('Meeting');
    expect(audio.progress).toBe(100);
    expect(audio.duration).toBeCloseTo((recording.wav.length - 44) / 32_000, 1);
    const expected = new Set(MEETING_SCRIPT.flatMap((l) => l.text.toLowerCase().match(/[a-z]+/g) ?? []));
    const heard = audio.content.split(/\s+/);
    expect(heard.filter((w) => expected.has(w)).length / heard.length).toBeGreaterThan(0.5);
    expect(audio.segments.length).toBeGreaterThanOrEqual(3);
    for (const s of audio.segments) {
      expect(s.end).toBeGreaterThan(s.start);
      expect(s.start).toBeGreaterThanOrEqual(0);
      expect(s.end).toBeLessThanOrEqual((audio.duration ?? 0) + 0.5);
    }
    const firstLine = recording.spans[0];
    expect(audio.segments[0]?.start).toBeLessThan(firstLine?.end ?? 0);

    const derived = await post('/api/generate-audio-content', { audio_id: uuid });
    expect(derived.statusCode).toBe(200);
    const { success, data } = derived.json<{ success: boolean; data: Record<string, string> }>();
    expect(success).toBe(true);
    expect(Object.keys(data).sort()).toEqual(
      [
        'action_items',
        'description',
        'keywords',
        'linkedin_post',
        'summary',
        'timestamped_overview',
        'title',
        'topics_and_bullets',
      ].sort(),
    );
    for (const [field, value] of Object.entries(data)) expect(value.trim().length, field).toBeGreaterThan(10);

    const again = await read(uuid);
    expect(again.summary).toBe(data.summary);
    const unsuited = await post('/api/generate-audio-content', { audio_id: uuid, fields: ['soap_note'] });
    expect(unsuited.statusCode).toBe(400);
    expect(unsuited.json<{ error: string }>().error).toContain('soap_note');
  }, 90_000);

  it('labels speakers when asked', async () => {
    const { uuid } = (
      await post('/api/transcriptions', {
        url: files.url('/two-voices.mp3'),
        audio_type: 'meeting',
        detect_speakers: true,
      })
    ).json<{ uuid: string }>();
    const audio = await waitFor(uuid, settled);
    expect(audio.status, audio.error).toBe('completed');
    const speakers = new Set(audio.segments.map((s) => s.speaker));
    expect(speakers.size).toBe(2);
  }, 90_000);

  it('fails with a clear reason, and refunds, when the URL is not audio', async () => {
    const before = (await t.server.inject({ url: '/api/account', headers: withKey(key) })).json<{
      credits: { balance: number };
    }>().credits.balance;
    const { uuid } = (await post('/api/transcriptions', { url: files.url('/not-audio.mp3') })).json<{ uuid: string }>();
    const audio = await waitFor(uuid, settled);
    expect(audio.status).toBe('failed');
    expect(audio.error).toContain('not audio');
    expect(audio.content).toBe('');
    const after = (await t.server.inject({ url: '/api/account', headers: withKey(key) })).json<{
      credits: { balance: number };
    }>().credits.balance;
    expect(after).toBe(before);
    const derive = await post('/api/generate-audio-content', { audio_id: uuid });
    expect(derive.statusCode).toBe(409);
    expect(derive.json<{ error: string }>().error).toContain('not audio');
  }, 60_000);

  it('fails a language no engine knows, and a missing file, with reasons', async () => {
    const french = (await post('/api/transcriptions', { url: files.url('/line.mp3'), language: 'French' })).json<{
      uuid: string;
    }>();
    const missing = (await post('/api/transcriptions', { url: files.url('/nowhere.mp3') })).json<{ uuid: string }>();
    const [a, b] = await Promise.all([waitFor(french.uuid, settled), waitFor(missing.uuid, settled)]);
    expect(a.status).toBe('failed');
    expect(a.error).toContain('no transcription engine for French');
    expect(b.status).toBe('failed');
    expect(b.error).toMatch(/404/);
  }, 60_000);

  it('signs and delivers a webhook when the job ends, retrying until the receiver accepts', async () => {
    files.answerPosts('/hook', [500]);
    const { uuid } = (
      await post('/api/transcriptions', { url: files.url('/line.mp3'), webhook_url: files.url('/hook') })
    ).json<{ uuid: string }>();
    const audio = await waitFor(uuid, (a) => a.webhook?.deliveries[0]?.status === 'delivered');
    expect(audio.webhook?.deliveries[0]?.attempts.map((x) => x.status)).toEqual([500, 200]);
    const delivery = files.received.filter((r) => r.path === '/hook').at(-1);
    const secret = (await t.server.inject({ url: '/api/webhook-secret', headers: withKey(key) })).json<{
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
    const { uuid } = (await post('/api/transcriptions', { url: files.url('/line.mp3') })).json<{ uuid: string }>();
    const other = await t.account();
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
      { url: files.url('/a.mp3'), detect_speakers: 'maybe' },
      { url: files.url('/a.mp3'), extra: 1 },
    ]) {
      const res = await post('/api/transcriptions', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/^Invalid input: /);
    }
  });

  it('shows the capitalised kind of any audio_type', async () => {
    const { uuid } = (
      await post('/api/transcriptions', { url: files.url('/line.mp3'), audio_type: 'sales call' })
    ).json<{ uuid: string }>();
    expect((await read(uuid)).audio_type).toBe('Sales Call');
  });
});
