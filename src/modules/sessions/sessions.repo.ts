import type { Db } from '../../storage/db/database.js';
import type { AccountRow, SessionRow } from '../../storage/db/schema.js';

export class SessionsRepo {
  constructor(private readonly db: Db) {}

  async insert(row: SessionRow): Promise<void> {
    await this.db.insertInto('sessions').values(row).execute();
  }

  /** The session and its account in one read (every dashboard page and session API call asks). */
  async findWithAccount(
    id: string,
  ): Promise<{ session: Pick<SessionRow, 'expires_at'>; account: AccountRow } | undefined> {
    const row = await this.db
      .selectFrom('sessions as s')
      .innerJoin('accounts as a', 'a.id', 's.account_id')
      .selectAll('a')
      .select('s.expires_at')
      .where('s.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const { expires_at, ...account } = row;
    return { session: { expires_at }, account };
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  async deleteForAccount(accountId: string, db: Db = this.db): Promise<void> {
    await db.deleteFrom('sessions').where('account_id', '=', accountId).execute();
  }

  async deleteExpired(now: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
  }
}
