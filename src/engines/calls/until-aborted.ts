/**
 * `work`, or the error `cancelled()` makes as soon as `signal` aborts, even while the work still waits for
 * its turn (a queue, a model that is loading). The work itself goes on: the caller only stops waiting.
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined, cancelled: () => Error): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(cancelled());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(cancelled());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
