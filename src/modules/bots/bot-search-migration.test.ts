import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { newId } from '../../shared/ids.js';
import { openSqlite } from '../../storage/db/database.js';
import { migrations } from '../../storage/db/migrations/index.js';
import { fts5BotMatch, fts5Match } from './full-text-query.js';

// Migration 0019 on a database that already holds bots' chunks: the index is rebuilt with each chunk's bot, and
// taken back to the text alone by its down.
describe('migration 0019 (bot search scope)', () => {
  it('indexes the chunks already stored under their bots, and its down restores the index of text alone', async () => {
    const db = openSqlite(':memory:');
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0018-preset-sharing')).error).toBeUndefined();
    const now = new Date().toISOString();
    const accountId = newId();
    await db
      .insertInto('accounts')
      .values({
        id: accountId,
        email: `${accountId}@example.test`,
        plan: 'pro',
        credits: 0,
        period_start: now,
        created_at: now,
      })
      .execute();
    const bots = [newId(), newId()];
    for (const [i, botId] of bots.entries()) {
      const bot = {
        account_id: accountId,
        name: 'b',
        instructions: '',
        model: 'm',
        temperature: 0,
        welcome_message: null,
      };
      await db
        .insertInto('bots')
        .values({ ...bot, id: botId, public_url: `u${i}`, created_at: now, updated_at: now })
        .execute();
      const documentId = newId();
      const document = {
        title: 't',
        kind: 'text' as const,
        characters: 1,
        chunks: 1,
        embedding_model: null,
        created_at: now,
      };
      await db
        .insertInto('bot_documents')
        .values({ ...document, id: documentId, bot_id: botId })
        .execute();
      await db
        .insertInto('bot_chunks')
        .values({
          document_id: documentId,
          bot_id: botId,
          position: 0,
          text: 'The harbour floods at high tide.',
          embedding: null,
        })
        .execute();
    }
    const count = async (match: string) =>
      Number(
        (
          await sql<{
            n: number;
          }>`select count(*) as n from bot_chunks_fts where bot_chunks_fts match ${match}`.execute(db)
        ).rows[0]?.n,
      );
    expect(await count(fts5Match(['harbour']))).toBe(2);

    expect((await migrator.migrateTo('0019-bot-search-scope')).error).toBeUndefined();
    expect(await count(fts5BotMatch(bots[0] ?? '', ['harbour']))).toBe(1);
    expect(await count(fts5Match(['harbour']))).toBe(2);

    expect((await migrator.migrateDown()).error).toBeUndefined();
    await expect(count(fts5BotMatch(bots[0] ?? '', ['harbour']))).rejects.toThrow(/no such column: bot_id/);
    expect(await count(fts5Match(['harbour']))).toBe(2);
    await sql`insert into bot_chunks_fts(bot_chunks_fts, rank) values ('integrity-check', 1)`.execute(db);
    await db.destroy();
  });
});
