import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, testDialect } from '../../../test/helpers/test-database.js';
import { bareAccount } from '../../../test/helpers/write-lock.js';
import type { Db } from './database.js';
import { busy, hotRead, hotRows, sqliteConnectionOf } from './hot-read.js';

let db: Db;
let closeDb: () => Promise<void>;

beforeAll(async () => {
  ({ db, close: closeDb } = await openTestDb());
  await db.insertInto('accounts').values(bareAccount('hot', 7)).execute();
});
afterAll(() => closeDb());

const SQL = 'select id, credits from accounts where id = ?';

describe.runIf(testDialect === 'sqlite')('hot reads on SQLite', () => {
  it('answers rows (hotRows: objects, hotRead: the first row as values), and busy while a transaction is open on the connection, whose rows may still be rolled back', () => {
    const rows = hotRows<{ id: string; credits: number }>(db, SQL);
    const first = hotRead(db, SQL);
    expect(rows?.all('hot')).toEqual([{ id: 'hot', credits: 7 }]);
    expect(first?.get('hot')).toEqual(['hot', 7]);
    expect(rows?.all('missing')).toEqual([]);
    const sqlite = sqliteConnectionOf(db);
    if (!sqlite) throw new Error('no SQLite connection');
    sqlite.exec('begin');
    try {
      sqlite.exec(`update accounts set credits = 8 where id = 'hot'`);
      expect(rows?.all('hot')).toBe(busy);
      expect(first?.get('hot')).toBe(busy);
    } finally {
      sqlite.exec('rollback');
    }
    expect(rows?.all('hot')).toEqual([{ id: 'hot', credits: 7 }]);
  });
});

describe.runIf(testDialect === 'postgres')('hot reads on PostgreSQL', () => {
  it('are not offered: the callers ask through Kysely', () => {
    expect(hotRows(db, SQL)).toBeUndefined();
    expect(hotRead(db, SQL)).toBeUndefined();
  });
});
