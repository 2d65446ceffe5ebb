import { Pool } from 'undici';
import type { BodyReader, UpstreamFetch, UpstreamResponse } from './upstream-call.js';

type UndiciAnswer = Awaited<ReturnType<Pool['request']>>;

/**
 * fetch for the calls a chat completion waits on, on undici's Pool.request: a POST of JSON through Node's
 * fetch cost ~300 µs more CPU than on node:http (417-522 µs vs 106-173 µs a loopback round trip), in its
 * web streams, Request objects and transferable AbortSignals; and node:http's client cost twice undici's
 * request at 16 calls at once (46-86 vs 28-42 µs of CPU a call, same run, loopback). It does what
 * callUpstream and the text model need: string bodies, a signal that aborts the call and its body, the
 * status, headers, text, bytes and a web stream of the body. It does not follow redirects (a 3xx is an
 * answer like any other) nor ask for compressed answers; a FormData body goes to fetch. Failures reject
 * with a TypeError, as fetch's do: "fetch failed" before the answer, "terminated" while its body is read.
 */
export const lightFetch: UpstreamFetch = async (url, init) => {
  if (init.body !== undefined && typeof init.body !== 'string') return fetch(url, init);
  const target = targetOf(url);
  if (!target) throw new TypeError(`unsupported URL ${url.slice(0, 100)}`);
  const { signal } = init;
  if (signal.aborted) throw new TypeError('fetch failed', { cause: abortError(signal) });
  const headers =
    target.authorization && !hasAuthorization(init.headers)
      ? { ...init.headers, authorization: target.authorization }
      : init.headers;
  try {
    const answer = await target.pool.request({
      path: target.path,
      method: init.method as 'GET' | 'POST' | 'DELETE',
      headers,
      body: init.body ?? null,
      signal,
    });
    return new LightResponse(answer, signal);
  } catch (error) {
    throw new TypeError('fetch failed', { cause: signal.aborted ? abortError(signal) : error });
  }
};

const abortError = (signal: AbortSignal) =>
  Object.assign(new Error('The operation was aborted', { cause: signal.reason }), { name: 'AbortError' });

const hasAuthorization = (headers: Record<string, string>) =>
  Object.keys(headers).some((name) => name.toLowerCase() === 'authorization');

interface Target {
  pool: Pool;
  path: string;
  /** Basic credentials from the URL's user info, as node:http's `auth` option sends them. */
  authorization: string | undefined;
}

// Connections to a provider are kept open between calls, as fetch's are. No time limits of undici's own:
// callUpstream and the stream readers hold theirs.
const pools = new Map<string, Pool>();
const targets = new Map<string, Target | undefined>();

/** What a call to `url` needs, parsed once per URL (a provider's few endpoints). */
function targetOf(url: string): Target | undefined {
  if (targets.has(url)) return targets.get(url);
  const parsed = new URL(url);
  let target: Target | undefined;
  if (parsed.protocol === 'http:' || parsed.protocol === 'https:') {
    let pool = pools.get(parsed.origin);
    if (!pool) {
      pool = new Pool(parsed.origin, { headersTimeout: 0, bodyTimeout: 0 });
      pools.set(parsed.origin, pool);
    }
    const credentials = `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`;
    target = {
      pool,
      path: `${parsed.pathname}${parsed.search}`,
      authorization:
        parsed.username || parsed.password ? `Basic ${Buffer.from(credentials).toString('base64')}` : undefined,
    };
  }
  if (targets.size >= 256) targets.clear();
  targets.set(url, target);
  return target;
}

class LightResponse implements UpstreamResponse {
  readonly status: number;
  readonly ok: boolean;
  private madeHeaders: Headers | undefined;
  private madeBody: ReadableStream<Uint8Array> | undefined;

  constructor(
    private readonly answer: UndiciAnswer,
    private readonly signal: AbortSignal,
  ) {
    this.status = answer.statusCode;
    this.ok = this.status >= 200 && this.status < 300;
  }

  get headers(): Headers {
    this.madeHeaders ??= new Headers(
      Object.entries(this.answer.headers).flatMap(([name, value = []]) =>
        (Array.isArray(value) ? value : [value]).map((v) => [name, v]),
      ),
    );
    return this.madeHeaders;
  }

  get body(): ReadableStream<Uint8Array> {
    // undici's own web stream of the body (its typings leave the getter out), cheaper than Readable.toWeb;
    // streams are read through reader() below, which makes no web stream at all.
    this.madeBody ??= (this.answer.body as unknown as { body: ReadableStream<Uint8Array> }).body;
    return this.madeBody;
  }

  /**
   * The body's chunks through the Readable's own iterator: making a web stream (body, above) cost a stream
   * reader 4% of a bot message's CPU in Node 20 (ReadableStream's constructor makes it transferable).
   */
  reader(): BodyReader {
    const chunks = this.answer.body[Symbol.asyncIterator]() as AsyncIterator<Buffer, undefined>;
    return {
      read: async () => {
        try {
          const next = await chunks.next();
          return next.done ? { done: true } : { done: false, value: next.value };
        } catch (error) {
          throw new TypeError('terminated', { cause: this.signal.aborted ? abortError(this.signal) : error });
        }
      },
      cancel: async () => {
        await chunks.return?.();
      },
    };
  }

  async text(): Promise<string> {
    return (await this.bytes()).toString('utf8');
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.bytes();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  /** An aborted call or a dropped connection while the body comes: TypeError "terminated", as fetch's. */
  private async bytes(): Promise<Buffer> {
    try {
      return Buffer.from(await this.answer.body.arrayBuffer());
    } catch (error) {
      throw new TypeError('terminated', { cause: this.signal.aborted ? abortError(this.signal) : error });
    }
  }
}
