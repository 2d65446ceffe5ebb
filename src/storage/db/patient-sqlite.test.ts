import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openTestDbHandles, testDialect } from '../../../test/helpers/test-database.js';
import { bareAccount, ticksWhileLocked } from '../../../test/helpers/write-lock.js';
import type { Db } from './database.js';

describe.runIf(testDialect === 'sqlite')('Kysely on SQLite, beside another process that writes', () => {
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
    const { handles, close } = await openTestDbHandles(2);
    const [mine, theirs] = handles as [Db, Db];
    try {
      expect(await ticksWhileLocked(theirs, () => write(mine, 'mine'))).toBe(5);
      const ids = (await mine.selectFrom('accounts').select('id').orderBy('id').execute()).map((r) => r.id);
      expect(ids).toEqual(['held', 'mine']);
    } finally {
      await close();
    }
  });
});
