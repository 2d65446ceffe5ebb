import { sql } from 'kysely';
import { type HotRows, busy, hotRows } from '../../storage/db/hot-read.js';
import { type Db, dialectOf } from '../../storage/db/database.js';
import type { BrandVoiceRow } from '../../storage/db/schema.js';

export type BrandVoiceChanges = Partial<
  Pick<BrandVoiceRow, 'name' | 'instructions' | 'samples' | 'source_url' | 'drafted_by' | 'is_default' | 'updated_at'>
>;

/** An account's brand voices; every read and write names the account, so another account's is never seen. */
export class BrandVoicesRepo {
  private readonly postgres: boolean;

  private readonly defaultQuery;
  private readonly defaultRows: HotRows<BrandVoiceRow> | undefined;

  constructor(private readonly db: Db) {
    this.postgres = dialectOf(db) === 'postgres';
    this.defaultQuery = db
      .selectFrom('brand_voices')
      .selectAll()
      .where('account_id', '=', '')
      .where('is_default', '=', sql.lit(1))
      .compile();
    this.defaultRows = hotRows<BrandVoiceRow>(db, this.defaultQuery.sql);
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

  /** Asked by every generate, chat completion and bot answer: prepared once on SQLite (see hotRows). */
  async findDefault(accountId: string): Promise<BrandVoiceRow | undefined> {
    const rows = this.defaultRows ? this.defaultRows.all(accountId) : busy;
    if (rows !== busy) return rows[0];
    const { rows: found } = await this.db.executeQuery<BrandVoiceRow>({
      ...this.defaultQuery,
      parameters: [accountId],
    });
    return found[0];
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
