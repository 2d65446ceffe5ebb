import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

/**
 * Reservations of credits and text-to-speech words, one row each with a state and the process that owns
 * them, and the processes' heartbeats: a sweeper gives back what a process that died had reserved.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { integer } = columnTypes(db);
  await db.schema
    .createTable('reservations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount', integer, (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    // The account's billing period when reserved: a release after a period reset gives nothing back.
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reservations_open').on('reservations').columns(['state', 'owner']).execute();

  await db.schema
    .createTable('service_processes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('pid', integer, (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('heartbeat_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('service_processes').execute();
  await db.schema.dropTable('reservations').execute();
}
