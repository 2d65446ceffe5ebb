import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type EmbeddingModel, fixedEmbedding } from '../../engines/spec/embedding-model.js';
import { systemClock } from '../../shared/clock.js';
import { UpstreamError, unwrap } from '../../shared/errors.js';
import { newId } from '../../shared/ids.js';
import type { Db } from '../../storage/db/database.js';
import { BOT_CHUNKS_TEXT_SEARCH_CONFIG } from '../../storage/db/schema.js';
import { openTestDb, testDialect } from '../../../test/helpers/test-database.js';
import { BotsRepo } from './bots.repo.js';
import { BotsService } from './bots.service.js';
import { DocumentReader } from './document-reader.js';
import { fts5BotMatch } from './full-text-query.js';
import { KnowledgeService } from './knowledge.service.js';
import { Retrieval, ftsQuery, reciprocalRankFusion } from './retrieval.js';

/** Words of one meaning share a dimension, so "automobile" is near "car" though no letter matches. */
const CONCEPTS = [
  ['car', 'cars', 'automobile', 'vehicle'],
  ['bread', 'loaf', 'bakery', 'baker'],
  ['lighthouse', 'beacon', 'keeper'],
  ['price', 'cost', 'tickets', 'euros'],
];

function conceptVector(text: string): number[] {
  const vector = [0.05, ...CONCEPTS.map(() => 0)];
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    const at = CONCEPTS.findIndex((words) => words.includes(word));
    if (at >= 0) vector[at + 1] = (vector[at + 1] ?? 0) + 1;
  }
  return vector;
}

class FakeEmbeddings implements EmbeddingModel {
  readonly provider = 'fake';
  readonly modelId = 'fake-concepts';
  calls: string[][] = [];
  failing = false;
  async doEmbed({ values }: { values: string[] }) {
    this.calls.push(values);
    if (this.failing) throw new UpstreamError('The embedding provider answered 503', { isRetryable: true });
    return { embeddings: values.map(conceptVector) };
  }
}

/** The real reader: documents are read on a worker thread as in the service. */
const reader = new DocumentReader({ workers: 1, queue: 4, timeoutMs: 30_000, memoryMb: 128 });
afterAll(() => reader.close());

let db: Db;
let closeDb: () => Promise<void>;
let accountId: string;

async function makeBots(embeddings?: EmbeddingModel) {
  const repo = new BotsRepo(db);
  const service = new BotsService({
    repo,
    knowledge: new KnowledgeService({ repo, embeddings: fixedEmbedding(embeddings), reader, clock: systemClock }),
    retrieval: new Retrieval(repo, fixedEmbedding(embeddings)),
    defaults: { model: 'gpt-4o-mini', botsUrl: 'http://127.0.0.1:8080' },
    // These bots name no brand voice: none is the account's.
    brandVoices: { owns: async () => false },
    clock: systemClock,
  });
  const plan = { name: 'business', maxBots: 100, maxDocumentsPerBot: 200 };
  const bot = unwrap(await service.create(accountId, { name: 'Harbour guide' }, plan));
  const add = async (title: string, content: string, botId = bot.id) =>
    unwrap(await service.addDocument(accountId, botId, { title, source: { kind: 'text', content } }, plan));
  return { service, bot, add };
}

/**
 * How many chunks the full-text index itself finds for a word: FTS5's own table on SQLite; on PostgreSQL
 * the GIN index, with sequential scans off so the count cannot come from the table instead.
 */
async function ftsMatches(word: string): Promise<number> {
  if (testDialect === 'sqlite') {
    return Number(
      (
        await sql<{
          n: number;
        }>`select count(*) as n from bot_chunks_fts where bot_chunks_fts match ${`"${word}"`}`.execute(db)
      ).rows[0]?.n,
    );
  }
  const config = sql.raw(`'${BOT_CHUNKS_TEXT_SEARCH_CONFIG}'`);
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const { rows } = await sql<{
      n: number;
    }>`select count(*) as n from bot_chunks where to_tsvector(${config}, text) @@ plainto_tsquery(${config}, ${word})`.execute(
      trx,
    );
    return Number(rows[0]?.n);
  });
}

/**
 * FTS5's external-content index is kept in step by triggers and could drift from its table: FTS5 checks
 * it. PostgreSQL maintains its GIN index itself, so on PostgreSQL there is no separate index to drift.
 */
async function integrityCheck(): Promise<void> {
  if (testDialect === 'sqlite')
    await sql`insert into bot_chunks_fts(bot_chunks_fts, rank) values ('integrity-check', 1)`.execute(db);
}

beforeEach(async () => {
  ({ db, close: closeDb } = await openTestDb());
  accountId = newId();
  const now = new Date().toISOString();
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
});
afterEach(async () => {
  await closeDb();
});

