import { afterEach, describe, expect, it } from 'vitest';
import { openTestDbHandles, testDialect } from '../../test/helpers/test-database.js';
import type { Clock } from '../shared/clock.js';
import type { Db } from '../storage/db/database.js';
import { JobQueue } from './job-queue.js';

/** A clock the test moves, so leases run out when the test says. */
function manualClock(start = Date.parse('2026-01-01T00:00:00Z')): Clock & { advance(ms: number): void } {
  let now = start;
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** `count` queues on one database through separate handles, as separate worker processes hold it. */
async function queuesOnOneDatabase(count: number, clock: Clock): Promise<{ queues: JobQueue[]; handles: Db[] }> {
  const opened = await openTestDbHandles(count, 3);
  close = opened.close;
  return { queues: opened.handles.map((db) => new JobQueue(db, clock)), handles: opened.handles };
}

/** Claims until the queue has nothing due, `parallel` claims at a time, and returns the job ids it got. */
async function drain(queue: JobQueue, workerId: string, parallel: number): Promise<string[]> {
  const claimed: string[] = [];
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (;;) {
        const job = await queue.claim(['work'], workerId, 60_000);
        if (!job) return;
        expect(job.locked_by).toBe(workerId);
        claimed.push(job.id);
      }
    }),
  );
  return claimed;
}

describe(`JobQueue.claim with many claimers at once (${testDialect})`, () => {
  it('never gives one job to two claimers, and leaves none behind', async () => {
    const clock = manualClock();
    const { queues } = await queuesOnOneDatabase(6, clock);
    const [first] = queues;
    const ids = new Set<string>();
    for (let i = 0; i < 150; i++) ids.add(await first!.enqueue({ kind: 'work', payload: { i } }));

    const perClaimer = await Promise.all(queues.map((queue, i) => drain(queue, `worker-${i}`, 3)));
    const all = perClaimer.flat();
    expect(all).toHaveLength(150);
    expect(new Set(all)).toEqual(ids);
    // The work was shared out, not taken by one claimer while the others waited.
    expect(perClaimer.filter((claimed) => claimed.length > 0).length).toBeGreaterThan(1);

    for (const [i, claimed] of perClaimer.entries()) {
      for (const id of claimed) {
        const job = await first!.find(id);
        expect(job).toMatchObject({ status: 'running', attempts: 1, locked_by: `worker-${i}` });
      }
    }
  });

  it('hands a job whose lease ran out to exactly one of the claimers that race for it', async () => {
    const clock = manualClock();
    const { queues } = await queuesOnOneDatabase(5, clock);
    const [first] = queues;
    const id = await first!.enqueue({ kind: 'work', payload: {} });
    expect((await first!.claim(['work'], 'dead-worker', 1_000))?.id).toBe(id);
    expect(await first!.claim(['work'], 'other', 1_000)).toBeUndefined();

    clock.advance(1_001);
    const results = await Promise.all(
      queues.flatMap((queue, i) => [queue.claim(['work'], `w${i}a`, 1_000), queue.claim(['work'], `w${i}b`, 1_000)]),
    );
    const winners = results.filter((job) => job !== undefined);
    expect(winners).toHaveLength(1);
    expect(winners[0]).toMatchObject({ id, attempts: 2 });
    // The dead worker's lease is gone: its heartbeat says so, and its completion changes nothing.
    expect(await first!.heartbeat(id, 'dead-worker', 1_000)).toBe(false);
    await first!.complete(id, 'dead-worker');
    expect((await first!.find(id))?.status).toBe('running');
  });
});

describe.runIf(testDialect === 'postgres')(
  'JobQueue.claim with FOR UPDATE SKIP LOCKED (PostgreSQL only: SQLite has no row locks)',
  () => {
    it('passes over a job another transaction holds instead of waiting for it', async () => {
      const clock = manualClock();
      const { queues, handles } = await queuesOnOneDatabase(2, clock);
      const [first, second] = queues;
      const held = await first!.enqueue({ kind: 'work', payload: { n: 1 } });
      clock.advance(1);
      const free = await first!.enqueue({ kind: 'work', payload: { n: 2 } });

      let locked!: () => void;
      let release!: () => void;
      let holding = false;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      const holder = handles[0]!.transaction().execute(async (trx) => {
        await trx.selectFrom('jobs').select('id').where('id', '=', held).forUpdate().execute();
        holding = true;
        locked();
        await released;
        holding = false;
      });
      await isLocked;
      // The lock is released only after the claims below: one that waited for it would never return.
      const unlessItWaits = <T>(claim: Promise<T>) =>
        Promise.race([
          claim,
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error('the claim waited for the locked job')), 15_000).unref(),
          ),
        ]);
      try {
        // The older job is due first, but it is locked: the claim takes the next one while the lock is held.
        expect((await unlessItWaits(second!.claim(['work'], 'w2', 60_000)))?.id).toBe(free);
        expect(await unlessItWaits(second!.claim(['work'], 'w2', 60_000))).toBeUndefined();
        expect(holding).toBe(true);
      } finally {
        release();
        await holder;
      }
      expect((await second!.claim(['work'], 'w2', 60_000))?.id).toBe(held);
    });
  },
);
