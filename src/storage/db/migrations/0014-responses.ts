import type { Kysely } from 'kysely';

/**
 * Responses of OpenAI's Responses API kept for the account that made them (`store`, the default): the response
 * as answered and its input items (JSON), so that it can be read again, listed and continued by
 * previous_response_id. Kept ATELIER_RESPONSES_RETENTION_DAYS (created_at is indexed for that deletion);
 * deleting the account deletes them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('responses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('previous_response_id', 'text')
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('input_items', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('responses_created').on('responses').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('responses').execute();
}
