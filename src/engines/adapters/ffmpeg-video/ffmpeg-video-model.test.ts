import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamError } from '../../../shared/errors.js';
import { EspeakNgTtsModel } from '../espeak-ng/espeak-ng-tts-model.js';
import type { ImageCallOptions, ImageModel, ImageResult } from '../../spec/image-model.js';
import type { AspectRatio, VideoResolution, VideoResult } from '../../spec/video-model.js';
import { H264_VIDEO } from './ffmpeg-args.js';
import { FfmpegVideoModel, type FfmpegVideoConfig } from './ffmpeg-video-model.js';
import { warningTexts } from '../../spec/warning-text.js';

const run = promisify(execFile);

type Rgb = [number, number, number];
const PALETTE: Rgb[] = [
  [40, 110, 200],
  [200, 60, 50],
  [50, 160, 80],
  [220, 180, 40],
  [140, 70, 170],
  [30, 170, 170],
];
const colourFor = (seed: number): Rgb => PALETTE[((seed % PALETTE.length) + PALETTE.length) % PALETTE.length] as Rgb;

/** Real PNGs, one solid colour per seed; remembers what it was asked. */
class SolidImageModel implements ImageModel {
  readonly provider = 'test';
  readonly modelId = 'solid';
  readonly supportsReferenceImage = false;
  readonly calls: ImageCallOptions[] = [];
  async doGenerate(options: ImageCallOptions): Promise<ImageResult> {
    this.calls.push(options);
    const [r, g, b] = colourFor(options.seed);
    const data = await sharp({
      create: { width: options.width, height: options.height, channels: 3, background: { r, g, b } },
    })
      .png()
      .toBuffer();
    return { image: { data, mediaType: 'image/png' }, width: options.width, height: options.height, warnings: [] };
  }
}

const espeak = new EspeakNgTtsModel({ binaryPath: 'espeak-ng', timeoutMs: 10_000 });
const narrate = (text: string, abortSignal?: AbortSignal) =>
  espeak.doGenerate({ providerVoiceId: 'en-us', text, settings: {}, abortSignal });

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'atelier-video-test-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

let dirs = 0;
/** A fresh work directory; a name full of filter-graph syntax, so escaping is tested on every run. */
const workDir = async () => {
  const dir = join(root, `work ${dirs++} it's [a:b], c;d=e\\f`);
  await mkdir(dir, { recursive: true });
  return dir;
};

const model = (config: Partial<FfmpegVideoConfig> & { workDir: string }) =>
  new FfmpegVideoModel({ ffmpegPath: 'ffmpeg', timeoutMs: 60_000, images: new SolidImageModel(), ...config });

interface Probe {
  streams: {
    codec_type: string;
    codec_name: string;
    width?: number;
    height?: number;
    pix_fmt?: string;
    duration?: string;
  }[];
  format: { duration: string };
}

async function save(result: VideoResult, name: string): Promise<string> {
  const file = join(root, name);
  await writeFile(file, result.video.data);
  return file;
}

async function probe(file: string): Promise<Probe> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file]);
  return JSON.parse(stdout) as Probe;
}

