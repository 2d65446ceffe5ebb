import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

/**
 * Sharing an account's own presets (issue 37).
 * - preset_links: public links to a user preset; the token is stored as its SHA-256 only. Revoking sets
 *   revoked_at (the row stays, so the owner sees what was shared); deleting the preset or the account deletes them.
 * - preset_link_days: runs of a link per UTC day, counted with a conditional upsert so no two runs pass the cap.
 * - published_presets: snapshots of user presets that an admin published into the catalogue, under `slug`. The
 *   source account may go (its id is then null): the snapshot is the catalogue's now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { integer } = columnTypes(db);
  await db.schema
    .createTable('preset_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('preset_id', 'text', (c) => c.notNull().references('user_presets.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('label', 'text')
    .addColumn('daily_cap', integer, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('preset_links_preset').on('preset_links').columns(['preset_id', 'created_at']).execute();
  await db.schema
    .createTable('preset_link_days')
    .addColumn('link_id', 'text', (c) => c.notNull().references('preset_links.id').onDelete('cascade'))
    // YYYY-MM-DD, UTC.
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('runs', integer, (c) => c.notNull())
    .addPrimaryKeyConstraint('preset_link_days_pk', ['link_id', 'day'])
    .execute();
  await db.schema
    .createTable('published_presets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', 'text', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('source_slug', 'text', (c) => c.notNull())
    .addColumn('source_version', integer, (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    // A JSON array of category names.
    .addColumn('categories', 'text', (c) => c.notNull())
    // JSON: {fields, prompt, output}, as user_preset_versions.definition.
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('published_by', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('published_presets').execute();
  await db.schema.dropTable('preset_link_days').execute();
  await db.schema.dropTable('preset_links').execute();
}
