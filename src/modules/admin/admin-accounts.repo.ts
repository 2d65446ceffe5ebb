import { sql } from 'kysely';
import type { Db } from '../../storage/db/database.js';
import type { AccountRow } from '../../storage/db/schema.js';
import { type LedgerEntry, creditQueries } from '../credits/credits.repo.js';

/** Where a page of the account list starts: after this account in the list's order (newest first). */
export interface AccountCursor {
  createdAt: string;
  id: string;
}

export interface AccountListQuery {
  /** Part of the email, any case. */
  search?: string;
  limit: number;
  after?: AccountCursor;
}

/** An account with when it was last used: its newest key use or dashboard log-in. */
export type AccountWithUse = AccountRow & { last_used_at: string | null };

/** What the admin area reads and writes of accounts beyond the accounts module's own repository. */
export class AdminAccountsRepo {
  constructor(private readonly db: Db) {}

  /** Newest first. */
  async list(query: AccountListQuery): Promise<AccountWithUse[]> {
    let select = this.db.selectFrom('accounts').selectAll();
    if (query.search) select = select.where(sql<boolean>`email like ${likePattern(query.search)} escape '\\'`);
    const after = query.after;
    if (after)
      select = select.where((eb) =>
        eb.or([
          eb('created_at', '<', after.createdAt),
          eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
        ]),
      );
    const rows = await select.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).execute();
    const uses = await this.lastUses(rows.map((row) => row.id));
    return rows.map((row) => ({ ...row, last_used_at: uses.get(row.id) ?? null }));
  }

  async find(id: string): Promise<AccountWithUse | undefined> {
    const row = await this.row(this.db, id);
    if (!row) return undefined;
    return { ...row, last_used_at: (await this.lastUses([id])).get(id) ?? null };
  }

  /** The account as the transaction `db` sees it (its state before a change). */
  row(db: Db, id: string): Promise<AccountRow | undefined> {
    return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The newest key use or session start of each account (sessions keep no last-use time). */
  private async lastUses(accountIds: string[]): Promise<Map<string, string>> {
    const uses = new Map<string, string>();
    if (accountIds.length === 0) return uses;
    const [keys, sessions] = await Promise.all([
      this.db
        .selectFrom('api_keys')
        .select(['account_id', (eb) => eb.fn.max('last_used_at').as('at')])
        .where('account_id', 'in', accountIds)
        .groupBy('account_id')
        .execute(),
      this.db
        .selectFrom('sessions')
        .select(['account_id', (eb) => eb.fn.max('created_at').as('at')])
        .where('account_id', 'in', accountIds)
        .groupBy('account_id')
        .execute(),
    ]);
    for (const { account_id, at } of [...keys, ...sessions]) {
      const current = uses.get(account_id);
      if (at && (!current || at > current)) uses.set(account_id, at);
    }
    return uses;
  }

  async hasPassword(accountId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('account_passwords')
      .select('account_id')
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Adds `entry.delta` credits (negative removes) with its ledger row; a removal happens only if the balance
   * covers it, in the same conditional UPDATE, so concurrent spending can never take the balance below zero.
   * Undefined when the account is gone or the balance does not cover the removal.
   */
  async adjustCredits(trx: Db, entry: LedgerEntry): Promise<number | undefined> {
    const credits = creditQueries(this.db);
    const row = entry.delta < 0 ? await credits.debit(trx, entry) : await credits.credit(trx, entry);
    return row?.credits;
  }

  async countSessions(accountId: string, db: Db = this.db): Promise<number> {
    const row = await db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

/** A LIKE pattern matching `text` anywhere, its own % and _ taken literally. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
