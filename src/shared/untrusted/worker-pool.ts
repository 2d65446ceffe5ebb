import { Worker } from 'node:worker_threads';
import { type TaskReply, type TaskRequest, WORKER_READY } from './serve-tasks.js';

/** Why a task did not get an answer from its worker. */
export type TaskFailure = 'timeout' | 'memory' | 'crashed' | 'busy' | 'closed' | 'aborted';

/** How long a new worker may take to load its modules. */
const WORKER_START_MS = 30_000;

export class WorkerTaskError extends Error {
  readonly reason: TaskFailure;

  constructor(reason: TaskFailure, message: string) {
    super(message);
    this.name = 'WorkerTaskError';
    this.reason = reason;
  }
}

export interface WorkerPoolOptions {
  /** The worker's module: it answers tasks with `serveTasks`. */
  script: URL;
  /** Workers that run at once. */
  workers: number;
  /** Tasks that may wait for a worker; one more is refused (`busy`) rather than held in memory. */
  queue: number;
  /** Time for one task once a worker has it; the worker is terminated and replaced after it. */
  timeoutMs: number;
  /** The V8 heap of one worker (old generation), MB; a worker that needs more is ended and replaced. */
  memoryMb: number;
  /**
   * A worker whose heap and buffers hold more than this after a task is ended (a new one starts when
   * needed), so that what one large or hostile input made it grow goes back to the system at once rather
   * than staying with a warm worker. 64 MB by default.
   */
  retireAboveMb?: number;
}

export interface PoolStats {
  workers: number;
  busy: number;
  queued: number;
  /** Workers ended and replaced so far (time-outs, out of memory, crashes). */
  replaced: number;
}

interface Task<In, Out> {
  input: In;
  resolve(value: Out): void;
  reject(error: WorkerTaskError): void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

interface Slot<In, Out> {
  worker: Worker;
  task: (Task<In, Out> & { id: number; timer: NodeJS.Timeout | undefined }) | undefined;
  /** Its modules are loaded (WORKER_READY): a task is posted, and its time counted, only from then. */
  ready: boolean;
  /** Set once the worker is being ended: it takes no more tasks but still counts until it has exited. */
  ending: boolean;
}

/**
 * Runs tasks on a few long-lived worker threads, each with a heap limit, one task at a time per worker
 * and a time limit per task. A worker that runs out of time or memory, or dies, costs its task only: it
 * is terminated and a new one takes its place. Workers start on first use and then stay warm.
 */
export class WorkerPool<In, Out> {
  private readonly slots = new Set<Slot<In, Out>>();
  private readonly waiting: Task<In, Out>[] = [];
  private nextId = 1;
  private replaced = 0;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {}

  run(input: In, signal?: AbortSignal): Promise<Out> {
    if (this.closed) return Promise.reject(new WorkerTaskError('closed', 'The service is shutting down'));
    if (signal?.aborted) return Promise.reject(new WorkerTaskError('aborted', 'The request was cancelled'));
    const idle = this.idleSlot();
    if (!idle && this.waiting.length >= this.options.queue) {
      return Promise.reject(
        new WorkerTaskError(
          'busy',
          `${this.options.workers + this.options.queue} tasks are already running or waiting`,
        ),
      );
    }
    return new Promise<Out>((resolve, reject) => {
      const task: Task<In, Out> = { input, resolve, reject, signal, onAbort: undefined };
      if (idle) return this.start(idle, task);
      if (signal) {
        task.onAbort = () => {
          const index = this.waiting.indexOf(task);
          if (index >= 0) this.waiting.splice(index, 1);
          reject(new WorkerTaskError('aborted', 'The request was cancelled'));
        };
        signal.addEventListener('abort', task.onAbort, { once: true });
      }
      this.waiting.push(task);
    });
  }

  stats(): PoolStats {
    let busy = 0;
    for (const slot of this.slots) if (slot.task) busy += 1;
    return { workers: this.slots.size, busy, queued: this.waiting.length, replaced: this.replaced };
  }

