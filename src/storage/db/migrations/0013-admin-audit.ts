import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

/**
 * What administrators did: one row per action, written in the transaction of the change it records, with who
 * (the account, and its email at the time: the account may be deleted), what, on which record, and the record's
 * state before and after (JSON, never a secret).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('admin_audit')
    .addColumn('id', t.integer, t.generatedKey(true))
    .addColumn('actor_account_id', 'text', (c) => c.notNull())
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('admin_audit_target').on('admin_audit').columns(['target_type', 'target_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('admin_audit').execute();
}
