import { sql } from 'kysely';
import { type HotRead, busy, hotRead } from '../../storage/db/hot-read.js';
import { type Db, dialectOf } from '../../storage/db/database.js';
import type { BrandVoiceRow } from '../../storage/db/schema.js';

export type BrandVoiceChanges = Partial<
  Pick<BrandVoiceRow, 'name' | 'instructions' | 'samples' | 'source_url' | 'drafted_by' | 'is_default' | 'updated_at'>
>;

/** An account's brand voices; every read and write names the account, so another account's is never seen. */
export class BrandVoicesRepo {
  private readonly postgres: boolean;

  private readonly defaultQuery;
  private readonly defaultRead: HotRead | undefined;

  constructor(private readonly db: Db) {
    this.postgres = dialectOf(db) === 'postgres';
    this.defaultQuery = db
      .selectFrom('brand_voices')
      .select('instructions')
      .where('account_id', '=', '')
      .where('is_default', '=', sql.lit(1))
      .compile();
    this.defaultRead = hotRead(db, this.defaultQuery.sql);
  }

  /**
   * Inserts unless the account already has `max`, counted in the same transaction (on PostgreSQL with the account's
   * row locked, so two inserts cannot both count below it); a default unsets the account's other default.
   */
  async insert(row: BrandVoiceRow, max: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (this.postgres)
        await trx.selectFrom('accounts').select('id').where('id', '=', row.account_id).forNoKeyUpdate().execute();
      const { n } = await trx
        .selectFrom('brand_voices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('account_id', '=', row.account_id)
        .executeTakeFirstOrThrow();
      if (Number(n) >= max) return false;
      if (row.is_default) {
        await trx.updateTable('brand_voices').set({ is_default: 0 }).where('account_id', '=', row.account_id).execute();
      }
      await trx.insertInto('brand_voices').values(row).execute();
      return true;
    });
  }

  async count(accountId: string): Promise<number> {
    const { n } = await this.db
      .selectFrom('brand_voices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  async list(accountId: string): Promise<BrandVoiceRow[]> {
    return this.db
      .selectFrom('brand_voices')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async find(accountId: string, id: string): Promise<BrandVoiceRow | undefined> {
    return this.db
      .selectFrom('brand_voices')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  /**
   * The instructions of the account's default brand voice, asked by every generate, chat completion and bot answer:
   * only that column (not the samples), prepared once on SQLite (see hotRead).
   */
  async defaultInstructions(accountId: string): Promise<string | undefined> {
    const values = this.defaultRead ? this.defaultRead.get(accountId) : busy;
    if (values !== busy) return values?.[0] as string | undefined;
    const { rows } = await this.db.executeQuery<Pick<BrandVoiceRow, 'instructions'>>({
      ...this.defaultQuery,
      parameters: [accountId],
    });
    return rows[0]?.instructions;
  }

  /** False when the account has no such brand voice. Becoming the default unsets the other one. */
  async update(accountId: string, id: string, changes: BrandVoiceChanges): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (changes.is_default) {
        await trx
          .updateTable('brand_voices')
          .set({ is_default: 0 })
          .where('account_id', '=', accountId)
          .where('id', '!=', id)
          .execute();
      }
      const result = await trx
        .updateTable('brand_voices')
        .set(changes)
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    });
  }

  /** Bots that named it are left without one (as the foreign key does, also where foreign keys are off). */
  async delete(accountId: string, id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('bots')
        .set({ brand_voice_id: null })
        .where('account_id', '=', accountId)
        .where('brand_voice_id', '=', id)
        .execute();
      const result = await trx
        .deleteFrom('brand_voices')
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    });
  }
}
