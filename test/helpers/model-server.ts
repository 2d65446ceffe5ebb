import { createHash } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { type CatalogueEntry, HUGGING_FACE, MODEL_CATALOGUE } from '../../src/models/catalogue.js';

/**
 * A model mirror on 127.0.0.1 (what ATELIER_MODELS_BASE_URL points at): serves one file at its catalogue
 * path, with Range requests, in small chunks; `hold(bytes)` stops each response there until `release()`.
 */
export interface ModelServer {
  baseUrl: string;
  hold(bytes: number): void;
  release(): void;
  close(): Promise<void>;
}

export async function startModelServer(entry: CatalogueEntry, body: Buffer, chunkDelayMs = 20): Promise<ModelServer> {
  const path = entry.url.slice(HUGGING_FACE.length);
  let holdAt: number | undefined;
  let released: (() => void) | undefined;
  let gate = Promise.resolve();
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    if (req.url !== path) return void res.writeHead(404).end();
    const start = Number(/^bytes=(\d+)-$/.exec(req.headers.range ?? '')?.[1] ?? 0);
    const headers = { 'content-type': 'application/octet-stream', 'content-length': body.length - start };
    if (start > 0)
      res.writeHead(206, { ...headers, 'content-range': `bytes ${start}-${body.length - 1}/${body.length}` });
    else res.writeHead(200, headers);
    const chunk = Math.max(1, Math.ceil(body.length / 20));
    for (let at = start; at < body.length && !res.destroyed; ) {
      if (holdAt !== undefined && at >= holdAt) await gate;
      const end = Math.min(body.length, at + chunk, holdAt !== undefined && at < holdAt ? holdAt : body.length);
      res.write(body.subarray(at, end));
      at = end;
      await sleep(chunkDelayMs);
    }
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hold(bytes) {
      holdAt = bytes;
      gate = new Promise((resolve) => (released = resolve));
    },
    release() {
      holdAt = undefined;
      released?.();
    },
    close: () =>
      new Promise<void>((resolve) => {
        released?.();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The catalogue with `name`'s entry describing `body` instead (its size and SHA-256): what a test pulls under a real name. */
export function catalogueWith(name: string, body: Buffer): CatalogueEntry[] {
  const sha256 = createHash('sha256').update(body).digest('hex');
  return MODEL_CATALOGUE.map((entry) => (entry.name === name ? { ...entry, bytes: body.length, sha256 } : entry));
}
