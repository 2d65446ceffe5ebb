import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UpstreamError } from '../shared/errors.js';
import { type Clock, systemClock } from '../shared/clock.js';
import type { Db } from '../storage/db/database.js';
import { openTestDb } from '../../test/helpers/test-database.js';
import { JobQueue } from './job-queue.js';
import { type JobContext, type JobHandler, Worker } from './worker.js';

let db: Db;
let closeDb: () => Promise<void>;
let queue: JobQueue;
let workers: Worker[];
const quiet = { warn: () => undefined, error: () => undefined };

beforeEach(async () => {
  ({ db, close: closeDb } = await openTestDb());
  queue = new JobQueue(db, systemClock);
  workers = [];
});
afterEach(async () => {
  for (const w of workers) await w.stop(100);
  await closeDb();
});

function startWorker(handler: JobHandler, leaseMs = 1_000, clock: Clock = systemClock): Worker {
  const worker = new Worker(clock === systemClock ? queue : new JobQueue(db, clock), [handler], {
    concurrency: 2,
    leaseMs,
    pollMs: 10,
    retryBaseMs: 10,
    clock,
    log: quiet,
  });
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
    startWorker(
      handler(async () => {
        calls += 1;
        if (calls < 3) throw new UpstreamError('busy', { isRetryable: true });
      }),
    );
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

  it('tries a job that met a full disk again, and says so if it never finds room', async () => {
    const h = handler(async () => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    });
    startWorker(h);
    const id = await queue.enqueue({ kind: 'test', payload: {}, maxAttempts: 2 });
    await until(async () => (await statusOf(id)) === 'failed');
    expect((await queue.find(id))?.attempts).toBe(2);
    expect(h.gaveUp[0]?.reason).toMatch(/^storage is full: the disk .*\(ENOSPC\)/);
  });

  it('takes over a job whose worker died once its lease runs out', async () => {
    const id = await queue.enqueue({ kind: 'test', payload: {} });
    const dead = await queue.claim(['test'], 'dead-worker', 50);
    expect(dead?.id).toBe(id);
    let ran = 0;
    startWorker(
      handler(async () => {
        ran += 1;
      }),
    );
    await until(async () => (await statusOf(id)) === 'completed');
    expect(ran).toBe(1);
    expect((await queue.find(id))?.attempts).toBe(2);
  });

  it('gives up on a job that keeps killing its worker', async () => {
    const id = await queue.enqueue({ kind: 'test', payload: {}, maxAttempts: 2 });
    expect(await queue.claim(['test'], 'dead-1', 1)).toBeDefined();
    // A second process whose clock reads past the first lease takes the job over, and dies too.
    const later = new JobQueue(db, { now: () => new Date(Date.now() + 60_000) });
    expect(await later.claim(['test'], 'dead-2', 1)).toBeDefined();
    // The worker's own clock reads past the second lease as well: it finds a job with no attempts left.
    const h = handler(async () => undefined);
    startWorker(h, 1_000, { now: () => new Date(Date.now() + 120_000) });
    await until(async () => (await statusOf(id)) === 'failed');
    expect(h.gaveUp[0]?.reason).toContain('gave up after 2 attempts');
  });

  it('keeps the lease alive while a long job runs, so nobody else takes it', async () => {
    let runs = 0;
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    startWorker(
      handler(async () => {
        runs += 1;
        await held;
      }),
      600,
    );
    const id = await queue.enqueue({ kind: 'test', payload: {} });
    await until(async () => (await statusOf(id)) === 'running');
    const claimed = await queue.find(id);
    const firstLeaseEnd = Date.parse(claimed?.lease_until ?? '');
    startWorker(
      handler(async () => {
        runs += 1;
      }),
      600,
    );
    // The job runs on until its lease has been renewed past two of its ends, while the other worker looks for work.
    await until(async () => Date.parse((await queue.find(id))?.lease_until ?? '') > firstLeaseEnd + 1_200, 10_000);
    expect(await queue.find(id)).toMatchObject({ status: 'running', locked_by: claimed?.locked_by, attempts: 1 });
    finish();
    await until(async () => (await statusOf(id)) === 'completed');
    expect(runs).toBe(1);
  });

  it('gives running jobs back on stop, to be run again later', async () => {
    const worker = startWorker(
      handler(async ({ signal }) => {
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
      }),
    );
    const id = await queue.enqueue({ kind: 'test', payload: {} });
    await until(async () => (await statusOf(id)) === 'running');
    await worker.stop(50);
    const job = await queue.find(id);
    expect(job?.status).toBe('queued');
    expect(job?.attempts).toBe(0);
  });

  it('lets a running job finish within the grace period on stop', async () => {
    let finished = 0;
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const worker = startWorker(
      handler(async ({ signal }) => {
        await held;
        if (signal.aborted) throw new Error('aborted before the grace period was over');
        finished += 1;
      }),
    );
    const id = await queue.enqueue({ kind: 'test', payload: {} });
    await until(async () => (await statusOf(id)) === 'running');
    expect(worker.isRunning()).toBe(true);
    let stopped = false;
    const stopping = worker.stop(5_000).then(() => (stopped = true));
    expect(worker.isRunning()).toBe(false);
    // Released by a timer set after the grace period's own and shorter than it: Node fires timers in the order
    // they come due, so a stop that did not wait out its grace would abort the job first, however slow the machine.
    setTimeout(() => {
      expect(stopped).toBe(false);
      finish();
    }, 100);
    await stopping;
    expect(finished).toBe(1);
    expect(await statusOf(id)).toBe('completed');
  });

  it('gives a job that outlives the grace period back at once: the next worker runs it, exactly once', async () => {
    const leaseMs = 30_000;
    let aborted = 0;
    const first = startWorker(
      handler(async ({ signal }) => {
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
        aborted += 1;
        throw new Error('aborted');
      }),
      leaseMs,
    );
    const id = await queue.enqueue({ kind: 'test', payload: {} });
    await until(async () => (await statusOf(id)) === 'running');
    await first.stop(50);
    expect(aborted).toBe(1);
    expect(await queue.find(id)).toMatchObject({ status: 'queued', locked_by: null, lease_until: null, attempts: 0 });
    let completed = 0;
    // The next worker's clock stands still: it could only take over the job once the first lease ran out, which
    // it never does, so it can run the job only because it was given back.
    const stoppedAt = new Date();
    startWorker(
      handler(async () => {
        completed += 1;
      }),
      leaseMs,
      { now: () => stoppedAt },
    );
    await until(async () => (await statusOf(id)) === 'completed');
    expect(completed).toBe(1);
    expect((await queue.find(id))?.attempts).toBe(1);
  });

  it("logs every job's end with its id and kind, and an unexpected error once with its stack", async () => {
    const lines: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
    const log = {
      info: (obj: object, msg: string) => void lines.push({ level: 'info', obj: obj as Record<string, unknown>, msg }),
      warn: (obj: object, msg: string) => void lines.push({ level: 'warn', obj: obj as Record<string, unknown>, msg }),
      error: (obj: object, msg: string) =>
        void lines.push({ level: 'error', obj: obj as Record<string, unknown>, msg }),
    };
    const worker = new Worker(
      queue,
      [
        handler(async ({ payload }) => {
          if ((payload as { fail?: boolean }).fail) throw new TypeError('boom');
        }),
      ],
      { concurrency: 2, leaseMs: 1_000, pollMs: 10, retryBaseMs: 10, clock: systemClock, log },
    );
    workers.push(worker);
    worker.start();
    const good = await queue.enqueue({ kind: 'test', payload: {} });
    const bad = await queue.enqueue({ kind: 'test', payload: { fail: true }, maxAttempts: 1 });
    await until(async () => (await statusOf(good)) === 'completed' && (await statusOf(bad)) === 'failed');
    expect(lines.find((l) => l.msg === 'job completed')?.obj).toMatchObject({
      jobId: good,
      kind: 'test',
      attempt: 1,
      ms: expect.any(Number),
    });
    const errors = lines.filter((l) => l.obj.err !== undefined);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      level: 'error',
      msg: 'job failed unexpectedly',
      obj: { jobId: bad, kind: 'test' },
    });
    expect((errors[0]?.obj.err as Error | undefined)?.stack).toContain('TypeError: boom');
    expect(lines.find((l) => l.msg === 'job failed')?.obj).toMatchObject({
      jobId: bad,
      kind: 'test',
      reason: 'internal error while processing',
    });
  });
});
