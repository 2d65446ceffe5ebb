import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, openTestDbHandles, testDialect } from '../../../test/helpers/test-database.js';
import { bareAccount, ticksWhileLocked } from '../../../test/helpers/write-lock.js';
import type { Db } from './database.js';
import { WriteBatcher } from './write-batcher.js';

let db: Db;
let closeDb: () => Promise<void>;

beforeAll(async () => {
  ({ db, close: closeDb } = await openTestDb());
});
afterAll(() => closeDb());

const account = (id: string) => bareAccount(id);

describe('WriteBatcher', () => {
  it('commits units that arrive together (on SQLite in one transaction) and answers each with its own result', async () => {
    const writer = new WriteBatcher(db);
    const results = await Promise.all(
      ['a', 'b', 'c'].map((id) =>
        writer.run(async (trx) => {
          await trx.insertInto('accounts').values(account(id)).execute();
          return id.toUpperCase();
        }),
      ),
    );
    expect(results).toEqual(['A', 'B', 'C']);
    // Its own rows only: the other tests of the file write to the same table, before or after this one.
    const rows = await db
      .selectFrom('accounts')
      .select('id')
      .where('id', 'in', ['a', 'b', 'c'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });

  it('rolls back a failing unit alone, keeping the others of its batch', async () => {
    const writer = new WriteBatcher(db);
    const settled = await Promise.allSettled([
      writer.run((trx) => trx.insertInto('accounts').values(account('d')).execute()),
      writer.run(async (trx) => {
        await trx.insertInto('accounts').values(account('e')).execute();
        await trx.insertInto('accounts').values(account('e')).execute(); // duplicate key: the unit fails after a write
      }),
      writer.run((trx) => trx.insertInto('accounts').values(account('f')).execute()),
    ]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const ids = (
      await db.selectFrom('accounts').select('id').where('id', 'in', ['d', 'e', 'f']).orderBy('id').execute()
    ).map((r) => r.id);
    expect(ids).toEqual(['d', 'f']);
  });

  it('keeps working after a batch, for units queued while a commit is under way', async () => {
    const writer = new WriteBatcher(db, 2);
    const ids = Array.from({ length: 7 }, (_, i) => `g${i}`);
    await Promise.all(ids.map((id) => writer.run((trx) => trx.insertInto('accounts').values(account(id)).execute())));
    const count = await db.selectFrom('accounts').select('id').where('id', 'like', 'g%').execute();
    expect(count).toHaveLength(7);
  });
});

describe.runIf(testDialect === 'sqlite')('WriteBatcher on SQLite, beside another process', () => {
  it('waits for the write lock another connection holds without blocking this process, then commits', async () => {
    const { handles, close } = await openTestDbHandles(2);
    const [mine, theirs] = handles as [Db, Db];
    try {
      const writer = new WriteBatcher(mine);
      const write = () => writer.run((trx) => trx.insertInto('accounts').values(account('mine')).execute());
      expect(await ticksWhileLocked(theirs, write)).toBe(5);
      const ids = (await mine.selectFrom('accounts').select('id').orderBy('id').execute()).map((r) => r.id);
      expect(ids).toEqual(['held', 'mine']);
    } finally {
      await close();
    }
  });
});

describe.runIf(testDialect === 'postgres')(
  'WriteBatcher on PostgreSQL (SQLite groups units; PostgreSQL runs each alone)',
  () => {
    it('runs units side by side, each in a transaction of its own', async () => {
      const writer = new WriteBatcher(db);
      let secondStarted!: () => void;
      const started = new Promise<void>((resolve) => (secondStarted = resolve));
      // The first unit waits inside its transaction for the second to begin: in one shared transaction
      // (units one after the other) this would never end.
      const first = writer.run(async (trx) => {
        await trx.insertInto('accounts').values(account('h1')).execute();
        await started;
      });
      const second = writer.run(async (trx) => {
        secondStarted();
        await trx.insertInto('accounts').values(account('h2')).execute();
      });
      await Promise.all([first, second]);
      expect(await db.selectFrom('accounts').select('id').where('id', 'in', ['h1', 'h2']).execute()).toHaveLength(2);
    });
  },
);
