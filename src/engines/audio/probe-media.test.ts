import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeForRecognition } from './decode.js';
import { MediaRefusedError, NotAudioError, checkMedia, probeMedia } from './probe-media.js';

const LIMITS = { ffprobePath: 'ffprobe', maxSeconds: 14_400, maxStreams: 16 };
let dir: string;
let work: string;
const file = (name: string) => join(dir, name);
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'atelier-probe-media-'));
  work = join(dir, 'work');
  // 20 audio streams of half a second: 160 KB.
  ffmpeg(
    '-f',
    'lavfi',
    '-i',
    'anullsrc=r=8000:cl=mono',
    '-t',
    '0.5',
    ...Array.from({ length: 20 }, () => ['-map', '0:a']).flat(),
    '-c:a',
    'pcm_s16le',
    file('many.mka'),
  );
  // One second of sound whose timestamps start at 10 h: it says it lasts 10 h (16 KB).
  ffmpeg(
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=8000',
    '-t',
    '1',
    '-output_ts_offset',
    '36000',
    '-c:a',
    'pcm_s16le',
    file('claims-10h.mka'),
  );
  ffmpeg(
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=16000',
    '-t',
    '3',
    '-c:a',
    'libmp3lame',
    file('three-seconds.mp3'),
  );
  writeFileSync(file('not-audio.mp3'), '<html>not audio</html>');
}, 30_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('probeMedia', () => {
  it('reads the duration and the stream count from the header', async () => {
    expect(await probeMedia(file('many.mka'), 'ffprobe')).toEqual({ durationSeconds: 0.5, streams: 20 });
    const long = await probeMedia(file('claims-10h.mka'), 'ffprobe');
    expect(long.durationSeconds).toBeGreaterThan(36_000);
    expect(long.streams).toBe(1);
  });

  it('refuses a file with too many streams, before any decoding', async () => {
    const error = await checkMedia(file('many.mka'), LIMITS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaRefusedError);
    expect(error).toMatchObject({ isRetryable: false, message: 'the file has 20 streams; at most 16 are accepted' });
  });

  it('refuses a file that says it is longer than the limit', async () => {
    await expect(checkMedia(file('claims-10h.mka'), LIMITS)).rejects.toThrow(
      'the file is 10 h long; at most 4 h is accepted',
    );
    await expect(checkMedia(file('three-seconds.mp3'), { ...LIMITS, maxSeconds: 2 })).rejects.toThrow(
      /the file is 3 s long; at most 2 s is accepted/,
    );
    expect((await checkMedia(file('three-seconds.mp3'), LIMITS)).durationSeconds).toBeCloseTo(3, 0);
  });

  it('says a file that is not media is not audio', async () => {
    await expect(checkMedia(file('not-audio.mp3'), LIMITS)).rejects.toBeInstanceOf(NotAudioError);
  });
});

describe('decodeForRecognition', () => {
  const decode = (name: string, maxSeconds = 14_400) =>
    decodeForRecognition(readFileSync(file(name)), {
      ffmpegPath: 'ffmpeg',
      timeoutMs: 10_000,
      tempDir: work,
      limits: { ...LIMITS, maxSeconds },
    });

  it('refuses hostile files before ffmpeg decodes them, and leaves no file behind', async () => {
    await expect(decode('many.mka')).rejects.toThrow(/20 streams/);
    await expect(decode('claims-10h.mka')).rejects.toThrow(/10 h long/);
    await expect(decode('three-seconds.mp3', 2)).rejects.toThrow(/3 s long/);
    expect(readdirSync(work)).toEqual([]);
  });

  it('decodes what is within the limits, in the given temporary folder', async () => {
    const audio = await decode('three-seconds.mp3');
    expect(audio.sampleRate).toBe(16_000);
    expect(audio.pcm.length / 2 / 16_000).toBeCloseTo(3, 0);
    expect(readdirSync(work)).toEqual([]);
  });
});
