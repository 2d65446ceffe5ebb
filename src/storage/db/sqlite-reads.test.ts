import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialect } from '../../../test/helpers/test-database.js';
import { bareAccount } from '../../../test/helpers/write-lock.js';
import { type Db, migrateToLatest, openSqlite } from './database.js';
import { hotRows } from './hot-read.js';
import { SqliteReads } from './sqlite-reads.js';

let folder: string;
let file: string;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'atelier-reads-'));
  file = join(folder, 'atelier.db');
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** Which connection answered: each file's connection is told apart by a table only it can see (a temp table). */
function labelled(label: string): SqliteDatabase.Database {
  const sqlite = new SqliteDatabase(file);
  sqlite.exec(`create temp table who (name text); insert into who values ('${label}')`);
  return sqlite;
}
const who = (sqlite: SqliteDatabase.Database) =>
  (sqlite.prepare('select name from who').get() as { name: string }).name;

describe.runIf(testDialect === 'sqlite')('where a read runs', () => {
  it("runs on the writer's connection while the writer is idle, on the reading one while it is held", () => {
    const reader = labelled('reader');
    const writers = labelled('writer');
    let idle = true;
    const reads = new SqliteReads(reader, { idleConnection: () => (idle ? writers : undefined) });
    expect(reads.run(who)).toBe('writer');
    idle = false;
    expect(reads.run(who)).toBe('reader');
    reader.close();
    writers.close();
  });

  it("reads on the reading connection when the writer's finds the file busy", () => {
    const reader = labelled('reader');
    const writers = labelled('writer');
    const reads = new SqliteReads(reader, { idleConnection: () => writers });
    const answer = reads.run((sqlite) => {
      if (sqlite === writers) throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
      return who(sqlite);
    });
    expect(answer).toBe('reader');
    expect(() =>
      reads.run(() => {
        throw Object.assign(new Error('no such table'), { code: 'SQLITE_ERROR' });
      }),
    ).toThrow('no such table');
    reader.close();
    writers.close();
  });

  it('never shows a hot read what an open transaction has not committed', async () => {
    const db: Db = openSqlite(file);
    try {
      await migrateToLatest(db);
      const accounts = hotRows<{ id: string }>(db, 'select id from accounts order by id');
      await db.insertInto('accounts').values(bareAccount('committed')).execute();
      const seenMeanwhile = await db.transaction().execute(async (trx) => {
        await trx.insertInto('accounts').values(bareAccount('uncommitted')).execute();
        return accounts?.all();
      });
      expect(seenMeanwhile).toEqual([{ id: 'committed' }]);
      expect(accounts?.all()).toEqual([{ id: 'committed' }, { id: 'uncommitted' }]);
    } finally {
      await db.destroy();
    }
  });
});
