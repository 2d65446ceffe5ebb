/** What went wrong, for code that branches on it rather than on classes. */
export type AtelierErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'payment_required'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unprocessable'
  | 'rate_limited'
  | 'server_error'
  | 'http_error'
  | 'connection'
  | 'timeout'
  | 'stream'
  | 'job_failed'
  | 'poll_timeout';

export interface ErrorDetails {
  status?: number;
  requestId?: string;
  body?: unknown;
  cause?: unknown;
}

/** Every error the client throws. `status` is the HTTP status (0 when no answer came), `message` the service's `error` text. */
export class AtelierError extends Error {
  readonly code: AtelierErrorCode;
  readonly status: number;
  /** The service's x-request-id, to quote when reporting a problem. */
  readonly requestId: string | undefined;
  /** The parsed error body, as the service sent it. */
  readonly body: unknown;

  constructor(code: AtelierErrorCode, message: string, details: ErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'AtelierError';
    this.code = code;
    this.status = details.status ?? 0;
    this.requestId = details.requestId;
    this.body = details.body;
  }
}

/** 400: the request was refused as it is (validation); the message names the field. */
export class BadRequestError extends AtelierError {
  constructor(message: string, details: ErrorDetails = {}) {
    super('bad_request', message, details);
    this.name = 'BadRequestError';
  }
}
/** 401: the key is missing, wrong or revoked, or the account is blocked. */
export class AuthenticationError extends AtelierError {
  constructor(message: string, details: ErrorDetails = {}) {
    super('unauthorized', message, details);
    this.name = 'AuthenticationError';
  }
}
/** 402: not enough credits or words left in the period. */
export class PaymentRequiredError extends AtelierError {
  constructor(message: string, details: ErrorDetails = {}) {
    super('payment_required', message, details);
    this.name = 'PaymentRequiredError';
  }
}
/** 403: the plan does not include this. */
export class PermissionDeniedError extends AtelierError {
  constructor(message: string, details: ErrorDetails = {}) {
    super('forbidden', message, details);
    this.name = 'PermissionDeniedError';
  }
}
/** 404: no such record for this account. */
export class NotFoundError extends AtelierError {
  constructor(message: string, details: ErrorDetails = {}) {
    super('not_found', message, details);
    this.name = 'NotFoundError';
  }
}
/** 409: e.g. derived content before the transcription is ready, or an Idempotency-Key still in progress. */
export class ConflictError extends AtelierError {
  constructor(message: string, details: ErrorDetails = {}) {
    super('conflict', message, details);
    this.name = 'ConflictError';
  }
}
/** 413: the body or a file is too large. */
export class PayloadTooLargeError extends AtelierError {
  constructor(message: string, details: ErrorDetails = {}) {
    super('payload_too_large', message, details);
    this.name = 'PayloadTooLargeError';
  }
}
/** 422: e.g. an Idempotency-Key reused with a different request. */
export class UnprocessableError extends AtelierError {
  constructor(message: string, details: ErrorDetails = {}) {
    super('unprocessable', message, details);
    this.name = 'UnprocessableError';
  }
}
/** 429: too many requests; `retryAfterSeconds` says when to try again, when the service said. */
export class RateLimitError extends AtelierError {
  readonly retryAfterSeconds: number | undefined;
  constructor(message: string, details: ErrorDetails & { retryAfterSeconds?: number }) {
    super('rate_limited', message, details);
    this.name = 'RateLimitError';
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}
/** 5xx: the service or one of its engines failed. */
export class ServerError extends AtelierError {
  constructor(message: string, details: ErrorDetails = {}) {
    super('server_error', message, details);
    this.name = 'ServerError';
  }
}
/** No answer: the connection failed or was cut. */
export class ConnectionError extends AtelierError {
  constructor(message: string, details: ErrorDetails = {}) {
    super('connection', message, details);
    this.name = 'ConnectionError';
  }
}
/** No answer within `timeoutMs`. */
export class TimeoutError extends AtelierError {
  constructor(message: string, details: ErrorDetails = {}) {
    super('timeout', message, details);
    this.name = 'TimeoutError';
  }
}
/** A stream that reported a failure or ended before it was complete. */
export class StreamError extends AtelierError {
  constructor(message: string, details: ErrorDetails = {}) {
    super('stream', message, details);
    this.name = 'StreamError';
  }
}

/** The job behind a record failed (status failed); its credits were refunded. `id` is the record's. */
export class JobFailedError extends AtelierError {
  readonly id: string | number;
  readonly record: unknown;
  constructor(id: string | number, reason: string, record: unknown) {
    super('job_failed', reason, { status: 200, body: record });
    this.name = 'JobFailedError';
    this.id = id;
    this.record = record;
  }
}

/**
 * Polling ran out of attempts while the work was still going. The work is NOT lost and must not be
 * created again (that would pay twice): keep `id` and poll later.
 */
export class PollTimeoutError extends AtelierError {
  readonly id: string | number;
  readonly attempts: number;
  /** The last record read, still pending. */
  readonly last: unknown;
  constructor(id: string | number, attempts: number, last: unknown) {
    super('poll_timeout', `Still not ready after ${attempts} checks; keep the id ${id} and poll again later`, {
      status: 200,
      body: last,
    });
    this.name = 'PollTimeoutError';
    this.id = id;
    this.attempts = attempts;
    this.last = last;
  }
}

/** The message of either error shape the service uses: {error: "text"} or {error: {message, status?}}. */
export function errorMessage(body: unknown, status: number): string {
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const error = (body as { error: unknown }).error;
    if (typeof error === 'string') return error;
    if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string')
      return error.message;
  }
  return `HTTP ${status}`;
}

/** The typed error for an HTTP answer that is not a success. */
export function errorFromResponse(
  status: number,
  body: unknown,
  headers: { get(name: string): string | null },
): AtelierError {
  const details = { status, body, requestId: headers.get('x-request-id') ?? undefined };
  const message = errorMessage(body, status);
  switch (status) {
    case 400:
      return new BadRequestError(message, details);
    case 401:
      return new AuthenticationError(message, details);
    case 402:
      return new PaymentRequiredError(message, details);
    case 403:
      return new PermissionDeniedError(message, details);
    case 404:
      return new NotFoundError(message, details);
    case 409:
      return new ConflictError(message, details);
    case 413:
      return new PayloadTooLargeError(message, details);
    case 422:
      return new UnprocessableError(message, details);
    case 429:
      return new RateLimitError(message, { ...details, retryAfterSeconds: retryAfter(headers.get('retry-after')) });
    default:
      return status >= 500 ? new ServerError(message, details) : new AtelierError('http_error', message, details);
  }
}

/** Retry-After in seconds (a number of seconds or an HTTP date), if it can be read. */
export function retryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - Date.now()) / 1000);
}
