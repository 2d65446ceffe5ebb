import type { Db } from '../../storage/db/database.js';
import type { TextOutputRow } from '../../storage/db/schema.js';
import type { WriteBatcher } from '../../storage/db/write-batcher.js';

export type NewTextOutput = Omit<TextOutputRow, 'id'>;

export class TextRepo {
  constructor(
    private readonly db: Db,
    private readonly writer: WriteBatcher,
  ) {}

  /** `alsoIn` runs in the same transaction (settling the credits the outputs cost). */
  async insertMany(rows: NewTextOutput[], alsoIn?: (trx: Db) => Promise<void>): Promise<TextOutputRow[]> {
    return this.writer.run(async (trx) => {
      const inserted = await this.insertIn(trx, rows);
      await alsoIn?.(trx);
      return inserted;
    });
  }

  /** In the caller's transaction (the one that charges for them). */
  insertIn(trx: Db, rows: NewTextOutput[]): Promise<TextOutputRow[]> {
    return trx.insertInto('text_outputs').values(rows).returningAll().execute();
  }

  async find(id: number, accountId: string): Promise<TextOutputRow | undefined> {
    return this.db
      .selectFrom('text_outputs')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  async list(accountId: string, limit: number, beforeId?: number): Promise<TextOutputRow[]> {
    let query = this.db.selectFrom('text_outputs').selectAll().where('account_id', '=', accountId);
    if (beforeId !== undefined) query = query.where('id', '<', beforeId);
    return query.orderBy('id', 'desc').limit(limit).execute();
  }
}
