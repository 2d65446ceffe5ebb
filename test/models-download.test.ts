import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CatalogueEntry, HUGGING_FACE } from '../src/models/catalogue.js';
import { DownloadError, type DownloadProgress, downloadModel } from '../src/models/download.js';

const FILE = randomBytes(2 * 1024 * 1024);
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const PATH = '/org/tiny-GGUF/resolve/0123abcd/tiny.gguf';

/** A catalogue entry for a file the test made, with its real size and sum. */
const entryFor = (body: Buffer, overrides: Partial<CatalogueEntry> = {}): CatalogueEntry => ({
  name: 'tiny',
  kind: 'llm',
  description: 'a file this test made',
  url: `${HUGGING_FACE}${PATH}`,
  sha256: sha256(body),
  bytes: body.length,
  file: 'tiny.gguf',
  ...overrides,
});

interface Seen {
  path: string;
  range: string | undefined;
}
type Handler = (req: IncomingMessage, res: ServerResponse, nth: number) => void | Promise<void>;

const servers: Server[] = [];

/** A local HTTP server answering with `handler`, recording each request's path and Range header. */
async function serve(handler: Handler): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', range: req.headers.range });
    void handler(req, res, seen.length);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

interface FileOptions {
  ignoreRange?: boolean;
  /** Send this many bytes of the first answer, then drop the connection. */
  cutFirstAfter?: number;
  /** Send this many bytes, then nothing more while keeping the connection open. */
  stallAfter?: number;
  /** Pause between 64 KB chunks. */
  chunkDelayMs?: number;
}

/** Serves `body` like a CDN does: whole (200) or from the asked offset (206 with Content-Range). */
function file(body: Buffer, options: FileOptions = {}): Handler {
  return async (req, res, nth) => {
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const from = range && !options.ignoreRange ? Number(range[1]) : 0;
    if (from >= body.length) return void res.writeHead(416, { 'content-range': `bytes */${body.length}` }).end();
    const headers = { 'content-type': 'application/octet-stream', 'content-length': body.length - from };
    res.writeHead(
      from > 0 ? 206 : 200,
      from > 0 ? { ...headers, 'content-range': `bytes ${from}-${body.length - 1}/${body.length}` } : headers,
    );
    res.flushHeaders();
    const limit =
      nth === 1 && options.cutFirstAfter !== undefined ? options.cutFirstAfter : (options.stallAfter ?? body.length);
    for (let at = from; at < Math.min(limit, body.length) && !res.destroyed; at += 65_536) {
      // Each chunk is handed to the socket before the next: a cut then drops only what follows.
      await new Promise((resolve) => res.write(body.subarray(at, Math.min(at + 65_536, limit)), resolve));
      if (options.chunkDelayMs) await sleep(options.chunkDelayMs);
    }
    if (options.stallAfter !== undefined) return;
    if (limit < body.length) res.socket?.destroy();
    else res.end();
  };
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'atelier-models-'));
});
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  rmSync(dir, { recursive: true, force: true });
});

const fast = { retryDelayMs: 0, readTimeoutMs: 5_000 };
const target = () => join(dir, 'tiny.gguf');
const part = () => `${target()}.part`;