describe('ftsQuery', () => {
  it('quotes every meaningful word and ORs them', () => {
    expect(ftsQuery('When does the Lighthouse open?')).toBe('"lighthouse" OR "open"');
    expect(ftsQuery('the the')).toBe('"the"');
    expect(ftsQuery('Café crème')).toBe('"café" OR "crème"');
  });

  it('leaves no FTS5 syntax in user text, and gives nothing for a text without words', () => {
    expect(ftsQuery('"unbalanced * NEAR( AND OR NOT col:value ^start -x +y {a b}')).toBe(
      '"unbalanced" OR "near" OR "col" OR "value" OR "start" OR "x" OR "y" OR "b"',
    );
    for (const empty of ['', '   ', '"', '*', '()', '!?.', '^-+:']) expect(ftsQuery(empty)).toBeUndefined();
  });
});

describe('reciprocalRankFusion', () => {
  it('rewards what both rankings place high', () => {
    const fused = reciprocalRankFusion([
      [1, 2, 3],
      [3, 1, 4],
    ]);
    expect(fused.map((f) => f.id)).toEqual([1, 3, 2, 4]);
    expect(fused[0]?.score).toBeCloseTo(1 / 61 + 1 / 62);
  });
});

describe('Retrieval.search with full-text search (BM25)', () => {
  it('ranks the passages that match best first, with positive falling scores', async () => {
    const { service, bot, add } = await makeBots();
    await add('Bakery', 'The bakery sells bread every morning. The baker starts at four.');
    await add('Lighthouse', 'The lighthouse keeper climbs the lighthouse stairs at dusk to light the lamp.');
    await add('Harbour', 'Boats moor in the harbour. The lighthouse can be seen from the harbour wall.');
    const results = await service.search(bot.id, 'lighthouse keeper', 5);
    expect(results.map((r) => r.title)).toEqual(['Lighthouse', 'Harbour']);
    expect(results[0]?.passage).toContain('keeper climbs');
    expect(results[0]?.score).toBeGreaterThan(results[1]?.score ?? Infinity);
    expect(results.every((r) => r.score > 0 && r.documentId.length === 36)).toBe(true);
    // Porter stemming: "climbing" finds "climbs".
    expect((await service.search(bot.id, 'climbing', 5)).map((r) => r.title)).toEqual(['Lighthouse']);
    expect(await service.search(bot.id, 'submarine', 5)).toEqual([]);
    expect(await service.search(bot.id, '', 5)).toEqual([]);
    expect(await service.search(bot.id, 'lighthouse', 1)).toHaveLength(1);
  });

  it("never returns another bot's passages", async () => {
    const first = await makeBots();
    const second = await makeBots();
    await first.add('Secret', 'The vault combination is hidden in the lighthouse.');
    await second.add('Public', 'The lighthouse is open to visitors.');
    const found = await second.service.search(second.bot.id, 'vault combination lighthouse', 10);
    expect(found.map((r) => r.title)).toEqual(['Public']);
  });

  it('never throws on FTS5 syntax or any other text', async () => {
    const { service, bot, add } = await makeBots();
    await add('Doc', 'Quotes " and stars * and NEAR( and col: are just characters here. AND OR NOT.');
    const nasty = [
      '"',
      '""',
      '"unterminated',
      '*',
      'a*',
      '* b',
      'NEAR(',
      'NEAR(a b',
      'NEAR/2',
      'AND',
      'OR',
      'NOT',
      'AND OR NOT',
      'a AND',
      'col:',
      'text:quotes',
      '-quotes',
      '^quotes',
      '{text}: x',
      '(',
      ')',
      'a:b:c',
      '\u0000',
      '\u0301',
      '\u0301\u0301a',
      '²½',
      "'; drop table bots; --",
    ];
    for (const query of nasty) await expect(service.search(bot.id, query, 5), query).resolves.toBeInstanceOf(Array);
    expect((await service.search(bot.id, 'NEAR( quotes', 5)).length).toBe(1);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 60 }),
          fc.string({ unit: 'binary', maxLength: 60 }),
          fc.string({ unit: 'grapheme', maxLength: 60 }),
        ),
        async (query) => {
          const results = await service.search(bot.id, query, 3);
          expect(Array.isArray(results)).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('takes deleted documents and bots out of the index', async () => {
    const { service, bot, add } = await makeBots();
    const keep = await add('Keep', 'Penguins nest on the northern cliffs.');
    const drop = await add('Drop', 'Walruses sleep on the southern beach. Walruses are loud.');
    expect(await ftsMatches('walruses')).toBe(1);
    expect(unwrap(await service.deleteDocument(accountId, bot.id, drop.id))).toEqual({ id: drop.id, deleted: true });
    expect(await ftsMatches('walruses')).toBe(0);
    expect(await service.search(bot.id, 'walruses', 5)).toEqual([]);
    expect((await service.search(bot.id, 'penguins', 5)).map((r) => r.documentId)).toEqual([keep.id]);
    await integrityCheck();

    unwrap(await service.delete(accountId, bot.id));
    expect(await ftsMatches('penguins')).toBe(0);
    expect(await db.selectFrom('bot_chunks').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('bot_documents').selectAll().execute()).toEqual([]);
    await integrityCheck();
  });

  // Migration 0019: the bot is a column of SQLite's index, which a bot's search matches on (fts5BotMatch).
  it.skipIf(testDialect !== 'sqlite')('indexes each chunk under its bot, which a search matches on', async () => {
    const first = await makeBots();
    const second = await makeBots();
    await first.add('Tides', 'The harbour floods at high tide.');
    const dropped = await first.add('Boats', 'Boats leave the harbour at dawn.');
    await second.add('Gulls', 'Gulls circle the harbour.');
    const inIndex = async (botId: string, words: string[]) =>
      Number(
        (
          await sql<{
            n: number;
          }>`select count(*) as n from bot_chunks_fts where bot_chunks_fts match ${fts5BotMatch(botId, words)}`.execute(
            db,
          )
        ).rows[0]?.n,
      );
    expect(await inIndex(first.bot.id, ['harbour'])).toBe(2);
    expect(await inIndex(second.bot.id, ['harbour'])).toBe(1);
    expect(await inIndex(second.bot.id, ['tide', 'boats'])).toBe(0);
    unwrap(await first.service.deleteDocument(accountId, first.bot.id, dropped.id));
    expect(await inIndex(first.bot.id, ['harbour'])).toBe(1);
    expect((await first.service.search(first.bot.id, 'harbour', 5)).map((r) => r.title)).toEqual(['Tides']);
    await integrityCheck();
  });

  it('takes the knowledge of a deleted account out of the index too', async () => {
    const { add } = await makeBots();
    await add('Doc', 'Otters juggle pebbles.');
    await db.deleteFrom('accounts').where('id', '=', accountId).execute();
    expect(await ftsMatches('otters')).toBe(0);
    await integrityCheck();
  });
});

