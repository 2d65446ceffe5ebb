import type { Db } from '../../storage/db/database.js';
import type { AccountRow, NewAccountRow } from '../../storage/db/schema.js';

export class AccountsRepo {
  constructor(private readonly db: Db) {}

  async insert(row: NewAccountRow, db: Db = this.db): Promise<void> {
    await db.insertInto('accounts').values(row).execute();
  }

  async findById(id: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findByEmail(email: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst();
  }

  async list(limit: number): Promise<AccountRow[]> {
    return this.db.selectFrom('accounts').selectAll().orderBy('created_at').limit(limit).execute();
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async setBlocked(id: string, blocked: boolean, reason: string | null, db: Db = this.db): Promise<void> {
    await db
      .updateTable('accounts')
      .set({ blocked: blocked ? 1 : 0, blocked_reason: blocked ? reason : null })
      .where('id', '=', id)
      .execute();
  }

  async setPlan(id: string, plan: string, db: Db = this.db): Promise<void> {
    await db.updateTable('accounts').set({ plan }).where('id', '=', id).execute();
  }

  async passwordHash(accountId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('account_passwords')
      .select('password_hash')
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row?.password_hash;
  }

  async setPasswordHash(accountId: string, passwordHash: string, at: string, db: Db = this.db): Promise<void> {
    await db
      .insertInto('account_passwords')
      .values({ account_id: accountId, password_hash: passwordHash, updated_at: at })
      .onConflict((oc) => oc.column('account_id').doUpdateSet({ password_hash: passwordHash, updated_at: at }))
      .execute();
  }
}