describe('downloadModel', () => {
  it('downloads, verifies and moves the file into place, then finds it already there', async () => {
    const { url, seen } = await serve(file(FILE));
    const progress: DownloadProgress[] = [];
    const result = await downloadModel(entryFor(FILE), {
      dir,
      baseUrl: url,
      ...fast,
      onProgress: (p) => progress.push(p),
    });
    expect(result).toEqual({ path: target(), bytes: FILE.length, resumedFrom: 0, alreadyPresent: false });
    expect(readFileSync(target()).equals(FILE)).toBe(true);
    expect(existsSync(part())).toBe(false);
    expect(seen).toEqual([{ path: PATH, range: undefined }]);
    expect(progress.at(-1)).toEqual({ received: FILE.length, total: FILE.length, resumedFrom: 0 });

    const again = await downloadModel(entryFor(FILE), { dir, baseUrl: url, ...fast });
    expect(again.alreadyPresent).toBe(true);
    expect(seen).toHaveLength(1);
  });

  it('resumes a part through a redirect to another host, as Hugging Face sends to its CDN', async () => {
    const cdn = await serve(file(FILE));
    const hub = await serve(
      (_req, res) => void res.writeHead(302, { location: `${cdn.url}/blobs/abc?signature=x` }).end(),
    );
    writeFileSync(part(), FILE.subarray(0, 700_000));
    const result = await downloadModel(entryFor(FILE), { dir, baseUrl: hub.url, ...fast });
    expect(result.resumedFrom).toBe(700_000);
    expect(readFileSync(target()).equals(FILE)).toBe(true);
    expect(hub.seen).toEqual([{ path: PATH, range: 'bytes=700000-' }]);
    expect(cdn.seen).toEqual([{ path: '/blobs/abc?signature=x', range: 'bytes=700000-' }]);
  });

  it('resumes with a Range request when the server drops the connection mid-file', async () => {
    const { url, seen } = await serve(file(FILE, { cutFirstAfter: 1_000_000 }));
    const result = await downloadModel(entryFor(FILE), { dir, baseUrl: url, ...fast });
    expect(readFileSync(result.path).equals(FILE)).toBe(true);
    expect(seen).toHaveLength(2);
    expect(seen[0]?.range).toBeUndefined();
    const resumedAt = Number(/^bytes=(\d+)-$/.exec(seen[1]?.range ?? '')?.[1]);
    expect(resumedAt).toBeGreaterThan(0);
    expect(resumedAt).toBeLessThanOrEqual(1_000_000);
  });

  it('keeps the part of an aborted pull (Ctrl+C) and the next pull resumes it', async () => {
    const slow = await serve(file(FILE, { chunkDelayMs: 5 }));
    const controller = new AbortController();
    const onProgress = (p: DownloadProgress) => p.received >= 512 * 1024 && controller.abort();
    await expect(
      downloadModel(entryFor(FILE), { dir, baseUrl: slow.url, ...fast, signal: controller.signal, onProgress }),
    ).rejects.toThrow(/abort/i);
    // Everything that arrived before the abort reached the disk.
    const kept = statSync(part()).size;
    expect(kept).toBeGreaterThanOrEqual(512 * 1024);
    expect(kept).toBeLessThan(FILE.length);
    expect(existsSync(target())).toBe(false);

    const { url, seen } = await serve(file(FILE));
    const result = await downloadModel(entryFor(FILE), { dir, baseUrl: url, ...fast });
    expect(seen).toEqual([{ path: PATH, range: `bytes=${kept}-` }]);
    expect(result.resumedFrom).toBe(kept);
    expect(readFileSync(target()).equals(FILE)).toBe(true);
  });

  it('starts over when the server ignores Range and sends the whole file', async () => {
    const { url, seen } = await serve(file(FILE, { ignoreRange: true }));
    // Had the whole file been appended to these, the sum would not match.
    writeFileSync(part(), Buffer.alloc(300_000));
    const result = await downloadModel(entryFor(FILE), { dir, baseUrl: url, ...fast });
    expect(seen).toEqual([{ path: PATH, range: 'bytes=300000-' }]);
    expect(result.resumedFrom).toBe(0);
    expect(readFileSync(target()).equals(FILE)).toBe(true);
  });

  it('starts over when the server refuses to resume (416)', async () => {
    const plain = file(FILE);
    const { url, seen } = await serve((req, res, nth) =>
      nth === 1 ? void res.writeHead(416).end() : plain(req, res, nth),
    );
    writeFileSync(part(), FILE.subarray(0, 100_000));
    await downloadModel(entryFor(FILE), { dir, baseUrl: url, ...fast });
    expect(seen.map((s) => s.range)).toEqual(['bytes=100000-', undefined]);
    expect(readFileSync(target()).equals(FILE)).toBe(true);
  });

  it('deletes a download whose SHA-256 does not match, with a clear error', async () => {
    const { url } = await serve(file(FILE));
    const wrong = entryFor(FILE, { sha256: sha256(Buffer.from('something else')) });
    await expect(downloadModel(wrong, { dir, baseUrl: url, ...fast })).rejects.toThrow(
      /tiny: the download has SHA-256 [0-9a-f]{64} instead of [0-9a-f]{64}; it was deleted/,
    );
    expect(existsSync(target())).toBe(false);
    expect(existsSync(part())).toBe(false);
  });

  it('refuses a file of another size before downloading it, and a missing one without retrying', async () => {
    const { url, seen } = await serve((req, res, nth) =>
      req.url === PATH ? file(FILE)(req, res, nth) : void res.writeHead(404).end(),
    );
    await expect(
      downloadModel(entryFor(FILE, { bytes: FILE.length + 1 }), { dir, baseUrl: url, ...fast }),
    ).rejects.toThrow(`tiny: the server offers ${FILE.length} bytes, the catalogue expects ${FILE.length + 1}`);
    expect(existsSync(part())).toBe(false);
    const missing = downloadModel(entryFor(FILE, { url: `${HUGGING_FACE}/org/gone.gguf` }), {
      dir,
      baseUrl: url,
      ...fast,
    });
    await expect(missing).rejects.toThrow(DownloadError);
    await expect(missing).rejects.toThrow(/answered 404 \(not found\)/);
    expect(seen.filter((s) => s.path === '/org/gone.gguf')).toHaveLength(1);
  });

  it('gives up on a server that stops sending, and keeps what came', async () => {
    // The server keeps each connection open and silent after 256 KB: only the read time-out can end an attempt.
    const { url, seen } = await serve(file(FILE, { stallAfter: 262_144 }));
    const stalled = downloadModel(entryFor(FILE), {
      dir,
      baseUrl: url,
      retries: 1,
      retryDelayMs: 0,
      readTimeoutMs: 300,
    });
    // Against hanging only: a download that never gives up fails here, not at the test's time-out.
    let guard: NodeJS.Timeout | undefined;
    const stillWaiting = new Promise<string>((resolve) => {
      guard = setTimeout(() => resolve('still downloading after 15 s'), 15_000);
    });
    const outcome = await Promise.race([
      stalled.then(
        () => 'completed',
        (error: unknown) => error,
      ),
      stillWaiting,
    ]);
    clearTimeout(guard);
    // The policy that ended it is the read time-out, at the bytes that had come (less than the whole file).
    expect(outcome).toBeInstanceOf(DownloadError);
    expect((outcome as Error).message).toMatch(/download interrupted at 0\.3 MB of 2\.1 MB: no data for 0\.3 s/);
    // The first attempt got bytes, so it does not count against the one retry allowed.
    expect(seen.map((s) => s.range)).toEqual([undefined, 'bytes=262144-', 'bytes=262144-']);
    expect(statSync(part()).size).toBe(262_144);
  });
});
