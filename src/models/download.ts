import { type Hash, createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { setTimeout as sleep } from 'node:timers/promises';
import { type CatalogueEntry, HUGGING_FACE } from './catalogue.js';
import { modelPath, partPath } from './pulled-models.js';

export interface DownloadProgress {
  /** Bytes of the file on disk so far, resumed ones included. */
  received: number;
  total: number;
  /** Where the current attempt started: the bytes it kept from before. */
  resumedFrom: number;
}

export interface DownloadOptions {
  dir: string;
  /** Replaces https://huggingface.co at the start of the entry's URL (a mirror; a test server). */
  baseUrl?: string;
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
  /** Longest wait for response headers or for the next chunk of the body. */
  readTimeoutMs?: number;
  /** Attempts in a row that may fail without getting a byte (a dropped connection, a stall, a server error). */
  retries?: number;
  retryDelayMs?: number;
}

export interface DownloadResult {
  path: string;
  bytes: number;
  /** Bytes that were already on disk (a resumed download), 0 for a fresh one. */
  resumedFrom: number;
  /** The file was already there and verified: nothing was downloaded. */
  alreadyPresent: boolean;
}

/** A download that cannot succeed as it is (wrong file, missing file): retrying will not help. */
export class DownloadError extends Error {
  override name = 'DownloadError';
}

/** Worth another attempt from where it stopped: the connection dropped, stalled or the server failed. */
class TransientError extends Error {}

const fmtMb = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

function sourceUrl(entry: CatalogueEntry, baseUrl?: string): string {
  if (!baseUrl || !entry.url.startsWith(HUGGING_FACE)) return entry.url;
  return baseUrl.replace(/\/+$/, '') + entry.url.slice(HUGGING_FACE.length);
}

/**
 * Downloads a catalogue entry into `dir`: into `<file>.part` first (resumed with a Range request when one is
 * there), then, once its size and SHA-256 match the entry, renamed to `<file>`. A mismatch deletes the part;
 * an abort or a network failure keeps it for the next attempt.
 */
export async function downloadModel(entry: CatalogueEntry, options: DownloadOptions): Promise<DownloadResult> {
  const { dir, retries = 3, retryDelayMs = 1_000 } = options;
  await mkdir(dir, { recursive: true });
  const target = modelPath(dir, entry);
  const part = partPath(dir, entry);
  const existing = await sizeOf(target);
  if (existing === entry.bytes) {
    if ((await hashFile(target)).digest('hex') === entry.sha256)
      return { path: target, bytes: entry.bytes, resumedFrom: 0, alreadyPresent: true };
  }
  if (existing !== undefined) await rm(target);

  let done: Hash | undefined;
  let resumedFrom: number | undefined;
  // The bytes this run kept from an earlier one: none once any attempt had to start over.
  const started = (start: number) => {
    resumedFrom = Math.min(resumedFrom ?? start, start);
  };
  for (let failures = 0; !done; ) {
    const before = (await sizeOf(part)) ?? 0;
    try {
      done = await fetchInto(entry, part, options, started);
    } catch (error) {
      // Only attempts that got nothing count: a long download over a flaky link may resume many times.
      failures = ((await sizeOf(part)) ?? 0) > before ? 0 : failures + 1;
      if (!(error instanceof TransientError) || failures > retries || options.signal?.aborted) throw unwrap(error);
      await sleep(retryDelayMs * failures, undefined, { signal: options.signal }).catch(() => undefined);
      if (options.signal?.aborted) throw unwrap(error);
    }
  }
  const size = (await sizeOf(part)) ?? 0;
  const digest = done.digest('hex');
  if (size !== entry.bytes || digest !== entry.sha256) {
    await rm(part, { force: true });
    const what =
      size !== entry.bytes ? `${size} bytes instead of ${entry.bytes}` : `SHA-256 ${digest} instead of ${entry.sha256}`;
    throw new DownloadError(
      `${entry.name}: the download has ${what}; it was deleted, pull again (or check --base-url)`,
    );
  }
  await rename(part, target);
  return { path: target, bytes: entry.bytes, resumedFrom: resumedFrom ?? 0, alreadyPresent: false };
}

function unwrap(error: unknown): unknown {
  return error instanceof TransientError ? new DownloadError(error.message) : error;
}

/**
 * One request into the part: appended to it when the server resumes, written afresh when it sends the whole
 * file. Returns the SHA-256 of the whole part, resumed bytes first.
 */
async function fetchInto(
  entry: CatalogueEntry,
  part: string,
  options: DownloadOptions,
  started: (start: number) => void,
): Promise<Hash> {
  const { readTimeoutMs = 30_000, signal } = options;
  let offset = (await sizeOf(part)) ?? 0;
  if (offset > entry.bytes) {
    await rm(part);
    offset = 0;
  }
  if (offset === entry.bytes) {
    started(offset);
    return hashFile(part);
  }
  const url = sourceUrl(entry, options.baseUrl);
  const response = await fetchHeaders(url, offset, readTimeoutMs, signal);
  const fail = async (error: Error, deletePart = false) => {
    await response.body?.cancel().catch(() => undefined);
    if (deletePart) await rm(part, { force: true });
    return error;
  };
  // The part does not fit the file the server has: start over.
  if (response.status === 416) throw await fail(new TransientError(`${url}: the server refused to resume (416)`), true);
  if (response.status >= 500 || response.status === 429)
    throw await fail(new TransientError(`${url} answered ${response.status}`));
  if (response.status !== 200 && response.status !== 206) {
    throw await fail(
      new DownloadError(`${url} answered ${response.status}${response.status === 404 ? ' (not found)' : ''}`),
    );
  }
  const resumed = response.status === 206 && contentRangeStart(response.headers.get('content-range')) === offset;
  if (response.status === 206 && !resumed)
    throw await fail(new TransientError(`${url}: the server resumed at the wrong place`), true);
  // A 200 is the whole file, whatever was asked: start over rather than append it to the part.
  const start = resumed ? offset : 0;
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  if (!response.headers.has('content-encoding') && Number.isFinite(length) && start + length !== entry.bytes) {
    throw await fail(
      new DownloadError(
        `${entry.name}: the server offers ${start + length} bytes, the catalogue expects ${entry.bytes}`,
      ),
    );
  }
  started(start);
  const hash = start > 0 ? await hashFile(part, start) : createHash('sha256');
  await copyBody(response, part, start, hash, entry, options);
  return hash;
}

/** The response to a GET (with Range when resuming), once its headers are in; the caller's signal also ends its body. */
async function fetchHeaders(
  url: string,
  offset: number,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<Response> {
  const timer = new AbortController();
  const handle = setTimeout(() => timer.abort(), timeoutMs);
  try {
    return await fetch(url, {
      headers: offset > 0 ? { range: `bytes=${offset}-` } : {},
      redirect: 'follow',
      signal: signal ? AbortSignal.any([signal, timer.signal]) : timer.signal,
    });
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (timer.signal.aborted) throw new TransientError(`${url} did not answer within ${timeoutMs / 1_000} s`);
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    throw new TransientError(`${url}: ${(error as Error).message}${cause ? ` (${cause})` : ''}`);
  } finally {
    clearTimeout(handle);
  }
}

async function copyBody(
  response: Response,
  part: string,
  start: number,
  hash: Hash,
  entry: CatalogueEntry,
  options: DownloadOptions,
): Promise<void> {
  const { readTimeoutMs = 30_000, signal, onProgress } = options;
  if (!response.body) throw new TransientError('the server sent no body');
  const source = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  const out = createWriteStream(part, { flags: start > 0 ? 'a' : 'w' });
  let diskError: Error | undefined;
  out.on('error', (error) => (diskError ??= error));
  let stalled = false;
  let watchdog: NodeJS.Timeout | undefined;
  const watch = () => {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => {
      stalled = true;
      source.destroy(new Error('stalled'));
    }, readTimeoutMs);
  };
  let received = start;
  let failure: unknown;
  onProgress?.({ received, total: entry.bytes, resumedFrom: start });
  try {
    watch();
    for await (const chunk of source as AsyncIterable<Buffer>) {
      watch();
      if (received + chunk.length > entry.bytes) {
        throw new DownloadError(
          `${entry.name}: the server sent more than the ${entry.bytes} bytes expected; the part was deleted`,
        );
      }
      received += chunk.length;
      hash.update(chunk);
      if (!out.write(chunk)) await drained(out);
      if (diskError) throw diskError;
      onProgress?.({ received, total: entry.bytes, resumedFrom: start });
    }
  } catch (error) {
    failure = error;
  } finally {
    clearTimeout(watchdog);
  }
  // What arrived reaches the disk before anything else happens: an interrupted part resumes at its last byte.
  out.end();
  await finished(out).catch((error: Error) => (diskError ??= error));
  // The disk's errors (no space, no permission) would fail another attempt the same way.
  if (diskError) throw diskError;
  if (failure instanceof DownloadError) {
    await rm(part, { force: true });
    throw failure;
  }
  if (signal?.aborted) throw signal.reason;
  const interrupted = `download interrupted at ${fmtMb(received)} of ${fmtMb(entry.bytes)}`;
  if (failure)
    throw new TransientError(
      `${interrupted}: ${stalled ? `no data for ${readTimeoutMs / 1_000} s` : (failure as Error).message}`,
    );
  if (received < entry.bytes) throw new TransientError(`${interrupted}: the connection closed`);
}

/** Resolves when the stream wants more data, or is gone (its error is reported by its own listener). */
function drained(out: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      out.off('error', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
    out.on('error', done);
  });
}

function contentRangeStart(header: string | null): number | undefined {
  const match = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(header ?? '');
  return match ? Number(match[1]) : undefined;
}

async function sizeOf(path: string): Promise<number | undefined> {
  const stats = await stat(path).catch(() => undefined);
  return stats?.isFile() ? stats.size : undefined;
}

async function hashFile(path: string, end?: number): Promise<Hash> {
  const hash = createHash('sha256');
  if (end === 0) return hash;
  for await (const chunk of createReadStream(path, end === undefined ? {} : { end: end - 1 }))
    hash.update(chunk as Buffer);
  return hash;
}
