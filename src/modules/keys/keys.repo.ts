import { type Db, dialectOf } from '../../storage/db/database.js';
import type { AccountRow, ApiKeyRow } from '../../storage/db/schema.js';

export type KeyWithAccount = { key: Pick<ApiKeyRow, 'id' | 'key_hash' | 'revoked_at'>; account: AccountRow };

export class KeysRepo {
  private readonly postgres: boolean;

  constructor(private readonly db: Db) {
    this.postgres = dialectOf(db) === 'postgres';
  }

  async insert(row: ApiKeyRow, db: Db = this.db): Promise<void> {
    await db.insertInto('api_keys').values(row).execute();
  }

  /**
   * Inserts the key unless its account already holds `max` keys that are not revoked; counted and inserted
   * in one transaction. SQLite runs one write transaction at a time; on PostgreSQL the account's row is
   * locked first, so two creations for one account cannot both count below the limit.
   */
  insertWithin(row: ApiKeyRow, max: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (this.postgres)
        await trx.selectFrom('accounts').select('id').where('id', '=', row.account_id).forNoKeyUpdate().execute();
      const { n } = await trx
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('account_id', '=', row.account_id)
        .where('revoked_at', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(n) >= max) return false;
      await trx.insertInto('api_keys').values(row).execute();
      return true;
    });
  }

  async findByHash(keyHash: string): Promise<KeyWithAccount | undefined> {
    const row = await this.db
      .selectFrom('api_keys as k')
      .innerJoin('accounts as a', 'a.id', 'k.account_id')
      .select([
        'k.id as key_id',
        'k.key_hash',
        'k.revoked_at',
        'a.id',
        'a.email',
        'a.plan',
        'a.is_admin',
        'a.blocked',
        'a.blocked_reason',
        'a.credits',
        'a.tts_words_used',
        'a.webhook_secret',
        'a.period_start',
        'a.created_at',
      ])
      .where('k.key_hash', '=', keyHash)
      .executeTakeFirst();
    if (!row) return undefined;
    const { key_id, key_hash, revoked_at, ...account } = row;
    return { key: { id: key_id, key_hash, revoked_at }, account };
  }

  async listByAccount(accountId: string): Promise<ApiKeyRow[]> {
    return this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .execute();
  }

  async findById(keyId: string): Promise<ApiKeyRow | undefined> {
    return this.db.selectFrom('api_keys').selectAll().where('id', '=', keyId).executeTakeFirst();
  }

  async revoke(keyId: string, accountId: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: at })
      .where('id', '=', keyId)
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async touch(keyId: string, at: string): Promise<void> {
    await this.db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', keyId).execute();
  }
}
