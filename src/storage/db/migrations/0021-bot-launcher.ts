import type { Kysely } from 'kysely';

/**
 * The look of a bot's chat launcher as saved in the dashboard (position, size, width, icon, colour, label), as JSON;
 * null: none saved, so the embedding page's data- attributes and the default look apply. Served to the widget by
 * GET {bots_url}/bot/{public_url}/launcher, where saved settings override the page's attributes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bots').addColumn('launcher', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bots').dropColumn('launcher').execute();
}
