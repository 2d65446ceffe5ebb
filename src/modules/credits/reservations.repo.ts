import { sql } from 'kysely';
import type { Db } from '../../storage/db/database.js';
import type { ReservationRow, ReservationUnit } from '../../storage/db/schema.js';
import { preparedQuery } from '../../storage/db/prepared-query.js';
import type { WriteBatcher } from '../../storage/db/write-batcher.js';
import { type CreditQueries, creditQueries } from './credits.repo.js';

// A type, not an interface: preparedQuery takes it as the values it binds.
export type NewHold = {
  id: string;
  accountId: string;
  unit: ReservationUnit;
  kind: string;
  amount: number;
  reference: string | null;
  owner: string;
  at: string;
};

/** What finishing a reservation gave back; undefined when it was no longer open. */
export interface Finished {
  row: ReservationRow;
  /** Given back to the account: nothing when the account's billing period changed meanwhile. */
  returned: number;
}

/** A reservation that was no longer open when its work tried to settle it: a sweeper judged its process dead. */
export class ReservationLostError extends Error {
  override name = 'ReservationLostError';
}

/**
 * Reservations of credits and words as rows: taken in the same transaction as the balance, finished
 * (settled or released) exactly once by a conditional UPDATE on their state.
 */
export class ReservationsRepo {
  private readonly credits: CreditQueries;
  private readonly queries: ReturnType<typeof reservationQueries>;

  constructor(
    private readonly db: Db,
    private readonly writer: WriteBatcher,
  ) {
    this.credits = creditQueries(db);
    this.queries = reservationQueries(db);
  }

  /** Takes the credits only if the balance covers them; returns the new balance. */
  async reserveCredits(hold: NewHold): Promise<number | undefined> {
    return this.writer.run(async (trx) => {
      const account = await this.credits.debit(trx, {
        accountId: hold.accountId,
        delta: -hold.amount,
        reason: `reserve:${hold.kind}`,
        reference: hold.reference,
        at: hold.at,
      });
      if (!account) return undefined;
      await this.insert(trx, hold, account.period_start);
      return account.credits;
    });
  }

  /** Counts the words against the period's allowance only if they fit under `limit`; returns the new total used. */
  async reserveWords(hold: NewHold, limit: number): Promise<number | undefined> {
    return this.writer.run(async (trx) => {
      const account = await trx
        .updateTable('accounts')
        .set({ tts_words_used: sql<number>`tts_words_used + ${hold.amount}` })
        .where('id', '=', hold.accountId)
        .where(sql<boolean>`tts_words_used + ${hold.amount} <= ${limit}`)
        .returning(['tts_words_used', 'period_start'])
        .executeTakeFirst();
      if (!account) return undefined;
      await this.insert(trx, hold, account.period_start);
      return account.tts_words_used;
    });
  }

  /**
   * Settles in the caller's transaction (the one that stores the work's result, so both or neither are
   * kept), giving back `unused` of it. Throws ReservationLostError when the reservation is no longer open.
   */
  async settle(trx: Db, id: string, unused: number, at: string): Promise<Finished> {
    const finished = await this.finish(trx, id, 'settled', unused, at);
    if (!finished) throw new ReservationLostError(`reservation ${id} is no longer open`);
    return finished;
  }

  /** Settles in a transaction of its own (work that stores no result), if it is still open. */
  settleNow(id: string, unused: number, at: string): Promise<Finished | undefined> {
    return this.writer.run((trx) => this.finish(trx, id, 'settled', unused, at));
  }

  /** Gives the whole reservation back, if it is still open. */
  release(id: string, at: string): Promise<Finished | undefined> {
    return this.writer.run(async (trx) => {
      const row = await this.queries.amount.first(trx, { id });
      return row ? this.finish(trx, id, 'released', row.amount, at) : undefined;
    });
  }

  /** Open reservations whose owner is not among `living`, oldest first. */
  async orphans(living: Set<string>, limit = 500): Promise<ReservationRow[]> {
    return this.db
      .selectFrom('reservations')
      .selectAll()
      .where('state', '=', 'reserved')
      .where('owner', 'not in', [...living])
      .orderBy('created_at')
      .limit(limit)
      .execute();
  }

  /** Finished reservations are kept a while for inspection, then deleted. */
  async purgeFinished(before: string): Promise<void> {
    await this.db
      .deleteFrom('reservations')
      .where('state', '!=', 'reserved')
      .where('updated_at', '<', before)
      .execute();
  }

  private async insert(trx: Db, hold: NewHold, periodStart: string): Promise<void> {
    await this.queries.insert.run(trx, { ...hold, periodStart });
  }

  private async finish(
    trx: Db,
    id: string,
    state: 'settled' | 'released',
    unused: number,
    at: string,
  ): Promise<Finished | undefined> {
    const row = await this.queries.finish.first(trx, { id, state, at });
    if (!row) return undefined;
    const amount = Math.min(Math.max(0, unused), row.amount);
    if (amount === 0) return { row, returned: 0 };
    // A new period started meanwhile refilled the allowance: giving back on top of it would be a gift.
    if (row.unit === 'words') {
      const updated = await trx
        .updateTable('accounts')
        .set({
          tts_words_used: sql<number>`case when tts_words_used > ${amount} then tts_words_used - ${amount} else 0 end`,
        })
        .where('id', '=', row.account_id)
        .where('period_start', '=', row.period_start)
        .executeTakeFirst();
      return { row, returned: updated.numUpdatedRows > 0n ? amount : 0 };
    }
    const account = await this.credits.creditInPeriod(
      trx,
      { accountId: row.account_id, delta: amount, reason: `refund:${row.kind}`, reference: row.reference, at },
      row.period_start,
    );
    return { row, returned: account ? amount : 0 };
  }
}

/** A reservation's own statements on the path of every paid request (see creditQueries). */
function reservationQueries(db: Db) {
  return {
    insert: preparedQuery<NewHold & { periodStart: string }>(db, (db, slot) =>
      db.insertInto('reservations').values({
        id: slot('id'),
        account_id: slot('accountId'),
        unit: slot('unit'),
        kind: slot('kind'),
        amount: slot('amount'),
        reference: slot('reference'),
        owner: slot('owner'),
        state: sql.lit('reserved'),
        period_start: slot('periodStart'),
        created_at: slot('at'),
        updated_at: slot('at'),
      }),
    ),
    /** Finishes it only if it is still open: exactly once. */
    finish: preparedQuery<{ id: string; state: 'settled' | 'released'; at: string }, ReservationRow>(db, (db, slot) =>
      db
        .updateTable('reservations')
        .set({ state: slot('state'), updated_at: slot('at') })
        .where('id', '=', slot('id'))
        .where('state', '=', sql.lit('reserved'))
        .returningAll(),
    ),
    amount: preparedQuery<{ id: string }, { amount: number }>(db, (db, slot) =>
      db.selectFrom('reservations').select('amount').where('id', '=', slot('id')),
    ),
  };
}
