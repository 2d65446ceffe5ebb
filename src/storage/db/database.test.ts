import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, openTestDb, openTestDbHandles, testDialect } from '../../../test/helpers/test-database.js';
import { type Db, dialectOf, isDatabaseReachable, migrateToLatest, openDatabase, openPostgres } from './database.js';
import { migrations } from './migrations/index.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function testDb(): Promise<Db> {
  const opened = await openTestDb();
  cleanups.push(opened.close);
  return opened.db;
}

const now = new Date().toISOString();
const account = (id: string, credits = 0) => ({
  id,
  email: `${id}@example.test`,
  plan: 'pro',
  credits,
  period_start: now,
  created_at: now,
});

describe(`the database (${testDialect})`, () => {
  it('knows which engine it runs on, in a transaction too', async () => {
    const db = await testDb();
    expect(dialectOf(db)).toBe(testDialect);
    await db.transaction().execute(async (trx) => expect(dialectOf(trx)).toBe(testDialect));
  });

  it('gives numbers back as numbers: counts, sums, generated ids, 64-bit integers, reals', async () => {
    const db = await testDb();
    await db
      .insertInto('accounts')
      .values([account('a', 2_000_000_000), account('b', 2_000_000_000)])
      .execute();
    const totals = await db
      .selectFrom('accounts')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('credits').as('total'),
        eb.fn.max('credits').as('most'),
      ])
      .executeTakeFirstOrThrow();
    // The sum needs more than 32 bits; SQLite's INTEGER holds 64, and so must the PostgreSQL columns.
    expect(totals).toEqual({ n: 2, total: 4_000_000_000, most: 2_000_000_000 });

    const ids = [];
    for (const id of ['a', 'b']) {
      const row = await db
        .insertInto('credit_ledger')
        .values({ account_id: id, delta: 5, balance_after: 5, reason: 'grant', reference: null, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    expect(ids.every((id) => typeof id === 'number')).toBe(true);
    expect(ids[1]).toBeGreaterThan(ids[0] ?? Infinity);

    const image = await db
      .insertInto('images')
      .values({
        account_id: 'a',
        prompt: 'p',
        style: null,
        artist: null,
        requested_model: 'm',
        model: 'm',
        width: 64,
        height: 64,
        hd: 0,
        seed: 4_294_967_295,
        reference_url: null,
        status: 'pending',
        error: null,
        blob_key: null,
        warnings: '[]',
        credits: 1,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(image).toMatchObject({ seed: 4_294_967_295, width: 64, hd: 0 });
    expect(typeof image.id).toBe('number');

    await db
      .insertInto('bots')
      .values({
        id: 'bot',
        account_id: 'a',
        public_url: 'u',
        name: 'n',
        instructions: '',
        model: 'm',
        temperature: 0.7,
        welcome_message: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    // REAL is a double on SQLite: the PostgreSQL column must not round it to 4 bytes.
    await db.updateTable('bots').set({ temperature: 0.123456789012 }).execute();
    expect((await db.selectFrom('bots').select('temperature').executeTakeFirstOrThrow()).temperature).toBe(
      0.123456789012,
    );
  });

  it('stores bytes as they are', async () => {
    const db = await testDb();
    await db.insertInto('accounts').values(account('a')).execute();
    await db
      .insertInto('bots')
      .values({
        id: 'bot',
        account_id: 'a',
        public_url: 'u',
        name: 'n',
        instructions: '',
        model: 'm',
        temperature: 0,
        welcome_message: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('bot_documents')
      .values({
        id: 'doc',
        bot_id: 'bot',
        title: 't',
        kind: 'text',
        characters: 1,
        chunks: 1,
        embedding_model: 'e',
        created_at: now,
      })
      .execute();
    const bytes = Buffer.from([0, 1, 2, 255, 0, 128]);
    await db
      .insertInto('bot_chunks')
      .values({ document_id: 'doc', bot_id: 'bot', position: 0, text: 'x', embedding: bytes })
      .execute();
    const row = await db.selectFrom('bot_chunks').select('embedding').executeTakeFirstOrThrow();
    expect(Buffer.isBuffer(row.embedding) && row.embedding.equals(bytes)).toBe(true);
  });

  it('takes text with a NUL character, and finds it again by the same text', async () => {
    const db = await testDb();
    const id = 'nul\u0000id';
    await db
      .insertInto('accounts')
      .values({ ...account(id), email: 'nul\u0000@example.test' })
      .execute();
    expect((await db.selectFrom('accounts').select('plan').where('id', '=', id).executeTakeFirst())?.plan).toBe('pro');
    expect(await db.selectFrom('accounts').select('id').where('id', 'in', [id, 'other']).execute()).toHaveLength(1);
    expect(
      (
        await sql<{ n: number }>`select count(*) as n from accounts where email = ${'nul\u0000@example.test'}`.execute(
          db,
        )
      ).rows[0]?.n,
    ).toBe(1);
  });

  it('says when it can no longer be reached', async () => {
    const opened = await openTestDb();
    expect(await isDatabaseReachable(opened.db)).toBe(true);
    await opened.close();
    expect(await isDatabaseReachable(opened.db)).toBe(false);
  });
});

describe.runIf(testDialect === 'postgres')('PostgreSQL (ATELIER_DATABASE_URL)', () => {
  it('is what openDatabase opens when a URL is configured', async () => {
    const database = await createTestDatabase();
    cleanups.push(database.drop);
    const db = openDatabase({ url: database.url, file: '/nonexistent/atelier.db', poolSize: 2 });
    cleanups.push(() => db.destroy());
    expect(dialectOf(db)).toBe('postgres');
    expect((await sql<{ n: number }>`select 1 + 1 as n`.execute(db)).rows[0]?.n).toBe(2);
  });

  it('migrates an empty database once when several processes start on it at the same time', async () => {
    const database = await createTestDatabase({ migrated: false });
    cleanups.push(database.drop);
    const handles = Array.from({ length: 4 }, () =>
      openPostgres(database.url ?? '', { poolSize: 2, allowExitOnIdle: true }),
    );
    cleanups.push(async () => void (await Promise.all(handles.map((db) => db.destroy()))));
    await Promise.all(handles.map((db) => migrateToLatest(db)));
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handles[0]!);
    expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
    await handles[1]!.insertInto('accounts').values(account('a')).execute();
    expect(await handles[2]!.selectFrom('accounts').select('id').execute()).toEqual([{ id: 'a' }]);
  });

  it('keeps the bot knowledge search index in the database itself (a GIN index over the text)', async () => {
    const db = await testDb();
    const { rows } = await sql<{
      indexdef: string;
    }>`select indexdef from pg_indexes where indexname = 'bot_chunks_text_search'`.execute(db);
    expect(rows[0]?.indexdef).toMatch(/USING gin \(to_tsvector\('atelier_english'::regconfig, text\)\)/);
  });
});

describe(`several handles on one database (${testDialect})`, () => {
  it("see each other's committed writes", async () => {
    const opened = await openTestDbHandles(2);
    cleanups.push(opened.close);
    const [first, second] = opened.handles;
    await first!.insertInto('accounts').values(account('shared')).execute();
    expect(await second!.selectFrom('accounts').select('id').execute()).toEqual([{ id: 'shared' }]);
  });
});
