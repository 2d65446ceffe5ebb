import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileServer, startFileServer } from './helpers/file-server.js';
import { probeVideo } from './helpers/media.js';
import { CLIENT_TEST_ENV } from './helpers/client-service.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

const run = promisify(execFile);

type Video = {
  id: number;
  prompt: string;
  url: string;
  model: string;
  engine: string;
  status: 'processing' | 'completed' | 'failed';
  error?: string;
  request: Record<string, unknown>;
  used_credits: number;
  width: number | null;
  height: number | null;
  warnings: string[];
};

let t: TestApp;
let files: FileServer;
let key: string;
const media = mkdtempSync(join(tmpdir(), 'atelier-talking-media-'));

/** Short media made with ffmpeg: the tests stay fast. */
async function ffmpeg(name: string, args: string[]): Promise<Buffer> {
  const file = join(media, name);
  await run('ffmpeg', ['-v', 'error', '-y', ...args, file]);
  return readFileSync(file);
}

const face = (size: number) =>
  sharp({
    create: { width: size, height: Math.round(size * 1.25), channels: 3, background: '#c8a080' },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${size}" height="${Math.round(size * 1.25)}"><ellipse cx="${size / 2}" cy="${size * 0.6}" rx="${size * 0.3}" ry="${size * 0.4}" fill="#f0c8a0"/><ellipse cx="${size / 2}" cy="${size * 0.85}" rx="${size * 0.1}" ry="${size * 0.03}" fill="#a03030"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();

beforeAll(async () => {
  files = await startFileServer();
  files.serve('/face.png', await face(512), 'image/png');
  files.serve('/small.png', await face(300), 'image/png');
  files.serve(
    '/clip.mp4',
    await ffmpeg('clip.mp4', [
      ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-t', '4', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest'],
    ]),
    'video/mp4',
  );
  files.serve(
    '/short.mp4',
    await ffmpeg('short.mp4', ['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10', '-t', '2', '-c:v', 'libx264']),
    'video/mp4',
  );
  files.serve(
    '/long.mp4',
    await ffmpeg('long.mp4', [
      ...['-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=1', '-t', '301', '-c:v', 'libx264', '-preset', 'ultrafast'],
    ]),
    'video/mp4',
  );
  files.serve(
    '/speech.mp3',
    await ffmpeg('speech.mp3', ['-f', 'lavfi', '-i', 'sine=frequency=220:duration=2.5', '-c:a', 'libmp3lame']),
    'audio/mpeg',
  );
  files.serve(
    '/long.mp3',
    await ffmpeg('long.mp3', ['-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', '301', '-b:a', '8k']),
    'audio/mpeg',
  );
  files.serve(
    '/speech5.mp3',
    await ffmpeg('speech5.mp3', ['-f', 'lavfi', '-i', 'sine=frequency=330:duration=5', '-c:a', 'libmp3lame']),
    'audio/mpeg',
  );
  files.serve('/not-media.mp3', Buffer.from('this is not audio at all'), 'audio/mpeg');
  t = await startTestApp({
    ...CLIENT_TEST_ENV,
  });
  t.app.services.worker.start();
  key = (await t.account({ credits: 5000 })).key;
}, 60_000);
afterAll(async () => {
  await t.close();
  await files.close();
});

const create = (payload: Record<string, unknown>, apiKey = key, app = t) =>
  app.server.inject({ method: 'POST', url: '/api/generate-talking-video', headers: withKey(apiKey), payload });
const balance = async (apiKey = key) =>
  (await t.server.inject({ method: 'GET', url: '/api/account', headers: withKey(apiKey) })).json<{
    credits: { balance: number };
  }>().credits.balance;

async function poll(id: number, apiKey = key, app = t): Promise<Video> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const { video } = (
      await app.server.inject({ method: 'GET', url: `/api/get-video?video_id=${id}`, headers: withKey(apiKey) })
    ).json<{ video: Video }>();
    if (video.status !== 'processing' || Date.now() > deadline) return video;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const download = async (url: string) =>
  (await t.server.inject({ method: 'GET', url: new URL(url).pathname })).rawPayload;

async function made(payload: Record<string, unknown>) {
  const created = await create(payload);
  expect(created.statusCode, created.body).toBe(200);
  const video = await poll(created.json<{ id: number }>().id);
  expect(video.status, video.error).toBe('completed');
  return {
    created: created.json<Record<string, unknown>>(),
    video,
    probed: await probeVideo(await download(video.url)),
  };
}

const TEXT = 'Hello there. Welcome to the demo.';

describe('POST /api/generate-talking-video', () => {
  it('image + text + voice: a breathing portrait with word-by-word captions, H.264 + AAC at 480p, as long as the speech', async () => {
    const before = await balance();
    const { created, video, probed } = await made({
      image: files.url('/face.png'),
      text: TEXT,
      voiceID: 'espeak-ng:en-us',
      generateCaptions: true,
      captionColor: '#00FF00',
    });
    expect(created).toMatchObject({ image_url: '', is_video: true, model: 'builtin-talking', prompt: TEXT });
    expect(probed.streams.find((s) => s.type === 'video')).toMatchObject({
      codec: 'h264',
      width: 480,
      height: 854,
      pixelFormat: 'yuv420p',
    });
    expect(probed.streams.find((s) => s.type === 'audio')).toMatchObject({ codec: 'aac' });
    // espeak-ng speaks these six words in about two seconds.
    expect(probed.durationSeconds).toBeGreaterThan(1);
    expect(probed.durationSeconds).toBeLessThan(5);
    expect(video).toMatchObject({
      width: 480,
      height: 854,
      request: {
        isTalkingVideo: true,
        isImageToVideo: true,
        isTextToVideo: false,
        voiceID: 'espeak-ng:en-us',
        generateCaptions: true,
        captionColor: '#00FF00',
        resolution: '480p',
        aspectRatio: '9:16',
        duration: String(Math.ceil(probed.durationSeconds - 0.05)),
      },
    });
    expect(video.warnings.join('\n')).toMatch(/does not animate the mouth/);
    expect(video.warnings.join('\n')).toMatch(/timing is estimated/);
    // Held for the slowest speech, charged per second of the real one.
    expect(video.used_credits).toBe(2 * Number(video.request.duration));
    expect(await balance()).toBe(before - video.used_credits);
  });

  it('image + audio at 720p, without captions', async () => {
    const { video, probed } = await made({
      image: files.url('/face.png'),
      audio: files.url('/speech.mp3'),
      resolution: '720p',
    });
    expect(probed.streams.find((s) => s.type === 'video')).toMatchObject({ codec: 'h264', width: 720, height: 1280 });
    expect(probed.streams.find((s) => s.type === 'audio')).toMatchObject({ codec: 'aac' });
    expect(Math.abs(probed.durationSeconds - 2.5)).toBeLessThan(0.25);
    expect(video.request).toMatchObject({ hasAudio: true, generateCaptions: false, resolution: '720p' });
    expect(video.used_credits).toBe(6);
    expect(video.warnings.join('\n')).not.toMatch(/caption/);
  });

  it('video + text + voice: the clip is cut to the speech, its sound replaced, captions added', async () => {
    const { video, probed } = await made({
      video: files.url('/clip.mp4'),
      text: 'Short one.',
      voiceID: 'flite:slt',
      generateCaptions: 'true',
    });
    expect(probed.streams.find((s) => s.type === 'video')).toMatchObject({ codec: 'h264', width: 854, height: 480 });
    expect(probed.streams.filter((s) => s.type === 'audio')).toHaveLength(1);
    expect(probed.durationSeconds).toBeLessThan(3.5);
    expect(video.request).toMatchObject({ isImageToVideo: false, isTextToVideo: false, aspectRatio: '16:9' });
    expect(video.warnings.join('\n')).toMatch(/was cut to the speech/);
    expect(video.warnings.join('\n')).toMatch(/does not change its mouth movement/);
  });

  it('video + audio: a clip shorter than the speech is looped to it', async () => {
    const { video, probed } = await made({
      video: files.url('/clip.mp4'),
      audio: files.url('/speech5.mp3'),
      generateCaptions: true,
    });
    expect(Math.abs(probed.durationSeconds - 5)).toBeLessThan(0.25);
    expect(video.warnings.join('\n')).toMatch(/video \(4 s\) was looped to the speech's 5 s/);
    expect(probed.streams.map((s) => s.type).sort()).toEqual(['audio', 'video']);
    expect(video.warnings.join('\n')).toMatch(/captions are made from the text/);
  });

  it('is for paid plans only', async () => {
    const free = (await t.account({ plan: 'free', credits: 100 })).key;
    const response = await create({ image: files.url('/face.png'), text: 'Hi', voiceID: 'espeak-ng:en-us' }, free);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'Talking video generation needs a paid plan; the free plan does not include it',
    });
  });

  it('refuses bad combinations and fields at once, with the reason', async () => {
    const image = files.url('/face.png');
    for (const [payload, message] of [
      [{ text: 'Hi', voiceID: 'espeak-ng:en-us' }, 'Image or video is required'],
      [{ image, video: files.url('/clip.mp4'), text: 'Hi', voiceID: 'espeak-ng:en-us' }, 'not both'],
      [{ image, text: 'Hi' }, 'voiceID is required'],
      [{ image }, 'Text (with voiceID) or audio is required'],
      [{ image, text: 'Hi', voiceID: 'nobody:nothing' }, 'Unknown voiceID: nobody:nothing'],
      [{ image, text: 'Hi', voiceID: 'espeak-ng:en-us', resolution: '1080p' }, 'resolution'],
      [{ image, text: 'Hi', voiceID: 'espeak-ng:en-us', avatarModel: 'deluxe' }, 'avatarModel'],
      [{ image, text: 'Hi', voiceID: 'espeak-ng:en-us', captionColor: 'green' }, 'captionColor'],
      [{ image: 'ftp://example.com/a.png', text: 'Hi', voiceID: 'espeak-ng:en-us' }, 'image'],
      [{ video: 'file:///etc/passwd', audio: files.url('/speech.mp3') }, 'video'],
      [{ image, audio: 'gopher://127.0.0.1/' }, 'audio'],
      [{ image, text: 'Hi', voiceID: 'espeak-ng:en-us', prompt: 'extra' }, 'prompt'],
    ] as const) {
      const response = await create(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ error: string }>().error).toContain(message);
    }
  });

  it.each([
    [{ image: '/small.png', text: 'Hi', voiceID: 'espeak-ng:en-us' }, /300x375; it must be at least 512x512/],
    [{ video: '/short.mp4', text: 'Hi', voiceID: 'espeak-ng:en-us' }, /2 s long; it must be 3 to 300 seconds/],
    [{ video: '/long.mp4', text: 'Hi', voiceID: 'espeak-ng:en-us' }, /301 s long; it must be 3 to 300 seconds/],
    [{ image: '/face.png', audio: '/long.mp3' }, /audio was refused: the file is 301 s long; at most 300 s/],
    [{ image: '/face.png', audio: '/not-media.mp3' }, /audio was refused/],
    [{ image: '/missing.png', text: 'Hi', voiceID: 'espeak-ng:en-us' }, /face image could not be downloaded/],
  ])('fails %j with the reason and gives every credit back', async (fields, reason) => {
    const before = await balance();
    const payload = Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [k, v.startsWith('/') ? files.url(v) : v]),
    );
    const created = await create(payload);
    expect(created.statusCode, created.body).toBe(200);
    const video = await poll(created.json<{ id: number }>().id);
    expect(video).toMatchObject({ status: 'failed', url: '', used_credits: 0 });
    expect(video.error).toMatch(reason);
    expect(await balance()).toBe(before);
  });
});

