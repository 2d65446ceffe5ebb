interface Waiter<T> {
  resolve(item: T): void;
  reject(reason: unknown): void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

/**
 * A fixed set of items (a context's sequences) lent to one caller at a time. When all are lent, callers
 * wait in the order they asked; a caller whose signal aborts while waiting leaves the line.
 */
export class SlotPool<T> {
  private readonly free: T[];
  private readonly waiting: Waiter<T>[] = [];

  constructor(items: readonly T[]) {
    this.free = [...items];
  }

  get idle(): number {
    return this.free.length;
  }

  get queued(): number {
    return this.waiting.length;
  }

  acquire(signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const item = this.free.shift();
    if (item !== undefined) return Promise.resolve(item);
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter<T> = {
        resolve,
        reject,
        signal,
        onAbort: () => {
          const at = this.waiting.indexOf(waiter);
          if (at !== -1) this.waiting.splice(at, 1);
          reject(signal?.reason);
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  /** Gives an item back: to the first caller in line, or to the free ones. */
  release(item: T): void {
    const next = this.waiting.shift();
    if (!next) {
      this.free.push(item);
      return;
    }
    next.signal?.removeEventListener('abort', next.onAbort);
    next.resolve(item);
  }
}
