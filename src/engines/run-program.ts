import { spawn } from 'node:child_process';
import { basename } from 'node:path';
import { EngineUnavailableError, UpstreamError } from '../shared/errors.js';

export interface RunOptions {
  input?: Buffer | string;
  timeoutMs: number;
  /** Output beyond this is refused rather than buffered without bound. */
  maxOutputBytes?: number;
  signal?: AbortSignal;
}

/**
 * Runs a local program with arguments (never through a shell) and collects its standard output.
 * A program that is not installed is an EngineUnavailableError; a crash, a time-out or too much output
 * is an UpstreamError, so callers refund and answer with a clear error.
 */
export function runProgram(path: string, args: string[], options: RunOptions): Promise<Buffer> {
  const name = basename(path);
  const maxOutput = options.maxOutputBytes ?? 256 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const child = spawn(path, args, { stdio: ['pipe', 'pipe', 'pipe'], signal: options.signal, timeout: options.timeoutMs, killSignal: 'SIGKILL' });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let settled = false;
    const finish = (error: Error | undefined, value?: Buffer) => {
      if (settled) return;
      settled = true;
      if (error) reject(error);
      else resolve(value as Buffer);
    };
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'EACCES') {
        finish(new EngineUnavailableError(`${name} is not installed on this server`, { cause: error }));
      } else {
        finish(new UpstreamError(`${name} could not run`, { isRetryable: false, cause: error }));
      }
    });
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxOutput) {
        child.kill('SIGKILL');
        finish(new UpstreamError(`${name} produced more output than allowed`, { isRetryable: false }));
      } else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += chunk.toString();
    });
    child.on('close', (code, signal) => {
      if (code === 0) return finish(undefined, Buffer.concat(chunks));
      const timedOut = signal === 'SIGKILL' && !options.signal?.aborted;
      finish(
        new UpstreamError(timedOut ? `${name} timed out` : `${name} failed (exit ${code ?? signal})`, {
          isRetryable: timedOut,
          cause: new Error(stderr.trim()),
        }),
      );
    });
    // A program that exits early closes its input; the write error is reported through 'close'.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}