describe('talking videos with the SSRF guard on', () => {
  let guarded: TestApp;
  let guardedKey: string;
  beforeAll(async () => {
    guarded = await startTestApp({ ATELIER_JOB_POLL_MS: '20', ATELIER_JOB_RETRY_BASE_MS: '20' });
    guarded.app.services.worker.start();
    guardedKey = (await guarded.account({ credits: 5000 })).key;
  });
  afterAll(() => guarded.close());

  it.each([
    ['image', { image: '/face.png', text: 'Hi', voiceID: 'espeak-ng:en-us' }, /face image could not be downloaded/],
    ['video', { video: '/clip.mp4', text: 'Hi', voiceID: 'espeak-ng:en-us' }, /video could not be downloaded/],
    ['audio', { image: '/face.png', audio: '/speech.mp3' }, /audio could not be downloaded/],
  ])(
    'refuses a private %s URL without fetching it, and fails the video with the reason',
    async (field, fields, reason) => {
      const payload = Object.fromEntries(
        Object.entries(fields).map(([k, v]) => [
          k,
          v.startsWith('/') ? files.url(v).replace('localhost', '127.0.0.1') : v,
        ]),
      );
      const path = String(fields[field as keyof typeof fields]);
      const hits = files.hits(path);
      const created = await create(payload, guardedKey, guarded);
      expect(created.statusCode, created.body).toBe(200);
      const video = await poll(created.json<{ id: number }>().id, guardedKey, guarded);
      expect(video.status).toBe('failed');
      expect(video.error).toMatch(reason);
      expect(video.error).toMatch(/private or local address/);
      expect(files.hits(path)).toBe(hits);
    },
  );
});
