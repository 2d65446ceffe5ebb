import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueue } from '../src/jobs/job-queue.js';
import { systemClock } from '../src/shared/clock.js';
import { type FakeUpstream, replyJson, startFakeUpstream } from './helpers/fake-upstream.js';
import { until } from './helpers/small-disk.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

interface JobView {
  id: string;
  kind: string;
  status: string;
  attempts: number;
  last_error: string | null;
  target: string | null;
  account_email: string | null;
}

/** A 1x1 PNG: what the fake image server makes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestApp;
let upstream: FakeUpstream;
let admin: string;
let user: { id: string; key: string };
const email = `owner-${Date.now()}@example.test`;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  t = await startTestApp({
    ATELIER_IMAGE_OPENAI_BASE_URL: upstream.baseUrl,
    ATELIER_IMAGE_OPENAI_API_KEY: 'sk-image',
    ATELIER_ALLOW_PRIVATE_URLS: 'true',
    ATELIER_RATE_LIMIT_ENABLED: 'false',
    ATELIER_JOB_POLL_MS: '20',
    ATELIER_UPSTREAM_RETRIES: '0',
    ATELIER_IMAGE_WAIT_MS: '5000',
  });
  admin = (await t.account({ admin: true })).key;
  user = await t.account({ credits: 100, email });
});
afterAll(async () => {
  await t.close();
  await upstream.close();
});

const api = async (method: 'GET' | 'POST', url: string, payload?: unknown, key = admin) =>
  t.server.inject({ method, url, headers: withKey(key), ...(method === 'POST' && { payload: payload ?? {} }) });
const balance = async () =>
  (await api('GET', '/api/account', undefined, user.key)).json<{ credits: { balance: number } }>().credits.balance;
const image = async (id: number) =>
  (await api('GET', `/api/get-image?imageId=${id}`, undefined, user.key)).json<{ status: string; error?: string }>();
const createImage = async (waitForResult: boolean) => {
  const response = await api(
    'POST',
    '/api/generate-image',
    { prompt: 'a lighthouse', model: 'DALL-E 3', waitForResult },
    user.key,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number; status: string }[]>()[0] as { id: number; status: string };
};
const jobOf = async (target: string) => {
  const { jobs } = (await api('GET', '/api/admin/jobs?limit=200')).json<{ jobs: JobView[] }>();
  const job = jobs.find((j) => j.target === target);
  if (!job) throw new Error(`no job for ${target}`);
  return job;
};
const ledger = (reference: string) =>
  t.app.services.db
    .selectFrom('credit_ledger')
    .select(['delta', 'reason'])
    .where('reference', '=', reference)
    .orderBy('id')
    .execute();
const audit = async (targetId: string) =>
  (await api('GET', `/api/admin/audit?target_id=${targetId}`)).json<{
    entries: { action: string; before: unknown; after: unknown; actor: { email: string } }[];
  }>().entries;

describe('admin jobs (workers stopped: jobs stay queued)', () => {
  // Stopped here whichever describe runs first: the one below starts them for its own tests only.
  beforeAll(() => t.app.services.worker.stop());

  it('cancels a queued image job: job and record failed with the reason, credits refunded exactly, audited', async () => {
    const start = await balance();
    const created = await createImage(false);
    const cost = start - (await balance());
    expect(cost).toBeGreaterThan(0);
    const job = await jobOf(`image:${created.id}`);
    expect(job).toMatchObject({ kind: 'image.generate', status: 'queued', account_email: email, attempts: 0 });

    const summary = (await api('GET', '/api/admin/jobs/summary')).json<{
      rows: { kind: string; status: string; jobs: number; oldest_age_seconds: number }[];
    }>();
    expect(summary.rows).toContainEqual(expect.objectContaining({ kind: 'image.generate', status: 'queued', jobs: 1 }));
    expect(summary.rows[0]?.oldest_age_seconds).toBeGreaterThanOrEqual(0);

    const cancelled = await api('POST', `/api/admin/jobs/${job.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'failed', last_error: 'Cancelled by an administrator' });
    expect(await image(created.id)).toMatchObject({ status: 'failed', error: 'Cancelled by an administrator' });
    expect(await balance()).toBe(start);
    expect(await ledger(`image:${created.id}`)).toEqual([{ delta: cost, reason: 'refund:image' }]);
    const [entry] = await audit(job.id);
    expect(entry).toMatchObject({
      action: 'job.cancel',
      before: { status: 'queued', target: `image:${created.id}` },
      after: { status: 'failed', record_status: 'failed', refunded: cost },
    });

    const again = await api('POST', `/api/admin/jobs/${job.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'Only a queued job can be cancelled; this one is failed' });
    expect(await balance()).toBe(start);
  });

  it('cancels a queued transcription: refunded and its webhook told it failed', async () => {
    const start = await balance();
    const created = await api(
      'POST',
      '/api/transcriptions',
      { url: 'http://127.0.0.1:9/talk.mp3', webhook_url: 'http://127.0.0.1:9/hook' },
      user.key,
    );
    expect(created.statusCode, created.body).toBe(200);
    const { uuid } = created.json<{ uuid: string }>();
    const job = await jobOf(`transcription:${uuid}`);
    expect((await api('POST', `/api/admin/jobs/${job.id}/cancel`)).statusCode).toBe(200);
    expect(await balance()).toBe(start);
    const hooks = await t.app.services.db
      .selectFrom('webhook_deliveries')
      .select(['event', 'payload'])
      .where('subject', '=', `transcription:${uuid}`)
      .execute();
    expect(hooks.map((h) => h.event)).toEqual(['transcription.failed']);
    expect(hooks[0]?.payload).toContain('Cancelled by an administrator');
  });

  it('refuses to cancel a running job, to retry one that did not fail, and answers 404 and 400', async () => {
    const queue = new JobQueue(t.app.services.db, systemClock);
    const id = await queue.enqueue({ kind: 'noop', payload: {} });
    await queue.claim(['noop'], 'someone-else', 60_000);
    const running = await api('POST', `/api/admin/jobs/${id}/cancel`);
    expect(running.statusCode).toBe(409);
    expect(running.json<{ error: string }>().error).toMatch(/^Running jobs cannot be cancelled/);
    const retry = await api('POST', `/api/admin/jobs/${id}/retry`);
    expect(retry.json()).toEqual({ error: 'Only a failed job can be retried; this one is running' });
    expect(retry.statusCode).toBe(409);
    await queue.complete(id, 'someone-else');
    expect((await api('POST', `/api/admin/jobs/${id}/cancel`)).json()).toEqual({
      error: 'Only a queued job can be cancelled; this one is completed',
    });

    const unknown = await api('POST', '/api/admin/jobs/00000000-0000-4000-8000-000000000000/retry');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Job not found' });
    for (const url of ['/api/admin/jobs?status=stuck', '/api/admin/jobs?limit=0', '/api/admin/jobs?before=nope'])
      expect((await api('GET', url)).statusCode, url).toBe(400);
    expect((await api('POST', `/api/admin/jobs/${'x'.repeat(101)}/retry`)).statusCode).toBe(400);
    expect(await audit(id)).toEqual([]);
  });

  it('lists by status and kind, newest first, page by page', async () => {
    // Jobs of a kind of its own, a second apart: the other tests' jobs, made before or after it, are on no page here.
    let at = Date.UTC(2020, 0, 1);
    const queue = new JobQueue(t.app.services.db, { now: () => new Date(at) });
    const job = async (status: 'failed' | 'queued') => {
      at += 1000;
      const id = await queue.enqueue({ kind: 'listing.test', payload: {} });
      if (status === 'failed') {
        expect((await queue.claim(['listing.test'], 'lister', 60_000))?.id).toBe(id);
        await queue.fail(id, 'lister', 'broken on purpose');
      }
      return id;
    };
    const older = await job('failed');
    const newer = await job('failed');
    const queued = await job('queued');

    const first = await api('GET', '/api/admin/jobs?status=failed&kind=listing.test&limit=1');
    const page = first.json<{ jobs: JobView[]; next_before: string | null }>();
    expect(page.jobs.map((j) => j.id)).toEqual([newer]);
    expect(page.next_before).toBe(newer);
    const second = (
      await api('GET', `/api/admin/jobs?status=failed&kind=listing.test&limit=1&before=${page.next_before}`)
    ).json<{ jobs: JobView[]; next_before: string | null }>();
    expect(second.jobs.map((j) => [j.id, j.status, j.last_error])).toEqual([[older, 'failed', 'broken on purpose']]);
    expect(second.next_before).toBeNull();
    const byStatus = (await api('GET', '/api/admin/jobs?status=failed&limit=200')).json<{ jobs: JobView[] }>().jobs;
    expect(byStatus.every((j) => j.status === 'failed')).toBe(true);
    expect(byStatus.map((j) => j.id).filter((id) => id === older || id === newer)).toEqual([newer, older]);
    const byKind = (await api('GET', '/api/admin/jobs?kind=listing.test')).json<{ jobs: JobView[] }>().jobs;
    expect(byKind.map((j) => [j.id, j.status])).toEqual([
      [queued, 'queued'],
      [newer, 'failed'],
      [older, 'failed'],
    ]);
  });
});

describe('admin jobs (workers running)', () => {
  beforeAll(() => t.app.services.worker.start());
  afterAll(() => t.app.services.worker.stop());

  it('retries a failed image job to completion: the credits are held again, exactly once, and audited', async () => {
    upstream.handle((_call, res) => replyJson(res, 400, { error: { message: 'refused' } }));
    const start = await balance();
    const failed = await createImage(true);
    expect(failed.status).toBe('failed');
    expect(await balance()).toBe(start);
    // The record fails first; its job is marked failed by the worker just after.
    await until(async () => (await jobOf(`image:${failed.id}`)).status === 'failed', 10_000);
    const job = await jobOf(`image:${failed.id}`);
    expect(job).toMatchObject({ status: 'failed', attempts: 1, last_error: 'The image provider answered 400' });
    const [charge] = await t.app.services.db
      .selectFrom('credit_ledger')
      .select('delta')
      .where('reason', '=', 'refund:image')
      .where('reference', '=', `image:${failed.id}`)
      .execute();
    const cost = charge?.delta ?? 0;

    // The account cannot pay now: refused, nothing changed.
    await t.app.services.db
      .updateTable('accounts')
      .set({ credits: cost - 1 })
      .where('id', '=', user.id)
      .execute();
    const broke = await api('POST', `/api/admin/jobs/${job.id}/retry`);
    expect(broke.statusCode).toBe(402);
    expect(broke.json<{ error: string }>().error).toBe(
      `Not enough credits: retrying this job takes ${cost} credits from its account`,
    );
    expect((await jobOf(`image:${failed.id}`)).status).toBe('failed');
    expect(await audit(job.id)).toEqual([]);
    await t.app.services.db.updateTable('accounts').set({ credits: start }).where('id', '=', user.id).execute();

    upstream.handle((_call, res) => replyJson(res, 200, { data: [{ b64_json: PNG.toString('base64') }] }));
    const retried = await api('POST', `/api/admin/jobs/${job.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ id: job.id, attempts: 0, last_error: null });
    expect(await balance()).toBe(start - cost);
    let record = await image(failed.id);
    for (let i = 0; i < 200 && record.status === 'pending'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      record = await image(failed.id);
    }
    expect(record.status).toBe('completed');
    expect(await balance()).toBe(start - cost);
    expect(await ledger(`image:${failed.id}`)).toEqual([
      { delta: cost, reason: 'refund:image' },
      { delta: -cost, reason: 'reserve:image' },
    ]);
    expect((await jobOf(`image:${failed.id}`)).status).toBe('completed');
    const [entry] = await audit(job.id);
    expect(entry).toMatchObject({
      action: 'job.retry',
      before: { status: 'failed', attempts: 1, last_error: 'The image provider answered 400' },
      after: { status: 'queued', attempts: 0, record_status: 'pending', charged: cost },
    });
    expect((await api('POST', `/api/admin/jobs/${job.id}/retry`)).statusCode).toBe(409);
  });
});
