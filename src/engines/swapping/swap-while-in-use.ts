/** One value and the calls running on it. */
interface Held<T> {
  value: T;
  running: number;
  retired: boolean;
}

/**
 * A value replaceable while calls run on it (engines holding a loaded model): each call keeps the value current
 * when it starts, to its end; a replaced value is released after the last call that started on it.
 */
export class SwapWhileInUse<T> {
  private current: Held<T>;

  constructor(
    first: T,
    private readonly releaseValue: (value: T) => Promise<void>,
    private readonly onReleaseError: (error: unknown) => void = () => undefined,
  ) {
    this.current = { value: first, running: 0, retired: false };
  }

  /** The value new calls run on. */
  get value(): T {
    return this.current.value;
  }

  /** New calls run on `next`; the replaced value is released once no call runs on it. */
  swap(next: T): void {
    const old = this.current;
    this.current = { value: next, running: 0, retired: false };
    old.retired = true;
    this.releaseIfIdle(old);
  }

  async use<R>(work: (value: T) => Promise<R>): Promise<R> {
    const held = this.hold();
    try {
      return await work(held.value);
    } finally {
      this.letGo(held);
    }
  }

  /** As `use`, for a stream: the value is held from the first item asked for until the stream ends or is left. */
  async *stream<R>(work: (value: T) => AsyncIterable<R>): AsyncIterable<R> {
    const held = this.hold();
    try {
      yield* work(held.value);
    } finally {
      this.letGo(held);
    }
  }

  /** Releases the current value (at shutdown). */
  release(): Promise<void> {
    return this.releaseValue(this.current.value);
  }

  private hold(): Held<T> {
    const held = this.current;
    held.running += 1;
    return held;
  }

  private letGo(held: Held<T>): void {
    held.running -= 1;
    this.releaseIfIdle(held);
  }

  private releaseIfIdle(held: Held<T>): void {
    if (!held.retired || held.running > 0) return;
    this.releaseValue(held.value).catch(this.onReleaseError);
  }
}
