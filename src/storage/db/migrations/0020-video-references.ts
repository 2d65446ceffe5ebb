import type { Kysely } from 'kysely';

/**
 * A clip's 1.0.5 inputs beside its first frame (`image_url`): the last frame and the reference pictures, clips and
 * audio (JSON VideoReferences), read by its job; null for older clips and talking videos.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').addColumn('inputs', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').dropColumn('inputs').execute();
}
