import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialect } from '../../../test/helpers/test-database.js';
import { bareAccount, eventLoopTicks, ticksWhileLocked } from '../../../test/helpers/write-lock.js';
import { type Db, migrateToLatest, openSqlite } from './database.js';

let folder: string;
let file: string;
let mine: Db;

beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), 'atelier-writer-'));
  file = join(folder, 'atelier.db');
  mine = openSqlite(file, { writeWaitMs: 300 });
  await migrateToLatest(mine);
});

afterEach(async () => {
  await mine.destroy();
  rmSync(folder, { recursive: true, force: true });
});

/** Another program's connection holding the write lock, as `sqlite3 .backup` or a long transaction would. */
function holdExclusive(): { release: () => void } {
  const theirs = new SqliteDatabase(file);
  theirs.exec('begin exclusive');
  return {
    release: () => {
      theirs.exec('commit');
      theirs.close();
    },
  };
}

const ids = async (db: Db) => (await db.selectFrom('accounts').select('id').orderBy('id').execute()).map((r) => r.id);

describe.runIf(testDialect === 'sqlite')('SQLite writes on the writer thread', () => {
  it.each([
    ['a statement on its own', (db: Db, id: string) => db.insertInto('accounts').values(bareAccount(id)).execute()],
    [
      'a statement in a transaction',
      (db: Db, id: string) =>
        db.transaction().execute((trx) => trx.insertInto('accounts').values(bareAccount(id)).execute()),
    ],
    [
      'a raw statement',
      (db: Db, id: string) =>
        sql`insert into accounts (id, email, plan, credits, period_start, created_at) values (${id}, ${`${id}@example.test`}, 'free', 0, 'x', 'x')`.execute(
          db,
        ),
    ],
  ])('waits for the write lock without blocking the event loop: %s', async (_kind, write) => {
    const theirs = openSqlite(file);
    try {
      expect(await ticksWhileLocked(theirs, () => write(openedLongWait(), 'mine'))).toBe(5);
      expect(await ids(mine)).toEqual(['held', 'mine']);
    } finally {
      await theirs.destroy();
    }
  });

  it('reads in the event loop while another program holds the write lock, and sees what was committed', async () => {
    await mine.insertInto('accounts').values(bareAccount('before')).execute();
    const held = holdExclusive();
    try {
      expect(await ids(mine)).toEqual(['before']);
    } finally {
      held.release();
    }
  });

  it('fails a write that waited its whole bound with SQLITE_BUSY, having written nothing; the writes queued behind it too', async () => {
    const held = holdExclusive();
    let settled: PromiseSettledResult<unknown>[];
    try {
      const writes = Promise.allSettled([
        mine.insertInto('accounts').values(bareAccount('first')).execute(),
        mine.transaction().execute((trx) => trx.insertInto('accounts').values(bareAccount('second')).execute()),
      ]);
      // The event loop keeps turning while both wait.
      expect(await eventLoopTicks(5)).toBe(5);
      settled = await writes;
    } finally {
      held.release();
    }
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    for (const outcome of settled)
      expect((outcome as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_BUSY' });
    expect(await ids(mine)).toEqual([]);
    // Once the lock is free, writing works again without a restart.
    await mine.insertInto('accounts').values(bareAccount('after')).execute();
    expect(await ids(mine)).toEqual(['after']);
  });

  it('never shows a read what an open transaction has not committed', async () => {
    const seenMeanwhile = await mine.transaction().execute(async (trx) => {
      await trx.insertInto('accounts').values(bareAccount('uncommitted')).execute();
      return ids(mine);
    });
    expect(seenMeanwhile).toEqual([]);
    expect(await ids(mine)).toEqual(['uncommitted']);
  });

  it('keeps BLOBs as Buffers across the thread, in both directions', async () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255]);
    // Taken by another program: the statement goes to the writer thread, which waits for the lock.
    const held = holdExclusive();
    const returned = openedLongWait()
      .transaction()
      .execute((trx) =>
        sql<{
          value: Buffer;
        }>`insert into accounts (id, email, plan, credits, period_start, created_at) values ('b', ${bytes}, 'free', 0, 'x', 'x') returning email as value`.execute(
          trx,
        ),
      );
    await eventLoopTicks(2);
    held.release();
    const value = (await returned).rows[0]?.value;
    expect(Buffer.isBuffer(value)).toBe(true);
    expect(value?.equals(bytes)).toBe(true);
  });

  it('rolls back a transaction that fails, and the writer serves the next one', async () => {
    await expect(
      mine.transaction().execute(async (trx) => {
        await trx.insertInto('accounts').values(bareAccount('x')).execute();
        await trx.insertInto('accounts').values(bareAccount('x')).execute();
      }),
    ).rejects.toMatchObject({ code: expect.stringMatching(/^SQLITE_CONSTRAINT/) });
    await mine.transaction().execute((trx) => trx.insertInto('accounts').values(bareAccount('y')).execute());
    expect(await ids(mine)).toEqual(['y']);
  });
});

/**
 * A handle that waits as long as a test could take (the write must wait for the lock, not give up), on the writer
 * thread at once (no patience on the event loop's connection first).
 */
function openedLongWait(): Db {
  const db = openSqlite(file, { writeWaitMs: 60_000, localPatienceMs: 0 });
  opened.push(db);
  return db;
}
const opened: Db[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.destroy()));
});
