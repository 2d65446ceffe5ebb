import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable('accounts')
    .addColumn('tts_words_used', t.integer, (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('speech_syntheses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('voice_id', 'text', (c) => c.notNull())
    .addColumn('characters', t.integer, (c) => c.notNull())
    .addColumn('words', t.integer, (c) => c.notNull())
    .addColumn('duration_ms', t.integer, (c) => c.notNull())
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('warnings', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('speech_syntheses_account')
    .on('speech_syntheses')
    .columns(['account_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('custom_voices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('base_voice_id', 'text', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('custom_voices_account')
    .on('custom_voices')
    .columns(['account_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('custom_voices').execute();
  await db.schema.dropTable('speech_syntheses').execute();
  await db.schema.alterTable('accounts').dropColumn('tts_words_used').execute();
}