describe('Retrieval.search with embeddings', () => {
  it('finds passages by meaning and fuses both rankings', async () => {
    const embeddings = new FakeEmbeddings();
    const { service, bot, add } = await makeBots(embeddings);
    await add('Garage', 'Park the vehicle in bay three. Cars must leave by midnight.');
    await add('Bakery', 'Fresh bread every morning from the baker.');
    await add('Lighthouse', 'The beacon turns every ten seconds.');
    // Stored unit-length float32 vectors, one per chunk.
    const chunks = await db.selectFrom('bot_chunks').select(['embedding']).execute();
    expect(chunks.every((c) => c.embedding?.length === 5 * 4)).toBe(true);

    // No word of "automobile" is in the knowledge: only the meaning ranking finds the garage.
    const byMeaning = await service.search(bot.id, 'automobile', 2);
    expect(byMeaning[0]?.title).toBe('Garage');
    expect(byMeaning[0]?.score).toBeCloseTo(1 / 61);
    // Both rankings agree on "loaf bakery bread": it wins with both contributions.
    const fused = await service.search(bot.id, 'bread loaf', 3);
    expect(fused[0]?.title).toBe('Bakery');
    expect(fused[0]?.score).toBeCloseTo(1 / 61 + 1 / 61);
    expect(embeddings.calls.at(-1)).toEqual(['bread loaf']);
  });

  it('keeps the keyword results when the embedding model fails at search time', async () => {
    const embeddings = new FakeEmbeddings();
    const { service, bot, add } = await makeBots(embeddings);
    await add('Bakery', 'Fresh bread every morning from the baker.');
    embeddings.failing = true;
    const results = await service.search(bot.id, 'bread', 3);
    expect(results.map((r) => r.title)).toEqual(['Bakery']);
    expect(results[0]?.score).toBeGreaterThan(0);
  });

  it('stores a document whose embedding fails, searchable by keywords, with a warning', async () => {
    const embeddings = new FakeEmbeddings();
    const { service, bot, add } = await makeBots(embeddings);
    embeddings.failing = true;
    const added = await add('Bakery', 'Fresh bread every morning from the baker.');
    expect(added.warnings).toEqual([
      'Embeddings could not be computed (The embedding provider answered 503); the document is searchable by keywords only',
    ]);
    const row = await db.selectFrom('bot_documents').selectAll().where('id', '=', added.id).executeTakeFirstOrThrow();
    expect(row.embedding_model).toBeNull();
    embeddings.failing = false;
    expect((await service.search(bot.id, 'bread', 3)).map((r) => r.title)).toEqual(['Bakery']);
  });
});
