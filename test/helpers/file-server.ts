import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A real HTTP server on 127.0.0.1 serving files the test made, and recording what is POSTed to it. */
export interface FileServer {
  url(path: string): string;
  serve(path: string, body: Buffer, contentType?: string): void;
  /** Holds GETs of `path` unanswered until the function it returns is called. */
  hold(path: string): () => void;
  /** Status codes to answer POSTs to `path` with, in turn (then 200). */
  answerPosts(path: string, statuses: number[]): void;
  received: Received[];
  hits: (path: string) => number;
  close(): Promise<void>;
}

export async function startFileServer(): Promise<FileServer> {
  const files = new Map<string, { body: Buffer; type: string }>();
  const postStatuses = new Map<string, number[]>();
  const received: Received[] = [];
  const hitCount = new Map<string, number>();
  const held = new Map<string, Promise<void>>();
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    hitCount.set(path, (hitCount.get(path) ?? 0) + 1);
    if (req.method === 'POST') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = postStatuses.get(path)?.shift() ?? 200;
      res.writeHead(status).end();
      return;
    }
    await held.get(path);
    const file = files.get(path);
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file.type, 'content-length': file.body.length }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    serve: (path, body, type = 'application/octet-stream') => void files.set(path, { body, type }),
    hold: (path) => {
      let release = () => {};
      held.set(
        path,
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      );
      return () => {
        held.delete(path);
        release();
      };
    },
    answerPosts: (path, statuses) => void postStatuses.set(path, [...statuses]),
    received,
    hits: (path) => hitCount.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
