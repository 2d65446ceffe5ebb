import { sql } from 'kysely';
import type { Db } from '../../storage/db/database.js';
import { preparedQuery } from '../../storage/db/prepared-query.js';
import type { WriteBatcher } from '../../storage/db/write-batcher.js';

// Types, not interfaces: preparedQuery takes a ledger line as the values it binds.
export type LedgerEntry = {
  accountId: string;
  delta: number;
  reason: string;
  reference: string | null;
  at: string;
};

/** A ledger line: the entry and the balance it left. */
export type LedgerLine = LedgerEntry & { balanceAfter: number };

export class CreditsRepo {
  private readonly queries: CreditQueries;

  constructor(
    private readonly db: Db,
    private readonly writer: WriteBatcher,
  ) {
    this.queries = creditQueries(db);
  }

  /** Adds credits (refunds and grants); returns the new balance, undefined when the account is gone. */
  async add(entry: LedgerEntry, inTransaction?: Db): Promise<number | undefined> {
    const run = async (trx: Db) => (await this.queries.credit(trx, entry))?.credits;
    return inTransaction ? run(inTransaction) : this.writer.run(run);
  }

  /**
   * Takes `-entry.delta` credits only if the balance covers them and runs `store` in the same transaction: the
   * charge and what was paid for are kept together, or neither. Undefined when the balance does not cover it.
   */
  async debitWith<T>(entry: LedgerEntry, store: (trx: Db) => Promise<T>): Promise<{ stored: T } | undefined> {
    return this.writer.run(async (trx) => {
      if (!(await this.queries.debit(trx, entry))) return undefined;
      return { stored: await store(trx) };
    });
  }

  /** Starts a new period with a fresh allowance; a no-op if another request already did. */
  async resetPeriod(
    accountId: string,
    expectedStart: string,
    newStart: string,
    credits: number,
    at: string,
  ): Promise<void> {
    await this.writer.run(async (trx) => {
      const current = await trx
        .selectFrom('accounts')
        .select(['credits', 'period_start'])
        .where('id', '=', accountId)
        .executeTakeFirst();
      if (!current || current.period_start !== expectedStart) return;
      const updated = await trx
        .updateTable('accounts')
        .set({ credits, period_start: newStart, tts_words_used: 0 })
        .where('id', '=', accountId)
        .where('period_start', '=', expectedStart)
        .where('credits', '=', current.credits)
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) return;
      await this.queries.ledger.run(trx, {
        accountId,
        delta: credits - current.credits,
        reason: 'period_reset',
        reference: newStart,
        at,
        balanceAfter: credits,
      });
    });
  }

  async wordsUsed(accountId: string): Promise<number> {
    const row = await this.db
      .selectFrom('accounts')
      .select('tts_words_used')
      .where('id', '=', accountId)
      .executeTakeFirst();
    return row?.tts_words_used ?? 0;
  }

  /** Credits spent on work (reservations net of refunds) since `since`, by kind of work. */
  async spentSince(accountId: string, since: string): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom('credit_ledger')
      .select(['reason', (eb) => eb.fn.sum<number>('delta').as('total')])
      .where('account_id', '=', accountId)
      .where('created_at', '>=', since)
      .where((eb) => eb.or([eb('reason', 'like', 'reserve:%'), eb('reason', 'like', 'refund:%')]))
      .groupBy('reason')
      .execute();
    const spent: Record<string, number> = {};
    for (const row of rows) {
      const kind = row.reason.slice(row.reason.indexOf(':') + 1);
      spent[kind] = (spent[kind] ?? 0) - Number(row.total);
    }
    return spent;
  }

  /** Newest first; `before` (an entry id) pages back. */
  async ledger(accountId: string, limit: number, before?: number) {
    let query = this.db
      .selectFrom('credit_ledger')
      .select(['id', 'delta', 'balance_after', 'reason', 'reference', 'created_at'])
      .where('account_id', '=', accountId);
    if (before !== undefined) query = query.where('id', '<', before);
    return query.orderBy('id', 'desc').limit(limit).execute();
  }

  /** Credits spent on work per UTC day and kind since `since` (reservations net of refunds, as spentSince). */
  async spentByDay(accountId: string, since: string): Promise<{ day: string; kind: string; credits: number }[]> {
    const rows = await this.db
      .selectFrom('credit_ledger')
      .select([
        sql<string>`substr(created_at, 1, 10)`.as('day'),
        'reason',
        (eb) => eb.fn.sum<number>('delta').as('total'),
      ])
      .where('account_id', '=', accountId)
      .where('created_at', '>=', since)
      .where((eb) => eb.or([eb('reason', 'like', 'reserve:%'), eb('reason', 'like', 'refund:%')]))
      .groupBy([sql`substr(created_at, 1, 10)`, 'reason'])
      .execute();
    const byKey = new Map<string, { day: string; kind: string; credits: number }>();
    for (const row of rows) {
      const kind = row.reason.slice(row.reason.indexOf(':') + 1);
      const entry = byKey.get(`${row.day} ${kind}`) ?? { day: row.day, kind, credits: 0 };
      entry.credits -= Number(row.total);
      byKey.set(`${row.day} ${kind}`, entry);
    }
    return [...byKey.values()].sort((a, b) => a.day.localeCompare(b.day) || a.kind.localeCompare(b.kind));
  }
}

