import type { LookupAddress } from 'node:dns';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type GuardOptions,
  GuardedFetchError,
  guardedDownload,
  guardedRequest,
  isPublicAddress,
} from './guarded-http.js';

type Handler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;

async function startServer(handler: Handler): Promise<{ server: Server; port: number; hits: () => number }> {
  let hits = 0;
  const server = createServer((req, res) => {
    hits++;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handler(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, hits: () => hits };
}

async function stopServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** A fake DNS: names map to fixed answers, anything else is ENOTFOUND. */
function fakeLookup(table: Record<string, string[]>): LookupFunction {
  return (hostname, options, callback) => {
    const answers = table[hostname];
    if (!answers) {
      callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '');
      return;
    }
    const all: LookupAddress[] = answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    const first = all[0];
    if (options.all || !first) callback(null, all);
    else callback(null, first.address, first.family);
  };
}

async function failure(promise: Promise<unknown>): Promise<GuardedFetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof GuardedFetchError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

const strict: GuardOptions = { allowPrivate: false, timeoutMs: 2_000, maxBytes: 1024 * 1024 };
const open: GuardOptions = { allowPrivate: true, timeoutMs: 2_000, maxBytes: 1024 * 1024 };

let victim: Awaited<ReturnType<typeof startServer>>;
let publicServer: Awaited<ReturnType<typeof startServer>>;
let target: Awaited<ReturnType<typeof startServer>>;
let streamAborted: Promise<void>;
let markStreamAborted: () => void = () => {};
let hangClosed: Promise<void>;
let markHangClosed: () => void = () => {};

beforeAll(async () => {
  victim = await startServer((_req, res) => res.end('secret'));
  // Stands in for a public server: tests allow exactly its port on 127.0.0.1.
  publicServer = await startServer((req, res) => {
    const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to');
    if (to) res.writeHead(302, { location: to }).end();
    else res.end('public');
  });
  streamAborted = new Promise((resolve) => (markStreamAborted = resolve));
  hangClosed = new Promise((resolve) => (markHangClosed = resolve));
  target = await startServer((req, res, body) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    switch (path) {
      case '/ok':
        res.writeHead(200, { 'content-type': 'audio/mpeg' }).end('audio-bytes');
        return;
      case '/r1':
        res.writeHead(302, { location: '/r2' }).end();
        return;
      case '/r2':
        res.writeHead(301, { location: `http://127.0.0.1:${target.port}/r3` }).end();
        return;
      case '/r3':
        res.writeHead(307, { location: '/ok' }).end();
        return;
      case '/loop':
        res.writeHead(302, { location: '/loop' }).end();
        return;
      case '/big-declared':
        res.writeHead(200, { 'content-length': '4096' }).end(Buffer.alloc(4096));
        return;
      case '/big-stream': {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        const timer = setInterval(() => res.write(Buffer.alloc(512)), 5);
        res.on('close', () => {
          clearInterval(timer);
          markStreamAborted();
        });
        return;
      }
      case '/hang':
        res.on('close', () => markHangClosed());
        return;
      case '/slow-body':
        res.writeHead(200, { 'content-length': '100' });
        res.write('partial');
        return;
      case '/404':
        res.writeHead(404).end('not here: SECRET-BODY');
        return;
      case '/503':
        res.writeHead(503).end('down');
        return;
      case '/echo':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ method: req.method, body: body.toString(), type: req.headers['content-type'] ?? null }),
        );
        return;
      case '/see-other':
        res.writeHead(303, { location: '/echo' }).end();
        return;
      default:
        res.writeHead(500).end();
    }
  });
});

afterAll(async () => {
  await Promise.all([victim, publicServer, target].map((s) => stopServer(s.server)));
});

