import { spawn } from 'node:child_process';
import { basename } from 'node:path';
import { EngineUnavailableError, UpstreamError } from '../../shared/errors.js';
import { groupGuard, killProcessGroup } from './process-watchdog.js';

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
 * is an UpstreamError, so callers refund and answer with a clear error. The program runs in a process group
 * of its own that is killed whole on a time-out, an abort, too much output, and when this process dies.
 */
export function runProgram(path: string, args: string[], options: RunOptions): Promise<Buffer> {
  const name = basename(path);
  const maxOutput = options.maxOutputBytes ?? 256 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new UpstreamError(`${name} was cancelled`, { isRetryable: false, cause: options.signal.reason }));
      return;
    }
    // Its own process group, so a time-out, an abort or this process's death ends everything it started.
    const child = spawn(path, args, { stdio: ['pipe', 'pipe', 'pipe'], detached: process.platform !== 'win32' });
    const pgid = child.pid;
    if (pgid !== undefined) groupGuard.add(pgid);
    let timedOut = false;
    let aborted = false;
    const kill = () => {
      if (pgid !== undefined && process.platform !== 'win32') killProcessGroup(pgid);
      else child.kill('SIGKILL');
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeoutMs);
    const onAbort = () => {
      aborted = true;
      kill();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
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
    const cleanUp = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (pgid !== undefined) groupGuard.remove(pgid);
    };
    child.on('error', (error: NodeJS.ErrnoException) => {
      cleanUp();
      if (error.code === 'ENOENT' || error.code === 'EACCES') {
        finish(new EngineUnavailableError(`${name} is not installed on this server`, { cause: error }));
      } else {
        finish(new UpstreamError(`${name} could not run`, { isRetryable: false, cause: error }));
      }
    });
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxOutput) {
        kill();
        finish(new UpstreamError(`${name} produced more output than allowed`, { isRetryable: false }));
      } else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += chunk.toString();
    });
    // Whatever the program left running holds its pipes open: it goes when the program does.
    child.on('exit', () => {
      if (pgid !== undefined) killProcessGroup(pgid);
    });
    child.on('close', (code, signal) => {
      cleanUp();
      if (code === 0 && !timedOut && !aborted) return finish(undefined, Buffer.concat(chunks));
      if (aborted)
        return finish(
          new UpstreamError(`${name} was cancelled`, { isRetryable: false, cause: options.signal?.reason }),
        );
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
