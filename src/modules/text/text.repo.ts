import type { Db } from '../../storage/db/database.js';
import { preparedQuery } from '../../storage/db/prepared-query.js';
import type { TextOutputRow } from '../../storage/db/schema.js';
import type { WriteBatcher } from '../../storage/db/write-batcher.js';

export type NewTextOutput = Omit<TextOutputRow, 'id'>;

export class TextRepo {
  /** One output: the statement of every POST /api/generate, prepared once (see preparedQuery). */
  private readonly insertOne;

  constructor(
    private readonly db: Db,
    private readonly writer: WriteBatcher,
  ) {
    this.insertOne = preparedQuery<NewTextOutput, TextOutputRow>(db, (db, slot) =>
      db
        .insertInto('text_outputs')
        .values({
          account_id: slot('account_id'),
          preset: slot('preset'),
          text: slot('text'),
          model: slot('model'),
          request_id: slot('request_id'),
          created_at: slot('created_at'),
          preset_version: slot('preset_version'),
        })
        .returningAll(),
    );
  }

  /** `alsoIn` runs in the same transaction (settling the credits the outputs cost). */
  async insertMany(rows: NewTextOutput[], alsoIn?: (trx: Db) => Promise<void>): Promise<TextOutputRow[]> {
    return this.writer.run(async (trx) => {
      const inserted = await this.insertIn(trx, rows);
      await alsoIn?.(trx);
      return inserted;
    });
  }

  /** In the caller's transaction (the one that charges for them). */
  async insertIn(trx: Db, rows: NewTextOutput[]): Promise<TextOutputRow[]> {
    const [row, ...more] = rows;
    if (row && more.length === 0) return (await this.insertOne.run(trx, row)).rows;
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
