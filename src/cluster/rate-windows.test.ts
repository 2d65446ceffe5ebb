import { describe, expect, it } from 'vitest';
import { RateWindows } from './rate-windows.js';

describe('RateWindows (the counts a cluster shares)', () => {
  it('counts hits in a fixed window per key, then starts a new window', () => {
    const windows = new RateWindows();
    expect(windows.hit('account:a', 60_000, 1_000)).toEqual({ current: 1, ttl: 60_000 });
    expect(windows.hit('account:a', 60_000, 31_000)).toEqual({ current: 2, ttl: 30_000 });
    expect(windows.hit('account:b', 60_000, 31_000)).toEqual({ current: 1, ttl: 60_000 });
    expect(windows.hit('account:a', 60_000, 61_000)).toEqual({ current: 1, ttl: 60_000 });
  });

  it('forgets ended windows when swept', () => {
    const windows = new RateWindows();
    windows.hit('a', 1_000, 0);
    windows.hit('b', 5_000, 0);
    expect(windows.sweep(2_000)).toBe(1);
    expect(windows.hit('a', 1_000, 2_000).current).toBe(1);
    expect(windows.hit('b', 5_000, 2_000).current).toBe(2);
  });
});
