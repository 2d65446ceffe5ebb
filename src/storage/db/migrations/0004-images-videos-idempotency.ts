import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  // Integer ids because the spec's image record has one; AUTOINCREMENT so an id is never reused.
  await db.schema
    .createTable('images')
    .addColumn('id', t.integer, t.generatedKey(true))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('style', 'text')
    .addColumn('artist', 'text')
    .addColumn('requested_model', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('width', t.integer, (c) => c.notNull())
    .addColumn('height', t.integer, (c) => c.notNull())
    .addColumn('hd', t.integer, (c) => c.notNull())
    .addColumn('seed', t.integer, (c) => c.notNull())
    .addColumn('reference_url', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('blob_key', 'text')
    .addColumn('warnings', 'text', (c) => c.notNull())
    .addColumn('credits', t.integer, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('images_account').on('images').columns(['account_id', 'id']).execute();

  await db.schema
    .createTable('videos')
    .addColumn('id', t.integer, t.generatedKey(true))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('requested_model', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('duration', t.integer, (c) => c.notNull())
    .addColumn('aspect_ratio', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text')
    .addColumn('seed', t.integer, (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('blob_key', 'text')
    .addColumn('width', t.integer)
    .addColumn('height', t.integer)
    .addColumn('warnings', 'text', (c) => c.notNull())
    .addColumn('credits', t.integer, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('videos_account').on('videos').columns(['account_id', 'id']).execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('status_code', t.integer)
    .addColumn('response', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['account_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['idempotency_keys', 'videos', 'images']) await db.schema.dropTable(table).execute();
}
