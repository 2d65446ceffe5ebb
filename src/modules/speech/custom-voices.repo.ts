import type { Db } from '../../storage/db/database.js';
import type { CustomVoiceRow } from '../../storage/db/schema.js';

export class CustomVoicesRepo {
  constructor(private readonly db: Db) {}

  async insert(row: CustomVoiceRow): Promise<void> {
    await this.db.insertInto('custom_voices').values(row).execute();
  }

  async list(accountId: string): Promise<CustomVoiceRow[]> {
    return this.db
      .selectFrom('custom_voices')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .execute();
  }

  async count(accountId: string): Promise<number> {
    const row = await this.db
      .selectFrom('custom_voices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async find(accountId: string, id: string): Promise<CustomVoiceRow | undefined> {
    return this.db
      .selectFrom('custom_voices')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  async update(
    accountId: string,
    id: string,
    changes: Partial<Pick<CustomVoiceRow, 'name' | 'description' | 'settings' | 'updated_at'>>,
  ): Promise<void> {
    await this.db
      .updateTable('custom_voices')
      .set(changes)
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .execute();
  }

  async delete(accountId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('custom_voices')
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
