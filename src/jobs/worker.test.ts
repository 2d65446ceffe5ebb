import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UpstreamError } from '../shared/errors.js';
import { systemClock } from '../shared/clock.js';
import { type Db, migrateToLatest, openSqlite } from '../storage/db/database.js';
import { JobQueue } from './job-queue.js';
import { type JobContext, type JobHandler, Worker } from './worker.js';

let db: Db;
let queue: JobQueue;
let workers: Worker[];
const quiet = { warn: () => undefined, error: () => undefined };

beforeEach(async () => {
  db = openSqlite(':memory:');
  await migrateToLatest(db);
  queue = new JobQueue(db, systemClock);
  workers = [];
});
afterEach(async () => {
  for (const w of workers) await w.stop(100);
  await db.destroy();
});

function startWorker(handler: JobHandler, leaseMs = 1_000): Worker {
  const worker = new Worker(queue, [handler], { concurrency: 2, leaseMs, pollMs: 10, retryBaseMs: 10, clock: systemClock, log: quiet });
  workers.push(worker);
  worker.start();
  return worker;
}

async function until(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const statusOf = async (id: string) => (await queue.find(id))?.status;

function handler(run: (ctx: JobContext) => Promise<void>) {
  const gaveUp: { payload: unknown; reason: string }[] = [];
  const h: JobHandler & { gaveUp: typeof gaveUp } = {
    kind: 'test',
    run,
    gaveUp,
    onGiveUp: async (payload, reason) => void gaveUp.push({ payload, reason }),
  };
  return h;
}

describe('job queue and worker', () => {
  it('runs a job to completion', async () => {
    const seen: unknown[] = [];
    startWorker(handler(async ({ payload }) => void seen.push(payload)));
    const id = await queue.enqueue({ kind: 'test', payload: { n: 1 } });
    await until(async () => (await statusOf(id)) === 'completed');
    expect(seen).toEqual([{ n: 1 }]);
  });

  it('retries a retryable failure with backoff, then succeeds', async () => {
    let calls = 0;
    startWorker(handler(async () => {
      calls += 1;
      if (calls < 3) throw new UpstreamError('busy', { isRetryable: true });
    }));
    const id = await queue.enqueue({ kind: 'test', payload: {}, maxAttempts: 5 });
    await until(async () => (await statusOf(id)) === 'completed');
    expect(calls).toBe(3);
    expect((await queue.find(id))?.attempts).toBe(3);
  });

  it('fails at once on a non-retryable error and tells the handler why', async () => {
    const h = handler(async () => {
      throw new UpstreamError('the file is not audio', { isRetryable: false });
    });
    startWorker(h);
    const id = await queue.enqueue({ kind: 'test', payload: { x: 1 } });
    await until(async () => (await statusOf(id)) === 'failed');
    expect(h.gaveUp).toEqual([{ payload: { x: 1 }, reason: 'the file is not audio' }]);
    expect((await queue.find(id))?.last_error).toBe('the file is not audio');
  });

  it('gives up after the last attempt, and never leaks an unexpected error text', async () => {
    const h = handler(async () => {
      throw new Error('SQLITE internal detail at /srv/x.js:12');
    });
    startWorker(h);
    const id = await queue.enqueue({ kind: 'test', payload: {}, maxAttempts: 2 });
    await until(async () => (await statusOf(id)) === 'failed');
    expect(h.gaveUp[0]?.reason).toBe('internal error while processing');
  });

  it('takes over a job whose worker died once its lease runs out', async () => {
    const id = await queue.enqueue({ kind: 'test', payload: {} });
    const dead = await queue.claim(['test'], 'dead-worker', 50);
    expect(dead?.id).toBe(id);
    let ran = 0;
    startWorker(handler(async () => void (ran += 1)));
    await until(async () => (await statusOf(id)) === 'completed');
    expect(ran).toBe(1);
    expect((await queue.find(id))?.attempts).toBe(2);
  });

  it('gives up on a job that keeps killing its worker', async () => {
    const id = await queue.enqueue({ kind: 'test', payload: {}, maxAttempts: 2 });
    expect(await queue.claim(['test'], 'dead-1', 1)).toBeDefined();
    await new Promise((r) => setTimeout(r, 5));
    expect(await queue.claim(['test'], 'dead-2', 1)).toBeDefined();
    await new Promise((r) => setTimeout(r, 5));
    const h = handler(async () => undefined);
    startWorker(h);
    await until(async () => (await statusOf(id)) === 'failed');
    expect(h.gaveUp[0]?.reason).toContain('gave up after 2 attempts');
  });

  it('keeps the lease alive while a long job runs, so nobody else takes it', async () => {
    let runs = 0;
    startWorker(handler(async () => {
      runs += 1;
      await new Promise((r) => setTimeout(r, 2_000));
    }), 600);
    startWorker(handler(async () => void (runs += 1)), 600);
    const id = await queue.enqueue({ kind: 'test', payload: {} });
    await until(async () => (await statusOf(id)) === 'completed');
    expect(runs).toBe(1);
  });

  it('gives running jobs back on stop, to be run again later', async () => {
    const worker = startWorker(handler(async ({ signal }) => {
      await new Promise((resolve) => signal.addEventListener('abort', resolve));
    }));
    const id = await queue.enqueue({ kind: 'test', payload: {} });
    await until(async () => (await statusOf(id)) === 'running');
    await worker.stop(50);
    const job = await queue.find(id);
    expect(job?.status).toBe('queued');
    expect(job?.attempts).toBe(0);
  });
});
