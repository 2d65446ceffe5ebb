import { type Db, dialectOf } from '../../storage/db/database.js';
import type { AccountRow, BotKeyRow } from '../../storage/db/schema.js';

/** What authenticating a publishable key reads of the key, with its bot's owner. */
export type BotKeyWithOwner = {
  key: Pick<BotKeyRow, 'id' | 'bot_id' | 'key_hash' | 'allowed_origins' | 'rate_limit_per_minute' | 'revoked_at'>;
  account: AccountRow;
};
export type InsertBotKeyResult = 'inserted' | 'bot_missing' | 'too_many_keys';

/** Publishable keys (`bot_keys`); a bot is reached only through its owner's account id. */
export class BotKeysRepo {
  private readonly postgres: boolean;

  constructor(private readonly db: Db) {
    this.postgres = dialectOf(db) === 'postgres';
  }

  /**
   * Inserts the key if `accountId` owns its bot and the bot has fewer than `max` active keys: checked and
   * inserted in one transaction (on PostgreSQL with the bot's row locked, so two inserts cannot both pass).
   */
  insert(accountId: string, row: BotKeyRow, max: number): Promise<InsertBotKeyResult> {
    return this.db.transaction().execute(async (trx) => {
      const botQuery = trx
        .selectFrom('bots')
        .select('id')
        .where('id', '=', row.bot_id)
        .where('account_id', '=', accountId);
      if (!(await (this.postgres ? botQuery.forNoKeyUpdate() : botQuery).executeTakeFirst())) return 'bot_missing';
      const { n } = await trx
        .selectFrom('bot_keys')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('bot_id', '=', row.bot_id)
        .where('revoked_at', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(n) >= max) return 'too_many_keys';
      await trx.insertInto('bot_keys').values(row).execute();
      return 'inserted';
    });
  }

  /** The key and its bot's owner in one read (every bot request with a publishable key asks). */
  async findByHash(keyHash: string): Promise<BotKeyWithOwner | undefined> {
    const row = await this.db
      .selectFrom('bot_keys as k')
      .innerJoin('bots as b', 'b.id', 'k.bot_id')
      .innerJoin('accounts as a', 'a.id', 'b.account_id')
      .selectAll('a')
      .select([
        'k.id as k_id',
        'k.bot_id as k_bot_id',
        'k.key_hash as k_key_hash',
        'k.allowed_origins as k_allowed_origins',
        'k.rate_limit_per_minute as k_rate_limit_per_minute',
        'k.revoked_at as k_revoked_at',
      ])
      .where('k.key_hash', '=', keyHash)
      .executeTakeFirst();
    if (!row) return undefined;
    const { k_id, k_bot_id, k_key_hash, k_allowed_origins, k_rate_limit_per_minute, k_revoked_at, ...account } = row;
    return {
      key: {
        id: k_id,
        bot_id: k_bot_id,
        key_hash: k_key_hash,
        allowed_origins: k_allowed_origins,
        rate_limit_per_minute: k_rate_limit_per_minute,
        revoked_at: k_revoked_at,
      },
      account,
    };
  }

  async ownsBot(accountId: string, botId: string): Promise<boolean> {
    return (
      (await this.db
        .selectFrom('bots')
        .select('id')
        .where('id', '=', botId)
        .where('account_id', '=', accountId)
        .executeTakeFirst()) !== undefined
    );
  }

  /** The keys of a bot the account owns (none when it owns no such bot), oldest first. */
  listByBot(accountId: string, botId: string): Promise<BotKeyRow[]> {
    return this.db
      .selectFrom('bot_keys')
      .selectAll('bot_keys')
      .innerJoin('bots', 'bots.id', 'bot_keys.bot_id')
      .where('bot_keys.bot_id', '=', botId)
      .where('bots.account_id', '=', accountId)
      .orderBy('bot_keys.created_at')
      .orderBy('bot_keys.id')
      .execute();
  }

  async revoke(accountId: string, botId: string, keyId: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('bot_keys')
      .set({ revoked_at: at })
      .where('id', '=', keyId)
      .where('bot_id', '=', botId)
      .where('revoked_at', 'is', null)
      .where((eb) =>
        eb.exists(
          eb.selectFrom('bots').select('bots.id').where('bots.id', '=', botId).where('bots.account_id', '=', accountId),
        ),
      )
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async touch(keyId: string, at: string): Promise<void> {
    await this.db.updateTable('bot_keys').set({ last_used_at: at }).where('id', '=', keyId).execute();
  }
}
