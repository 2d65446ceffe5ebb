import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileServer, startFileServer } from './helpers/file-server.js';
import { probeVideo } from './helpers/media.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

type Video = {
  id: number;
  prompt: string;
  url: string;
  model: string;
  status: 'processing' | 'completed' | 'failed';
  error?: string;
  created_at: string;
  request: {
    duration: string;
    aspectRatio: string;
    isTextToVideo: boolean;
    isImageToVideo: boolean;
    resolution?: string;
    generateAudio?: boolean;
  };
  used_credits: number;
  width: number | null;
  height: number | null;
  warnings: string[];
};

let t: TestApp;
let files: FileServer;
let key: string;

beforeAll(async () => {
  files = await startFileServer();
  files.serve(
    '/still.png',
    await sharp({ create: { width: 640, height: 640, channels: 3, background: '#d02020' } })
      .png()
      .toBuffer(),
    'image/png',
  );
  t = await startTestApp({
    ATELIER_ALLOW_PRIVATE_URLS: 'true',
    ATELIER_RATE_LIMIT_ENABLED: 'false',
    ATELIER_JOB_POLL_MS: '50',
    ATELIER_JOB_RETRY_BASE_MS: '50',
  });
  t.app.services.worker.start();
  key = (await t.account({ credits: 200 })).key;
});
afterAll(async () => {
  await t.close();
  await files.close();
});

const create = (payload: Record<string, unknown>, apiKey = key) =>
  t.server.inject({ method: 'POST', url: '/api/generate-video', headers: withKey(apiKey), payload });
const getVideo = (query: string, apiKey = key) =>
  t.server.inject({ method: 'GET', url: `/api/get-video${query}`, headers: withKey(apiKey) });
const balance = async () =>
  (await t.server.inject({ method: 'GET', url: '/api/account', headers: withKey(key) })).json<{
    credits: { balance: number };
  }>().credits.balance;

async function poll(id: number): Promise<Video> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { video } = (await getVideo(`?video_id=${id}`)).json<{ video: Video }>();
    if (video.status !== 'processing' || Date.now() > deadline) return video;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const download = async (url: string) =>
  (await t.server.inject({ method: 'GET', url: new URL(url).pathname })).rawPayload;

