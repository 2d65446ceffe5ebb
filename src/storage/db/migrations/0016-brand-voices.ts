import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

/**
 * Brand voices: an account's house style as instructions (written, or drafted from writing samples or a page),
 * put ahead of the instructions of its outputs. At most one per account is its default (`is_default`, kept so by
 * the service). A bot may name one (`bots.brand_voice_id`); deleting the brand voice leaves the bot without one.
 * Deleting an account deletes its brand voices.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('brand_voices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('instructions', 'text', (c) => c.notNull())
    .addColumn('samples', 'text')
    .addColumn('source_url', 'text')
    // 'model', 'offline profile', or null when the owner wrote the instructions.
    .addColumn('drafted_by', 'text')
    .addColumn('is_default', t.integer, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('brand_voices_account')
    .on('brand_voices')
    .columns(['account_id', 'created_at'])
    .execute();
  await db.schema
    .alterTable('bots')
    .addColumn('brand_voice_id', 'text', (c) => c.references('brand_voices.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bots').dropColumn('brand_voice_id').execute();
  await db.schema.dropTable('brand_voices').execute();
}
