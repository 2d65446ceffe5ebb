import type { Db } from '../../storage/db/database.js';
import type { PublishedPresetRow } from '../../storage/db/schema.js';

/** Snapshots of users' presets published into the catalogue. Writes take the transaction that audits them. */
export class PublishedPresetsRepo {
  constructor(private readonly db: Db) {}

  list(): Promise<PublishedPresetRow[]> {
    return this.db.selectFrom('published_presets').selectAll().orderBy('slug').execute();
  }

  find(slug: string, db: Db = this.db): Promise<PublishedPresetRow | undefined> {
    return db.selectFrom('published_presets').selectAll().where('slug', '=', slug).executeTakeFirst();
  }

  /** Whether an account other than `accountId` has a preset of its own under this slug. */
  async slugOfAnotherAccount(slug: string, accountId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('user_presets')
      .select('id')
      .where('slug', '=', slug)
      .where('account_id', '!=', accountId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Puts `row` in place of any snapshot under its slug. */
  async replace(row: PublishedPresetRow, db: Db): Promise<void> {
    await db.deleteFrom('published_presets').where('slug', '=', row.slug).execute();
    await db.insertInto('published_presets').values(row).execute();
  }

  async remove(slug: string, db: Db): Promise<boolean> {
    const result = await db.deleteFrom('published_presets').where('slug', '=', slug).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
