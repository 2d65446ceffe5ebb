import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

/**
 * Publishable keys: each opens one bot's public chat and nothing else, so a web page can carry it. The key is
 * kept readable (`api_key`: it is public by design, and the dashboard shows it in the widget code); lookups go
 * by its SHA-256 hash, as for secret keys. Deleting a bot deletes its keys.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('bot_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bot_id', 'text', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('api_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // A JSON array of exact origins (`https://example.com`); empty: any origin.
    .addColumn('allowed_origins', 'text', (c) => c.notNull())
    .addColumn('rate_limit_per_minute', t.integer, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('bot_keys_bot').on('bot_keys').columns(['bot_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bot_keys').execute();
}
