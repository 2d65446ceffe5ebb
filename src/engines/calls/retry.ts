import { UpstreamError } from '../../shared/errors.js';

export interface RetryPolicy {
  retries: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/** Runs `attempt` again, with exponential backoff and jitter, while it fails with a retryable UpstreamError. */
export async function withRetries<T>(attempt: () => Promise<T>, policy: RetryPolicy, signal?: AbortSignal): Promise<T> {
  const { retries, baseDelayMs = 250, maxDelayMs = 4_000, sleep = defaultSleep } = policy;
  for (let tryNumber = 0; ; tryNumber++) {
    try {
      return await attempt();
    } catch (error) {
      const retryable = error instanceof UpstreamError && error.isRetryable;
      if (!retryable || tryNumber >= retries || signal?.aborted) throw error;
      const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** tryNumber);
      await sleep(delay / 2 + Math.random() * (delay / 2), signal);
    }
  }
}
