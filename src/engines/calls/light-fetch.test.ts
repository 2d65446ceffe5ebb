import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { getEventListeners } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lightFetch } from './light-fetch.js';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
let handle: Handler = (_req, res) => res.end();
let connections = 0;
const server = createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => handle(req, res, body));
});
server.on('connection', () => connections++);
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const post = (body: string | FormData, signal = new AbortController().signal) =>
  lightFetch(`${base}/v1/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal });

describe('lightFetch', () => {
  it('sends the method, headers and body, and answers the status, headers and text; the connection is kept for the next call', async () => {
    handle = (req, res, body) => {
      res.writeHead(201, { 'content-type': 'application/json', 'x-seen': `${req.method} ${req.url}` });
      res.end(JSON.stringify({ got: JSON.parse(body), length: req.headers['content-length'] }));
    };
    const first = await post(JSON.stringify({ say: 'héllo' }));
    expect(first.status).toBe(201);
    expect(first.ok).toBe(true);
    expect(first.headers.get('x-seen')).toBe('POST /v1/chat');
    expect(JSON.parse(await first.text())).toEqual({ got: { say: 'héllo' }, length: '16' });
    // undici frees the connection for the next call just after the body's end.
    await new Promise((resolve) => setImmediate(resolve));
    // The second call opens no connection: the first's (new, or one a test before left open) is kept for it.
    const opened = connections;
    const second = await post('{}');
    expect(Buffer.from(await second.arrayBuffer()).toString()).toBe('{"got":{},"length":"2"}');
    expect(connections).toBe(opened);
  });

  it('keeps the query string and user info of the URL, and refuses a protocol other than http(s)', async () => {
    handle = (req, res) => res.end(`${req.url} ${req.headers.authorization ?? 'none'}`);
    const answer = await lightFetch(`${base.replace('http://', 'http://user:p%40ss@')}/v1/models?limit=2&after=x`, {
      method: 'GET',
      headers: {},
      signal: new AbortController().signal,
    });
    expect(await answer.text()).toBe(`/v1/models?limit=2&after=x Basic ${Buffer.from('user:p@ss').toString('base64')}`);
    const ftp = lightFetch('ftp://127.0.0.1/file', {
      method: 'GET',
      headers: {},
      signal: new AbortController().signal,
    });
    await expect(ftp).rejects.toBeInstanceOf(TypeError);
  });

  it('answers a failure status as an answer (not ok), without following a redirect', async () => {
    handle = (_req, res) => {
      res.writeHead(307, { location: '/elsewhere' });
      res.end('moved');
    };
    const answer = await post('{}');
    expect([answer.status, answer.ok, await answer.text()]).toEqual([307, false, 'moved']);
  });

  it('streams the body as a web stream', async () => {
    handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: 1\n\n');
      setTimeout(() => res.end('data: 2\n\n'), 20);
    };
    const answer = await post('{}');
    const body = answer.body;
    if (!body) throw new Error('no body');
    let text = '';
    for await (const chunk of body) text += Buffer.from(chunk).toString();
    expect(text).toBe('data: 1\n\ndata: 2\n\n');
  });

  it('reads the body chunk by chunk without a web stream (reader), and rejects with a TypeError when the connection drops', async () => {
    handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: 1\n\n');
      setTimeout(() => res.end('data: 2\n\n'), 20);
    };
    const reader = (await post('{}')).reader?.();
    if (!reader) throw new Error('no reader');
    let text = '';
    for (let next = await reader.read(); !next.done; next = await reader.read())
      text += Buffer.from(next.value).toString();
    expect(text).toBe('data: 1\n\ndata: 2\n\n');
    handle = (_req, res) => {
      res.writeHead(200, { 'content-length': '1000' });
      res.write('part');
      setTimeout(() => res.destroy(), 10);
    };
    const cut = (await post('{}')).reader?.();
    if (!cut) throw new Error('no reader');
    expect(Buffer.from((await cut.read()).value ?? []).toString()).toBe('part');
    await expect(cut.read()).rejects.toBeInstanceOf(TypeError);
  });

  it('rejects with a TypeError, as fetch does, when nothing listens and when the connection drops during the body', async () => {
    const refused = lightFetch('http://127.0.0.1:1/', {
      method: 'POST',
      headers: {},
      body: '{}',
      signal: new AbortController().signal,
    });
    await expect(refused).rejects.toBeInstanceOf(TypeError);
    handle = (_req, res) => {
      res.writeHead(200, { 'content-length': '1000' });
      res.write('only part of it');
      setTimeout(() => res.destroy(), 10);
    };
    const answer = await post('{}');
    await expect(answer.text()).rejects.toBeInstanceOf(TypeError);
  });

  it('aborts on the signal: before the answer, and while its body is read', async () => {
    handle = (_req, res) => setTimeout(() => res.end('late'), 5_000);
    const early = new AbortController();
    const waiting = post('{}', early.signal);
    setTimeout(() => early.abort(), 20);
    await expect(waiting).rejects.toThrow();
    handle = (_req, res) => {
      res.writeHead(200);
      res.write('begun');
    };
    const late = new AbortController();
    const answer = await post('{}', late.signal);
    const reading = answer.text();
    late.abort();
    await expect(reading).rejects.toBeInstanceOf(TypeError);
    await expect(post('{}', AbortSignal.abort())).rejects.toBeInstanceOf(TypeError);
  });

  it('leaves no listener on the signal once the answer is read', async () => {
    handle = (_req, res) => res.end('done');
    const signal = new AbortController().signal;
    expect(await (await post('{}', signal)).text()).toBe('done');
    await new Promise((resolve) => setImmediate(resolve));
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });

  it('hands a FormData body to fetch, which encodes it as multipart', async () => {
    handle = (req, res) => res.end(req.headers['content-type']);
    const form = new FormData();
    form.set('file', new Blob(['abc']), 'a.txt');
    const answer = await lightFetch(`${base}/upload`, {
      method: 'POST',
      headers: {},
      body: form,
      signal: new AbortController().signal,
    });
    expect(await answer.text()).toMatch(/^multipart\/form-data; boundary=/);
  });
});
