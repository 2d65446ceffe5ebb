import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, replyBytes, replyJson, startFakeUpstream } from './helpers/fake-upstream.js';
import { type FileServer, startFileServer } from './helpers/file-server.js';
import { probeVideo } from './helpers/media.js';
import { CLIENT_TEST_ENV } from './helpers/client-service.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

/** A lip-sync model behind Cog's HTTP interface, played by a real HTTP server that answers a made clip. */
const run = promisify(execFile);
let t: TestApp;
let cog: FakeUpstream;
let files: FileServer;
let key: string;
let clip: Buffer;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-cog-'));
  await run('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-t', '2'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', join(dir, 'synced.mp4')],
  ]);
  clip = readFileSync(join(dir, 'synced.mp4'));
  cog = await startFakeUpstream();
  files = await startFileServer();
  files.serve(
    '/face.png',
    await sharp({ create: { width: 512, height: 512, channels: 3, background: '#c8a080' } })
      .png()
      .toBuffer(),
    'image/png',
  );
  t = await startTestApp({
    ...CLIENT_TEST_ENV,
    ATELIER_JOB_MAX_ATTEMPTS: '1',
    ATELIER_LIPSYNC_COG_URL: cog.baseUrl,
    ATELIER_LIPSYNC_API_KEY: 'cog-secret',
    ATELIER_LIPSYNC_FACE_INPUT: 'source_image',
    ATELIER_LIPSYNC_AUDIO_INPUT: 'driven_audio',
  });
  t.app.services.worker.start();
  key = (await t.account({ credits: 1000 })).key;
}, 60_000);
afterAll(async () => {
  await t.close();
  await cog.close();
  await files.close();
});

type Video = {
  status: string;
  url: string;
  error?: string;
  engine: string;
  model: string;
  warnings: string[];
  used_credits: number;
};

async function make(): Promise<Video> {
  const created = await t.server.inject({
    method: 'POST',
    url: '/api/generate-talking-video',
    headers: withKey(key),
    payload: {
      image: files.url('/face.png'),
      text: 'Hello from the lip sync engine.',
      voiceID: 'espeak-ng:en-us',
      generateCaptions: true,
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  expect(created.json()).toMatchObject({ model: 'cog-lipsync', engine: 'cog' });
  const id = created.json<{ id: number }>().id;
  for (;;) {
    const { video } = (
      await t.server.inject({ method: 'GET', url: `/api/get-video?video_id=${id}`, headers: withKey(key) })
    ).json<{ video: Video }>();
    if (video.status !== 'processing') return video;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const balance = async () =>
  (await t.server.inject({ method: 'GET', url: '/api/account', headers: withKey(key) })).json<{
    credits: { balance: number };
  }>().credits.balance;

describe('the Cog lip-sync engine (ATELIER_LIPSYNC_COG_URL)', () => {
  it('sends the face and the speech as data URLs, and finishes its clip: 480p, H.264 + AAC, as long as the speech', async () => {
    cog.handle((_call, res) =>
      replyJson(res, 200, { status: 'succeeded', output: `data:video/mp4;base64,${clip.toString('base64')}` }),
    );
    const video = await make();
    expect(video.status, video.error).toBe('completed');
    const call = cog.calls.at(-1);
    expect(call).toMatchObject({ method: 'POST', path: `${new URL(cog.baseUrl).pathname}/predictions` });
    expect(call?.headers.authorization).toBe('Bearer cog-secret');
    const input = call?.body.input as Record<string, string>;
    expect(Object.keys(input).sort()).toEqual(['driven_audio', 'source_image']);
    expect(input.source_image).toMatch(/^data:image\/png;base64,iVBOR/);
    expect(input.driven_audio).toMatch(/^data:audio\/wav;base64,UklGR/);
    expect(video.warnings.join('\n')).not.toMatch(/mouth/);
    const probed = await probeVideo(
      (await t.server.inject({ method: 'GET', url: new URL(video.url).pathname })).rawPayload,
    );
    expect(probed.streams.find((s) => s.type === 'video')).toMatchObject({ codec: 'h264', width: 854, height: 480 });
    expect(probed.streams.find((s) => s.type === 'audio')).toMatchObject({ codec: 'aac' });
    // The engine's 2-second clip is looped to the speech (about 2 s of espeak-ng speech): within a second of it.
    expect(probed.durationSeconds).toBeGreaterThan(1);
  });

  it('fetches an output URL on the engine’s own server', async () => {
    cog.handle((call, res) => {
      if (call.path.endsWith('/outputs/synced.mp4')) return replyBytes(res, 200, 'video/mp4', clip);
      replyJson(res, 200, { status: 'succeeded', output: [`${cog.baseUrl}/outputs/synced.mp4`] });
    });
    const video = await make();
    expect(video.status, video.error).toBe('completed');
    expect(cog.calls.at(-1)?.path).toMatch(/\/outputs\/synced\.mp4$/);
  });

  it.each([
    [{ status: 'failed', error: 'CUDA out of memory' }, /could not make the video \(its prediction failed\)/],
    [{ status: 'succeeded', output: 'https://elsewhere.example/clip.mp4' }, /URL on another server/],
    [{ status: 'starting' }, /must run predictions synchronously/],
    [{ status: 'succeeded', output: 42 }, /answered no video/],
  ])('fails with the reason and refunds when the engine answers %j', async (answer, reason) => {
    cog.handle((_call, res) => replyJson(res, 200, answer));
    const before = await balance();
    const video = await make();
    expect(video).toMatchObject({ status: 'failed', used_credits: 0 });
    expect(video.error).toMatch(reason);
    expect(video.error).not.toMatch(/CUDA/);
    expect(await balance()).toBe(before);
  });
});
