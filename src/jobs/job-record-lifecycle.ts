import type { ZodType } from 'zod';
import type { CreditsService, Refund, Reservation } from '../modules/credits/credits.service.js';
import { type Outcome, ok } from '../shared/errors.js';
import type { Db } from '../storage/db/database.js';
import type { JobKind } from './job-kinds.js';
import type { JobQueue } from './job-queue.js';
import { typedJob } from './typed-job.js';
import type { JobHandler } from './worker.js';

export type RecordOutcome = 'completed' | 'failed';

/**
 * What one kind of job-backed record (an image, a video, a transcription) supplies: its job's payload, its
 * repository calls and its own work. The lifecycle around them is JobRecordLifecycle's.
 */
export interface RecordKind<P, R, O> {
  readonly kind: JobKind;
  readonly payload: ZodType<P>;
  readonly maxAttempts: number;
  /** The record the payload names; undefined when it is gone. */
  load(payload: P): Promise<R | undefined>;
  /** Still to be worked on: a job that runs again (after a crash or a shutdown) skips a finished record. */
  isOpen(record: R): boolean;
  /** The kind's own work; what it returns is stored by `complete`. Retryable errors are retried by the worker. */
  run(payload: P, record: R, signal: AbortSignal): Promise<O>;
  complete(record: R, result: O, trx: Db): Promise<void>;
  /** Only an open record fails, so this is true once however often it is called: its refund happens once. */
  fail(record: R, reason: string, trx: Db): Promise<boolean>;
  /** What a failed record gives back. */
  refund(record: R): Refund;
  /** The notice (webhook) of a completed or failed record, in the transaction that changes it. */
  notify?(record: R, outcome: RecordOutcome, trx: Db): Promise<void>;
  /** After a job ends, either way: wakes requests waiting for their records (waitForResult). */
  settled?(): void;
}

/**
 * One lifecycle for records made by jobs: the records, their jobs and the settlement of the credits
 * reserved for them are written in one transaction (a record never exists without its job, and holds its
 * credits from the commit); a claimed job runs with its parsed payload and completes its record; a job that
 * fails for good fails its record with the reason, gives its credits back and sends the notice.
 */
export class JobRecordLifecycle<P, R, O> {
  readonly handler: JobHandler;

  constructor(
    private readonly db: Db,
    private readonly queue: JobQueue,
    private readonly credits: CreditsService,
    private readonly kind: RecordKind<P, R, O>,
    private readonly onEnqueued: () => void = () => undefined,
  ) {
    this.handler = typedJob<P>({
      kind: kind.kind,
      payload: kind.payload,
      run: (payload, { signal }) => this.run(payload, signal),
      onGiveUp: (payload, reason) => this.giveUp(payload, reason),
    });
  }

  /**
   * Reserves the credits; `insert` writes the records in the transaction and names their jobs' payloads.
   * A denial (not enough credits) is returned as it is; a throw gives the credits back.
   */
  async create<T>(
    reservation: Reservation,
    insert: (trx: Db) => Promise<{ value: T; jobs: P[] }>,
  ): Promise<Outcome<T>> {
    const created = await this.credits.spend(reservation, async (settleIn) =>
      ok(
        await this.db.transaction().execute(async (trx) => {
          const { value, jobs } = await insert(trx);
          for (const payload of jobs)
            await this.queue.enqueue(
              { kind: this.kind.kind, payload: this.kind.payload.parse(payload), maxAttempts: this.kind.maxAttempts },
              trx,
            );
          // From here the records hold the credits (a failed job gives its share back).
          await settleIn(trx);
          return value;
        }),
      ),
    );
    if (created.ok) this.onEnqueued();
    return created;
  }

  private async run(payload: P, signal: AbortSignal): Promise<void> {
    const record = await this.kind.load(payload);
    if (!record || !this.kind.isOpen(record)) return;
    const result = await this.kind.run(payload, record, signal);
    await this.db.transaction().execute(async (trx) => {
      await this.kind.complete(record, result, trx);
      await this.kind.notify?.(record, 'completed', trx);
    });
    this.kind.settled?.();
  }

  /** Failed for good: the record says why, the credits come back, once (the status change is conditional). */
  private async giveUp(payload: P, reason: string): Promise<void> {
    const record = await this.kind.load(payload);
    if (record) {
      // One transaction: a reader that sees the record failed sees its credits back, and a crash leaves both or neither.
      await this.db.transaction().execute(async (trx) => {
        if (!(await this.kind.fail(record, reason, trx))) return;
        await this.kind.notify?.(record, 'failed', trx);
        await this.credits.refund(this.kind.refund(record), trx);
      });
    }
    this.kind.settled?.();
  }
}
