import { timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';

/** Two hex digests compared in constant time. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Records a key's use at most once a minute per key, so authentication stays a single read. */
export class KeyUseRecorder {
  private readonly lastRecorded = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly write: (keyId: string, at: string) => Promise<unknown>,
    private readonly intervalMs = 60_000,
  ) {}

  used(keyId: string): void {
    const now = this.clock.now().getTime();
    if (now - (this.lastRecorded.get(keyId) ?? 0) < this.intervalMs) return;
    this.lastRecorded.set(keyId, now);
    this.write(keyId, new Date(now).toISOString()).catch(() => undefined);
  }
}
