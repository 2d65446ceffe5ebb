import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_KINDS } from '../src/job-kinds.js';
import { JobQueue } from '../src/jobs/job-queue.js';
import { systemClock } from '../src/shared/clock.js';
import { newId } from '../src/shared/ids.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

/**
 * Job kinds are listed once (src/job-kinds.ts). A kind the service enqueues without a handler would
 * sit in the queue for ever, its record pending and its credits held: these tests fail instead.
 */
let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await startTestApp({
    ATELIER_RATE_LIMIT_ENABLED: 'false',
    ATELIER_JOB_POLL_MS: '20',
    ATELIER_JOB_RETRY_BASE_MS: '20',
  });
  key = (await t.account({ plan: 'pro', credits: 500 })).key;
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object) => t.server.inject({ method: 'POST', url, headers: withKey(key), payload });
const kindsInQueue = async () =>
  (await t.app.services.db.selectFrom('jobs').select('kind').distinct().execute()).map((r) => r.kind).sort();
const sorted = (kinds: readonly string[]) => [...kinds].sort();

async function until<T>(load: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await load();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting, last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('job kinds', () => {
  it('the worker has a handler for every listed kind, and no handler for a kind that is not listed', () => {
    expect(sorted(t.app.services.worker.kinds)).toEqual(sorted(JOB_KINDS));
  });

  it('every kind the service enqueues (images, videos, transcriptions, their webhooks) has a handler', async () => {
    expect(
      (await post('/api/generate-image', { prompt: 'A kite', model: 'builtin', dimensions: '256x256' })).statusCode,
    ).toBe(200);
    // Addresses the guard refuses: the jobs fail at once, and the failed transcription calls its webhook.
    expect(
      (
        await post('/api/generate-video', {
          prompt: 'A kite',
          duration: '5',
          aspectRatio: '16:9',
          image: 'http://10.1.2.3/still.png',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await post('/api/transcriptions', { url: 'http://10.1.2.3/a.mp3', webhook_url: 'http://10.1.2.3/hook' }))
        .statusCode,
    ).toBe(200);
    t.app.services.worker.start();
    const kinds = await until(kindsInQueue, (k) => k.includes('webhook.deliver'));
    expect(kinds).toEqual(sorted(['image.generate', 'video.generate', 'transcription.process', 'webhook.deliver']));
    for (const kind of kinds) expect(t.app.services.worker.kinds, kind).toContain(kind);
    await until(
      () =>
        t.app.services.db.selectFrom('jobs').select('status').where('status', 'in', ['queued', 'running']).execute(),
      (open) => open.length === 0,
    );
  });

  it('a job whose payload does not parse fails with a reason that says so, and the worker goes on', async () => {
    t.app.services.worker.start();
    const queue = new JobQueue(t.app.services.db, systemClock);
    const wrongShape = await queue.enqueue({ kind: 'image.generate', payload: { imageId: 'seven' } });
    const missing = await queue.enqueue({ kind: 'transcription.process', payload: {} });
    const notJson = newId();
    const now = new Date().toISOString();
    await t.app.services.db
      .insertInto('jobs')
      .values({
        id: notJson,
        kind: 'video.generate',
        payload: '{"videoId":',
        status: 'queued',
        attempts: 0,
        max_attempts: 3,
        run_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const settled = async (id: string) =>
      until(
        () => queue.find(id),
        (job) => job?.status === 'failed' || job?.status === 'completed',
      );
    expect(await settled(wrongShape)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: expect.stringMatching(/^The image\.generate job's payload is not valid \(imageId: .*number.*\)$/),
    });
    expect(await settled(missing)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: expect.stringMatching(/^The transcription\.process job's payload is not valid \(transcriptionId: /),
    });
    expect(await settled(notJson)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: "The video.generate job's payload is not JSON",
    });
    // Still working: a real image completes.
    const image = (
      await post('/api/generate-image', {
        prompt: 'A second kite',
        model: 'builtin',
        dimensions: '256x256',
        waitForResult: true,
      })
    ).json<{ status: string }[]>();
    expect(image.map((i) => i.status)).toEqual(['completed']);
  });
});
