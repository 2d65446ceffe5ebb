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
      const notes = 'x'.repeat(4_000);
      for (let i = 0; i < 50; i++)
        await db
          .insertInto('accounts')
          .values({ ...bareAccount(`a${i}`), blocked_reason: notes })
          .execute();
      // 50 rows of 4 kB: about 50 pages, in the WAL until a checkpoint copies them.
      const deadline = Date.now() + 10_000;
      while (filePages() < before + 40 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(filePages()).toBeGreaterThanOrEqual(before + 40);
    } finally {
      await db.destroy();
    }
    const reopened = new SqliteDatabase(file, { readonly: true });
    expect(reopened.prepare('select count(*) as n from accounts').get()).toEqual({ n: 50 });
    reopened.close();
  });
});
