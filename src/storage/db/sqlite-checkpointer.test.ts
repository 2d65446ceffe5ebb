import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialect } from '../../../test/helpers/test-database.js';
import { bareAccount } from '../../../test/helpers/write-lock.js';
import { type Db, migrateToLatest, openSqlite } from './database.js';

let folder: string;
let file: string;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'atelier-checkpoint-'));
  file = join(folder, 'atelier.db');
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** Pages of the database file itself: what checkpoints have copied there from the WAL. */
const filePages = () => statSync(file).size / 4096;

describe.runIf(testDialect === 'sqlite')('WAL checkpoints', () => {
  it("copy this process's commits into the database file on their own thread, not in the committing connection", async () => {
    const db: Db = openSqlite(file);
    try {
      await migrateToLatest(db);
      const connection = new SqliteDatabase(file, { readonly: true });
      // The service's connections never checkpoint themselves: another program's connection would (1000 pages).
      expect(connection.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
      connection.close();
      const before = filePages();
      // A row of 3.5 kB is a page: 1,100 of them are more frames than SQLite's threshold (1,000) in the WAL.
      const notes = 'x'.repeat(3_500);
      for (let i = 0; i < 1_100; i++)
        await db
          .insertInto('accounts')
          .values({ ...bareAccount(`a${i}`), blocked_reason: notes })
          .execute();
      const deadline = Date.now() + 10_000;
      while (filePages() < before + 1_000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(filePages()).toBeGreaterThanOrEqual(before + 1_000);
    } finally {
      await db.destroy();
    }
    const reopened = new SqliteDatabase(file, { readonly: true });
    expect(reopened.prepare('select count(*) as n from accounts').get()).toEqual({ n: 1_100 });
    reopened.close();
  });
});
