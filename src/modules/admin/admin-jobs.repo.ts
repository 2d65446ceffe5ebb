import { sql } from 'kysely';
import type { Db } from '../../storage/db/database.js';
import type { JobRow, JobStatus } from '../../storage/db/schema.js';
import { creditQueries } from '../credits/credits.repo.js';
import type { JobTarget } from './admin-job-targets.js';

export interface JobCount {
  kind: string;
  status: JobStatus;
  jobs: number;
  oldestCreatedAt: string;
}

export interface JobListQuery {
  status?: JobStatus;
  kind?: string;
  limit: number;
  /** The id of the last job of the previous page. */
  before?: string;
}

/** The state of the record a job makes, as cancel and retry need it. */
export interface TargetRecord {
  accountId: string;
  status: string;
  credits: number;
  webhookUrl: string | null;
}

type RecordTable = 'images' | 'videos';

/** The jobs table as the admin area sees it, and the records its jobs make. */
export class AdminJobsRepo {
  constructor(private readonly db: Db) {}

  async counts(): Promise<JobCount[]> {
    const rows = await this.db
      .selectFrom('jobs')
      .select((eb) => ['kind', 'status', eb.fn.countAll().as('jobs'), eb.fn.min('created_at').as('oldest')])
      .groupBy(['kind', 'status'])
      .orderBy('kind')
      .orderBy('status')
      .execute();
    return rows.map((r) => ({
      kind: r.kind,
      status: r.status,
      jobs: Number(r.jobs),
      oldestCreatedAt: String(r.oldest),
    }));
  }

