import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bots')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('public_url', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('instructions', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('temperature', 'real', (c) => c.notNull())
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
    .addColumn('characters', 'integer', (c) => c.notNull())
    .addColumn('chunks', 'integer', (c) => c.notNull())
    // The model that embedded the chunks (null: none did): vectors of another model are not comparable.
    .addColumn('embedding_model', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bot_documents_bot').on('bot_documents').columns(['bot_id', 'created_at']).execute();

  // AUTOINCREMENT: the full-text index is keyed by this id, so an id must never be reused.
  await db.schema
    .createTable('bot_chunks')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('document_id', 'text', (c) => c.notNull().references('bot_documents.id').onDelete('cascade'))
    .addColumn('bot_id', 'text', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    // float32 little-endian, unit length (so a dot product is the cosine similarity).
    .addColumn('embedding', 'blob')
    .execute();
  await db.schema.createIndex('bot_chunks_document').on('bot_chunks').columns(['document_id', 'position']).execute();
  await db.schema.createIndex('bot_chunks_bot').on('bot_chunks').columns(['bot_id', 'id']).execute();

  // An external-content FTS5 index over bot_chunks.text, kept in step by triggers; cascading deletes
  // (a document, a bot, an account) fire the delete trigger too.
  await sql`CREATE VIRTUAL TABLE bot_chunks_fts USING fts5(text, content='bot_chunks', content_rowid='id', tokenize='porter unicode61')`.execute(db);
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
  for (const trigger of ['bot_chunks_fts_update', 'bot_chunks_fts_delete', 'bot_chunks_fts_insert']) await sql`DROP TRIGGER IF EXISTS ${sql.raw(trigger)}`.execute(db);
  await sql`DROP TABLE IF EXISTS bot_chunks_fts`.execute(db);
  for (const table of ['bot_chunks', 'bot_documents', 'bots']) await db.schema.dropTable(table).execute();
}
