import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openTestDbHandles, testDialect } from '../../../test/helpers/test-database.js';
import type { Db } from './database.js';

const account = (id: string) => ({
  id,
  email: `${id}@example.test`,
  plan: 'free',
  credits: 0,
  period_start: 'x',
  created_at: 'x',
});

/** Resolves after `count` timer ticks 10 ms apart: only if the event loop keeps running meanwhile. */
const ticks = (count: number) =>
  new Promise<number>((resolve) => {
    let seen = 0;
    const timer = setInterval(() => {
      if (++seen === count) {
        clearInterval(timer);
        resolve(seen);
      }
    }, 10);
  });

describe.runIf(testDialect === 'sqlite')('Kysely on SQLite, beside another process that writes', () => {
  it.each([
    ['a statement on its own', (db: Db, id: string) => db.insertInto('accounts').values(account(id)).execute()],
    [
      'a statement in a transaction',
      (db: Db, id: string) =>
        db.transaction().execute((trx) => trx.insertInto('accounts').values(account(id)).execute()),
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
      let release!: () => void;
      const holding = theirs.transaction().execute(async (trx) => {
        await trx.insertInto('accounts').values(account('held')).execute();
        await new Promise<void>((resolve) => (release = resolve));
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const writing = write(mine, 'mine');
      // SQLite's own wait (busy_timeout) would stop this event loop until the other transaction ends: the
      // ticks would not come, and the release below never ran before the busy_timeout failed the write.
      expect(await ticks(5)).toBe(5);
      release();
      await holding;
      await writing;
      const ids = (await mine.selectFrom('accounts').select('id').orderBy('id').execute()).map((r) => r.id);
      expect(ids).toEqual(['held', 'mine']);
    } finally {
      await close();
    }
  });
});
