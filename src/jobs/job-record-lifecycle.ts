import type { Clock } from '../shared/clock.js';
import { isoNow } from '../shared/clock.js';
import { type Outcome, ok } from '../shared/errors.js';
import type { Db } from '../storage/db/database.js';
import type { JobQueue } from './job-queue.js';
import {
  type CreditHold,
  type RecordCredits,
  type RecordKindDefinition,
  type RecordNotices,
  type RecordRow,
  giveUpRecord,
  isOpen,
  noticesOf,
} from './record-kind.js';
import { typedJob } from './typed-job.js';
import type { JobHandler } from './worker.js';

/** What a kind's module adds to its definition: the work itself, and what it needs to run it. */
export interface RecordWork<P, R, O> {
  readonly maxAttempts: number;
  readonly clock: Clock;
  /** The kind's own work; what it returns is stored by `complete`. Retryable errors are retried by the worker. */
  run(payload: P, record: R, signal: AbortSignal): Promise<O>;
  complete(record: R, result: O, trx: Db): Promise<void>;
  /** Where its notices go, for kinds that send them. */
  readonly notices?: RecordNotices;
  /** After a job ends, either way: wakes requests waiting for their records (waitForResult). */
  settled?(): void;
}

/** A record kind as the worker runs it: its definition and its module's work. */
export type RecordKind<P, R extends RecordRow, O, K extends string = string> = RecordKindDefinition<P, R, K> &
  RecordWork<P, R, O>;

/** What creating records needs of the credits module: a reservation settled in the records' transaction. */
export interface ReservingCredits<K extends string> extends RecordCredits<K> {
  spend<T>(
    reservation: CreditHold<K> & { id: string },
    work: (settleIn: (trx: Db) => Promise<void>) => Promise<Outcome<T>>,
  ): Promise<Outcome<T>>;
}

/**
 * One lifecycle for records made by jobs: the records, their jobs and the settlement of the credits
 * reserved for them are written in one transaction (a record never exists without its job, and holds its
 * credits from the commit); a claimed job runs with its parsed payload and completes its record; a job that
 * fails for good gives its record up (giveUpRecord: failed with the reason, credits back, notice sent).
 */
export class JobRecordLifecycle<P, R extends RecordRow, O, K extends string = string> {
  readonly handler: JobHandler;

  constructor(
    private readonly db: Db,
    private readonly queue: JobQueue,
    private readonly credits: ReservingCredits<K>,
    private readonly kind: RecordKind<P, R, O, K>,
    private readonly onEnqueued: () => void = () => undefined,
  ) {
    if (kind.notify) noticesOf(kind, kind.notices);
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
    reservation: CreditHold<K> & { id: string },
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

  private load(payload: P): Promise<R | undefined> {
    return this.kind.find(this.kind.idOf(payload), this.db);
  }

  private async run(payload: P, signal: AbortSignal): Promise<void> {
    const record = await this.load(payload);
    if (!record || !isOpen(this.kind, record)) return;
    const result = await this.kind.run(payload, record, signal);
    await this.db.transaction().execute(async (trx) => {
      await this.kind.complete(record, result, trx);
      await this.kind.notify?.(record, 'completed', trx, noticesOf(this.kind, this.kind.notices));
    });
    this.kind.settled?.();
  }

  private async giveUp(payload: P, reason: string): Promise<void> {
    const record = await this.load(payload);
    // One transaction: a reader that sees the record failed sees its credits back, and a crash leaves both or neither.
    if (record)
      await this.db.transaction().execute((trx) =>
        giveUpRecord(this.kind, record, reason, isoNow(this.kind.clock), trx, {
          credits: this.credits,
          notices: this.kind.notices,
        }),
      );
    this.kind.settled?.();
  }
}
