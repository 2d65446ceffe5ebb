import { type Kysely, sql } from 'kysely';
import { columnTypes } from './column-types.js';

/** PostgreSQL's stand-in for FTS5's `porter unicode61` (BOT_CHUNKS_TEXT_SEARCH_CONFIG in schema.ts). */
const POSTGRES_TEXT_SEARCH_CONFIG = 'atelier_english';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('bots')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('public_url', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('instructions', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('temperature', t.real, (c) => c.notNull())
    .addColumn('welcome_message', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bots_account').on('bots').columns(['account_id', 'created_at']).execute();

  await db.schema
    .createTable('bot_documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bot_id', 'text', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('characters', t.integer, (c) => c.notNull())
    .addColumn('chunks', t.integer, (c) => c.notNull())
    // The model that embedded the chunks (null: none did): vectors of another model are not comparable.
    .addColumn('embedding_model', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bot_documents_bot').on('bot_documents').columns(['bot_id', 'created_at']).execute();

  // AUTOINCREMENT: the full-text index is keyed by this id, so an id must never be reused.
  await db.schema
    .createTable('bot_chunks')
    .addColumn('id', t.integer, t.generatedKey(true))
    .addColumn('document_id', 'text', (c) => c.notNull().references('bot_documents.id').onDelete('cascade'))
    .addColumn('bot_id', 'text', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('position', t.integer, (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    // float32 little-endian, unit length (so a dot product is the cosine similarity).
    .addColumn('embedding', t.blob)
    .execute();
  await db.schema.createIndex('bot_chunks_document').on('bot_chunks').columns(['document_id', 'position']).execute();
  await db.schema.createIndex('bot_chunks_bot').on('bot_chunks').columns(['bot_id', 'id']).execute();

  if (t.postgres) {
    // A GIN index over the chunks' text search vectors: PostgreSQL keeps it in step with the rows itself.
    await sql`CREATE TEXT SEARCH DICTIONARY atelier_english_stem (TEMPLATE = snowball, LANGUAGE = english)`.execute(db);
    await sql`CREATE TEXT SEARCH CONFIGURATION ${sql.raw(POSTGRES_TEXT_SEARCH_CONFIG)} (COPY = english)`.execute(db);
    await sql`ALTER TEXT SEARCH CONFIGURATION ${sql.raw(POSTGRES_TEXT_SEARCH_CONFIG)} ALTER MAPPING REPLACE english_stem WITH atelier_english_stem`.execute(
      db,
    );
    await sql`CREATE INDEX bot_chunks_text_search ON bot_chunks USING gin (to_tsvector('${sql.raw(POSTGRES_TEXT_SEARCH_CONFIG)}', text))`.execute(
      db,
    );
    return;
  }

  // An external-content FTS5 index over bot_chunks.text, kept in step by triggers; cascading deletes
  // (a document, a bot, an account) fire the delete trigger too.
  await sql`CREATE VIRTUAL TABLE bot_chunks_fts USING fts5(text, content='bot_chunks', content_rowid='id', tokenize='porter unicode61')`.execute(
    db,
  );
  await sql`CREATE TRIGGER bot_chunks_fts_insert AFTER INSERT ON bot_chunks BEGIN
    INSERT INTO bot_chunks_fts(rowid, text) VALUES (new.id, new.text);
  END`.execute(db);
  await sql`CREATE TRIGGER bot_chunks_fts_delete AFTER DELETE ON bot_chunks BEGIN
    INSERT INTO bot_chunks_fts(bot_chunks_fts, rowid, text) VALUES ('delete', old.id, old.text);
  END`.execute(db);
  await sql`CREATE TRIGGER bot_chunks_fts_update AFTER UPDATE OF text ON bot_chunks BEGIN
    INSERT INTO bot_chunks_fts(bot_chunks_fts, rowid, text) VALUES ('delete', old.id, old.text);
    INSERT INTO bot_chunks_fts(rowid, text) VALUES (new.id, new.text);
  END`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) {
    for (const table of ['bot_chunks', 'bot_documents', 'bots']) await db.schema.dropTable(table).execute();
    await sql`DROP TEXT SEARCH CONFIGURATION IF EXISTS ${sql.raw(POSTGRES_TEXT_SEARCH_CONFIG)}`.execute(db);
    await sql`DROP TEXT SEARCH DICTIONARY IF EXISTS atelier_english_stem`.execute(db);
    return;
  }
  for (const trigger of ['bot_chunks_fts_update', 'bot_chunks_fts_delete', 'bot_chunks_fts_insert'])
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(trigger)}`.execute(db);
  await sql`DROP TABLE IF EXISTS bot_chunks_fts`.execute(db);
  for (const table of ['bot_chunks', 'bot_documents', 'bots']) await db.schema.dropTable(table).execute();
}
