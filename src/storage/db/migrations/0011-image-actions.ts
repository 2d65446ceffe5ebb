import type { Kysely } from 'kysely';

/**
 * Image editing: a record made from a given picture says what was done to it (`action`, the hosted
 * reference's names) and which catalogue model was asked to do it (`edit_model`); both null for a picture
 * made from a prompt alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('images').addColumn('action', 'text').execute();
  await db.schema.alterTable('images').addColumn('edit_model', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('images').dropColumn('edit_model').execute();
  await db.schema.alterTable('images').dropColumn('action').execute();
}
