import { afterEach, describe, expect, it } from 'vitest';
import { openTestDbHandles, testDialect } from '../../../test/helpers/test-database.js';
import { newId } from '../../shared/ids.js';
import type { BotRow } from '../../storage/db/schema.js';
import { BotsRepo } from './bots.repo.js';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const now = new Date().toISOString();
const bot = (accountId: string): BotRow => ({
  id: newId(),
  account_id: accountId,
  public_url: newId(),
  name: 'b',
  instructions: '',
  model: 'm',
  temperature: 0.5,
  welcome_message: null,
  brand_voice_id: null,
  launcher: null,
  created_at: now,
  updated_at: now,
});

/**
 * Repositories on one database through separate handles, as separate API processes hold it on PostgreSQL.
 * SQLite serves one process through one connection (a second connection in the same process would wait
 * on the first's write lock while blocking the thread that has to release it): there, one handle.
 */
async function reposOnOneDatabase(count: number): Promise<BotsRepo[]> {
  const opened = await openTestDbHandles(testDialect === 'postgres' ? count : 1, 4);
  close = opened.close;
  const [first] = opened.handles;
  await first!
    .insertInto('accounts')
    .values({ id: 'acc', email: 'a@example.test', plan: 'pro', credits: 0, period_start: now, created_at: now })
    .execute();
  return opened.handles.map((db) => new BotsRepo(db));
}

describe(`bots: limits hold when many requests come at once, from several processes (${testDialect})`, () => {
  it('never lets an account have more bots than its limit', async () => {
    const repos = await reposOnOneDatabase(4);
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) => repos[i % repos.length]!.insertBot(bot('acc'), 5)),
    );
    expect(results.filter(Boolean)).toHaveLength(5);
    expect(await repos[0]!.listBots('acc')).toHaveLength(5);
  });

  it('never lets a bot have more documents or characters than its limits', async () => {
    const repos = await reposOnOneDatabase(4);
    const owner = bot('acc');
    expect(await repos[0]!.insertBot(owner, 5)).toBe(true);
    const document = (characters: number) => ({
      id: newId(),
      bot_id: owner.id,
      title: 't',
      kind: 'text' as const,
      characters,
      chunks: 1,
      embedding_model: null,
      created_at: now,
    });
    const chunk = [{ position: 0, text: 'Lighthouses guide ships.', embedding: null }];

    const byCount = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        repos[i % repos.length]!.insertDocument(document(1), chunk, { maxDocuments: 6, maxCharacters: 1_000 }),
      ),
    );
    expect(byCount.filter((r) => r === 'inserted')).toHaveLength(6);
    expect(byCount.filter((r) => r === 'too_many_documents')).toHaveLength(10);

    const other = bot('acc');
    expect(await repos[0]!.insertBot(other, 5)).toBe(true);
    const bySize = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        repos[i % repos.length]!.insertDocument({ ...document(300), bot_id: other.id }, chunk, {
          maxDocuments: 100,
          maxCharacters: 1_000,
        }),
      ),
    );
    expect(bySize.filter((r) => r === 'inserted')).toHaveLength(3);
    expect(await repos.at(-1)!.knowledgeUsage(other.id)).toEqual({ documents: 3, characters: 900 });
  });
});
