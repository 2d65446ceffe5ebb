import { type Kysely, sql } from 'kysely';
import { columnTypes } from './column-types.js';

/**
 * Request counts per rate-limit key and window, shared by every process on the database. `resets_at`
 * (epoch milliseconds) ends the window, so expired rows can be swept without knowing any window's length.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { integer, postgres } = columnTypes(db);
  // Counters need no crash safety: PostgreSQL skips the write-ahead log for an unlogged table.
  const create = postgres
    ? db.schema.createTable('rate_limits').modifyFront(sql`unlogged`)
    : db.schema.createTable('rate_limits');
  await create
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('resets_at', integer, (c) => c.notNull())
    .addColumn('count', integer, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_resets_at').on('rate_limits').column('resets_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
