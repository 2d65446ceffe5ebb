import { sql } from 'kysely';
import type { Clock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import { type Db, dialectOf } from '../storage/db/database.js';
import type { JobRow } from '../storage/db/schema.js';

export interface NewJob {
  kind: string;
  payload: unknown;
  maxAttempts?: number;
  runAt?: Date;
}

const DEFAULT_MAX_ATTEMPTS = 5;

export interface QueueDepth {
  kind: string;
  state: 'queued' | 'scheduled' | 'running';
  jobs: number;
  oldestCreatedAt: string;
}

/**
 * Jobs live in the same database as the records they produce; `enqueue` takes the transaction that
 * creates the record so one never exists without the other. Claims are leases: a worker that dies
 * stops renewing, and once the lease runs out another worker takes the job again.
 */
export class JobQueue {
  private readonly postgres: boolean;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.postgres = dialectOf(db) === 'postgres';
  }

  async enqueue(job: NewJob, trx: Db = this.db): Promise<string> {
    const now = this.clock.now().toISOString();
    const id = newId();
    await trx
      .insertInto('jobs')
      .values({
        id,
        kind: job.kind,
        payload: JSON.stringify(job.payload),
        status: 'queued',
        attempts: 0,
        max_attempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        run_at: (job.runAt ?? this.clock.now()).toISOString(),
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  }

  /**
   * One statement: the next due job (or one whose lease ran out) becomes this worker's. SQLite runs one
   * write at a time, so the statement alone is enough. On PostgreSQL, workers in many processes claim at
   * once: FOR UPDATE SKIP LOCKED makes each pass over the rows another one is taking, so no two get the
   * same job and none waits on another.
   */
  async claim(kinds: readonly string[], workerId: string, leaseMs: number): Promise<JobRow | undefined> {
    if (kinds.length === 0) return undefined;
    const now = this.clock.now();
    const nowIso = now.toISOString();
    const due = this.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', 'in', kinds)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', nowIso)]),
          eb.and([eb('status', '=', 'running'), eb('lease_until', '<', nowIso)]),
        ]),
      )
      .orderBy('run_at')
      .limit(1);
    return this.db
      .updateTable('jobs')
      .set({
        status: 'running',
        attempts: sql<number>`attempts + 1`,
        lease_until: new Date(now.getTime() + leaseMs).toISOString(),
        locked_by: workerId,
        updated_at: nowIso,
      })
      .where('id', '=', (eb) =>
        this.postgres ? due.forUpdate().skipLocked() : eb.selectFrom(due.as('due')).select('due.id'),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /** Extends the lease; false when the job is no longer this worker's (it was taken over). */
  async heartbeat(jobId: string, workerId: string, leaseMs: number): Promise<boolean> {
    const now = this.clock.now();
    const result = await this.db
      .updateTable('jobs')
      .set({ lease_until: new Date(now.getTime() + leaseMs).toISOString(), updated_at: now.toISOString() })
      .where('id', '=', jobId)
      .where('locked_by', '=', workerId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async complete(jobId: string, workerId: string): Promise<void> {
    await this.finish(jobId, workerId, { status: 'completed', last_error: null });
  }

  async retryLater(jobId: string, workerId: string, error: string, runAt: Date): Promise<void> {
    await this.finish(jobId, workerId, { status: 'queued', last_error: error, run_at: runAt.toISOString() });
  }

  async fail(jobId: string, workerId: string, error: string): Promise<void> {
    await this.finish(jobId, workerId, { status: 'failed', last_error: error });
  }

  /** On a clean shutdown: give the job back at once instead of waiting for its lease to run out. */
  async release(jobId: string, workerId: string): Promise<void> {
    await this.finish(jobId, workerId, { status: 'queued', attempts: sql<number>`attempts - 1` });
  }

  /**
   * Unfinished jobs per kind and state (queued and due, scheduled for a retry, running) with the creation
   * time of the oldest: one grouped query, for /metrics. ISO strings compare like the times they hold.
   */
  async depth(): Promise<QueueDepth[]> {
    const nowIso = this.clock.now().toISOString();
    const rows = await this.db
      .selectFrom('jobs')
      .select((eb) => [
        'kind',
        sql<string>`case when status = 'queued' and run_at > ${nowIso} then 'scheduled' else status end`.as('state'),
        eb.fn.countAll().as('jobs'),
        eb.fn.min('created_at').as('oldest'),
      ])
      .where('status', 'in', ['queued', 'running'])
      .groupBy(sql.raw('1, 2'))
      .execute();
    return rows.map((r) => ({
      kind: r.kind,
      state: r.state as QueueDepth['state'],
      jobs: Number(r.jobs),
      oldestCreatedAt: String(r.oldest),
    }));
  }

  async find(jobId: string): Promise<JobRow | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
  }

  private async finish(jobId: string, workerId: string, changes: Record<string, unknown>): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ ...changes, lease_until: null, locked_by: null, updated_at: this.clock.now().toISOString() })
      .where('id', '=', jobId)
      .where('locked_by', '=', workerId)
      .execute();
  }
}