  /** Refuses new tasks, fails the waiting ones and ends every worker (running tasks fail as `closed`). */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.waiting.splice(0))
      this.settle(task, new WorkerTaskError('closed', 'The service is shutting down'));
    await Promise.all(
      [...this.slots].map((slot) => {
        slot.ending = true;
        if (slot.task) this.fail(slot, new WorkerTaskError('closed', 'The service is shutting down'));
        return slot.worker.terminate();
      }),
    );
    this.slots.clear();
  }

  /** An idle live worker, or a new one while fewer than `workers` exist (those being ended count). */
  private idleSlot(): Slot<In, Out> | undefined {
    for (const slot of this.slots) if (!slot.task && !slot.ending) return slot;
    return this.slots.size < this.options.workers ? this.spawn() : undefined;
  }

  private spawn(): Slot<In, Out> {
    const worker = new Worker(this.options.script, {
      resourceLimits: {
        maxOldGenerationSizeMb: this.options.memoryMb,
        maxYoungGenerationSizeMb: Math.min(32, Math.max(4, this.options.memoryMb / 8)),
      },
    });
    const slot: Slot<In, Out> = { worker, task: undefined, ending: false, ready: false };
    worker.unref();
    // Loading the worker's modules is not the task's time, but it is bounded too.
    const loading = setTimeout(
      () => this.end(slot, new WorkerTaskError('crashed', `the worker did not start within ${WORKER_START_MS} ms`)),
      WORKER_START_MS,
    );
    loading.unref();
    worker.on('message', (reply: TaskReply<Out> | typeof WORKER_READY) => {
      if (reply !== WORKER_READY) return this.answer(slot, reply);
      clearTimeout(loading);
      slot.ready = true;
      if (slot.task) this.post(slot);
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.end(
        slot,
        outOfMemory
          ? new WorkerTaskError('memory', `needed more than the ${this.options.memoryMb} MB memory limit`)
          : new WorkerTaskError('crashed', 'the worker failed'),
      );
    });
    worker.on('exit', () => {
      clearTimeout(loading);
      this.end(slot, new WorkerTaskError('crashed', 'the worker stopped'));
      this.slots.delete(slot);
      this.dispatch();
    });
    this.slots.add(slot);
    return slot;
  }

  private start(slot: Slot<In, Out>, task: Task<In, Out>): void {
    if (task.onAbort) task.signal?.removeEventListener('abort', task.onAbort);
    slot.task = { ...task, id: this.nextId++, timer: undefined };
    // A busy worker keeps the process alive (someone awaits its answer); an idle one does not.
    slot.worker.ref();
    if (slot.ready) this.post(slot);
  }

  /** Sends the slot's task to its (loaded) worker and starts the task's time limit. */
  private post(slot: Slot<In, Out>): void {
    const task = slot.task;
    if (!task) return;
    task.timer = setTimeout(
      () =>
        this.end(slot, new WorkerTaskError('timeout', `took longer than the ${this.options.timeoutMs} ms time limit`)),
      this.options.timeoutMs,
    );
    const request: TaskRequest<In> = { id: task.id, input: task.input };
    slot.worker.postMessage(request);
  }

  private answer(slot: Slot<In, Out>, reply: TaskReply<Out>): void {
    const task = slot.task;
    if (!task || task.id !== reply.id) return;
    clearTimeout(task.timer);
    slot.task = undefined;
    slot.worker.unref();
    if (reply.ok) task.resolve(reply.value);
    else task.reject(new WorkerTaskError('crashed', reply.message));
    if (reply.footprintMb > (this.options.retireAboveMb ?? 64)) this.retire(slot);
    this.dispatch();
  }

  /** Fails the slot's task, if any, and ends its worker; a replacement starts when a task needs one. */
  private end(slot: Slot<In, Out>, error: WorkerTaskError): void {
    if (slot.task) this.fail(slot, error);
    this.retire(slot);
  }

  private retire(slot: Slot<In, Out>): void {
    if (slot.ending) return;
    slot.ending = true;
    this.replaced += 1;
    void slot.worker.terminate();
  }

  private fail(slot: Slot<In, Out>, error: WorkerTaskError): void {
    const task = slot.task;
    if (!task) return;
    clearTimeout(task.timer);
    slot.task = undefined;
    task.reject(error);
  }

  private dispatch(): void {
    while (!this.closed && this.waiting.length > 0) {
      const slot = this.idleSlot();
      if (!slot) return;
      const task = this.waiting.shift();
      if (task) this.start(slot, task);
    }
  }

  private settle(task: Task<In, Out>, error: WorkerTaskError): void {
    if (task.onAbort) task.signal?.removeEventListener('abort', task.onAbort);
    task.reject(error);
  }
}
