import { UpstreamError } from '../../shared/errors.js';

/** What callUpstream reads of an answer: a part of fetch's Response, which lightFetch's answers have too. */
export type UpstreamResponse = Pick<Response, 'ok' | 'status' | 'headers' | 'body' | 'text' | 'arrayBuffer'> & {
  /** The body chunk by chunk without a web stream (lightFetch's answers); bodyReader picks it when there. */
  reader?: () => BodyReader;
};

/** An answer's body read chunk by chunk, as a web stream's reader does it; `cancel` stops it early. */
export interface BodyReader {
  read(): Promise<{ done: true; value?: undefined } | { done: false; value: Uint8Array }>;
  cancel(): Promise<void>;
}

/** The body's reader: lightFetch's own, or the web stream's (fetch's answers); undefined without a body. */
export const bodyReader = (response: UpstreamResponse): BodyReader | undefined =>
  response.reader ? response.reader() : response.body?.getReader();

/** fetch as callUpstream calls it: fetch itself, or lightFetch. */
export type UpstreamFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string | FormData; signal: AbortSignal },
) => Promise<UpstreamResponse>;

export interface UpstreamCall<T> {
  fetch: UpstreamFetch;
  url: string;
  method: 'GET' | 'POST' | 'DELETE';
  headers: Record<string, string>;
  body?: string | FormData;
  timeoutMs: number;
  /** The caller's own cancellation; a cancelled call is not retryable. */
  signal?: AbortSignal | undefined;
  /**
   * The controller the call aborts on its time limit or on `signal`, and whose signal the fetch takes: the caller's
   * own when it governs what the call leaves running (a stream's body), so that no second controller is linked to
   * it; a new one for the call when absent.
   */
  controller?: AbortController;
  /** How errors name the other side: "The text provider", "ElevenLabs". */
  label: string;
  read: (response: UpstreamResponse) => Promise<T>;
  /** Statuses that are an answer rather than a failure (404 on DELETE). */
  accept?: number[];
  /** A clearer text for some statuses (401: the key was refused). */
  statusText?: Partial<Record<number, string>>;
}

const isRetryableStatus = (status: number) => status === 408 || status === 429 || status >= 500;

/**
 * One HTTP call to a remote engine with a time limit. Every failure becomes an UpstreamError whose text
 * names the other side but never repeats what it answered; network errors, time-outs, 408, 429 and 5xx
 * are retryable.
 */
export async function callUpstream<T>(call: UpstreamCall<T>): Promise<T> {
  // One controller and a timer, not AbortSignal.timeout() and AbortSignal.any(): in Node 20 those cost ~120 µs
  // more per call (measured), on every chat completion's critical path.
  const limit = call.controller ?? new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    limit.abort(new DOMException(`${call.label} timed out`, 'TimeoutError'));
  }, call.timeoutMs);
  const callerAborted = () => limit.abort(call.signal?.reason);
  if (call.signal?.aborted) callerAborted();
  else call.signal?.addEventListener('abort', callerAborted, { once: true });
  const failed = (error: unknown) =>
    new UpstreamError(timedOut ? `${call.label} timed out` : `${call.label} could not be reached`, {
      isRetryable: !call.signal?.aborted,
      cause: error,
    });
  try {
    let response: UpstreamResponse;
    try {
      response = await call.fetch(call.url, {
        method: call.method,
        headers: call.headers,
        ...(call.body !== undefined && { body: call.body }),
        signal: limit.signal,
      });
    } catch (error) {
      throw failed(error);
    }
    if (!response.ok && !call.accept?.includes(response.status)) {
      await response.body?.cancel();
      throw new UpstreamError(call.statusText?.[response.status] ?? `${call.label} answered ${response.status}`, {
        status: response.status,
        isRetryable: isRetryableStatus(response.status),
      });
    }
    try {
      return await call.read(response);
    } catch (error) {
      if (error instanceof UpstreamError) throw error;
      // The body streams in, so the time limit and a dropped connection can still strike here.
      throw limit.signal.aborted || error instanceof TypeError ? failed(error) : error;
    }
  } finally {
    // The time limit covers the call and the reading of its answer; a stream read later is ended by its reader, which
    // aborts `controller` (the caller's signal, an idle time-out or the end).
    clearTimeout(timer);
    call.signal?.removeEventListener('abort', callerAborted);
  }
}

/** Reads a JSON body; invalid JSON is the other side's failure, not ours. */
export async function readJson(response: UpstreamResponse, label: string): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UpstreamError(`${label} returned invalid JSON`, { isRetryable: false, cause: error });
  }
}

export const readBytes = async (response: UpstreamResponse): Promise<Buffer> =>
  Buffer.from(await response.arrayBuffer());

export const joinUrl = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;

/** The Authorization header OpenAI-style providers take, or none without a key. */
export const bearer = (apiKey: string | undefined): Record<string, string> =>
  apiKey ? { authorization: `Bearer ${apiKey}` } : {};

/** POST a JSON body and read a JSON answer: the call most provider APIs are made of. `headers` adds to the JSON ones. */
export function postJson(call: Omit<UpstreamCall<unknown>, 'method' | 'read'> & { body: string }): Promise<unknown> {
  return callUpstream({
    ...call,
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...call.headers },
    read: (response) => readJson(response, call.label),
  });
}
