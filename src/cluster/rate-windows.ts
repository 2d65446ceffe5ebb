import { isClusterMessage } from './cluster-message.js';

export interface RateHitMessage {
  atelier: 'rate-hit';
  id: number;
  key: string;
  windowMs: number;
}
export interface RateReplyMessage {
  atelier: 'rate-reply';
  id: number;
  current: number;
  ttl: number;
}

/**
 * Fixed-window counters, as @fastify/rate-limit's in-memory store keeps them, held by the cluster's primary for
 * every HTTP process of the service: a limit of 100 a minute is 100 whichever processes serve the requests.
 */
export class RateWindows {
  private readonly windows = new Map<string, { count: number; resetsAt: number }>();

  hit(key: string, windowMs: number, now: number): { current: number; ttl: number } {
    let window = this.windows.get(key);
    if (!window || window.resetsAt <= now) {
      window = { count: 0, resetsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { current: window.count, ttl: window.resetsAt - now };
  }

  /** Forgets ended windows; returns how many are still open. */
  sweep(now: number): number {
    for (const [key, window] of this.windows) if (window.resetsAt <= now) this.windows.delete(key);
    return this.windows.size;
  }
}

export function isRateHit(message: unknown): message is RateHitMessage {
  return isClusterMessage<RateHitMessage>(message, 'rate-hit');
}

export function isRateReply(message: unknown): message is RateReplyMessage {
  return isClusterMessage<RateReplyMessage>(message, 'rate-reply');
}