describe('guarded HTTP, private addresses refused', () => {
  const refused = (url: (port: number) => string, options: GuardOptions = strict) =>
    it(`refuses ${url(0).replace(':0/', ':<port>/')}`, async () => {
      const before = victim.hits();
      const error = await failure(guardedDownload(url(victim.port), options));
      expect(error.reason).toBe('blocked_address');
      expect(error.isRetryable).toBe(false);
      expect(error.message).toMatch(/private or local address \(.+\); refused/);
      expect(victim.hits()).toBe(before);
    });

  refused((port) => `http://127.0.0.1:${port}/`);
  refused((port) => `http://[::1]:${port}/`);
  refused(() => 'http://10.0.0.1/');
  refused(() => 'http://169.254.169.254/latest/meta-data');
  refused((port) => `http://[::ffff:127.0.0.1]:${port}/`);
  refused((port) => `http://localhost:${port}/`);
  refused((port) => `http://0.0.0.0:${port}/`);
  refused((port) => `http://evil.example.test:${port}/`, {
    ...strict,
    lookup: fakeLookup({ 'evil.example.test': ['127.0.0.1'] }),
  });
  refused((port) => `http://mixed.example.test:${port}/`, {
    ...strict,
    lookup: fakeLookup({ 'mixed.example.test': ['93.184.216.34', '127.0.0.1'] }),
  });

  it('names the address in the message', async () => {
    const error = await failure(guardedDownload(`http://127.0.0.1:${victim.port}/`, strict));
    expect(error.message).toBe('URL points to a private or local address (127.0.0.1); refused');
  });

  it('refuses other schemes and credentials', async () => {
    const cases: Array<[string, string]> = [
      ['file:///etc/passwd', 'file: URLs are not allowed; use http or https'],
      ['gopher://x', 'gopher: URLs are not allowed; use http or https'],
      ['ftp://example.com/a.mp3', 'ftp: URLs are not allowed; use http or https'],
      ['data:audio/mpeg;base64,AAAA', 'data: URLs are not allowed; use http or https'],
      [`http://user:pass@127.0.0.1:${victim.port}/`, 'URLs with a user name or password are not allowed'],
      ['not a url', 'the URL is not valid'],
    ];
    for (const [url, message] of cases) {
      const error = await failure(guardedDownload(url, strict));
      expect(error.reason).toBe('blocked_scheme');
      expect(error.message).toBe(message);
      expect(error.isRetryable).toBe(false);
    }
    expect(victim.hits()).toBe(0);
  });

  describe('redirects from an allowed server', () => {
    const options = (): GuardOptions => ({
      ...strict,
      isAllowedAddress: (address, port) => address === '127.0.0.1' && port === publicServer.port,
      lookup: fakeLookup({ 'public.example.test': ['127.0.0.1'], 'internal.example.test': ['10.1.2.3'] }),
    });
    const via = (to: string) => `http://public.example.test:${publicServer.port}/?to=${encodeURIComponent(to)}`;

    it('lets the allowed server itself through (lookup path connects)', async () => {
      const result = await guardedDownload(`http://public.example.test:${publicServer.port}/`, options());
      expect(result.body.toString()).toBe('public');
    });

    it.each([
      ['loopback', () => `http://127.0.0.1:${victim.port}/`, 'blocked_address'],
      ['10.x', () => 'http://10.0.0.1/', 'blocked_address'],
      ['a name resolving to 10.x', () => 'http://internal.example.test/', 'blocked_address'],
      ['the metadata address', () => 'http://169.254.169.254/latest/meta-data', 'blocked_address'],
      ['file:', () => 'file:///etc/passwd', 'blocked_scheme'],
    ])('refuses a redirect to %s', async (_name, to, reason) => {
      const before = publicServer.hits();
      const error = await failure(guardedDownload(via(to()), options()));
      expect(error.reason).toBe(reason);
      expect(publicServer.hits()).toBe(before + 1);
      expect(victim.hits()).toBe(0);
    });
  });

  it('judges address ranges', () => {
    const expectations: Record<string, boolean> = {
      '8.8.8.8': true,
      '93.184.216.34': true,
      '2606:4700:4700::1111': true,
      '64:ff9b::808:808': true,
      '2002:808:808::1': true,
      '127.0.0.1': false,
      '127.1.2.3': false,
      '0.0.0.0': false,
      '10.0.0.1': false,
      '172.16.0.1': false,
      '172.31.255.255': false,
      '192.168.1.1': false,
      '169.254.169.254': false,
      '100.64.0.1': false,
      '224.0.0.1': false,
      '255.255.255.255': false,
      '240.0.0.1': false,
      '::': false,
      '::1': false,
      'fe80::1': false,
      'fc00::1': false,
      'fd12:3456::1': false,
      'ff02::1': false,
      '::ffff:127.0.0.1': false,
      '::ffff:10.0.0.1': false,
      '::ffff:8.8.8.8': true,
      '::7f00:1': false,
      '64:ff9b::7f00:1': false,
      '64:ff9b:1::808:808': false,
      '2002:7f00:1::': false,
      '2001:db8::1': false,
      'not-an-address': false,
    };
    for (const [address, expected] of Object.entries(expectations)) {
      expect([address, isPublicAddress(address)]).toEqual([address, expected]);
    }
  });
});

