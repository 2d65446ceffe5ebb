import { type Clock, monotonicMs } from '../shared/clock.js';
import type { JobRow } from '../storage/db/schema.js';
import type { JobQueue } from './job-queue.js';
import { newId } from '../shared/ids.js';
import { storageFaultError } from '../shared/errors.js';

export interface JobContext {
  job: JobRow;
  payload: unknown;
  signal: AbortSignal;
}

export interface JobHandler {
  readonly kind: string;
  run(context: JobContext): Promise<void>;
  /** The job has failed for good: leave its record failed with this reason, give back what it cost. */
  onGiveUp(payload: unknown, reason: string): Promise<void>;
}

/** Every line about a job carries its `jobId` and `kind`. */
export interface JobLog {
  info?(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface WorkerOptions {
  concurrency: number;
  leaseMs: number;
  pollMs: number;
  retryBaseMs: number;
  clock: Clock;
  log: JobLog;
}

/** How long jobs aborted at shutdown get to unwind before their leases are given back. */
const ABORT_SETTLE_MS = 2_000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Every error that knows whether trying again can help says so in `isRetryable`; a full disk is worth
 * another try later, once space is freed, and so is a database whose write lock another program held.
 */
const isRetryable = (error: unknown) =>
  (typeof error === 'object' && error !== null && (error as { isRetryable?: unknown }).isRetryable === true) ||
  storageFaultError(error) !== undefined;

/** Messages of our own errors are written for people; anything else is summarised, never leaked. */
const reasonOf = (error: unknown) =>
  storageFaultError(error)?.message ??
  (error instanceof Error && error.name !== 'Error' && error.name !== 'TypeError'
    ? error.message
    : 'internal error while processing');

const NOT_JSON = Symbol('not JSON');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

/**
 * Claims jobs of the kinds it has handlers for, runs up to `concurrency` at once, renews their leases
 * while they run, retries retryable failures with backoff and gives up after the job's max attempts.
 */
export class Worker {
  readonly id = `worker-${newId().slice(0, 8)}`;
  private readonly handlers: Map<string, JobHandler>;
  private readonly running = new Map<string, { kind: string; controller: AbortController; done: Promise<void> }>();
  private stopped = true;
  private wake: (() => void) | undefined;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly queue: JobQueue,
    handlers: JobHandler[],
    private readonly options: WorkerOptions,
  ) {
    this.handlers = new Map(handlers.map((h) => [h.kind, h]));
  }

  /** The job kinds this worker has handlers for. */
  get kinds(): string[] {
    return [...this.handlers.keys()];
  }

  /** Claiming jobs: started and not (being) stopped. */
  isRunning(): boolean {
    return !this.stopped;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loop = this.run();
  }

  /** Wakes the loop at once, e.g. right after a job was enqueued in this process. */
  notify(): void {
    this.wake?.();
  }

  /**
   * Stops claiming; running jobs get `graceMs` to finish. Those that do not are aborted and, once they
   * have unwound (or after a short wait), given back to the queue at once rather than when their lease
   * runs out, so another worker takes them without delay.
   */
  async stop(graceMs = 5_000): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.notify();
    await this.loop;
    await Promise.race([Promise.all([...this.running.values()].map((r) => r.done)), wait(graceMs)]);
    const left = [...this.running.entries()];
    if (left.length === 0) return;
    for (const [, { controller }] of left) controller.abort();
    await Promise.race([Promise.all(left.map(([, r]) => r.done)), wait(ABORT_SETTLE_MS)]);
    await Promise.all(
      left.map(async ([jobId, { kind }]) => {
        try {
          await this.queue.release(jobId, this.id);
          this.options.log.warn({ jobId, kind }, 'job given back to the queue at shutdown');
        } catch (error) {
          this.options.log.error({ err: error, jobId, kind }, 'could not give a job back at shutdown');
        }
      }),
    );
  }

  private async run(): Promise<void> {
    const kinds = [...this.handlers.keys()];
    while (!this.stopped) {
      let claimed = false;
      if (this.running.size < this.options.concurrency) {
        try {
          const job = await this.queue.claim(kinds, this.id, this.options.leaseMs);
          if (job) {
            claimed = true;
            this.execute(job);
          }
        } catch (error) {
          this.options.log.error({ err: error }, 'could not claim a job');
        }
      }
      if (!claimed && !this.stopped) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.options.pollMs);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = undefined;
      }
    }
  }

  private execute(job: JobRow): void {
    const controller = new AbortController();
    const done = this.process(job, controller.signal)
      // The job's outcome could not be written (the database went away): its lease runs out and it runs again.
      .catch((error: unknown) =>
        this.options.log.error({ err: error, jobId: job.id, kind: job.kind }, 'could not record the outcome of a job'),
      )
      .finally(() => {
        this.running.delete(job.id);
        this.notify();
      });
    this.running.set(job.id, { kind: job.kind, controller, done });
  }

  private async process(job: JobRow, signal: AbortSignal): Promise<void> {
    const handler = this.handlers.get(job.kind);
    if (!handler) return;
    const payload = parseJson(job.payload);
    if (payload === NOT_JSON) {
      // Nothing in it can name a record: the job fails with the reason (a throw here would leave it running until its lease ran out, again and again).
      const reason = `The ${job.kind} job's payload is not JSON`;
      this.options.log.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, reason }, 'job failed');
      return this.queue.fail(job.id, this.id, reason);
    }
    if (job.attempts > job.max_attempts) {
      const reason = `gave up after ${job.max_attempts} attempts (the worker stopped during each)`;
      this.options.log.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, reason }, 'job failed');
      return this.giveUp(handler, job, payload, reason);
    }
    const heartbeat = setInterval(() => {
      this.queue.heartbeat(job.id, this.id, this.options.leaseMs).catch(() => undefined);
    }, this.options.leaseMs / 3);
    const about = { jobId: job.id, kind: job.kind, attempt: job.attempts };
    const started = monotonicMs();
    try {
      await handler.run({ job, payload, signal });
      // Aborted at shutdown: given back, never marked done here; handlers skip work already done when it runs again.
      if (signal.aborted) return;
      await this.queue.complete(job.id, this.id);
      this.options.log.info?.({ ...about, ms: Math.round(monotonicMs() - started) }, 'job completed');
    } catch (error) {
      if (signal.aborted) return;
      const reason = reasonOf(error);
      // The stack once, for what nobody expected; the job's fate on the line after, without it.
      if (!(error instanceof Error) || reason === 'internal error while processing') {
        this.options.log.error({ ...about, err: error }, 'job failed unexpectedly');
      }
      if (isRetryable(error) && job.attempts < job.max_attempts) {
        const delay = Math.min(5 * 60_000, this.options.retryBaseMs * 2 ** (job.attempts - 1));
        this.options.log.warn({ ...about, reason, retryInMs: delay }, 'job failed, will be retried');
        await this.queue.retryLater(job.id, this.id, reason, new Date(this.options.clock.now().getTime() + delay));
      } else {
        this.options.log.warn({ ...about, reason }, 'job failed');
        await this.giveUp(handler, job, payload, reason);
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async giveUp(handler: JobHandler, job: JobRow, payload: unknown, reason: string): Promise<void> {
    try {
      await handler.onGiveUp(payload, reason);
    } finally {
      await this.queue.fail(job.id, this.id, reason);
    }
  }
}