/** One decoded frame as RGB bytes. */
async function frameAt(file: string, seconds: number, width: number, height: number): Promise<Buffer> {
  const { stdout } = await run(
    'ffmpeg',
    [
      '-v',
      'error',
      '-ss',
      String(seconds),
      '-i',
      file,
      '-frames:v',
      '1',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      'pipe:1',
    ],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  expect(stdout.length).toBe(width * height * 3);
  return stdout;
}

interface RegionStats {
  mean: Rgb;
  /** Share of pixels brighter than 200 on every channel (white caption text). */
  white: number;
}

function region(frame: Buffer, width: number, box: { x0: number; y0: number; x1: number; y1: number }): RegionStats {
  let sumR = 0;
  let sumG = 0;
  let sumB = 0;
  let white = 0;
  let count = 0;
  for (let y = box.y0; y < box.y1; y++) {
    for (let x = box.x0; x < box.x1; x++) {
      const at = (y * width + x) * 3;
      const r = frame[at] ?? 0;
      const g = frame[at + 1] ?? 0;
      const b = frame[at + 2] ?? 0;
      sumR += r;
      sumG += g;
      sumB += b;
      if (r > 200 && g > 200 && b > 200) white++;
      count++;
    }
  }
  return { mean: [sumR / count, sumG / count, sumB / count], white: white / count };
}

/** Share of pixels much darker than `background` on every channel (the caption's box). */
function darkShare(
  frame: Buffer,
  width: number,
  box: { x0: number; y0: number; x1: number; y1: number },
  background: Rgb,
): number {
  let dark = 0;
  let count = 0;
  for (let y = box.y0; y < box.y1; y++) {
    for (let x = box.x0; x < box.x1; x++) {
      const at = (y * width + x) * 3;
      if ([0, 1, 2].every((c) => (frame[at + c] ?? 0) < (background[c] ?? 0) * 0.6 + 5)) dark++;
      count++;
    }
  }
  return dark / count;
}

const near = (actual: Rgb, expected: Rgb, tolerance: number) =>
  actual.every((value, i) => Math.abs(value - (expected[i] ?? 0)) <= tolerance);

/** Audio samples as mono 16-bit PCM at 8 kHz, and their RMS over a window. */
async function audioOf(file: string): Promise<Int16Array> {
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-i', file, '-vn', '-ac', '1', '-ar', '8000', '-f', 's16le', 'pipe:1'],
    {
      encoding: 'buffer',
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return new Int16Array(stdout.buffer, stdout.byteOffset, stdout.length / 2);
}
const rms = (samples: Int16Array, fromSeconds: number, toSeconds: number) => {
  const part = samples.subarray(Math.floor(fromSeconds * 8000), Math.floor(toSeconds * 8000));
  let sum = 0;
  for (const sample of part) sum += sample * sample;
  return Math.sqrt(sum / Math.max(1, part.length));
};

function checkStreams(info: Probe, width: number, height: number, seconds: number) {
  const video = info.streams.filter((stream) => stream.codec_type === 'video');
  const audio = info.streams.filter((stream) => stream.codec_type === 'audio');
  expect(video).toHaveLength(1);
  expect(audio).toHaveLength(1);
  expect(video[0]).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', width, height });
  expect(audio[0]?.codec_name).toBe('aac');
  expect(Math.abs(Number(info.format.duration) - seconds)).toBeLessThanOrEqual(0.1);
  expect(Math.abs(Number(video[0]?.duration) - seconds)).toBeLessThanOrEqual(0.1);
  expect(Math.abs(Number(audio[0]?.duration) - seconds)).toBeLessThanOrEqual(0.1);
}

/**
 * The CPU time (user and system, seconds) of the child processes `work` runs and waits for: Linux adds a child's
 * to its parent's `cutime`/`cstime` (/proc/self/stat) once it has been waited for.
 */
async function childCpuSeconds(work: () => Promise<unknown>): Promise<number> {
  const read = () => {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    // After the name come the fields from the third (state) on: cutime is the 16th and cstime the 17th.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  };
  const before = read();
  await work();
  return read() - before;
}

describe('FfmpegVideoModel', () => {
  it('makes a 5 s 16:9 captioned, narrated slideshow; a narration longer than the clip is cut, with a warning', async () => {
    const dir = await workDir();
    const images = new SolidImageModel();
    const prompt =
      'A lighthouse stands on a rocky coast at dusk. Waves crash against the rocks below, then the lamp flickers on.';
    // Its cost against a baseline measured here, in CPU time of the programs it runs (a busy machine slows both
    // alike, and neither counts the other processes): a plain encode of 5 s of one colour at the same size.
    const baseline = await childCpuSeconds(() =>
      run('ffmpeg', [
        ...['-v', 'error', '-f', 'lavfi', '-i', 'color=c=0x3366cc:s=1280x720:r=30:d=5', ...H264_VIDEO],
        ...['-f', 'null', '-'],
      ]),
    );
    let result: VideoResult | undefined;
    const cost = await childCpuSeconds(async () => {
      result = await model({ workDir: dir, images, narrate }).doGenerate({
        prompt,
        durationSeconds: 5,
        aspectRatio: '16:9',
        seed: 0,
      });
    });
    if (!result) throw new Error('no video');
    console.log(`[ffmpeg-video] 5 s slideshow: ${cost.toFixed(2)} s of CPU, a plain encode ${baseline.toFixed(2)} s`);
    // 1.6-2.2 times the plain encode here: six times is a render that does far more than it should.
    expect(cost / baseline).toBeLessThan(6);
    expect(result).toMatchObject({ width: 1280, height: 720, durationSeconds: 5 });
    expect(result.video.mediaType).toBe('video/mp4');
    expect(warningTexts(result.warnings).some((warning) => /narration .* cut/.test(warning))).toBe(true);
    // Two scenes (one per sentence), keyframes larger than the frame, seeds counting up.
    expect(images.calls.map((call) => call.prompt)).toEqual([
      'A lighthouse stands on a rocky coast at dusk.',
      'Waves crash against the rocks below, then the lamp flickers on.',
    ]);
    expect(images.calls.map((call) => [call.width, call.height, call.seed, call.hd])).toEqual([
      [1600, 900, 0, false],
      [1600, 900, 1, false],
    ]);
    const file = await save(result, 'landscape.mp4');
    checkStreams(await probe(file), 1280, 720, 5);
    expect(await readdir(dir)).toEqual([]);

    // The middle of each scene: its keyframe colour above, a dark box with white text at the bottom.
    for (const [i, at] of [1.2, 3.8].entries()) {
      const frame = await frameAt(file, at, 1280, 720);
      const sky = region(frame, 1280, { x0: 100, y0: 80, x1: 1180, y1: 400 });
      expect(near(sky.mean, colourFor(i), 12)).toBe(true);
      expect(sky.white).toBe(0);
      const caption = region(frame, 1280, { x0: 440, y0: 620, x1: 840, y1: 680 });
      expect(caption.white).toBeGreaterThan(0.03);
      expect(darkShare(frame, 1280, { x0: 440, y0: 620, x1: 840, y1: 680 }, colourFor(i))).toBeGreaterThan(0.4);
      // Above the caption the picture is untouched.
      expect(darkShare(frame, 1280, { x0: 440, y0: 450, x1: 840, y1: 560 }, colourFor(i))).toBe(0);
    }

    // Speech at the start, the whole way through (cut, not padded).
    const samples = await audioOf(file);
    expect(rms(samples, 0.2, 1.5)).toBeGreaterThan(300);
    expect(rms(samples, 3.5, 4.8)).toBeGreaterThan(300);
  });

  it('makes a 10 s 9:16 clip of several scenes; a short narration is padded with silence', async () => {
    const dir = await workDir();
    const images = new SolidImageModel();
    const prompt =
      'Morning in the city. A cyclist rides past a bakery. Pigeons scatter across the square. The sun climbs over the towers.';
    const result = await model({
      workDir: dir,
      images,
      narrate: (_text, signal) => narrate('Morning.', signal),
    }).doGenerate({
      prompt,
      durationSeconds: 10,
      aspectRatio: '9:16',
      seed: 7,
    });
    expect(result).toMatchObject({ width: 720, height: 1280, durationSeconds: 10, warnings: [] });
    expect(images.calls.map((call) => [call.width, call.height, call.seed])).toEqual([
      [900, 1600, 7],
      [900, 1600, 8],
      [900, 1600, 9],
      [900, 1600, 10],
    ]);
    const file = await save(result, 'portrait.mp4');
    checkStreams(await probe(file), 720, 1280, 10);
    const samples = await audioOf(file);
    expect(rms(samples, 0, 1)).toBeGreaterThan(300);
    expect(rms(samples, 5, 9.9)).toBeLessThan(5);
    // The last scene's keyframe shows at the end.
    const frame = await frameAt(file, 9.5, 720, 1280);
    expect(near(region(frame, 720, { x0: 50, y0: 100, x1: 670, y1: 700 }).mean, colourFor(10), 12)).toBe(true);
    expect(await readdir(dir)).toEqual([]);
  });

  it('makes a 3 s 1:1 clip from a given picture (image-to-video) with a silent audio track', async () => {
    const dir = await workDir();
    const images = new SolidImageModel();
    const orange: Rgb = [230, 120, 30];
    // Orange with a white square in the middle, to see the zoom.
    const square = await sharp({
      create: { width: 100, height: 100, channels: 3, background: { r: 255, g: 255, b: 255 } },
    })
      .png()
      .toBuffer();
    const picture = await sharp({
      create: { width: 400, height: 300, channels: 3, background: { r: orange[0], g: orange[1], b: orange[2] } },
    })
      .composite([{ input: square, left: 150, top: 100 }])
      .jpeg({ quality: 95 })
      .toBuffer();
    const result = await model({ workDir: dir, images }).doGenerate({
      prompt: 'A glowing ember drifts upward',
      durationSeconds: 3,
      aspectRatio: '1:1',
      image: { data: picture, mediaType: 'image/jpeg' },
      seed: 1,
    });
    expect(images.calls).toEqual([]);
    expect(result).toMatchObject({ width: 720, height: 720, durationSeconds: 3 });
    const file = await save(result, 'square.mp4');
    checkStreams(await probe(file), 720, 720, 3);
    const frame = await frameAt(file, 1.5, 720, 720);
    expect(near(region(frame, 720, { x0: 40, y0: 40, x1: 680, y1: 180 }).mean, orange, 12)).toBe(true);
    // One scene zooming in: the square (scaled to cover, 240 px across at first) grows by about 1.2 times.
    const whole = { x0: 0, y0: 0, x1: 720, y1: 560 };
    const first = region(await frameAt(file, 0, 720, 720), 720, whole).white * 720 * 560;
    const last = region(await frameAt(file, 2.9, 720, 720), 720, whole).white * 720 * 560;
    expect(Math.sqrt(first)).toBeGreaterThan(225);
    expect(Math.sqrt(first)).toBeLessThan(255);
    expect(Math.sqrt(last) / Math.sqrt(first)).toBeGreaterThan(1.15);
    expect(Math.sqrt(last) / Math.sqrt(first)).toBeLessThan(1.22);
    const samples = await audioOf(file);
    expect(rms(samples, 0, 2.9)).toBeLessThan(5);
    expect(await readdir(dir)).toEqual([]);
  });

  it('makes a 1 s clip of the right size for each new ratio, at 720p and 1080p; 4k is made at 1080p, with a warning', async () => {
    const cases: [AspectRatio, VideoResolution | undefined, number, number][] = [
      ['4:3', undefined, 1280, 960],
      ['3:4', '720p', 960, 1280],
      ['21:9', undefined, 1280, 548],
      ['9:21', undefined, 548, 1280],
      ['3:2', undefined, 1280, 854],
      ['2:3', undefined, 854, 1280],
      ['16:9', '1080p', 1920, 1080],
      ['1:1', '4k', 1080, 1080],
    ];
    for (const [aspectRatio, resolution, width, height] of cases) {
      const result = await model({ workDir: await workDir() }).doGenerate({
        prompt: 'A kite rises.',
        durationSeconds: 1,
        aspectRatio,
        resolution,
        seed: 2,
      });
      expect(result, `${aspectRatio} ${resolution}`).toMatchObject({ width, height });
      expect(warningTexts(result.warnings)).toEqual(
        resolution === '4k' ? ['resolution: 4k is made at 1080p here (rendering 4k on the CPU costs too much)'] : [],
      );
      checkStreams(await probe(await save(result, `ratio-${width}x${height}.mp4`)), width, height, 1);
    }
  });

  it('generateAudio: false has no audio stream even with a narrator; true without one warns and keeps a silent track', async () => {
    const silent = await model({ workDir: await workDir(), narrate }).doGenerate({
      prompt: 'A quiet lake.',
      durationSeconds: 1,
      aspectRatio: '16:9',
      generateAudio: false,
      seed: 0,
    });
    expect(silent.warnings).toEqual([]);
    const info = await probe(await save(silent, 'no-audio.mp4'));
    expect(info.streams.map((stream) => stream.codec_type)).toEqual(['video']);
    expect(info.streams[0]).toMatchObject({ codec_name: 'h264', width: 1280, height: 720 });

    const unvoiced = await model({ workDir: await workDir() }).doGenerate({
      prompt: 'A quiet lake.',
      durationSeconds: 1,
      aspectRatio: '16:9',
      generateAudio: true,
      seed: 0,
    });
    expect(warningTexts(unvoiced.warnings)).toEqual([
      'generateAudio: no local voice is available to narrate here, so the clip has a silent audio track',
    ]);
    checkStreams(await probe(await save(unvoiced, 'unvoiced.mp4')), 1280, 720, 1);

    const spoken = await model({ workDir: await workDir(), narrate }).doGenerate({
      prompt: 'Hello.',
      durationSeconds: 1,
      aspectRatio: '1:1',
      generateAudio: true,
      seed: 0,
    });
    const file = await save(spoken, 'spoken.mp4');
    checkStreams(await probe(file), 720, 720, 1);
    expect(rms(await audioOf(file), 0, 0.9)).toBeGreaterThan(300);
  });

  it('removes its temporary directory when the image engine fails, and passes the failure on', async () => {
    const dir = await workDir();
    const failing: ImageModel = {
      provider: 'test',
      modelId: 'broken',
      supportsReferenceImage: false,
      doGenerate: async (options) => {
        if (options.seed === 1) throw new UpstreamError('image engine down', { isRetryable: true });
        return new SolidImageModel().doGenerate(options);
      },
    };
    await expect(
      model({ workDir: dir, images: failing, narrate }).doGenerate({
        prompt: 'One. Two. Three. Four.',
        durationSeconds: 10,
        aspectRatio: '16:9',
        seed: 0,
      }),
    ).rejects.toThrow('image engine down');
    expect(await readdir(dir)).toEqual([]);
  });

  it('an ffmpeg that is not installed is EngineUnavailableError, and the directory still goes', async () => {
    const dir = await workDir();
    const error = await model({ workDir: dir, ffmpegPath: '/nonexistent/ffmpeg' })
      .doGenerate({ prompt: 'A quiet lake.', durationSeconds: 2, aspectRatio: '1:1', seed: 0 })
      .catch((e: unknown) => e);
    expect((error as Error).name).toBe('EngineUnavailableError');
    expect(await readdir(dir)).toEqual([]);
  });

  it('without a font it makes the clip without captions, and says so', async () => {
    const dir = await workDir();
    const teal = colourFor(5);
    const picture = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: teal[0], g: teal[1], b: teal[2] } },
    })
      .webp()
      .toBuffer();
    const result = await model({ workDir: dir, captionFont: '/nonexistent/font.ttf' }).doGenerate({
      prompt: 'A quiet lake at noon. A boat drifts by.',
      durationSeconds: 4,
      aspectRatio: '1:1',
      image: { data: picture, mediaType: 'image/webp' },
      seed: 3,
    });
    expect(warningTexts(result.warnings)).toEqual(['no font was found for the captions, so the clip has none']);
    const file = await save(result, 'no-captions.mp4');
    checkStreams(await probe(file), 720, 720, 4);
    // Both scenes show the picture, and nothing is drawn over it.
    for (const at of [1, 3]) {
      const frame = await frameAt(file, at, 720, 720);
      expect(near(region(frame, 720, { x0: 0, y0: 0, x1: 720, y1: 720 }).mean, teal, 8)).toBe(true);
      expect(darkShare(frame, 720, { x0: 0, y0: 0, x1: 720, y1: 720 }, teal)).toBe(0);
    }
  });

  it('an aborted signal stops ffmpeg', async () => {
    const dir = await workDir();
    const controller = new AbortController();
    const pending = model({ workDir: dir }).doGenerate({
      prompt: 'A train crosses a bridge. Snow falls on the valley. The train enters a tunnel. Night comes.',
      durationSeconds: 12,
      aspectRatio: '16:9',
      seed: 0,
      abortSignal: controller.signal,
    });
    setTimeout(() => controller.abort(), 700);
    const error = await pending.catch((e: unknown) => e);
    // Killed by the abort (not failed or finished on its own): the render of 12 s takes far longer than the wait.
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as Error).message).toBe('ffmpeg was cancelled');
    expect((error as Error).cause).toBe(controller.signal.reason);
    expect(await readdir(dir)).toEqual([]);
  });
});
