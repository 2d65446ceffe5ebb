import type { Db } from '../../storage/db/database.js';
import type { AccountRow, ApiKeyRow } from '../../storage/db/schema.js';

export type KeyWithAccount = { key: Pick<ApiKeyRow, 'id' | 'key_hash' | 'revoked_at'>; account: AccountRow };

export class KeysRepo {
  constructor(private readonly db: Db) {}

  async insert(row: ApiKeyRow, db: Db = this.db): Promise<void> {
    await db.insertInto('api_keys').values(row).execute();
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
    return this.db.selectFrom('api_keys').selectAll().where('account_id', '=', accountId).orderBy('created_at').execute();
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
