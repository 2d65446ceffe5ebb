import type { Kysely } from 'kysely';

/**
 * Talking videos are videos: the same records, polled with GET /api/get-video. `kind` says which job makes
 * one (clip: a prompt's slideshow; talking: a face made to speak); `talking` keeps what a talking video was
 * asked with (JSON: video, audio, voiceID, avatarModel, generateCaptions, captionColor).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('videos')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('clip'))
    .execute();
  await db.schema.alterTable('videos').addColumn('talking', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['talking', 'kind']) await db.schema.alterTable('videos').dropColumn(column).execute();
}
