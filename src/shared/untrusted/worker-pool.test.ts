import { afterEach, describe, expect, it } from 'vitest';
import { WorkerPool, type WorkerPoolOptions, WorkerTaskError } from './worker-pool.js';

type Task =
  | { op: 'echo'; value: string }
  | { op: 'sleep'; ms: number }
  | { op: 'spin' | 'grow' | 'exit' | 'throw' | 'thread'; footprintMb?: number };

let pool: WorkerPool<Task, unknown> | undefined;
const start = (options: Partial<WorkerPoolOptions> = {}) => {
  pool = new WorkerPool<Task, unknown>({
    script: new URL('../../../test/fixtures/pool-worker.mjs', import.meta.url),
    workers: 1,
    queue: 4,
    timeoutMs: 5_000,
    memoryMb: 64,
    ...options,
  });
  return pool;
};
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof WorkerTaskError ? error.reason : 'other'),
  );

describe('WorkerPool', () => {
  it('answers tasks in order on a warm worker', async () => {
    const workers = start();
    expect(
      await Promise.all([workers.run({ op: 'echo', value: 'a' }), workers.run({ op: 'echo', value: 'b' })]),
    ).toEqual(['a', 'b']);
    const first = await workers.run({ op: 'thread' });
    expect(await workers.run({ op: 'thread' })).toBe(first);
    expect(workers.stats()).toMatchObject({ workers: 1, busy: 0, queued: 0, replaced: 0 });
  });

  it('replaces a worker that spins past the time limit and one that exits; a task that throws costs no worker', async () => {
    const workers = start({ timeoutMs: 200 });
    // A spin never answers: only the time limit can end it, whatever the machine's speed.
    expect(await reasonOf(workers.run({ op: 'spin' }))).toBe('timeout');
    expect(await reasonOf(workers.run({ op: 'exit' }))).toBe('crashed');
    expect(await reasonOf(workers.run({ op: 'throw' }))).toBe('crashed');
    expect(await workers.run({ op: 'echo', value: 'alive' })).toBe('alive');
    expect(workers.stats().replaced).toBe(2);
  });

  it('replaces a worker that runs out of heap', async () => {
    // The time limit is out of reach (the test's own time-out comes first): the growing task can only end by the
    // heap limit, never by a timer that a slow machine lets win.
    const workers = start({ timeoutMs: 10 * 60_000, memoryMb: 16 });
    expect(await reasonOf(workers.run({ op: 'grow' }))).toBe('memory');
    expect(await workers.run({ op: 'echo', value: 'alive' })).toBe('alive');
    expect(workers.stats().replaced).toBe(1);
  });

  it('retires a worker whose footprint grew past the threshold after its task', async () => {
    const workers = start({ retireAboveMb: 32 });
    const first = await workers.run({ op: 'thread', footprintMb: 10 });
    expect(await workers.run({ op: 'thread', footprintMb: 40 })).toBe(first);
    expect(await workers.run({ op: 'thread' })).not.toBe(first);
    expect(workers.stats().replaced).toBe(1);
  });

  it('refuses a task when the queue is full, and drops a waiting task whose caller gave up', async () => {
    const workers = start({ queue: 1 });
    const running = workers.run({ op: 'sleep', ms: 300 });
    const controller = new AbortController();
    const waiting = workers.run({ op: 'echo', value: 'never' }, controller.signal);
    expect(await reasonOf(workers.run({ op: 'echo', value: 'one too many' }))).toBe('busy');
    controller.abort();
    expect(await reasonOf(waiting)).toBe('aborted');
    expect(workers.stats().queued).toBe(0);
    expect(await running).toBe('slept');
  });

  it('fails running and waiting tasks at close, and refuses new ones', async () => {
    const workers = start();
    const running = reasonOf(workers.run({ op: 'sleep', ms: 5_000 }));
    const waiting = reasonOf(workers.run({ op: 'echo', value: 'x' }));
    await workers.close();
    expect(await running).toBe('closed');
    expect(await waiting).toBe('closed');
    expect(await reasonOf(workers.run({ op: 'echo', value: 'y' }))).toBe('closed');
  });
});
