import { sql } from 'kysely';
import type { Db } from '../../storage/db/database.js';
import type { JobRow, JobStatus } from '../../storage/db/schema.js';
import { creditQueries } from '../credits/credits.repo.js';
import type { RecordTable } from '../../jobs/record-kind.js';
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

/** The jobs table as the admin area sees it, the ledger rows a retry reads and the owners of the jobs' records. */
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
    const byTable = new Map<RecordTable, { type: string; ids: (string | number)[] }>();
    for (const target of targets) {
      if (!('id' in target)) continue;
      const group = byTable.get(target.table) ?? { type: target.type, ids: [] };
      group.ids.push(target.id);
      byTable.set(target.table, group);
    }
    const found = await Promise.all([...byTable].map(([table, { type, ids }]) => this.ownersIn(table, type, ids, db)));
    return new Map(found.flat());
  }

  private async ownersIn(
    table: RecordTable,
    type: string,
    ids: (string | number)[],
    db: Db,
  ): Promise<[string, string][]> {
    const rows = await db
      .selectFrom(table)
      .innerJoin('accounts', 'accounts.id', `${table}.account_id`)
      .select([sql<string | number>`${sql.ref(`${table}.id`)}`.as('id'), 'accounts.email'])
      .where(sql.ref(`${table}.id`), 'in', ids)
      .execute();
    return rows.map((r) => [`${type}:${r.id}`, r.email]);
  }
}
