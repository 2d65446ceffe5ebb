import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

/**
 * Presets an account makes (POST /api/presets). A preset's slug is unique across the service (it must not
 * collide with another account's either: the catalogue's are checked by the service). Each edit of its fields,
 * prompt or output kind is a new row of user_preset_versions; the preset names its current one, and a text
 * output records the version it was made with (text_outputs.preset_version, null for catalogue presets).
 * Deleting an account deletes its presets, and a preset its versions; outputs keep their slug and version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { integer } = columnTypes(db);
  await db.schema
    .createTable('user_presets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    // A JSON array of category names.
    .addColumn('categories', 'text', (c) => c.notNull())
    .addColumn('current_version', integer, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('user_presets_account')
    .on('user_presets')
    .columns(['account_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('user_preset_versions')
    .addColumn('preset_id', 'text', (c) => c.notNull().references('user_presets.id').onDelete('cascade'))
    .addColumn('version', integer, (c) => c.notNull())
    // JSON: {fields, prompt, output}.
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_preset_versions_pk', ['preset_id', 'version'])
    .execute();
  await db.schema.alterTable('text_outputs').addColumn('preset_version', integer).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('text_outputs').dropColumn('preset_version').execute();
  await db.schema.dropTable('user_preset_versions').execute();
  await db.schema.dropTable('user_presets').execute();
}
