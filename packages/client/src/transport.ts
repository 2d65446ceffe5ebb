import { type AtelierError, ConnectionError, TimeoutError, errorFromResponse, retryAfter } from './errors.js';
import type { MethodOf, Path, PathParams, QueryParams, RequestBody, ResponseBody } from './types.js';

export interface ClientOptions {
  /** Where the service is, e.g. http://127.0.0.1:8080. */
  baseUrl: string;
  /** The account's API key (x-api-key). Only the voice list and voice settings work without one. */
  apiKey?: string;
  /** Where the bot interface is, when it has a port or host of its own; the base URL otherwise. */
  botsUrl?: string;
  /** A fetch to use instead of the global one (a proxy agent, a test's transport). */
  fetch?: typeof fetch;
  /** How long one attempt may wait for an answer; default 60 s. A stream is not cut once it has begun. */
  timeoutMs?: number;
  userAgent?: string;
  /**
   * Retries of calls that are safe to repeat (reads, and creations: those carry an Idempotency-Key, so a
   * retry never pays twice) after a connection failure, a timeout, a 429, a 502, 503 or 504; default 2.
   */
  maxRetries?: number;
}

/** Per call: cancel it, give it its own timeout, or name its Idempotency-Key (creations only). */
export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  idempotencyKey?: string;
}

/** safe: retried on failures and on 429/502/503/504; network: on connection failures only; never. */
export type RetryPolicy = 'safe' | 'network' | 'never';

export interface Call<P extends Path, M extends MethodOf<P>> {
  params?: PathParams<P, M>;
  query?: QueryParams<P, M>;
  body?: RequestBody<P, M> | FormData;
  retry?: RetryPolicy;
  idempotencyKey?: string;
  bots?: boolean;
  options?: CallOptions;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const MAX_RETRY_WAIT_S = 30;
export const CLIENT_VERSION = '0.1.0';

export class Transport {
  readonly baseUrl: string;
  readonly botsUrl: string;
  private readonly fetcher: typeof fetch;
  private readonly apiKey: string | undefined;
  private readonly timeoutMs: number;
  private readonly userAgent: string;
  private readonly maxRetries: number;

  constructor(options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.botsUrl = (options.botsUrl ?? options.baseUrl).replace(/\/+$/, '');
    this.fetcher = options.fetch ?? globalThis.fetch;
    this.apiKey = options.apiKey;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.userAgent = options.userAgent ?? `atelier-client/${CLIENT_VERSION}`;
    this.maxRetries = options.maxRetries ?? 2;
  }

  /** One operation, answered with its parsed JSON. */
  async call<P extends Path, M extends MethodOf<P>>(
    path: P,
    method: M,
    call: Call<P, M> = {},
  ): Promise<ResponseBody<P, M>> {
    const { response, done } = await this.open(path, method, call);
    try {
      return (await readBody(response)) as ResponseBody<P, M>;
    } finally {
      done();
    }
  }

  /**
   * An operation whose answer is read by the caller (a stream): resolves once the headers are in, with
   * `done` to call when finished with the body. The timeout covers the wait for the headers only.
   */
  async open<P extends Path, M extends MethodOf<P>>(
    path: P,
    method: M,
    call: Call<P, M> = {},
  ): Promise<{ response: Response; done: () => void }> {
    const url = this.url(path, call);
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': this.userAgent };
    if (this.apiKey) headers['x-api-key'] = this.apiKey;
    if (call.idempotencyKey) headers['idempotency-key'] = call.idempotencyKey;
    let body: string | FormData | undefined;
    if (call.body instanceof FormData) body = call.body;
    else if (call.body !== undefined) {
      body = JSON.stringify(call.body);
      headers['content-type'] = 'application/json';
    }
    return this.send(url, { method: method.toUpperCase(), headers, body }, call.retry ?? 'safe', call.options ?? {});
  }

  /** A GET of any URL the service handed out (a produced file), with the same timeout and errors. */
  async download(url: string, options: CallOptions = {}): Promise<Uint8Array> {
    const { response, done } = await this.send(
      url,
      { method: 'GET', headers: { 'user-agent': this.userAgent } },
      'safe',
      options,
    );
    try {
      return new Uint8Array(await response.arrayBuffer());
    } finally {
      done();
    }
  }

  private url<P extends Path, M extends MethodOf<P>>(path: P, call: Call<P, M>): string {
    const params = (call.params ?? {}) as Record<string, string | number>;
    const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
    const url = new URL((call.bots ? this.botsUrl : this.baseUrl) + filled);
    for (const [name, value] of Object.entries((call.query ?? {}) as Record<string, unknown>)) {
      if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
    }
    return url.toString();
  }

  private async send(
    url: string,
    init: RequestInit,
    retry: RetryPolicy,
    options: CallOptions,
  ): Promise<{ response: Response; done: () => void }> {
    for (let attempt = 0; ; attempt += 1) {
      const signal = attemptSignal(options.signal, options.timeoutMs ?? this.timeoutMs);
      let response: Response;
      try {
        response = await this.fetcher(url, { ...init, signal: signal.signal });
      } catch (error) {
        signal.done();
        if (options.signal?.aborted) throw options.signal.reason;
        const failure = signal.timedOut
          ? new TimeoutError(`No answer from ${new URL(url).origin} within ${options.timeoutMs ?? this.timeoutMs} ms`, {
              cause: error,
            })
          : new ConnectionError(`Could not reach ${new URL(url).origin}: ${causeText(error)}`, { cause: error });
        if (retry === 'never' || attempt >= this.maxRetries) throw failure;
        await sleep(backoffMs(attempt), options.signal);
        continue;
      }
      signal.settled();
      if (response.ok) return { response, done: signal.done };
      const failure = errorFromResponse(
        response.status,
        await readBody(response).catch(() => undefined),
        response.headers,
      );
      signal.done();
      const wait =
        retry === 'safe' && attempt < this.maxRetries ? retryWaitMs(failure, response, init, attempt) : undefined;
      if (wait === undefined) throw failure;
      await sleep(wait, options.signal);
    }
  }
}

/** How long to wait before retrying an HTTP failure, or undefined when it should not be retried. */
function retryWaitMs(
  failure: AtelierError,
  response: Response,
  init: RequestInit,
  attempt: number,
): number | undefined {
  const after = retryAfter(response.headers.get('retry-after'));
  if (after !== undefined && after > MAX_RETRY_WAIT_S) return undefined;
  const held = failure.status === 409 && after !== undefined && new Headers(init.headers).has('idempotency-key');
  if (failure.status === 429 || held || [502, 503, 504].includes(failure.status))
    return after === undefined ? backoffMs(attempt) : after * 1000;
  return undefined;
}

const backoffMs = (attempt: number) => 250 * 2 ** attempt;

function causeText(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}

export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  if (!/json/i.test(response.headers.get('content-type') ?? '')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** One attempt's signal: the caller's, plus a timeout until the answer's headers are in. */
function attemptSignal(outer: AbortSignal | undefined, timeoutMs: number) {
  const controller = new AbortController();
  const state = { signal: controller.signal, timedOut: false, settled, done };
  const onAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) controller.abort(outer.reason);
  outer?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => {
    state.timedOut = true;
    controller.abort(new Error('timeout'));
  }, timeoutMs);
  function settled() {
    clearTimeout(timer);
  }
  function done() {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  }
  return state;
}

/** Waits, or rejects with the signal's reason as soon as it is aborted. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
