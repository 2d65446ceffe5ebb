import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, rmdir, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { isProcessRunning } from '../shared/process-alive.js';
import { millisNow, systemClock } from '../shared/clock.js';

/**
 * Temporary files live under the data directory (`<dataDir>/tmp`), never in the system's temporary folder,
 * each process in a folder of its own named `<host>-<pid>-<start>`: host is a short hash of the machine's
 * name (processes of several machines or containers may share one data directory), start is when the
 * process started (a restarted container often gets the same pid again). At start, folders of processes
 * that are gone are removed; everything is owner-only (0700).
 */

const HOST_TAG = createHash('sha256').update(hostname()).digest('hex').slice(0, 8);
const START = Math.round(performance.timeOrigin);
const OWNER = /^([0-9a-f]{8})-(\d+)-(\d+)$/;
/** Longer than any engine's time-out: past this, a folder of another machine's process is taken as left over. */
const FOREIGN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** This process's folder under `root`: where the engines' per-call folders go. */
export function processTempDir(root: string): string {
  return join(root, `${HOST_TAG}-${process.pid}-${START}`);
}

/** A new owner-only folder for one task under `parent` (created if missing), named after `purpose`. */
export async function makeTempDir(parent: string, purpose: string): Promise<string> {
  await mkdir(parent, { recursive: true, mode: 0o700 });
  return mkdtemp(join(parent, `${purpose}-`));
}

/** Runs `task` with a fresh folder for it under `parent`, and removes the folder afterwards, however the task ends. */
export async function withTempDir<T>(parent: string, purpose: string, task: (dir: string) => Promise<T>): Promise<T> {
  const dir = await makeTempDir(parent, purpose);
  try {
    return await task(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Whether the folder named `name` (under the temporary root) belongs to a process that may still use it. */
export function isOwnerAlive(name: string, modifiedMs: number, now = millisNow(systemClock)): boolean {
  const match = OWNER.exec(name);
  if (!match) return now - modifiedMs < FOREIGN_MAX_AGE_MS;
  const [, host, pidText, startText] = match;
  const pid = Number(pidText);
  if (host !== HOST_TAG) return now - modifiedMs < FOREIGN_MAX_AGE_MS;
  if (pid === process.pid) return Number(startText) === START;
  return isProcessRunning(pid);
}

/**
 * Removes what processes that are gone (killed, crashed) left under `root`; the folders of live processes
 * on this machine stay, those of other machines once they are a day old. Returns how many were removed.
 */
export async function sweepTempRoot(root: string): Promise<number> {
  await mkdir(root, { recursive: true, mode: 0o700 });
  let removed = 0;
  for (const name of await readdir(root)) {
    const path = join(root, name);
    const modified = await stat(path).then(
      (s) => s.mtimeMs,
      () => undefined,
    );
    if (modified === undefined || isOwnerAlive(name, modified)) continue;
    await rm(path, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/** This process's own folder, at a clean shutdown, when nothing in it is still in use (else the next start's sweep takes it). */
export async function removeProcessTempDir(root: string): Promise<void> {
  await rmdir(processTempDir(root)).catch(() => undefined);
}
