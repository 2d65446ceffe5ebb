import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, testDialect } from '../../../test/helpers/test-database.js';
import type { Db } from './database.js';
import { preparedQuery } from './prepared-query.js';

let db: Db;
let closeDb: () => Promise<void>;

beforeAll(async () => {
  ({ db, close: closeDb } = await openTestDb());
  await db
    .insertInto('accounts')
    .values({ id: 'p1', email: 'p1@example.test', plan: 'free', credits: 10, period_start: 'x', created_at: 'x' })
    .execute();
});
afterAll(() => closeDb());

const debit = () =>
  preparedQuery<{ id: string; amount: number }, { credits: number }>(db, (db, slot) =>
    db
      .updateTable('accounts')
      .set({ credits: sql<number>`credits - ${slot('amount')}` })
      .where('id', '=', slot('id'))
      .where('credits', '>=', slot('amount'))
      .returning('credits'),
  );

describe('preparedQuery', () => {
  it('binds values by name, a name used twice included, and answers the rows of RETURNING', async () => {
    const query = debit();
    const first = await db.transaction().execute((trx) => query.first(trx, { id: 'p1', amount: 4 }));
    const second = await db.transaction().execute((trx) => query.run(trx, { id: 'p1', amount: 4 }));
    const refused = await db.transaction().execute((trx) => query.first(trx, { id: 'p1', amount: 4 }));
    expect([first, second, refused]).toEqual([{ credits: 6 }, { rows: [{ credits: 2 }], changes: 1 }, undefined]);
  });

  it('counts the rows a statement without RETURNING changed', async () => {
    const rename = preparedQuery<{ id: string; plan: string }>(db, (db, slot) =>
      db
        .updateTable('accounts')
        .set({ plan: slot('plan') })
        .where('id', '=', slot('id')),
    );
    const changed = await db.transaction().execute((trx) => rename.run(trx, { id: 'p1', plan: 'business' }));
    const none = await db.transaction().execute((trx) => rename.run(trx, { id: 'nobody', plan: 'business' }));
    expect([changed, none]).toEqual([
      { rows: [], changes: 1 },
      { rows: [], changes: 0 },
    ]);
  });

  it('refuses a query with a value that is not a slot, when it is built', () => {
    expect(() =>
      preparedQuery<{ id: string }>(db, (db, slot) =>
        db.updateTable('accounts').set({ plan: 'free' }).where('id', '=', slot('id')),
      ),
    ).toThrow(/every value must be a slot, found free/);
  });

  it.runIf(testDialect === 'postgres')(
    'on PostgreSQL, stores U+0000 in text as U+FFFD, as the queries Kysely compiles do',
    async () => {
      const rename = preparedQuery<{ id: string; reason: string }>(db, (db, slot) =>
        db
          .updateTable('accounts')
          .set({ blocked_reason: slot('reason') })
          .where('id', '=', slot('id')),
      );
      await db.transaction().execute((trx) => rename.run(trx, { id: 'p1', reason: 'a\u0000b' }));
      const row = await db.selectFrom('accounts').select('blocked_reason').where('id', '=', 'p1').executeTakeFirst();
      expect(row?.blocked_reason).toBe('a\uFFFDb');
    },
  );
});
