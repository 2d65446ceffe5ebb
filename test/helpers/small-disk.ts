import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, freePort } from './processes.js';

export interface SmallDisk {
  dir: string;
  /** Takes every byte left on the disk with one file, as a full disk would. */
  fill(): void;
  /** Gives the filler's space back. */
  free(): void;
  unmount(): void;
}

/**
 * A tmpfs of `sizeMiB` mounted on a new folder (needs root, as CI runs): a disk that can really be filled.
 * Undefined when it cannot be mounted, with the reason printed: the caller skips, never passes silently.
 */
export function mountSmallDisk(prefix: string, sizeMiB: number): SmallDisk | undefined {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMiB}m`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    console.warn(`SKIPPED: a tmpfs cannot be mounted here (needs root): ${(error as Error).message}`);
    return undefined;
  }
  const filler = join(dir, 'filler');
  return {
    dir,
    fill() {
      const fd = openSync(filler, 'a');
      const block = Buffer.alloc(256 * 1024);
      try {
        for (;;) writeSync(fd, block);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      } finally {
        closeSync(fd);
      }
      // What a block did not fit is filled byte by byte.
      const last = openSync(filler, 'a');
      try {
        for (;;) writeSync(last, Buffer.alloc(512));
      } catch {
        // full
      } finally {
        closeSync(last);
      }
    },
    free() {
      rmSync(filler, { force: true });
    },
    unmount() {
      try {
        execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export interface SpawnedService {
  child: ChildProcess;
  baseUrl: string;
  stderr: () => string;
  stop(): Promise<void>;
}

/**
 * `node dist/main.js` with its standard output on `stdoutFd` (a full device, a file on a small disk), ready
 * when /health answers. The admin key is in the data folder's admin-key file.
 */
export async function spawnService(env: Record<string, string>, stdoutFd: number | 'ignore'): Promise<SpawnedService> {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ATELIER_OPERATIONS_PUBLIC: 'true', ...env },
    stdio: ['ignore', stdoutFd, 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const service: SpawnedService = {
    child,
    baseUrl: `http://127.0.0.1:${port}`,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      // A process that does not stop (the failure a test looks for) must not outlive the test.
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(kill);
    },
  };
  const healthy = await until(async () => (await fetch(`${service.baseUrl}/health`)).ok, 25_000);
  if (!healthy) {
    await service.stop();
    throw new Error(`service did not answer /health (exit ${child.exitCode ?? child.signalCode}):\n${stderr}`);
  }
  return service;
}

/** Asks `condition` again every 100 ms until it holds (true) or `withinMs` have passed (false). */
export async function until(condition: () => Promise<boolean> | boolean, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      if (await condition()) return true;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const adminKeyIn = (dataDir: string): string => readFileSync(join(dataDir, 'admin-key'), 'utf8').trim();

/** A counter of /metrics, summed over its label sets; 0 when absent. */
export async function metricValue(baseUrl: string, name: string): Promise<number> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
}
