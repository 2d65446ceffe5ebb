import { spawn } from 'node:child_process';
import { basename } from 'node:path';
import type { Readable } from 'node:stream';
import { EngineUnavailableError, UpstreamError } from '../../shared/errors.js';
import { groupGuard, killProcessGroup } from '../processes/process-watchdog.js';

/** OpenAI's speech formats, as `/v1/audio/speech` streams them: mono, 24 kHz except MP3 (44.1 kHz, 128 kb/s). */
export const STREAM_FORMATS = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'] as const;
export type StreamFormat = (typeof STREAM_FORMATS)[number];

interface StreamFormatSpec {
  sampleRate: number;
  contentType: string;
  /** ffmpeg's output arguments (codec, bitrate, container). */
  output: readonly string[];
}

const STREAM_FORMAT_SPECS: Record<StreamFormat, StreamFormatSpec> = {
  mp3: { sampleRate: 44_100, contentType: 'audio/mpeg', output: ['-c:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3'] },
  opus: { sampleRate: 24_000, contentType: 'audio/ogg', output: ['-c:a', 'libopus', '-b:a', '32k', '-f', 'ogg'] },
  aac: { sampleRate: 24_000, contentType: 'audio/aac', output: ['-c:a', 'aac', '-b:a', '64k', '-f', 'adts'] },
  flac: { sampleRate: 24_000, contentType: 'audio/flac', output: ['-c:a', 'flac', '-f', 'flac'] },
  wav: { sampleRate: 24_000, contentType: 'audio/wav', output: ['-c:a', 'pcm_s16le', '-f', 'wav'] },
  pcm: { sampleRate: 24_000, contentType: 'audio/pcm', output: ['-c:a', 'pcm_s16le', '-f', 's16le'] },
};

export const streamFormatSpec = (format: StreamFormat): Readonly<StreamFormatSpec> => STREAM_FORMAT_SPECS[format];

export interface StreamEncoderOptions {
  ffmpegPath: string;
  format: StreamFormat;
  /** The sample rate of the 16-bit mono PCM written in. */
  inputRate: number;
  volume: number;
  /** A tempo factor applied after synthesis (what the engine's own rate could not reach); 1 for none. */
  tempo: number;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}

/** PCM in as it is made, the encoded file out as ffmpeg writes it. */
export interface StreamEncoder {
  /** The encoded bytes, chunk by chunk; it errors if ffmpeg fails. */
  readonly output: Readable;
  /** Resolves when the PCM is accepted (back-pressure). */
  write(pcm: Buffer): Promise<void>;
  /** No more PCM: ffmpeg finishes the file; resolves once it exited well, rejects otherwise. */
  end(): Promise<void>;
  /** Stops ffmpeg (the client left, or the synthesis failed). */
  kill(): void;
}

/** atempo takes 0.5 to 100 per filter: slower than half speed is a chain of halves. */
function tempoFilters(tempo: number): string[] {
  const filters: string[] = [];
  let rest = tempo;
  while (rest < 0.5) {
    filters.push('atempo=0.5');
    rest /= 0.5;
  }
  if (Math.abs(rest - 1) > 1e-3) filters.push(`atempo=${rest.toFixed(4)}`);
  return filters;
}

/**
 * ffmpeg reading raw PCM on its standard input and writing the file to its standard output, packet by packet
 * (-flush_packets), so the first bytes leave while the text is still being spoken. In its own process group,
 * killed whole on a time-out, an abort and this process's death, as runProgram's programs are.
 */
export function startStreamEncoder(options: StreamEncoderOptions): StreamEncoder {
  const spec = STREAM_FORMAT_SPECS[options.format];
  const filters = [`volume=${options.volume.toFixed(3)}`, ...tempoFilters(options.tempo)];
  const args = [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
    ...['-f', 's16le', '-ar', String(options.inputRate), '-ac', '1', '-i', 'pipe:0'],
    ...['-af', filters.join(','), '-ar', String(spec.sampleRate), '-ac', '1'],
    ...spec.output,
    ...['-flush_packets', '1', 'pipe:1'],
  ];
  const name = basename(options.ffmpegPath);
  const child = spawn(options.ffmpegPath, args, {
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
  });
  const pgid = child.pid;
  if (pgid !== undefined) groupGuard.add(pgid);
  let stderr = '';
  let stopped: string | undefined;
  const kill = (why: string) => {
    stopped ??= why;
    if (pgid !== undefined && process.platform !== 'win32') killProcessGroup(pgid);
    else child.kill('SIGKILL');
  };
  const timer = setTimeout(() => kill(`${name} timed out after ${options.timeoutMs} ms`), options.timeoutMs);
  const onAbort = () => kill(`${name} was cancelled`);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < 4096) stderr += chunk.toString('utf8');
  });
  // A write after ffmpeg died fails with EPIPE; the exit below says why.
  child.stdin.on('error', () => undefined);
  const exited = new Promise<void>((resolve, reject) => {
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new EngineUnavailableError(`${name} is not installed`)
          : new UpstreamError(`${name} could not start`, { isRetryable: false, cause: error }),
      );
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (pgid !== undefined) groupGuard.remove(pgid);
      if (code === 0 && !stopped) resolve();
      else
        reject(
          new UpstreamError(stopped ?? `${name} failed (exit ${code}): ${stderr.trim().slice(0, 300)}`, {
            isRetryable: false,
          }),
        );
    });
  });
  exited.catch((error: unknown) => child.stdout.destroy(error instanceof Error ? error : undefined));
  return {
    output: child.stdout,
    write: (pcm) =>
      new Promise((resolve) => {
        if (child.stdin.destroyed || child.stdin.write(pcm)) return resolve();
        const done = () => {
          child.stdin.off('drain', done);
          child.stdin.off('close', done);
          resolve();
        };
        child.stdin.on('drain', done);
        child.stdin.on('close', done);
      }),
    end: () => {
      child.stdin.end();
      return exited;
    },
    kill: () => kill(`${name} was stopped`),
  };
}
