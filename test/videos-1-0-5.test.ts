/**
 * The hosted interface 1.0.5's video catalogue, replayed against the real app: every model name of the fact sheet
 * (transcribed into fixtures/hosted-video-models-1.0.5.json by a script, not from our catalogue) with a valid input
 * for its mode and invalid ones (wrong duration, wrong input mode, too many references, a shape or resolution it
 * does not make), checked under ATELIER_VIDEO_LIMITS=hosted without a worker; the fact sheet's statements; the free
 * plan; and a handful of real ffmpeg jobs using a first and last frame, reference pictures, reference audio and a
 * reference clip, with the default limits.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '../src/engines/audio/wav.js';
import { VIDEO_RESOLUTIONS } from '../src/engines/spec/video-model.js';
import hosted from './fixtures/hosted-video-models-1.0.5.json' with { type: 'json' };
import { decodeSamples } from './helpers/audio-analysis.js';
import { type FileServer, startFileServer } from './helpers/file-server.js';
import { probeVideo } from './helpers/media.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

type Clip = { max: number; minSeconds?: number; maxSeconds?: number; totalSeconds?: number; maxMiB?: number };
type HostedModel = {
  name: string;
  input: 'text' | 'first-frame' | 'first-last-frame' | 'references' | 'references-or-video';
  durations: number[] | null;
  resolutions: string[] | null;
  aspectRatios: string[] | 'input';
  referenceImages?: number;
  referenceVideos?: Clip;
  referenceAudios?: Clip & { formats?: string[] };
  freePlan?: { resolution: string; maxSeconds?: number };
};
const MODELS = hosted.models as HostedModel[];

type Video = {
  id: number;
  url: string;
  status: 'processing' | 'completed' | 'failed';
  error?: string;
  request: Record<string, unknown>;
  used_credits: number;
  width: number | null;
  height: number | null;
  warnings: string[];
};

const run = promisify(execFile);
const or = (values: readonly (string | number)[]) =>
  values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
const picture = (background: string, width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** A 440 Hz tone of `seconds`, as WAV. */
const tone = (seconds: number) => {
  const sampleRate = 16_000;
  const pcm = Buffer.alloc(seconds * sampleRate * 2);
  for (let i = 0; i < seconds * sampleRate; i++)
    pcm.writeInt16LE(Math.round(12_000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate)), i * 2);
  return encodeWav({ pcm, sampleRate });
};

let files: FileServer;
let scratch: string;