const queriesByDb = new WeakMap<Db, CreditQueries>();

/**
 * The one way to change a balance: each change writes its ledger line in the same transaction. Its statements
 * are prepared once per database (see preparedQuery) and shared by every repository that changes balances:
 * every paid request makes some. Only in a transaction the caller holds.
 */
export function creditQueries(db: Db): CreditQueries {
  let queries = queriesByDb.get(db);
  if (!queries) {
    queries = prepareCreditQueries(db);
    queriesByDb.set(db, queries);
  }
  return queries;
}
export type CreditQueries = ReturnType<typeof prepareCreditQueries>;

function prepareCreditQueries(db: Db) {
  type Change = { accountId: string; amount: number };
  const debit = preparedQuery<Change, { credits: number; period_start: string }>(db, (db, slot) =>
    db
      .updateTable('accounts')
      .set({ credits: sql<number>`credits - ${slot('amount')}` })
      .where('id', '=', slot('accountId'))
      .where('credits', '>=', slot('amount'))
      .returning(['credits', 'period_start']),
  );
  const credit = preparedQuery<Change, { credits: number }>(db, (db, slot) =>
    db
      .updateTable('accounts')
      .set({ credits: sql<number>`credits + ${slot('amount')}` })
      .where('id', '=', slot('accountId'))
      .returning('credits'),
  );
  const creditInPeriod = preparedQuery<Change & { periodStart: string }, { credits: number }>(db, (db, slot) =>
    db
      .updateTable('accounts')
      .set({ credits: sql<number>`credits + ${slot('amount')}` })
      .where('id', '=', slot('accountId'))
      .where('period_start', '=', slot('periodStart'))
      .returning('credits'),
  );
  const ledger = preparedQuery<LedgerLine>(db, (db, slot) =>
    db.insertInto('credit_ledger').values({
      account_id: slot('accountId'),
      delta: slot('delta'),
      balance_after: slot('balanceAfter'),
      reason: slot('reason'),
      reference: slot('reference'),
      created_at: slot('at'),
    }),
  );
  /** The balance a change left, if it was made: then its entry gets its ledger line. */
  const withLine = async <R extends { credits: number }>(trx: Db, entry: LedgerEntry, row: R | undefined) => {
    if (row) await ledger.run(trx, { ...entry, balanceAfter: row.credits });
    return row;
  };
  return {
    /** Takes `-entry.delta` only if the balance covers it; undefined when it does not (or the account is gone). */
    debit: async (trx: Db, entry: LedgerEntry) =>
      withLine(trx, entry, await debit.first(trx, { accountId: entry.accountId, amount: -entry.delta })),
    /** Adds `entry.delta`; undefined when the account is gone. */
    credit: async (trx: Db, entry: LedgerEntry) =>
      withLine(trx, entry, await credit.first(trx, { accountId: entry.accountId, amount: entry.delta })),
    /** Gives `entry.delta` back only within the billing period the credits were taken in. */
    creditInPeriod: async (trx: Db, entry: LedgerEntry, periodStart: string) =>
      withLine(
        trx,
        entry,
        await creditInPeriod.first(trx, { accountId: entry.accountId, amount: entry.delta, periodStart }),
      ),
    /** A ledger line on its own, for a balance set rather than changed. */
    ledger,
  };
}
