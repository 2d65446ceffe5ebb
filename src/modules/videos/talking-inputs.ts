/** The media a talking video is made from, fetched through the SSRF guard and probed with ffprobe before decoding. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type MediaLimits, MediaRefusedError, checkMedia, probeVideo } from '../../engines/audio/probe-media.js';
import { parseWav } from '../../engines/audio/wav.js';
import { checkedPicture } from '../../engines/media/picture-check.js';
import { runProgram } from '../../engines/processes/run-program.js';
import type { ReferenceImage } from '../../engines/spec/image-model.js';
import type { SpeechAudio } from '../../engines/spec/tts-model.js';
import { UpstreamError } from '../../shared/errors.js';
import { type GuardOptions, GuardedFetchError, guardedDownload } from '../../shared/net/guarded-http.js';
import { withTempDir } from '../../storage/temp-dir.js';

export interface TalkingInputsConfig {
  guard: GuardOptions;
  ffmpegPath: string;
  ffprobePath: string;
  /** For each decode; the probe has its own. */
  timeoutMs: number;
  tempDir: string;
}

/** The reference's limits: speech at most 5 minutes, a face clip of 3 to 300 seconds, a face picture of at least 512x512. */
export const MAX_AUDIO_SECONDS = 300;
export const VIDEO_SECONDS = { min: 3, max: 300 } as const;
export const MIN_FACE_SIDE = 512;
/** The rate speech is decoded at: plenty for a voice, and AAC encodes it as it is. */
const SPEECH_RATE = 24_000;

export const refused = (message: string) => new UpstreamError(message, { isRetryable: false });

/** The body at `url` through the SSRF guard; a refused or failed download is an UpstreamError naming `what`. */
export async function download(what: string, url: string, guard: GuardOptions): Promise<Buffer> {
  try {
    return (await guardedDownload(url, guard)).body;
  } catch (error) {
    if (!(error instanceof GuardedFetchError)) throw error;
    throw new UpstreamError(`The ${what} could not be downloaded: ${error.message}`, {
      isRetryable: error.isRetryable,
      cause: error,
    });
  }
}

export const seconds = (value: number) => `${Number(value.toFixed(1))} s`;

/** `body` as a private file in a temporary folder for `work` (which probes or decodes it), removed after. */
export function inTempFile<T>(
  tempDir: string,
  prefix: string,
  body: Buffer,
  work: (file: string) => Promise<T>,
): Promise<T> {
  return withTempDir(tempDir, prefix, async (dir) => {
    const file = join(dir, 'input');
    await writeFile(file, body, { mode: 0o600 });
    return work(file);
  });
}

/** `probe`, with ffprobe's refusal told as the refusal of `what`. */
export async function probing<T>(what: string, probe: () => Promise<T>): Promise<T> {
  try {
    return await probe();
  } catch (error) {
    if (error instanceof MediaRefusedError) throw refused(`The ${what} was refused: ${error.message}`);
    throw error;
  }
}

export class TalkingInputs {
  constructor(private readonly config: TalkingInputsConfig) {}

  /** The face picture: a PNG, JPEG or WebP of at least 512x512. */
  async image(url: string): Promise<ReferenceImage> {
    const body = await download('face image', url, this.config.guard);
    const size = await checkedPicture(body, 'face image');
    if (!size) throw refused('The face image is not a PNG, JPEG or WebP picture');
    if (size.width < MIN_FACE_SIDE || size.height < MIN_FACE_SIDE)
      throw refused(
        `The face image is ${size.width}x${size.height}; it must be at least ${MIN_FACE_SIDE}x${MIN_FACE_SIDE} pixels`,
      );
    return { data: body, mediaType: size.mediaType };
  }

  /** The face clip: a video stream, 3 to 300 seconds long (probed, never decoded here). */
  async video(url: string): Promise<{ data: Buffer; size: { width: number; height: number }; seconds: number }> {
    const body = await download('video', url, this.config.guard);
    return inTempFile(this.config.tempDir, 'talking-video', body, async (file) => {
      const facts = await probing('video', () => probeVideo(file, this.config.ffprobePath));
      if (!facts.size) throw refused('The video has no picture (no video stream)');
      const length = facts.durationSeconds;
      if (length === undefined) throw refused('The video does not say how long it is; send an MP4 or a MOV file');
      if (length < VIDEO_SECONDS.min || length > VIDEO_SECONDS.max)
        throw refused(
          `The video is ${seconds(length)} long; it must be ${VIDEO_SECONDS.min} to ${VIDEO_SECONDS.max} seconds`,
        );
      return { data: body, size: facts.size, seconds: length };
    });
  }

  /** The speech given as a file: probed (at most 5 minutes, a few streams), then decoded to mono PCM. */
  async audio(url: string): Promise<SpeechAudio> {
    const body = await download('audio', url, this.config.guard);
    return inTempFile(this.config.tempDir, 'talking-audio', body, async (file) => {
      const limits: MediaLimits = {
        ffprobePath: this.config.ffprobePath,
        maxSeconds: MAX_AUDIO_SECONDS,
        maxStreams: 4,
      };
      await probing('audio', () => checkMedia(file, limits));
      return decodeAudioFile(file, this.config, MAX_AUDIO_SECONDS);
    });
  }
}

/**
 * An audio file (already probed within its limits) decoded to mono PCM, at most `maxSeconds` of it; an empty one
 * (under 0.1 s of sound) is refused.
 */
export async function decodeAudioFile(
  file: string,
  config: { ffmpegPath: string; timeoutMs: number },
  maxSeconds: number,
): Promise<SpeechAudio> {
  const args = ['-v', 'error', '-nostdin', '-i', file, '-vn', '-sn', '-dn', '-t', String(maxSeconds)];
  args.push('-ar', String(SPEECH_RATE), '-ac', '1', '-c:a', 'pcm_s16le', '-f', 'wav', '-');
  let wav: Buffer;
  try {
    wav = await runProgram(config.ffmpegPath, args, {
      timeoutMs: config.timeoutMs,
      maxOutputBytes: maxSeconds * SPEECH_RATE * 2 + 64 * 1024,
    });
  } catch (error) {
    if (error instanceof UpstreamError && !error.isRetryable)
      throw refused('The audio is not a file that can be decoded');
    throw error;
  }
  const audio = parseWav(wav);
  if (audio.pcm.length / 2 < audio.sampleRate / 10) throw refused('The audio holds no sound (or less than 0.1 s)');
  return audio;
}
