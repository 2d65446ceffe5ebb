import { type Kysely, sql } from 'kysely';
import { columnTypes } from './column-types.js';

/** What the earlier default catalogue's engines called their models: an OpenAI-compatible server the upstream id, the web UI the name. */
const OPENAI_COMPATIBLE_MODELS = [
  'dall-e-3',
  'dall-e-2',
  'gpt-image-1',
  'stable-diffusion-xl',
  'stable-diffusion-3',
  'stable-diffusion-v1-5',
  'flux.1-schnell',
];
const AUTOMATIC1111_MODELS = [
  'DALL-E 3',
  'DALL-E 2',
  'GPT Image 1',
  'Stable Diffusion XL',
  'Stable Diffusion 3',
  'Stable Diffusion 1.5',
  'FLUX.1',
];

/**
 * Records say which engine made them (`engine` beside `model`), and videos keep the resolution and
 * generateAudio they were asked with. Existing images get their engine from their model (builtin when the
 * model says nothing more); existing videos were all made by ffmpeg.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  // SQLite adds one column per ALTER TABLE; NOT NULL needs a default there for the rows already in.
  await db.schema
    .alterTable('images')
    .addColumn('engine', 'text', (c) => c.notNull().defaultTo('builtin'))
    .execute();
  await sql`update images set engine = case
      when model in (${sql.join(OPENAI_COMPATIBLE_MODELS)}) then 'openai-compatible'
      when model in (${sql.join(AUTOMATIC1111_MODELS)}) then 'automatic1111'
      else 'builtin' end`.execute(db);
  await db.schema
    .alterTable('videos')
    .addColumn('engine', 'text', (c) => c.notNull().defaultTo('ffmpeg'))
    .execute();
  await db.schema.alterTable('videos').addColumn('resolution', 'text').execute();
  await db.schema.alterTable('videos').addColumn('generate_audio', t.integer).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['generate_audio', 'resolution', 'engine'])
    await db.schema.alterTable('videos').dropColumn(column).execute();
  await db.schema.alterTable('images').dropColumn('engine').execute();
}
