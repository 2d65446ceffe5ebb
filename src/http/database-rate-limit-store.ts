import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RateLimitsRepo } from '../modules/rate-limits/rate-limits.repo.js';
import type { Clock } from '../shared/clock.js';
import { routeScope } from './rate-limit-scope.js';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

const DEFAULT_WINDOW_MS = 60_000;
/** How often a process sweeps ended windows: each sweep is one indexed DELETE. */
const SWEEP_EVERY_MS = 60_000;

/**
 * A store for @fastify/rate-limit that counts in the database, so API processes sharing it share each
 * limit. Fixed windows, like the in-memory store; `continueExceeding` and `exponentialBackoff` are not
 * supported (the service uses neither).
 */
export function databaseRateLimitStore(repo: RateLimitsRepo, clock: Clock): FastifyRateLimitStoreCtor {
  let lastSweep = clock.now().getTime();

  const sweepSometimes = (now: number) => {
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    // Best effort: a failed sweep leaves rows the next one deletes, and must not fail the request.
    repo.purgeEnded(now).catch(() => undefined);
  };

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    /** Routes with limits of their own count apart, as the in-memory store's children do. */
    constructor(
      _options?: unknown,
      private readonly scope = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow?: number): void {
      const now = clock.now().getTime();
      const windowMs = typeof timeWindow === 'number' && timeWindow > 0 ? timeWindow : DEFAULT_WINDOW_MS;
      repo.hit(this.scope + key, windowMs, now).then(
        ({ count, resetsAt }) => {
          sweepSometimes(now);
          callback(null, { current: count, ttl: Math.max(0, resetsAt - now) });
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(undefined, routeScope(routeOptions));
    }
  }

  return DatabaseRateLimitStore;
}
