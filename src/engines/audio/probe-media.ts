import { UpstreamError } from '../../shared/errors.js';
import { runProgram } from '../processes/run-program.js';

export interface MediaLimits {
  ffprobePath: string;
  /** Longer media is refused before decoding. */
  maxSeconds: number;
  /** Files with more streams (audio, video, subtitles, data) are refused before decoding. */
  maxStreams: number;
  /** For ffprobe's header read; a file that takes longer to describe is refused. */
  timeoutMs?: number;
}

export interface MediaFacts {
  /** Undefined when the container does not say (raw streams); decoding is then bounded by ffmpeg's -t. */
  durationSeconds: number | undefined;
  streams: number;
}

/** A user's file that breaks a limit (or cannot be read at all): trying again will not help. */
export class MediaRefusedError extends Error {
  override name = 'MediaRefusedError';
  readonly isRetryable = false;
}

/** A file that is not audio ffmpeg can read; not worth retrying. */
export class NotAudioError extends MediaRefusedError {
  override name = 'NotAudioError';
}

const PROBE_TIMEOUT_MS = 15_000;

/** What ffprobe says of a file's container, without decoding it: its duration and how many streams it holds. */
export async function probeMedia(file: string, ffprobePath: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<MediaFacts> {
  const args = ['-v', 'error', '-show_entries', 'format=duration,nb_streams', '-of', 'json', file];
  let output: Buffer;
  try {
    output = await runProgram(ffprobePath, args, { timeoutMs, maxOutputBytes: 64 * 1024 });
  } catch (error) {
    if (error instanceof UpstreamError && /timed out/.test(error.message)) {
      throw new MediaRefusedError(`the file could not be read within ${timeoutMs / 1000} s`, { cause: error });
    }
    if (error instanceof UpstreamError)
      throw new NotAudioError('the file at the URL is not audio or video that can be decoded', { cause: error });
    throw error;
  }
  const parsed = JSON.parse(output.toString('utf8')) as {
    format?: { duration?: string | number; nb_streams?: number };
  };
  const duration = Number(parsed.format?.duration);
  return {
    durationSeconds: Number.isFinite(duration) && duration >= 0 ? duration : undefined,
    streams: Number(parsed.format?.nb_streams ?? 0),
  };
}

const hours = (seconds: number) =>
  seconds >= 3600 ? `${Number((seconds / 3600).toFixed(2))} h` : `${Math.round(seconds)} s`;

/** Probes `file` and refuses it when it breaks a limit; returns what was found. */
export async function checkMedia(file: string, limits: MediaLimits): Promise<MediaFacts> {
  const facts = await probeMedia(file, limits.ffprobePath, limits.timeoutMs);
  if (facts.streams > limits.maxStreams) {
    throw new MediaRefusedError(`the file has ${facts.streams} streams; at most ${limits.maxStreams} are accepted`);
  }
  if (facts.durationSeconds !== undefined && facts.durationSeconds > limits.maxSeconds) {
    throw new MediaRefusedError(
      `the file is ${hours(facts.durationSeconds)} long; at most ${hours(limits.maxSeconds)} is accepted`,
    );
  }
  return facts;
}

export interface VideoFacts {
  durationSeconds: number | undefined;
  /** The first video stream's size; undefined when the file has no video stream. */
  size: { width: number; height: number } | undefined;
}

/** What ffprobe says of a clip without decoding it: its duration and its first video stream's size. */
export async function probeVideo(file: string, ffprobePath: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<VideoFacts> {
  const args = [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=width,height:format=duration',
    '-of',
    'json',
    file,
  ];
  let output: Buffer;
  try {
    output = await runProgram(ffprobePath, args, { timeoutMs, maxOutputBytes: 64 * 1024 });
  } catch (error) {
    if (error instanceof UpstreamError && /timed out/.test(error.message))
      throw new MediaRefusedError(`the file could not be read within ${timeoutMs / 1000} s`, { cause: error });
    if (error instanceof UpstreamError)
      throw new MediaRefusedError('the file at the URL is not a video that can be decoded', { cause: error });
    throw error;
  }
  const parsed = JSON.parse(output.toString('utf8')) as {
    streams?: { width?: number; height?: number }[];
    format?: { duration?: string | number };
  };
  const duration = Number(parsed.format?.duration);
  const stream = parsed.streams?.[0];
  const width = Number(stream?.width);
  const height = Number(stream?.height);
  return {
    durationSeconds: Number.isFinite(duration) && duration >= 0 ? duration : undefined,
    size: width > 0 && height > 0 ? { width, height } : undefined,
  };
}