describe('POST /api/generate-video and GET /api/get-video', () => {
  it('renders a narrated, captioned H.264/AAC MP4 of the requested duration and aspect ratio', async () => {
    const before = await balance();
    const created = await create({
      prompt: 'A sunrise over the mountains. Birds fly across the valley. The town wakes up.',
      model: 'Runway Gen-3',
      duration: '5',
      aspectRatio: '16:9',
    });
    expect(created.statusCode).toBe(200);
    const answer = created.json<{
      id: number;
      image_url: string;
      is_video: boolean;
      model: string;
      prompt: string;
      created_at: string;
    }>();
    expect(answer).toMatchObject({
      image_url: '',
      is_video: true,
      model: 'builtin-slideshow',
      requested_model: 'Runway Gen-3',
      engine: 'ffmpeg',
      prompt: 'A sunrise over the mountains. Birds fly across the valley. The town wakes up.',
    });
    expect(await balance()).toBe(before - 10);

    const video = await poll(answer.id);
    expect(video).toMatchObject({
      status: 'completed',
      request: { duration: '5', aspectRatio: '16:9', isTextToVideo: true, isImageToVideo: false },
      used_credits: 10,
    });
    expect(video.url).toMatch(/\/files\/videos\/[0-9a-f-]{36}\.mp4$/);
    const probed = await probeVideo(await download(video.url));
    expect(Math.abs(probed.durationSeconds - 5)).toBeLessThan(0.15);
    expect(probed.streams.find((s) => s.type === 'video')).toMatchObject({
      codec: 'h264',
      width: 1280,
      height: 720,
      pixelFormat: 'yuv420p',
    });
    expect(probed.streams.find((s) => s.type === 'audio')).toMatchObject({ codec: 'aac' });
  });

  it('makes image-to-video in portrait from the given picture', async () => {
    const created = (
      await create({
        prompt: 'A red poster comes alive',
        model: 'kling',
        duration: 3,
        aspectRatio: '9:16',
        image: files.url('/still.png'),
      })
    ).json<{ id: number }>();
    const video = await poll(created.id);
    expect(video).toMatchObject({
      status: 'completed',
      request: { duration: '3', aspectRatio: '9:16', isTextToVideo: false, isImageToVideo: true },
    });
    const probed = await probeVideo(await download(video.url));
    expect(Math.abs(probed.durationSeconds - 3)).toBeLessThan(0.15);
    expect(probed.streams.find((s) => s.type === 'video')).toMatchObject({ width: 720, height: 1280 });
  });

  it('renders prompts full of characters that mean something to ffmpeg, the shell or SVG', async () => {
    const prompt = '%{pts} \\ : \' " [in] ; , = {eif} <svg onload=x> & $(rm -rf /) 🦊. Then: 100% done!';
    const created = (await create({ prompt, model: 'builtin', duration: 2, aspectRatio: '1:1' })).json<{
      id: number;
    }>();
    const video = await poll(created.id);
    expect(video.status, video.error).toBe('completed');
    expect(video.prompt).toBe(prompt);
  });

  it('makes a 4:3 clip at 1080p without an audio track when generateAudio is false; 4k is made at 1080p, with a warning', async () => {
    const silent = (
      await create({
        prompt: 'A paper boat drifts.',
        model: 'Veo 3.1',
        duration: 1,
        aspectRatio: '4:3',
        resolution: '1080p',
        generateAudio: false,
      })
    ).json<{ id: number }>();
    const video = await poll(silent.id);
    expect(video).toMatchObject({
      status: 'completed',
      width: 1920,
      height: 1440,
      warnings: [],
      request: { aspectRatio: '4:3', resolution: '1080p', generateAudio: false },
    });
    const probed = await probeVideo(await download(video.url));
    expect(probed.streams.map((s) => s.type)).toEqual(['video']);
    expect(probed.streams[0]).toMatchObject({ width: 1920, height: 1440 });

    const large = (
      await create({
        prompt: 'A paper boat drifts.',
        model: 'Kling 3.0 Pro',
        duration: 1,
        aspectRatio: '9:21',
        resolution: '4k',
      })
    ).json<{ id: number }>();
    const made = await poll(large.id);
    expect(made).toMatchObject({ status: 'completed', width: 822, height: 1920, request: { resolution: '4k' } });
    expect(made.warnings).toContain('resolution: 4k is made at 1080p here (rendering 4k on the CPU costs too much)');
  });

  it('fails with the reason and refunds when the starting picture cannot be fetched', async () => {
    const before = await balance();
    const created = (
      await create({ prompt: 'Nothing to start from', model: 'builtin', duration: 2, image: files.url('/missing.png') })
    ).json<{ id: number }>();
    const video = await poll(created.id);
    expect(video).toMatchObject({ status: 'failed', url: '', used_credits: 0 });
    expect(video.error).toMatch(/reference image could not be downloaded/);
    expect(await balance()).toBe(before);
  });

  it('is for paid plans only', async () => {
    const free = (await t.account({ plan: 'free', credits: 100 })).key;
    const response = await create({ prompt: 'x', model: 'builtin' }, free);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'Video generation needs a paid plan; the free plan does not include it' });
  });

  it('validates every field and id, and keeps videos private', async () => {
    for (const [payload, field] of [
      [{ model: 'builtin' }, 'prompt'],
      [{ prompt: 'x', model: 'sora 9' }, 'model'],
      [{ prompt: 'x', model: 'builtin', duration: '0' }, 'duration'],
      [{ prompt: 'x', model: 'builtin', duration: '31' }, 'duration'],
      [{ prompt: 'x', model: 'builtin', duration: 'five' }, 'duration'],
      [{ prompt: 'x', model: 'builtin', aspectRatio: '5:4' }, 'aspectRatio'],
      [{ prompt: 'x', model: 'builtin', resolution: '480p' }, 'resolution'],
      [{ prompt: 'x', model: 'builtin', image: 'ftp://example.com/a.png' }, 'image'],
    ] as const) {
      const response = await create(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ error: string }>().error).toContain(field);
    }
    for (const query of ['', '?video_id=', '?video_id=x', '?video_id=0', '?video_id=2.5'])
      expect((await getVideo(query)).statusCode, query).toBe(400);
    expect((await getVideo('?video_id=424242')).json()).toEqual({ error: 'Video not found' });
    const mine = (await create({ prompt: 'Mine', model: 'builtin', duration: 1 })).json<{ id: number }>();
    const other = (await t.account({ credits: 5 })).key;
    expect((await getVideo(`?video_id=${mine.id}`, other)).statusCode).toBe(404);
    expect((await t.server.inject({ method: 'GET', url: `/api/get-video?video_id=${mine.id}` })).statusCode).toBe(401);
  });
});
