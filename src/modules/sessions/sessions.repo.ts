import type { Db } from '../../storage/db/database.js';
import type { AccountRow, SessionRow } from '../../storage/db/schema.js';

export class SessionsRepo {
  constructor(private readonly db: Db) {}

  async insert(row: SessionRow): Promise<void> {
    await this.db.insertInto('sessions').values(row).execute();
  }

  async findWithAccount(id: string): Promise<{ session: SessionRow; account: AccountRow } | undefined> {
    const session = await this.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
    if (!session) return undefined;
    const account = await this.db.selectFrom('accounts').selectAll().where('id', '=', session.account_id).executeTakeFirst();
    return account ? { session, account } : undefined;
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  async deleteForAccount(accountId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('account_id', '=', accountId).execute();
  }

  async deleteExpired(now: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
  }
}
