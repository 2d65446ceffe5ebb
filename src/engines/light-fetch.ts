import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import type { UpstreamFetch, UpstreamResponse } from './upstream-call.js';

// Connections to providers are kept open between calls, as fetch's are.
const transports: Record<string, Pick<Target, 'module'> & { agent: http.Agent }> = {
  'http:': { module: http, agent: new http.Agent({ keepAlive: true }) },
  'https:': { module: https, agent: new https.Agent({ keepAlive: true }) },
};

/**
 * fetch for the calls a chat completion waits on, on node:http: a POST of JSON through Node's fetch cost
 * ~300 µs more CPU than the same request on node:http (measured on loopback: 417-522 µs vs 106-173 µs a
 * round trip), in its web streams, Request objects and transferable AbortSignals. It does what callUpstream
 * and the text model need: string bodies, a signal that aborts the call and its body, the status, headers,
 * text, bytes and a web stream of the body. It does not follow redirects (a 3xx is an answer like any other)
 * nor ask for compressed answers; a FormData body goes to fetch. A connection that fails while the body is
 * read rejects with a TypeError, as fetch's "terminated" does.
 */
export const lightFetch: UpstreamFetch = (url, init) => {
  if (init.body !== undefined && typeof init.body !== 'string') return fetch(url, init);
  const target = targetOf(url);
  if (!target) return Promise.reject(new TypeError(`unsupported URL ${url.slice(0, 100)}`));
  const { body, signal } = init;
  if (signal.aborted) return Promise.reject(new TypeError('fetch failed', { cause: abortError(signal) }));
  return new Promise<UpstreamResponse>((resolve, reject) => {
    const request = target.module.request(
      {
        ...target.options,
        method: init.method,
        headers: body === undefined ? init.headers : { ...init.headers, 'content-length': Buffer.byteLength(body) },
      },
      (response) => resolve(new LightResponse(response)),
    );
    // Not node:http's `signal` option, which also tracks the request's end with finished(): one listener,
    // gone once the request (and its answer) is done, did the same for less (~1.5% of a chat completion).
    const abort = () => request.destroy(abortError(signal));
    signal.addEventListener('abort', abort, { once: true });
    request.once('close', () => signal.removeEventListener('abort', abort));
    request.on('error', (error) => reject(new TypeError('fetch failed', { cause: error })));
    request.end(body);
  });
};

const abortError = (signal: AbortSignal) =>
  Object.assign(new Error('The operation was aborted', { cause: signal.reason }), { name: 'AbortError' });

interface Target {
  module: typeof http | typeof https;
  options: http.RequestOptions;
}

const targets = new Map<string, Target | undefined>();

/**
 * What node:http needs to reach `url`, parsed once per URL (a provider's few endpoints): handing it a URL object
 * made it convert one on every call, ~20-40 us of a ~130 us round trip (measured).
 */
function targetOf(url: string): Target | undefined {
  if (targets.has(url)) return targets.get(url);
  const parsed = new URL(url);
  const transport = transports[parsed.protocol];
  const target = transport && {
    module: transport.module,
    options: {
      protocol: parsed.protocol,
      hostname: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: parsed.port || (parsed.protocol === 'https:' ? 443 : 80),
      path: `${parsed.pathname}${parsed.search}`,
      agent: transport.agent,
      ...((parsed.username || parsed.password) && {
        auth: `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`,
      }),
    },
  };
  if (targets.size >= 256) targets.clear();
  targets.set(url, target);
  return target;
}

class LightResponse implements UpstreamResponse {
  readonly status: number;
  readonly ok: boolean;
  private madeHeaders: Headers | undefined;
  private madeBody: ReadableStream<Uint8Array> | undefined;

  constructor(private readonly message: http.IncomingMessage) {
    this.status = message.statusCode ?? 0;
    this.ok = this.status >= 200 && this.status < 300;
  }

  get headers(): Headers {
    this.madeHeaders ??= new Headers(
      Object.entries(this.message.headersDistinct).flatMap(([name, values = []]) => values.map((v) => [name, v])),
    );
    return this.madeHeaders;
  }

  get body(): ReadableStream<Uint8Array> {
    this.madeBody ??= Readable.toWeb(this.message) as ReadableStream<Uint8Array>;
    return this.madeBody;
  }

  async text(): Promise<string> {
    return (await this.bytes()).toString('utf8');
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.bytes();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  private bytes(): Promise<Buffer> {
    const message = this.message;
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      message.on('data', (chunk: Buffer) => chunks.push(chunk));
      message.once('end', () => resolve(Buffer.concat(chunks)));
      // An aborted request or a dropped connection: 'error' or, with no error, 'close' before 'end'.
      message.once('error', (error) => reject(new TypeError('terminated', { cause: error })));
      message.once('close', () => {
        if (!message.complete) reject(new TypeError('terminated'));
      });
    });
  }
}
