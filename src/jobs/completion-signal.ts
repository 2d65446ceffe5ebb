import { monotonicMs } from '../shared/clock.js';

/**
 * Wakes requests in this process that wait for jobs to finish (waitForResult). Jobs finished by a
 * worker in another process are found by the waiters' own polling, so this only shortens the wait.
 */
export class CompletionSignal {
  private readonly waiters = new Set<() => void>();

  notify(): void {
    for (const wake of [...this.waiters]) wake();
  }

  /** Resolves at the next notify() or after `ms`, whichever comes first. */
  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.waiters.add(wake);
    });
  }
}

/** Polls `load` until `settled` says yes or `waitMs` has passed, and returns the last value. */
export async function waitUntilSettled<T>(
  signal: CompletionSignal,
  load: () => Promise<T>,
  settled: (value: T) => boolean,
  waitMs: number,
): Promise<T> {
  const deadline = monotonicMs() + waitMs;
  for (;;) {
    const value = await load();
    const left = deadline - monotonicMs();
    if (settled(value) || left <= 0) return value;
    await signal.wait(Math.min(250, left));
  }
}