/** A clip of `seconds` from ffmpeg's test source (a reference video). */
async function testClip(seconds: number): Promise<Buffer> {
  const file = join(scratch, `clip-${seconds}.mp4`);
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=160x120:rate=10`,
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  return readFile(file);
}

/** The mean colour of the frame at `at` seconds, as [r, g, b]. */
async function colourAt(video: Buffer, at: number): Promise<number[]> {
  const file = join(scratch, `made-${Date.now()}-${Math.random()}.mp4`);
  await writeFile(file, video);
  const { stdout } = await run(
    'ffmpeg',
    [
      '-v',
      'error',
      '-ss',
      String(at),
      '-i',
      file,
      '-frames:v',
      '1',
      '-vf',
      'scale=1:1:flags=area',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ],
    { encoding: 'buffer' },
  );
  return [...stdout.subarray(0, 3)];
}

/** Zero crossings a second of the first `seconds` of a clip's audio (a 440 Hz tone makes about 880). */
async function crossingsPerSecond(video: Buffer, seconds: number): Promise<number> {
  const rate = 16_000;
  const samples = (await decodeSamples(video, rate)).subarray(0, Math.round(seconds * rate));
  let crossings = 0;
  for (let i = 1; i < samples.length; i++) if ((samples[i - 1] ?? 0) < 0 !== (samples[i] ?? 0) < 0) crossings++;
  return crossings / seconds;
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'videos-1-0-5-'));
  files = await startFileServer();
  files.serve('/red.png', await picture('#e01010'), 'image/png');
  files.serve('/blue.png', await picture('#1020e0'), 'image/png');
  files.serve('/green.png', await picture('#10c020', 480, 640), 'image/png');
  files.serve('/yellow.png', await picture('#e0e010', 480, 640), 'image/png');
  files.serve('/tone.wav', tone(3), 'audio/wav');
  files.serve('/clip-3s.mp4', await testClip(3), 'video/mp4');
  files.serve('/clip-1s.mp4', await testClip(1), 'video/mp4');
});
afterAll(async () => {
  await files.close();
  await rm(scratch, { recursive: true, force: true });
});

/** A request each model takes: its mode's inputs, its first duration, resolution and aspect ratio. */
function validFor(model: HostedModel): Record<string, unknown> {
  const body: Record<string, unknown> = { prompt: 'Waves on a beach.', model: model.name };
  if (model.durations) body.duration = `${model.durations[0]}s`;
  if (model.resolutions) body.resolution = model.resolutions[0];
  if (Array.isArray(model.aspectRatios)) body.aspectRatio = model.aspectRatios.at(-1);
  if (model.input === 'first-frame' || model.input === 'first-last-frame') body.image = files.url('/red.png');
  if (model.input === 'first-last-frame') body.tailImage = files.url('/blue.png');
  if (model.input === 'references' || model.input === 'references-or-video')
    body.referenceImages = [{ url: files.url('/green.png'), type: 'character' }];
  return body;
}

/** Requests the model refuses, each with the start of the error it must give. */
function invalidFor(model: HostedModel): [string, Record<string, unknown>, string][] {
  const valid = validFor(model);
  const { name } = model;
  const cases: [string, Record<string, unknown>, string][] = [];
  if (model.durations)
    cases.push([
      'wrong duration',
      { ...valid, duration: '1' },
      `duration: ${name} makes ${or(model.durations)} seconds; got 1`,
    ]);
  const { image, tailImage, referenceImages, ...bare } = valid;
  switch (model.input) {
    case 'text':
      cases.push([
        'a first frame',
        { ...valid, image: files.url('/red.png') },
        `image: ${name} makes video from text only`,
      ]);
      cases.push([
        'a last frame',
        { ...valid, image: files.url('/red.png'), tailImage: files.url('/blue.png') },
        `tailImage: ${name} takes no last frame`,
      ]);
      break;
    case 'first-frame':
      cases.push(['no first frame', bare, `image: ${name} needs a first frame (image)`]);
      cases.push([
        'a last frame',
        { ...valid, tailImage: files.url('/blue.png') },
        `tailImage: ${name} takes no last frame`,
      ]);
      break;
    case 'first-last-frame':
      cases.push(['no first frame', bare, `image: ${name} needs a first frame (image)`]);
      cases.push(['a last frame alone', { ...bare, tailImage }, 'tailImage: the last frame goes with image']);
      break;
    case 'references':
      cases.push(['no reference', bare, `referenceImages: ${name} needs at least one reference image`]);
      cases.push([
        'a first frame',
        { ...valid, image: files.url('/red.png') },
        `image: ${name} makes video from reference images`,
      ]);
      break;
    case 'references-or-video':
      cases.push([
        'no reference',
        bare,
        `referenceImages: ${name} needs at least one reference image or reference video`,
      ]);
      cases.push([
        'a first frame',
        { ...valid, image: files.url('/red.png') },
        `image: ${name} makes video from reference images or videos`,
      ]);
      break;
  }
  const allowed = model.referenceImages ?? 0;
  const many = Array.from({ length: allowed + 1 }, () => ({ url: files.url('/green.png') }));
  cases.push([
    'too many reference images',
    { ...valid, referenceImages: many },
    allowed
      ? `referenceImages: ${name} takes at most ${allowed}; got ${allowed + 1}`
      : `referenceImages: ${name} takes none`,
  ]);
  if (!model.referenceVideos && !image && !tailImage)
    cases.push([
      'a reference video',
      { ...valid, referenceVideos: [{ url: files.url('/clip-3s.mp4') }] },
      `referenceVideos: ${name} takes none`,
    ]);
  if (Array.isArray(model.aspectRatios))
    cases.push([
      'an aspect ratio it does not make',
      { ...valid, aspectRatio: '9:21' },
      `aspectRatio: ${name} makes ${or(model.aspectRatios)}; got 9:21`,
    ]);
  const resolutions = model.resolutions;
  const other = resolutions && VIDEO_RESOLUTIONS.find((r) => !resolutions.includes(r));
  if (resolutions && other)
    cases.push([
      'a resolution it does not make',
      { ...valid, resolution: other },
      `resolution: ${name} makes ${or(resolutions)}; got ${other}`,
    ]);
  return cases;
}

describe('the 1.0.5 video catalogue under ATELIER_VIDEO_LIMITS=hosted', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    // No worker: the checks answer before any job, and the valid requests are only recorded.
    t = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false', ATELIER_VIDEO_LIMITS: 'hosted' });
    key = (await t.account({ credits: 1_000_000 })).key;
  });
  afterAll(() => t.close());
  const create = (payload: Record<string, unknown>, apiKey = key) =>
    t.server.inject({ method: 'POST', url: '/api/generate-video', headers: withKey(apiKey), payload });
  const read = async (id: number) =>
    (await t.server.inject({ method: 'GET', url: `/api/get-video?video_id=${id}`, headers: withKey(key) })).json<{
      video: Video;
    }>().video;

  it('lists the 94 names with the inputs, durations, resolutions, aspect ratios and reference limits of the fact sheet', async () => {
    expect(MODELS).toHaveLength(94);
    const listed = (await t.server.inject({ method: 'GET', url: '/api/video-models', headers: withKey(key) })).json<{
      models: { name: string; limits: Record<string, unknown> | null }[];
    }>().models;
    for (const model of MODELS) {
      const { nativeAudio, ...limits } = listed.find((m) => m.name === model.name)?.limits ?? {};
      expect(['always', 'toggle', undefined], model.name).toContain(nativeAudio);
      // toEqual: what the fact sheet leaves out (a provider-specific duration, no reference video) is absent here too.
      expect(limits, model.name).toEqual({
        input: model.input,
        durations: model.durations ?? undefined,
        resolutions: model.resolutions ?? undefined,
        aspectRatios: model.aspectRatios,
        referenceImages: model.referenceImages,
        referenceVideos: model.referenceVideos,
        referenceAudios: model.referenceAudios,
        freePlan: model.freePlan,
      });
    }
    expect(
      listed
        .filter((m) => m.limits?.freePlan)
        .map((m) => m.name)
        .sort(),
    ).toEqual(
      MODELS.filter((m) => m.freePlan)
        .map((m) => m.name)
        .sort(),
    );
    expect([...VIDEO_RESOLUTIONS]).toEqual(hosted.resolutions);
  });

  it('takes every name with a valid input for its mode and refuses the invalid ones, naming the model and what it takes', async () => {
    for (const model of MODELS) {
      const response = await create(validFor(model));
      expect(response.statusCode, `${model.name}: ${response.body}`).toBe(200);
      for (const [what, payload, error] of invalidFor(model)) {
        const refused = await create(payload);
        expect(refused.statusCode, `${model.name}, ${what}: ${refused.body}`).toBe(400);
        expect(refused.json<{ error: string }>().error, `${model.name}, ${what}`).toContain(error);
      }
    }
  });

  it('replays the fact sheet: defaults, "8s", audio that cannot be turned off, references and their combinations', async () => {
    // If omitted: 5 s when the model lists it, else its first duration; MiniMax H3 Max is 768p by default.
    const minimax = (await create({ prompt: 'A lighthouse at dusk.', model: 'MiniMax H3 Max' })).json<{
      id: number;
      used_credits: number;
    }>();
    expect(minimax.used_credits).toBe(20);
    expect((await read(minimax.id)).request).toMatchObject({ duration: '5', aspectRatio: '16:9', resolution: '768p' });
    const veo = (await create({ prompt: 'x', model: 'Veo 3.1' })).json<{ id: number }>();
    expect((await read(veo.id)).request).toMatchObject({ duration: '4', resolution: '720p' });
    // Veo 3.1's Image variants take only 8 s; "8" equals "8s".
    const image = { prompt: 'x', model: 'Veo 3.1 Fast Image', image: files.url('/red.png') };
    expect((await create({ ...image, duration: '8s' })).statusCode).toBe(200);
    expect((await create({ ...image, duration: '6' })).json()).toEqual({
      error: 'duration: Veo 3.1 Fast Image makes 8 seconds; got 6',
    });
    // MiniMax H3 Max always makes audio: REST false does not disable it (and says so).
    const loud = (await create({ prompt: 'x', model: 'MiniMax H3 Max', generateAudio: false })).json<{ id: number }>();
    expect((await read(loud.id)).warnings).toContain(
      'generateAudio: MiniMax H3 Max always makes audio; false does not turn it off (as on the hosted service)',
    );
    // referenceVideos wins over referenceVideo even when it is empty.
    const both = await create({
      prompt: 'x',
      model: 'Seedance 2.5 Reference',
      referenceImages: [{ url: files.url('/green.png') }],
      referenceVideo: files.url('/clip-3s.mp4'),
      referenceVideos: [],
    });
    expect(both.statusCode, both.body).toBe(200);
    const bothRecord = await read(both.json<{ id: number }>().id);
    expect(bothRecord.warnings).toContain(
      'referenceVideo: referenceVideos was given too, and it wins (as on the hosted service)',
    );
    expect(bothRecord.warnings.join(' ')).not.toContain('reference clip');
    const refused = (payload: Record<string, unknown>) => create({ prompt: 'x', ...payload }).then((r) => r.json());
    expect(
      await refused({
        model: 'Veo 3.1 First-Last Frame',
        image: files.url('/red.png'),
        referenceVideos: [{ url: files.url('/clip-3s.mp4') }],
      }),
    ).toEqual({ error: 'referenceVideos: cannot be combined with image or tailImage' });
    expect(
      await refused({
        model: 'MiniMax H3 Max Image',
        image: files.url('/red.png'),
        referenceAudios: [{ url: files.url('/tone.wav') }],
      }),
    ).toEqual({ error: 'referenceAudios: not allowed with a first-frame image' });
    expect(
      await refused({ model: 'Seedance 2.5 Reference', referenceAudios: [{ url: files.url('/tone.wav') }] }),
    ).toEqual({
      error: 'referenceAudios: needs a reference image or a reference video',
    });
    expect(
      await refused({
        model: 'MiniMax H3 Reference',
        referenceImages: [{ url: files.url('/green.png') }],
        referenceAudios: Array.from({ length: 4 }, () => ({ url: files.url('/tone.wav') })),
      }),
    ).toEqual({ error: 'referenceAudios: MiniMax H3 Reference takes at most 3; got 4' });
    expect(
      await refused({ model: 'Veo 3.1', referenceImages: [{ url: files.url('/green.png'), type: 'pose' }] }),
    ).toMatchObject({
      error: expect.stringContaining('referenceImages.0.type'),
    });
    // Older names and fields stay accepted.
    expect((await create({ prompt: 'x', model: 'Sora 2', duration: 1, aspectRatio: '9:21' })).statusCode).toBe(200);
  });

  it('lets a free account use the free variants at their resolution, and answers the hosted 403 for the rest', async () => {
    const free = (await t.account({ plan: 'free', credits: 500 })).key;
    expect((await create({ prompt: 'x', model: 'Veo 3.1 Fast', resolution: '720p' }, free)).statusCode).toBe(200);
    expect(
      (await create({ prompt: 'x', model: 'Seedance 2.0 Mini', resolution: '480p', duration: '5' }, free)).statusCode,
    ).toBe(200);
    for (const [payload, error] of [
      [{ model: 'MiniMax H3 Max' }, hosted.freePlanRefusal],
      [{ model: 'Veo 3.1', resolution: '720p' }, hosted.freePlanRefusal],
      [{ model: 'Veo 3.1 Fast' }, 'On the Free plan, Veo 3.1 Fast is made at 720p only: send resolution "720p"'],
      [
        { model: 'Veo 3.1 Fast', resolution: '1080p' },
        'On the Free plan, Veo 3.1 Fast is made at 720p only: send resolution "720p"',
      ],
      [
        { model: 'Seedance 2.0 Mini', resolution: '480p', duration: '6' },
        'On the Free plan, Seedance 2.0 Mini makes at most 5 seconds; got 6',
      ],
    ] as const) {
      const response = await create({ prompt: 'x', ...payload }, free);
      expect(response.statusCode, JSON.stringify(payload)).toBe(403);
      expect(response.json()).toEqual({ error });
    }
  });
});

describe('real clips from the 1.0.5 inputs (default limits)', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await startTestApp({
      ATELIER_ALLOW_PRIVATE_URLS: 'true',
      ATELIER_RATE_LIMIT_ENABLED: 'false',
      ATELIER_JOB_POLL_MS: '50',
      ATELIER_JOB_RETRY_BASE_MS: '50',
    });
    t.app.services.worker.start();
    key = (await t.account({ credits: 1_000 })).key;
  });
  afterAll(() => t.close());
  const create = (payload: Record<string, unknown>) =>
    t.server.inject({ method: 'POST', url: '/api/generate-video', headers: withKey(key), payload });
  const balance = async () =>
    (await t.server.inject({ method: 'GET', url: '/api/account', headers: withKey(key) })).json<{
      credits: { balance: number };
    }>().credits.balance;
  async function made(payload: Record<string, unknown>): Promise<Video> {
    const response = await create(payload);
    expect(response.statusCode, response.body).toBe(200);
    const { id } = response.json<{ id: number }>();
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { video } = (
        await t.server.inject({ method: 'GET', url: `/api/get-video?video_id=${id}`, headers: withKey(key) })
      ).json<{ video: Video }>();
      if (video.status !== 'processing' || Date.now() > deadline) return video;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  it('holds the names new in 1.0.5 to the hosted limits, and lets the names 1.0.4 had take what 1.0.4 took', async () => {
    const refused = await create({ prompt: 'x', model: 'Seedance 2.5', duration: '7' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: string }>().error).toBe(
      `duration: Seedance 2.5 makes ${or([4, 5, 6, 8, 10, 12, 15, 20, 25, 30])} seconds; got 7`,
    );
    expect((await create({ prompt: 'x', model: 'MiniMax H3 Max', aspectRatio: '9:21' })).statusCode).toBe(400);
    // Veo 3.1 makes 4, 6 or 8 s on the hosted service; 1.0.4 took 1 s here, and still does.
    expect((await create({ prompt: 'x', model: 'Veo 3.1', duration: '1' })).statusCode).toBe(200);
  });

  const download = async (url: string) =>
    (await t.server.inject({ method: 'GET', url: new URL(url).pathname })).rawPayload;

  it("starts on the first frame and ends on the last, in the first frame's shape, at 360p", async () => {
    const video = await made({
      prompt: 'A red kite turns blue.',
      model: 'Gemini Omni Flash 1.1 First-Last Frame',
      duration: '3',
      resolution: '360p',
      image: files.url('/red.png'),
      tailImage: files.url('/blue.png'),
    });
    expect(video, video.error).toMatchObject({
      status: 'completed',
      width: 640,
      height: 480,
      request: { aspectRatio: '4:3', resolution: '360p' },
    });
    const clip = await download(video.url);
    const [first, last] = [await colourAt(clip, 0.1), await colourAt(clip, 2.85)];
    expect(first[0]).toBeGreaterThan(150);
    expect(first[2]).toBeLessThan(90);
    expect(last[2]).toBeGreaterThan(150);
    expect(last[0]).toBeLessThan(90);
  });

  it('shows the reference pictures in order and plays the reference audio as the soundtrack', async () => {
    const video = await made({
      prompt: 'Meadow. Then sun.',
      model: 'WAN 3.0 Reference',
      duration: '5',
      resolution: '480p',
      aspectRatio: '3:4',
      referenceImages: [{ url: files.url('/green.png') }, { url: files.url('/yellow.png'), type: 'style' }],
      referenceAudios: [{ url: files.url('/tone.wav') }],
    });
    expect(video, video.error).toMatchObject({
      status: 'completed',
      width: 640,
      height: 854,
      request: { generateAudio: true },
    });
    expect(video.warnings).toContain(
      'referenceImages: the roles (character, object, style) are not followed here; the pictures are shown in the clip',
    );
    const clip = await download(video.url);
    const probed = await probeVideo(clip);
    expect(Math.abs(probed.durationSeconds - 5)).toBeLessThan(0.15);
    const [green, yellow] = [await colourAt(clip, 0.1), await colourAt(clip, 4.8)];
    expect(green[1]).toBeGreaterThan(150);
    expect(green[0]).toBeLessThan(90);
    expect(yellow[0]).toBeGreaterThan(150);
    expect(yellow[1]).toBeGreaterThan(150);
    expect(Math.abs((await crossingsPerSecond(clip, 2.5)) - 880)).toBeLessThan(40);
  });

  it('checks a reference clip (and says it was not followed); a clip too short or audio of the wrong type fails, refunded', async () => {
    const video = await made({
      prompt: 'A test pattern.',
      model: 'Seedance 2.0 Reference',
      duration: '4',
      resolution: '480p',
      referenceVideos: [{ url: files.url('/clip-3s.mp4') }],
    });
    expect(video, video.error).toMatchObject({ status: 'completed' });
    expect(video.warnings).toContain(
      'referenceVideos: the local engine cannot follow a reference clip; it was checked, and the video was made from the prompt and the pictures',
    );
    const before = await balance();
    const short = await made({
      prompt: 'x',
      model: 'Seedance 2.0 Reference',
      duration: '4',
      referenceVideos: [{ url: files.url('/clip-1s.mp4') }],
    });
    expect(short).toMatchObject({ status: 'failed', used_credits: 0 });
    expect(short.error).toMatch(/reference video 1 is 1 s long; it must be at least 2 s/);
    const notWav = await made({
      prompt: 'x',
      model: 'WAN 3.0 Reference',
      duration: '5',
      referenceImages: [{ url: files.url('/green.png') }],
      referenceAudios: [{ url: files.url('/clip-3s.mp4') }],
    });
    expect(notWav).toMatchObject({ status: 'failed', used_credits: 0 });
    expect(notWav.error).toMatch(/reference audio 1 must be wav or mp3/);
    expect(await balance()).toBe(before);
  });

  it('checks the 1.0.5 fields by the hosted rules and keeps 1.0.4 requests as they were', async () => {
    expect(
      (
        await create({ prompt: 'x', model: 'Veo 3.1', image: files.url('/red.png'), tailImage: files.url('/blue.png') })
      ).json(),
    ).toEqual({
      error: 'tailImage: Veo 3.1 takes no last frame; its input is text only',
    });
    expect(
      (
        await create({
          prompt: 'x',
          model: 'Kling O1 Reference',
          referenceImages: Array.from({ length: 5 }, () => ({ url: files.url('/green.png') })),
        })
      ).json(),
    ).toEqual({ error: 'referenceImages: Kling O1 Reference takes at most 4; got 5' });
    // 1.0.4 took any length and shape of these names, and still does by default.
    const old = await made({ prompt: 'x', model: 'Veo 3.1', duration: 1, aspectRatio: '4:3' });
    expect(old, old.error).toMatchObject({ status: 'completed', request: { duration: '1', aspectRatio: '4:3' } });
  });
});

describe('reference media on a private address (private URLs not allowed)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false', ATELIER_JOB_POLL_MS: '50' });
    t.app.services.worker.start();
  });
  afterAll(() => t.close());

  it('fetches a reference clip through the SSRF guard: refused before any request, the credits given back', async () => {
    const { key } = await t.account({ credits: 100 });
    const path = '/private-clip.mp4';
    files.serve(path, await testClip(3), 'video/mp4');
    const created = await t.server.inject({
      method: 'POST',
      url: '/api/generate-video',
      headers: withKey(key),
      payload: {
        prompt: 'x',
        model: 'Seedance 2.0 Reference',
        duration: '4',
        referenceVideos: [{ url: files.url(path) }],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json<{ id: number }>();
    let video: Video | undefined;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
      video = (
        await t.server.inject({ method: 'GET', url: `/api/get-video?video_id=${id}`, headers: withKey(key) })
      ).json<{ video: Video }>().video;
      if (video.status !== 'processing') break;
    }
    expect(video).toMatchObject({ status: 'failed', used_credits: 0 });
    expect(video?.error).toMatch(/^The reference video 1 could not be downloaded: .*(private|loopback|not allowed)/i);
    expect(files.hits(path)).toBe(0);
  });
});
