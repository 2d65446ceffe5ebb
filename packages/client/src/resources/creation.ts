import type { CallOptions, RetryPolicy } from '../transport.js';

/** A fresh Idempotency-Key: any unique string does; a UUID is unique enough. */
export const newIdempotencyKey = (): string => globalThis.crypto.randomUUID();

/**
 * The call settings of paid work: one Idempotency-Key per logical call (the caller's, or a new one),
 * sent again on every retry of that call, so the service charges once however often it is retried.
 */
export function creation(options: CallOptions = {}): {
  idempotencyKey: string;
  retry: RetryPolicy;
  options: CallOptions;
} {
  return { idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(), retry: 'safe', options };
}
