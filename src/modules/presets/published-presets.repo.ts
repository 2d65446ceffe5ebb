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

  /** The account whose own preset has this slug (slugs of users' presets are unique across accounts). */
  async ownerOfSlug(slug: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('user_presets')
      .select('account_id')
      .where('slug', '=', slug)
      .executeTakeFirst();
    return row?.account_id;
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
