/**
 * The time of day, injected: every read of it goes through a Clock (or through `systemClock` where only the
 * real time will do), so that a test can set it. Durations and deadlines use `monotonicMs` instead.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

let lastMillis = -1;
let lastIso = '';

/** The clock's time as ISO 8601. The system clock's is made once per millisecond: a paid request asks several times. */
export const isoNow = (clock: Clock): string => {
  if (clock !== systemClock) return clock.now().toISOString();
  const millis = Date.now();
  if (millis !== lastMillis) {
    lastMillis = millis;
    lastIso = new Date(millis).toISOString();
  }
  return lastIso;
};

/** The clock's time in milliseconds since 1970; the system clock's without making a Date (ids ask for it). */
export const millisNow = (clock: Clock): number => (clock === systemClock ? Date.now() : clock.now().getTime());

/** The clock's time in whole seconds since 1970 (OpenAI's `created`). */
export const unixSeconds = (clock: Clock): number => Math.floor(millisNow(clock) / 1000);

/**
 * Milliseconds on a monotonic timer, for durations and deadlines (metrics, waits, caches): the time of day can
 * jump, and a test's clock may stand still, which would make a wait endless.
 */
export const monotonicMs = (): number => performance.now();
