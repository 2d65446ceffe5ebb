import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { type RateHitMessage, isRateReply } from '../cluster/rate-windows.js';
import { routeScope } from './rate-limit-scope.js';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

const DEFAULT_WINDOW_MS = 60_000;
/** A primary that does not answer (it is stopping) must not hold requests: they go through (skipOnError). */
const REPLY_TIMEOUT_MS = 1_000;

/** A store for @fastify/rate-limit in a process of a cluster: each hit is counted by the primary (RateWindows). */
export function primaryRateLimitStore(): FastifyRateLimitStoreCtor {
  let ids = 0;
  const pending = new Map<number, { callback: Callback; timer: NodeJS.Timeout }>();
  process.on('message', (message: unknown) => {
    if (!isRateReply(message)) return;
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    clearTimeout(waiting.timer);
    waiting.callback(null, { current: message.current, ttl: message.ttl });
  });

  class PrimaryRateLimitStore implements FastifyRateLimitStore {
    /** Routes with limits of their own count apart, as the in-memory store's children do. */
    constructor(
      _options?: unknown,
      private readonly scope = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow?: number): void {
      const id = ++ids;
      const windowMs = typeof timeWindow === 'number' && timeWindow > 0 ? timeWindow : DEFAULT_WINDOW_MS;
      const fail = (reason: string) => {
        pending.delete(id);
        callback(new Error(reason));
      };
      if (!process.connected || !process.send) {
        fail('the cluster primary is not reachable');
        return;
      }
      const timer = setTimeout(() => fail('the cluster primary did not answer'), REPLY_TIMEOUT_MS);
      pending.set(id, { callback, timer });
      const message: RateHitMessage = { atelier: 'rate-hit', id, key: this.scope + key, windowMs };
      process.send(message, undefined, undefined, (error) => {
        if (error && pending.has(id)) {
          clearTimeout(timer);
          fail(error.message);
        }
      });
    }

    child(routeOptions: object): FastifyRateLimitStore {
      return new PrimaryRateLimitStore(undefined, routeScope(routeOptions));
    }
  }
  return PrimaryRateLimitStore;
}
