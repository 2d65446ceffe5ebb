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
