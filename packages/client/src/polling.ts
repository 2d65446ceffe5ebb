import { JobFailedError, PollTimeoutError } from './errors.js';
import { sleep } from './transport.js';

export interface PollOptions<T> {
  /** Between checks; default 20 s, kept within the 15 to 30 s the service asks for unless `allowFastPolling`. */
  intervalMs?: number;
  /** Checks before giving up with a PollTimeoutError (which keeps the id); default 40 for transcriptions, 30 for images and videos. */
  maxAttempts?: number;
  /**
   * Lets `intervalMs` go below 15 s or above 30 s: for tests and for a service of your own on your machine.
   * Polling a shared service faster than every 15 s only adds load; it does not make the work faster.
   */
  allowFastPolling?: boolean;
  /** Called after every check with the record as it was read. */
  onProgress?: (progress: PollProgress<T>) => void;
  signal?: AbortSignal;
}

export interface PollProgress<T> {
  id: string | number;
  attempt: number;
  maxAttempts: number;
  record: T;
}

export type PollState = { done: true } | { done: false; failed?: string };

export const MIN_INTERVAL_MS = 15_000;
export const MAX_INTERVAL_MS = 30_000;
export const DEFAULT_INTERVAL_MS = 20_000;

export function pollInterval(options: { intervalMs?: number; allowFastPolling?: boolean }): number {
  const wanted = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  if (!Number.isFinite(wanted) || wanted < 0)
    throw new RangeError('intervalMs must be a positive number of milliseconds');
  return options.allowFastPolling ? wanted : Math.min(MAX_INTERVAL_MS, Math.max(MIN_INTERVAL_MS, wanted));
}

/**
 * Reads a record until `state` says it is done: the first check at once, then one per interval. An HTTP
 * error ends it at once (thrown as the typed error); a failed record throws JobFailedError; running out
 * of attempts throws PollTimeoutError with the id. It never creates anything: the id stays valid.
 */
export async function poll<T>(
  id: string | number,
  read: (signal: AbortSignal | undefined) => Promise<T>,
  state: (record: T) => PollState,
  options: PollOptions<T>,
  defaultAttempts: number,
): Promise<T> {
  const interval = pollInterval(options);
  const maxAttempts = options.maxAttempts ?? defaultAttempts;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1)
    throw new RangeError('maxAttempts must be a whole number of at least 1');
  let record: T | undefined;
  for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
    if (attempt > 1) await sleep(interval, options.signal);
    record = await read(options.signal);
    options.onProgress?.({ id, attempt, maxAttempts, record });
    const now = state(record);
    if (now.done) return record;
    if (now.failed !== undefined) throw new JobFailedError(id, now.failed, record);
  }
  throw new PollTimeoutError(id, maxAttempts, record);
}
