/** The closed set of error kinds the service can answer with, and the HTTP status of each. */
export const ERROR_STATUS = {
  invalid_input: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  not_implemented: 501,
  upstream: 502,
  unavailable: 503,
  storage_full: 507,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** An error whose message is safe to show to the caller. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;
  /** The request field at fault, where one is (OpenAI-style error bodies name it). */
  readonly param: string | undefined;

  constructor(code: ErrorCode, message: string, headers: Record<string, string> = {}, param?: string) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.headers = headers;
    this.param = param;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** A failure of a remote or local engine; `isRetryable` tells the caller whether trying again can help. */
export class UpstreamError extends Error {
  readonly isRetryable: boolean;
  readonly upstreamStatus: number | undefined;

  constructor(message: string, options: { isRetryable: boolean; status?: number; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = 'UpstreamError';
    this.isRetryable = options.isRetryable;
    this.upstreamStatus = options.status;
  }
}

/** An engine that cannot run here at all (a program not installed, a provider not configured). */
export class EngineUnavailableError extends UpstreamError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { isRetryable: false, cause: options.cause });
    this.name = 'EngineUnavailableError';
  }
}

/** A request the engine cannot serve as it is (a prompt longer than a local model's context, a schema it cannot follow): the caller's to change. */
export class EngineRequestError extends UpstreamError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { isRetryable: false, cause: options.cause });
    this.name = 'EngineRequestError';
  }
}

/** Expected denials are values, not throws: services return an Outcome and routes unwrap it. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: AppError };

export const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const fail = <T = never>(
  code: ErrorCode,
  message: string,
  headers?: Record<string, string>,
  param?: string,
): Outcome<T> => ({
  ok: false,
  error: new AppError(code, message, headers, param),
});

export function unwrap<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

/**
 * An engine failure as an answer: 503 when the engine cannot run here, 400 when the request is more
 * than it can take, 502 when it failed; anything else is not an engine's failure and is thrown on.
 */
export function engineFailure<T = never>(error: unknown, failed: string, unavailable: string = failed): Outcome<T> {
  if (error instanceof EngineUnavailableError) return fail('unavailable', `${unavailable}: ${error.message}`);
  if (error instanceof EngineRequestError) return fail('invalid_input', error.message);
  if (error instanceof UpstreamError) return fail('upstream', `${failed}: ${error.message}`);
  throw error;
}

/** What a full disk or database raises: SQLite's SQLITE_FULL, PostgreSQL's disk_full (53100), the system's ENOSPC and EDQUOT (a quota). */
const STORAGE_FULL_CODES = new Set(['SQLITE_FULL', '53100', 'ENOSPC', 'EDQUOT']);
const DATABASE_FULL_CODES = new Set(['SQLITE_FULL', '53100']);
/** A write that waited its whole bound for another program's write lock (sqlite-writer.ts): it did nothing. */
const DATABASE_BUSY_CODE = 'SQLITE_BUSY';
/** When a caller refused for a busy database should try again, in seconds. */
const BUSY_RETRY_AFTER_S = 5;

/**
 * A storage fault as an answer rather than a bare 500, found along the error's causes: a full disk (507) or a
 * database whose write lock another program held past the bound (503 with Retry-After); undefined for any other
 * error. Writes are transactions, so what failed took nothing: the caller may simply try again later.
 */
export function storageFaultError(error: unknown): AppError | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    const code = (cause as { code?: unknown }).code;
    if (code === DATABASE_BUSY_CODE)
      return new AppError(
        'unavailable',
        `storage is busy: another program holds the database's write lock; nothing was stored or charged, try again in ${BUSY_RETRY_AFTER_S} s`,
        { 'retry-after': String(BUSY_RETRY_AFTER_S) },
      );
    if (typeof code !== 'string' || !STORAGE_FULL_CODES.has(code)) continue;
    const what = DATABASE_FULL_CODES.has(code) ? 'the database' : "the disk holding the service's data";
    return new AppError(
      'storage_full',
      `storage is full: ${what} has no space left (${code}); nothing was stored or charged, try again once space is freed`,
    );
  }
  return undefined;
}
