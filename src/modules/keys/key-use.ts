import { timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';

/** Two hex digests compared in constant time. */
export function sameHash(a: string, b: string): boolean {
  return sameDigest(Buffer.from(a, 'hex'), b);
}

/** A digest (its bytes, decoded once by the caller) and a hex digest compared in constant time. */
export function sameDigest(bytes: Buffer, hex: string): boolean {
  const other = Buffer.from(hex, 'hex');
  return bytes.length === other.length && timingSafeEqual(bytes, other);
}

/** Records a key's use at most once a minute per key, so authentication stays a single read. */
export class KeyUseRecorder {
  private readonly lastRecorded = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly write: (keyId: string, at: string) => Promise<unknown>,
    private readonly intervalMs = 60_000,
  ) {}

  /** `now`: the time in ms when the caller has just read the clock. */
  used(keyId: string, now = this.clock.now().getTime()): void {
    if (now - (this.lastRecorded.get(keyId) ?? 0) < this.intervalMs) return;
    this.lastRecorded.set(keyId, now);
    this.write(keyId, new Date(now).toISOString()).catch(() => undefined);
  }
}