  /** Newest first; undefined when `before` names no job. */
  async list(query: JobListQuery): Promise<JobRow[] | undefined> {
    let select = this.db.selectFrom('jobs').selectAll();
    if (query.status) select = select.where('status', '=', query.status);
    if (query.kind) select = select.where('kind', '=', query.kind);
    if (query.before !== undefined) {
      const last = await this.find(query.before);
      if (!last) return undefined;
      select = select.where((eb) =>
        eb.or([
          eb('created_at', '<', last.created_at),
          eb.and([eb('created_at', '=', last.created_at), eb('id', '<', last.id)]),
        ]),
      );
    }
    return select.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).execute();
  }

  find(id: string, db: Db = this.db): Promise<JobRow | undefined> {
    return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Only a queued job: one a worker has claimed meanwhile is left alone (false). */
  async cancelQueued(id: string, reason: string, at: string, trx: Db): Promise<boolean> {
    const result = await trx
      .updateTable('jobs')
      .set({ status: 'failed', last_error: reason, lease_until: null, locked_by: null, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Only a failed job goes back to the queue, due now, with all its attempts again. */
  async requeueFailed(id: string, at: string, trx: Db): Promise<boolean> {
    const result = await trx
      .updateTable('jobs')
      .set({
        status: 'queued',
        attempts: 0,
        last_error: null,
        run_at: at,
        lease_until: null,
        locked_by: null,
        updated_at: at,
      })
      .where('id', '=', id)
      .where('status', '=', 'failed')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async record(target: JobTarget, db: Db = this.db): Promise<TargetRecord | undefined> {
    switch (target.type) {
      case 'image':
      case 'video': {
        const row = await db
          .selectFrom(tableOf(target))
          .select(['account_id', 'status', 'credits'])
          .where('id', '=', target.id)
          .executeTakeFirst();
        return row && { accountId: row.account_id, status: row.status, credits: row.credits, webhookUrl: null };
      }
      case 'transcription': {
        const row = await db
          .selectFrom('transcriptions')
          .select(['account_id', 'status', 'credits', 'webhook_url'])
          .where('id', '=', target.id)
          .executeTakeFirst();
        return (
          row && { accountId: row.account_id, status: row.status, credits: row.credits, webhookUrl: row.webhook_url }
        );
      }
      case 'webhook_delivery': {
        const row = await db
          .selectFrom('webhook_deliveries')
          .select(['account_id', 'status'])
          .where('id', '=', target.id)
          .executeTakeFirst();
        return row && { accountId: row.account_id, status: row.status, credits: 0, webhookUrl: null };
      }
      case 'none':
        return undefined;
    }
  }

  /** As the kinds' own repositories fail a record: only an unfinished one, so its refund happens once. */
  async failRecord(target: JobTarget, reason: string, at: string, trx: Db): Promise<boolean> {
    switch (target.type) {
      case 'image':
      case 'video':
        return changed(
          await trx
            .updateTable(tableOf(target))
            .set({ status: 'failed', error: reason, credits: 0, updated_at: at })
            .where('id', '=', target.id)
            .where('status', '=', 'pending')
            .executeTakeFirst(),
        );
      case 'transcription':
        return changed(
          await trx
            .updateTable('transcriptions')
            .set({ status: 'failed', error: reason, updated_at: at })
            .where('id', '=', target.id)
            .where('status', 'in', ['pending', 'processing'])
            .executeTakeFirst(),
        );
      case 'webhook_delivery':
        return changed(
          await trx
            .updateTable('webhook_deliveries')
            .set({ status: 'failed' })
            .where('id', '=', target.id)
            .where('status', '=', 'pending')
            .executeTakeFirst(),
        );
      case 'none':
        return false;
    }
  }

  /** A failed record back to pending, holding `credits` again (images and videos gave theirs back to 0 on failing). */
  async reopenRecord(target: JobTarget, credits: number, at: string, trx: Db): Promise<boolean> {
    switch (target.type) {
      case 'image':
      case 'video':
        return changed(
          await trx
            .updateTable(tableOf(target))
            .set({ status: 'pending', error: null, credits, updated_at: at })
            .where('id', '=', target.id)
            .where('status', '=', 'failed')
            .executeTakeFirst(),
        );
      case 'transcription':
        return changed(
          await trx
            .updateTable('transcriptions')
            .set({ status: 'pending', error: null, progress: 0, credits, updated_at: at })
            .where('id', '=', target.id)
            .where('status', '=', 'failed')
            .executeTakeFirst(),
        );
      case 'webhook_delivery':
        return changed(
          await trx
            .updateTable('webhook_deliveries')
            .set({ status: 'pending' })
            .where('id', '=', target.id)
            .where('status', '=', 'failed')
            .executeTakeFirst(),
        );
      case 'none':
        return false;
    }
  }

  /** What the record's last failure gave back: the amount a retry holds again. */
  async lastRefund(accountId: string, reference: string, trx: Db): Promise<number> {
    const row = await trx
      .selectFrom('credit_ledger')
      .select('delta')
      .where('account_id', '=', accountId)
      .where('reference', '=', reference)
      .where('reason', 'like', 'refund:%')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? Math.max(0, row.delta) : 0;
  }

  /** Takes `amount` credits only if the balance covers them, with its ledger row; undefined when it does not. */
  async charge(
    entry: { accountId: string; amount: number; reason: string; reference: string; at: string },
    trx: Db,
  ): Promise<number | undefined> {
    const { accountId, amount, reason, reference, at } = entry;
    const row = await creditQueries(this.db).debit(trx, { accountId, delta: -amount, reason, reference, at });
    return row?.credits;
  }

  /** The owners' emails of these records, by `type:id`. */
  async owners(targets: JobTarget[], db: Db = this.db): Promise<Map<string, string>> {
    const ids = (type: JobTarget['type']) => targets.flatMap((t) => (t.type === type && 'id' in t ? [t.id] : []));
    const found = await Promise.all([
      this.ownersIn('images', 'image', ids('image'), db),
      this.ownersIn('videos', 'video', ids('video'), db),
      this.ownersIn('transcriptions', 'transcription', ids('transcription'), db),
      this.ownersIn('webhook_deliveries', 'webhook_delivery', ids('webhook_delivery'), db),
    ]);
    return new Map(found.flat());
  }

  private async ownersIn(
    table: 'images' | 'videos' | 'transcriptions' | 'webhook_deliveries',
    type: string,
    ids: (string | number)[],
    db: Db,
  ): Promise<[string, string][]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom(table)
      .innerJoin('accounts', 'accounts.id', `${table}.account_id`)
      .select([sql<string | number>`${sql.ref(`${table}.id`)}`.as('id'), 'accounts.email'])
      .where(sql.ref(`${table}.id`), 'in', ids)
      .execute();
    return rows.map((r) => [`${type}:${r.id}`, r.email]);
  }
}

const tableOf = (target: { type: 'image' | 'video' }): RecordTable => (target.type === 'image' ? 'images' : 'videos');

const changed = (result: { numUpdatedRows: bigint }) => result.numUpdatedRows > 0n;
