import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDb } from './helpers/test-database.js';
import { CreditsRepo } from '../src/modules/credits/credits.repo.js';
import { CreditsService, newReservation } from '../src/modules/credits/credits.service.js';
import { ReservationsRepo } from '../src/modules/credits/reservations.repo.js';
import { systemClock } from '../src/shared/clock.js';
import { UpstreamError } from '../src/shared/errors.js';
import type { Db } from '../src/storage/db/database.js';
import { WriteBatcher } from '../src/storage/db/write-batcher.js';
import { JobQueue } from '../src/jobs/job-queue.js';
import { JobRecordLifecycle, type RecordKind } from '../src/jobs/job-record-lifecycle.js';
import type { RecordOutcome } from '../src/jobs/record-kind.js';
import { Worker } from '../src/jobs/worker.js';

interface Item {
  id: number;
  account_id: string;
  status: 'pending' | 'completed' | 'failed';
  credits: number;
  result?: string;
  error?: string;
}

const at = new Date(Date.now() - 60_000).toISOString();
let db: Db;
let close: () => Promise<void>;
let queue: JobQueue;
let credits: CreditsService;
let worker: Worker | undefined;
let items: Map<number, Item>;
let notices: { id: number; outcome: RecordOutcome }[];
let work: (item: Item) => Promise<string>;

beforeEach(async () => {
  ({ db, close } = await openTestDb());
  await db
    .insertInto('accounts')
    .values({ id: 'acc', email: 'a@example.test', plan: 'pro', credits: 100, period_start: at, created_at: at })
    .execute();
  const writer = new WriteBatcher(db);
  queue = new JobQueue(db, systemClock);
  credits = new CreditsService({
    repo: new CreditsRepo(db, writer),
    reservations: new ReservationsRepo(db, writer),
    owner: 'test-process',
    clock: systemClock,
  });
  items = new Map();
  notices = [];
  work = async (item) => `done ${item.id}`;
});
afterEach(async () => {
  await worker?.stop(100);
  worker = undefined;
  await close();
});

/** A kind whose records live in memory: what the lifecycle does around them is what is tested. */
function lifecycle() {
  const kind: RecordKind<{ itemId: number }, Item, string> = {
    kind: 'image.generate',
    payload: z.object({ itemId: z.number().int() }),
    type: 'item',
    table: 'images',
    target: { field: 'itemId', id: z.number().int() },
    openStatuses: ['pending'],
    failedKeepsCredits: false,
    maxAttempts: 2,
    clock: systemClock,
    idOf: ({ itemId }) => itemId,
    find: async (id) => items.get(id),
    run: (_payload, item) => work(item),
    complete: async (item, result) => void Object.assign(item, { status: 'completed', result }),
    fail: async (item, reason) => {
      if (item.status !== 'pending') return false;
      Object.assign(item, { status: 'failed', error: reason });
      return true;
    },
    reopen: async () => false,
    held: (item) => ({ accountId: 'acc', amount: item.credits, kind: 'image', reference: `item:${item.id}` }),
    notify: async (item, outcome) => void notices.push({ id: item.id, outcome }),
    notices: { enqueue: async () => undefined },
  };
  return new JobRecordLifecycle(db, queue, credits, kind);
}

const balance = async () =>
  (await db.selectFrom('accounts').select('credits').where('id', '=', 'acc').executeTakeFirstOrThrow()).credits;
const jobs = () => db.selectFrom('jobs').select(['status', 'last_error']).orderBy('created_at').execute();

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

function startWorker(records: JobRecordLifecycle<{ itemId: number }, Item, string>) {
  worker = new Worker(queue, [records.handler], {
    concurrency: 2,
    leaseMs: 1_000,
    pollMs: 10,
    retryBaseMs: 10,
    clock: systemClock,
    log: { warn: () => undefined, error: () => undefined },
  });
  worker.start();
}

async function create(
  records: JobRecordLifecycle<{ itemId: number }, Item, string>,
  ids: number[],
  jobsFor = (id: number): { itemId: number } => ({ itemId: id }),
) {
  return records.create(
    newReservation({ accountId: 'acc', amount: 10 * ids.length, kind: 'image', reference: 'batch' }),
    async () => {
      for (const id of ids) items.set(id, { id, account_id: 'acc', status: 'pending', credits: 10 });
      return { value: ids, jobs: ids.map(jobsFor) };
    },
  );
}

describe('one lifecycle for records made by jobs', () => {
  it('creates the jobs and settles the credits together; the jobs complete their records with the notice', async () => {
    const records = lifecycle();
    expect(await create(records, [1, 2])).toEqual({ ok: true, value: [1, 2] });
    expect(await balance()).toBe(80);
    expect(await db.selectFrom('reservations').select('state').execute()).toEqual([{ state: 'settled' }]);
    startWorker(records);
    await until(async () => (await jobs()).every((j) => j.status === 'completed'));
    expect([...items.values()].map((i) => [i.status, i.result])).toEqual([
      ['completed', 'done 1'],
      ['completed', 'done 2'],
    ]);
    expect(notices.sort((a, b) => a.id - b.id)).toEqual([
      { id: 1, outcome: 'completed' },
      { id: 2, outcome: 'completed' },
    ]);
    expect(await balance()).toBe(80);
  });

  it('a batch whose job cannot be written leaves no job and gives the credits back', async () => {
    const records = lifecycle();
    const created = create(records, [1, 2], (id) =>
      id === 2 ? ({ itemId: 'two' } as unknown as { itemId: number }) : { itemId: id },
    );
    await expect(created).rejects.toThrow();
    expect(await jobs()).toEqual([]);
    expect(await balance()).toBe(100);
  });

  it('a job that fails for good fails its record with the reason, refunds it once and sends the notice', async () => {
    work = async () => {
      throw new UpstreamError('the engine said no', { isRetryable: false });
    };
    const records = lifecycle();
    await create(records, [7]);
    startWorker(records);
    await until(async () => (await jobs())[0]?.status === 'failed');
    expect(items.get(7)).toMatchObject({ status: 'failed', error: 'the engine said no' });
    expect(notices).toEqual([{ id: 7, outcome: 'failed' }]);
    expect(await balance()).toBe(100);
    await records.handler.onGiveUp({ itemId: 7 }, 'again');
    expect(await balance()).toBe(100);
    const ledger = await db
      .selectFrom('credit_ledger')
      .select(['delta', 'reason', 'reference'])
      .orderBy('id')
      .execute();
    expect(ledger).toEqual([
      { delta: -10, reason: 'reserve:image', reference: 'batch' },
      { delta: 10, reason: 'refund:image', reference: 'item:7' },
    ]);
  });

  it('a payload that does not parse fails the job with the reason, never touching a record', async () => {
    const records = lifecycle();
    startWorker(records);
    await queue.enqueue({ kind: 'image.generate', payload: { item: 1 } });
    await until(async () => (await jobs())[0]?.status === 'failed');
    expect(await jobs()).toEqual([
      {
        status: 'failed',
        last_error:
          "The image.generate job's payload is not valid (itemId: Invalid input: expected number, received undefined)",
      },
    ]);
    expect(notices).toEqual([]);
  });
});