describe('guarded HTTP, private addresses allowed', () => {
  const url = (path: string) => `http://127.0.0.1:${target.port}${path}`;

  it('downloads', async () => {
    const result = await guardedDownload(url('/ok'), open);
    expect(result).toEqual({ body: Buffer.from('audio-bytes'), contentType: 'audio/mpeg', finalUrl: url('/ok') });
  });

  it('resolves names through the injected lookup', async () => {
    const result = await guardedDownload(`http://audio.example.test:${target.port}/ok`, {
      ...open,
      lookup: fakeLookup({ 'audio.example.test': ['127.0.0.1'] }),
    });
    expect(result.body.toString()).toBe('audio-bytes');
  });

  it('reports an unknown name as a dns error', async () => {
    const error = await failure(guardedDownload('http://nowhere.example.test/', { ...open, lookup: fakeLookup({}) }));
    expect(error.reason).toBe('dns');
    expect(error.message).toContain('nowhere.example.test');
  });

  it('follows a redirect chain', async () => {
    const result = await guardedDownload(url('/r1'), open);
    expect(result.body.toString()).toBe('audio-bytes');
    expect(result.finalUrl).toBe(url('/ok'));
  });

  it('stops after maxRedirects', async () => {
    const error = await failure(guardedDownload(url('/loop'), { ...open, maxRedirects: 3 }));
    expect(error.reason).toBe('too_many_redirects');
    expect(error.isRetryable).toBe(false);
  });

  it('refuses a body whose content-length is over the limit', async () => {
    const error = await failure(guardedDownload(url('/big-declared'), { ...open, maxBytes: 1024 }));
    expect(error.reason).toBe('too_large');
    expect(error.isRetryable).toBe(false);
    expect(error.message).toBe('download is larger than 1 KiB');
  });

  it('aborts a streamed body once it passes the limit', async () => {
    const error = await failure(guardedDownload(url('/big-stream'), { ...open, maxBytes: 4096 }));
    expect(error.reason).toBe('too_large');
    await streamAborted;
  });

  it('times out on a server that never answers', async () => {
    const download = guardedDownload(url('/hang'), { ...open, timeoutMs: 200 });
    // Set after the download's own timer and due long after it: Node fires timers in the order they come due, so
    // this one has fired first only if the download did not keep to its 200 ms.
    let later = false;
    const reference = setTimeout(() => (later = true), 200 * 25);
    const error = await failure(download);
    clearTimeout(reference);
    expect(later).toBe(false);
    // The reason comes from the download's own abort signal; the server sees the request given up.
    expect(error.reason).toBe('timeout');
    expect(error.message).toBe('request timed out after 200 ms');
    expect(error.isRetryable).toBe(true);
    await hangClosed;
  });

  it('times out on a body that stalls', async () => {
    const error = await failure(guardedDownload(url('/slow-body'), { ...open, timeoutMs: 200 }));
    expect(error.reason).toBe('timeout');
  });

  it('treats 404 as a non-retryable http_status error without echoing the body', async () => {
    const error = await failure(guardedDownload(url('/404'), open));
    expect(error).toMatchObject({ reason: 'http_status', status: 404, isRetryable: false });
    expect(error.message).not.toContain('SECRET-BODY');
  });

  it('treats 503 as retryable', async () => {
    const error = await failure(guardedDownload(url('/503'), open));
    expect(error).toMatchObject({ reason: 'http_status', status: 503, isRetryable: true });
  });

  it('reports a refused connection as a retryable network error', async () => {
    const closed = await startServer(() => {});
    await stopServer(closed.server);
    const error = await failure(guardedDownload(`http://127.0.0.1:${closed.port}/`, open));
    expect(error).toMatchObject({ reason: 'network', isRetryable: true });
  });

  it('POSTs a body', async () => {
    const result = await guardedRequest(
      { method: 'POST', url: url('/echo'), headers: { 'content-type': 'application/json' }, body: '{"event":"done"}' },
      open,
    );
    expect(result.status).toBe(200);
    expect(JSON.parse(result.body.toString())).toEqual({
      method: 'POST',
      body: '{"event":"done"}',
      type: 'application/json',
    });
  });

  it('turns a POST into a GET without body on 303', async () => {
    const result = await guardedRequest(
      {
        method: 'POST',
        url: url('/see-other'),
        headers: { 'content-type': 'application/json' },
        body: Buffer.from('{"a":1}'),
      },
      open,
    );
    expect(JSON.parse(result.body.toString())).toEqual({ method: 'GET', body: '', type: null });
    expect(result.finalUrl).toBe(url('/echo'));
  });

  it('returns non-2xx statuses from guardedRequest instead of throwing', async () => {
    const result = await guardedRequest({ method: 'GET', url: url('/404') }, open);
    expect(result.status).toBe(404);
  });
});
