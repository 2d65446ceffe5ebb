import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import type { CatalogueEntry } from './catalogue.js';
import { type DownloadOptions, type DownloadProgress, type DownloadResult, downloadModel } from './download.js';
import { modelPath } from './pulled-models.js';
import { millisNow, systemClock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';

/**
 * A pull in progress, as every process and the command line see it: a small JSON file beside the `.part`,
 * rewritten at most twice a second and removed when the pull ends, however it ends.
 */
export interface PullStatus {
  pid: number;
  host: string;
  started_at: string;
  updated_at: string;
  received: number;
  total: number;
  bytes_per_second: number;
  /** Seconds left at the current speed; null until there is a speed. */
  eta_seconds: number | null;
}

export const statusPath = (dir: string, entry: CatalogueEntry): string => `${modelPath(dir, entry)}.pull.json`;
/** Its presence asks whoever pulls the entry to stop (the dashboard for the command line, or the reverse). */
export const cancelPath = (dir: string, entry: CatalogueEntry): string => `${modelPath(dir, entry)}.pull.cancel`;

const WRITE_EVERY_MS = 500;
/** A status nobody has rewritten for this long belongs to a puller that died on another host. */
const STALE_AFTER_MS = 60_000;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The entry's status file as written, if it is there and readable. */
export function readPullStatus(dir: string, entry: CatalogueEntry): PullStatus | undefined {
  const text = statusText(statusPath(dir, entry));
  return text === undefined ? undefined : parsedStatus(text);
}

function statusText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function parsedStatus(text: string): PullStatus | undefined {
  try {
    return JSON.parse(text) as PullStatus;
  } catch {
    return undefined;
  }
}

/** Whether the status describes a pull that still runs (not failed, its process alive). */
export function isLive(status: PullStatus, now = millisNow(systemClock)): boolean {
  if (status.host === hostname()) return processAlive(status.pid);
  return now - Date.parse(status.updated_at) < STALE_AFTER_MS;
}

/** Asks the pull of `entry`, whichever process runs it, to stop; it keeps its part for a later resume. */
export async function requestCancel(dir: string, entry: CatalogueEntry): Promise<void> {
  await writeFile(cancelPath(dir, entry), `${process.pid}\n`);
}

/** Bytes per second over the last few seconds: steadier than the last chunk, quicker than the whole pull's average. */
function speedMeter(now: () => number) {
  const samples: { at: number; received: number }[] = [];
  return (received: number): number => {
    const at = now();
    samples.push({ at, received });
    while (samples.length > 2 && at - (samples[0]?.at ?? at) > 5_000) samples.shift();
    const first = samples[0];
    if (!first || at - first.at < 200) return 0;
    return Math.max(0, Math.round(((received - first.received) * 1000) / (at - first.at)));
  };
}

export class PullInProgressError extends Error {
  override name = 'PullInProgressError';
}

/** Where a pull writes its status before renaming it into place: its own name, as pulls of one process may race. */
const nextPath = (file: string): string => `${file}.${process.pid}-${newId()}.next`;

/**
 * Replaces a dead pull's status file (`dead`, its text) with `claim`, for one of the pulls that found it dead: the
 * one that creates the takeover mark named after that text. It checks that the file is still the dead one (a pull
 * that read it long ago finds the winner's claim instead, or none) and renames its claim over it, so that the file
 * is never missing meanwhile; the others are refused as by a live pull. The mark goes once the claim is in place:
 * whoever creates it again finds the file changed. (A process killed between the mark and the rename leaves both,
 * and the pull refused until the status file is removed: the window is a few file operations long.)
 */
async function takeOver(entry: CatalogueEntry, file: string, dead: string, claim: string): Promise<void> {
  const taken = new PullInProgressError(`${entry.name} is already being pulled`);
  const mark = `${file}.takeover-${createHash('sha256').update(dead).digest('hex').slice(0, 16)}`;
  await writeFile(mark, `${process.pid}\n`, { flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'EEXIST' ? taken : error;
  });
  try {
    if ((await readFile(file, 'utf8').catch(() => undefined)) !== dead) throw taken;
    const next = nextPath(file);
    await writeFile(next, claim);
    await rename(next, file);
  } finally {
    await rm(mark, { force: true });
  }
}

/** What a pull that was asked to stop (through its cancel file) ends with. */
export class PullCancelledError extends Error {
  override name = 'PullCancelledError';
}

/**
 * `downloadModel` with its status file kept up to date and its cancel file watched. Refuses (PullInProgressError)
 * when a live pull of the entry already has a status file. A cancel ends it with the signal's abort error.
 */
export async function trackedPull(
  entry: CatalogueEntry,
  options: DownloadOptions & {
    now?: () => number;
    /** Called once this pull holds the entry's status file: any other pull of it is refused from then on. */
    onClaimed?: () => void;
  },
): Promise<DownloadResult> {
  const { dir, now = () => millisNow(systemClock) } = options;
  const file = statusPath(dir, entry);
  const existingText = statusText(file);
  const existing = existingText === undefined ? undefined : parsedStatus(existingText);
  // A file that does not parse is a claim being written ('wx' creates it empty, then writes): that pull lives.
  if ((existingText !== undefined && !existing) || (existing && isLive(existing)))
    throw new PullInProgressError(`${entry.name} is already being pulled`);
  const startedAt = new Date(now()).toISOString();
  const status = (progress: DownloadProgress, speed: number): PullStatus => ({
    pid: process.pid,
    host: hostname(),
    started_at: startedAt,
    updated_at: new Date(now()).toISOString(),
    received: progress.received,
    total: progress.total,
    bytes_per_second: speed,
    eta_seconds: speed > 0 ? Math.ceil((progress.total - progress.received) / speed) : null,
  });
  await mkdir(dir, { recursive: true });
  const claim = JSON.stringify(status({ received: 0, total: entry.bytes, resumedFrom: 0 }, 0));
  if (existingText === undefined) {
    // 'wx': of two processes starting the same pull at once, one writes the file and the other is refused.
    await writeFile(file, claim, { flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'EEXIST' ? new PullInProgressError(`${entry.name} is already being pulled`) : error;
    });
  } else await takeOver(entry, file, existingText, claim);
  // Only the pull that holds the claim clears an old cancel request: a refused one must not clear the running one's.
  await rm(cancelPath(dir, entry), { force: true }).catch(() => undefined);
  options.onClaimed?.();

  const next = nextPath(file);
  const controller = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
  const measure = speedMeter(now);
  let last: DownloadProgress = { received: 0, total: entry.bytes, resumedFrom: 0 };
  let speed = 0;
  let writing = Promise.resolve();
  let writtenAt = 0;
  const flush = () => {
    writtenAt = now();
    const text = JSON.stringify(status(last, speed));
    // Written beside it and renamed over it: a reader (another pull deciding whether this one lives) never reads
    // half a file.
    writing = writing.then(() =>
      writeFile(next, text)
        .then(() => rename(next, file))
        .catch(() => undefined),
    );
  };
  // The cancel file is looked for on a timer, so a stalled download stops too.
  const timer = setInterval(() => {
    if (existsSync(cancelPath(dir, entry)))
      controller.abort(new PullCancelledError(`the pull of ${entry.name} was cancelled`));
    else if (now() - writtenAt >= WRITE_EVERY_MS) {
      speed = measure(last.received);
      flush();
    }
  }, WRITE_EVERY_MS);
  try {
    const result = await downloadModel(entry, {
      ...options,
      signal,
      onProgress: (progress) => {
        last = progress;
        options.onProgress?.(progress);
        if (now() - writtenAt >= WRITE_EVERY_MS) {
          speed = measure(progress.received);
          flush();
        }
      },
    });
    clearInterval(timer);
    await writing;
    await rm(file, { force: true });
    return result;
  } catch (error) {
    clearInterval(timer);
    await writing;
    // Whoever pulls reports a failure (the command line prints it, the service shows it): no file outlives a pull.
    await rm(file, { force: true });
    throw error;
  } finally {
    await rm(cancelPath(dir, entry), { force: true });
  }
}
