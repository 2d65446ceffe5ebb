import type { Db } from '../../src/storage/db/database.js';

/** An accounts row with nothing but what the table requires, for tests of the storage layer. */
export const bareAccount = (id: string, credits = 0) => ({
  id,
  email: `${id}@example.test`,
  plan: 'free',
  credits,
  period_start: 'x',
  created_at: 'x',
});

/**
 * A transaction on `db` that writes the account `id` and then stays open, holding SQLite's write lock as
 * another process would, until `release()`; `done` settles when it has committed.
 */
export async function holdWriteLock(db: Db, id: string): Promise<{ release: () => void; done: Promise<void> }> {
  let release!: () => void;
  let written!: () => void;
  const held = new Promise<void>((resolve) => (written = resolve));
  const done = db.transaction().execute(async (trx) => {
    await trx.insertInto('accounts').values(bareAccount(id)).execute();
    written();
    await new Promise<void>((resolve) => (release = resolve));
  });
  // The lock is held once the row is written in the open transaction.
  await Promise.race([held, done]);
  return { release, done };
}

/**
 * Starts `write` while `theirs` holds the write lock, counts the event loop's ticks meanwhile (up to 5, 10 ms
 * apart), then releases the lock and waits for both. SQLite's own busy wait would stop the event loop until the
 * lock is released: no ticks would come, and the release, which waits for them, would never run.
 */
export async function ticksWhileLocked(theirs: Db, write: () => Promise<unknown>): Promise<number> {
  const held = await holdWriteLock(theirs, 'held');
  const writing = write();
  const ticks = await eventLoopTicks(5);
  held.release();
  await held.done;
  await writing;
  return ticks;
}

/** Resolves with `count` after that many timer ticks 10 ms apart: only if the event loop keeps running. */
export const eventLoopTicks = (count: number) =>
  new Promise<number>((resolve) => {
    let seen = 0;
    const timer = setInterval(() => {
      if (++seen === count) {
        clearInterval(timer);
        resolve(seen);
      }
    }, 10);
  });
