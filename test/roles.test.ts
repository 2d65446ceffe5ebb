import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, replyJson, startFakeUpstream } from './helpers/fake-upstream.js';
import { loadConfig } from '../src/config.js';
import { atelier, freePort } from './helpers/processes.js';
import { type RoleProcess, listeningAddresses, startRole } from './helpers/roles.js';
import { databaseEnvFor } from './helpers/test-database.js';

// Real processes over dist/: run `npm run build` first.

type ImageRecord = {
  id: number;
  status: 'pending' | 'completed' | 'failed';
  image_url: string | null;
  used_credits: number;
};

let upstream: FakeUpstream;
let png: Buffer;
const running: RoleProcess[] = [];
const folders: string[] = [];

beforeAll(async () => {
  upstream = await startFakeUpstream();
  png = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop('SIGKILL')));
  upstream.calls.length = 0;
});
afterAll(async () => {
  await upstream.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const OPERATIONS_TOKEN = 'roles-operations-0123456789';

/** One deployment: a data folder (and on PostgreSQL a database) that every process started on it shares. */
async function deployment(extra: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-roles-'));
  folders.push(dataDir);
  const env = {
    ATELIER_DATA_DIR: dataDir,
    ...(await databaseEnvFor(dataDir)),
    ATELIER_IMAGE_OPENAI_BASE_URL: upstream.baseUrl,
    ATELIER_IMAGE_OPENAI_API_KEY: 'sk-image-upstream',
    ATELIER_IMAGE_WAIT_MS: '0',
    ATELIER_JOB_POLL_MS: '50',
    ATELIER_RATE_LIMIT_ENABLED: 'false',
    // The public port's /metrics and /ready detail need it; a worker's loopback port does not.
    ATELIER_OPERATIONS_TOKEN: OPERATIONS_TOKEN,
    ...extra,
  };
  const start = async (role: 'api' | 'worker' | 'all', more: Record<string, string> = {}) => {
    const started = await startRole(role, { ...env, ...more });
    running.push(started);
    return started;
  };
  return { dataDir, start, adminKey: () => readFileSync(join(dataDir, 'admin-key'), 'utf8').trim() };
}

function client(api: RoleProcess, key: string) {
  const call = async <T>(path: string, init: RequestInit = {}) => {
    const res = await fetch(`${api.baseUrl}${path}`, {
      ...init,
      headers: { 'x-api-key': key, 'content-type': 'application/json', ...init.headers },
    });
    return { status: res.status, body: (await res.json()) as T };
  };
  return {
    createImage: async () => {
      const res = await call<ImageRecord[]>('/api/generate-image', {
        method: 'POST',
        body: JSON.stringify({ prompt: 'A blue square', model: 'DALL-E 2', dimensions: '256x256' }),
      });
      expect(res.status).toBe(200);
      const [image] = res.body;
      if (!image) throw new Error('no image record');
      return image;
    },
    image: async (id: number) => (await call<ImageRecord>(`/api/get-image?imageId=${id}`)).body,
    images: async () => (await call<{ images: ImageRecord[] }>('/api/images?limit=50')).body.images,
    balance: async () => (await call<{ credits: { balance: number } }>('/api/account')).body.credits.balance,
    text: async (path: string, headers: Record<string, string> = { authorization: `Bearer ${OPERATIONS_TOKEN}` }) => {
      const res = await fetch(`${api.baseUrl}${path}`, { headers });
      return { status: res.status, body: await res.text() };
    },
  };
}

async function until<T>(load: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await load();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const answerWithPicture = () =>
  upstream.handle((_call, res) => replyJson(res, 200, { data: [{ b64_json: png.toString('base64') }] }));

const imageJobs = (metrics: string, state: 'queued' | 'running') =>
  Number(
    new RegExp(`^atelier_job_queue_depth\\{kind="image\\.generate",state="${state}"\\} (\\d+)$`, 'm').exec(
      metrics,
    )?.[1],
  );
const queuedImages = (metrics: string) => imageJobs(metrics, 'queued');

/** A process's JSON log lines with this message. */
const logLines = (process: RoleProcess, msg: string) =>
  process
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === msg);

describe('atelier serve --role', () => {
  it('api processes queue jobs and never run them; a worker process runs them and listens on loopback only', async () => {
    answerWithPicture();
    const d = await deployment();
    // At info its log would show a job it ran.
    const api = await d.start('api', { LOG_LEVEL: 'info' });
    const c = client(api, d.adminKey());
    expect(listeningAddresses(api.child.pid ?? 0)).toEqual([new URL(api.baseUrl ?? '').host]);
    const ready = JSON.parse((await c.text('/ready')).body) as { checks: Record<string, { status: string }> };
    expect(ready.checks.workers?.status).toBe('disabled');

    // A worker in the process that enqueues is woken at once; the api process has none, so the job stays queued,
    // unclaimed, until the worker process started below claims it: its first and only attempt, seen in that log.
    const image = await c.createImage();
    const apiMetrics = (await c.text('/metrics')).body;
    expect(queuedImages(apiMetrics)).toBe(1);
    expect(imageJobs(apiMetrics, 'running')).toBe(0);

    const opsPort = await freePort();
    const worker = await d.start('worker', { ATELIER_WORKER_METRICS_PORT: String(opsPort), LOG_LEVEL: 'info' });
    expect(worker.output()).toContain('[role worker: no public port]');
    const done = await until(
      () => c.image(image.id),
      (i) => i.status !== 'pending',
    );
    expect(done.status).toBe('completed');
    expect(upstream.calls).toHaveLength(1);
    const picture = await fetch(done.image_url ?? '');
    expect(Buffer.from(await picture.arrayBuffer()).equals(png)).toBe(true);

    // The worker: no public port; its /ready and /metrics on 127.0.0.1 only, and nothing else there.
    expect(listeningAddresses(worker.child.pid ?? 0)).toEqual([`127.0.0.1:${opsPort}`]);
    const ops = `http://127.0.0.1:${opsPort}`;
    const workerReady = (await (await fetch(`${ops}/ready`)).json()) as {
      status: string;
      checks: Record<string, { status: string }>;
    };
    expect(workerReady.status).toBe('ready');
    expect(workerReady.checks.workers?.status).toBe('ok');
    const workerMetrics = await (await fetch(`${ops}/metrics`)).text();
    expect(workerMetrics).toMatch(
      /^atelier_engine_call_duration_seconds_count\{kind="image",provider="openai-compatible",outcome="ok"\} 1$/m,
    );
    expect((await fetch(`${ops}/api/presets`)).status).toBe(404);
    expect(queuedImages((await c.text('/metrics')).body)).toBe(0);

    // Its job lines are JSON with the job's id and kind; the api process logged none.
    const completed = logLines(worker, 'job completed');
    expect(completed).toEqual([
      expect.objectContaining({ kind: 'image.generate', jobId: expect.any(String), attempt: 1 }),
    ]);
    expect(api.output()).not.toContain('"jobId"');

    expect(await worker.stop()).toBe(0);
    expect(await api.stop()).toBe(0);
  });

  it('on SIGTERM a worker finishes its running job within the grace period, then exits', async () => {
    // The upstream holds its answer until the worker has begun to shut down.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    upstream.handle(async (_call, res) => {
      await held;
      if (!res.destroyed) replyJson(res, 200, { data: [{ b64_json: png.toString('base64') }] });
    });
    const d = await deployment();
    const api = await d.start('api');
    const c = client(api, d.adminKey());
    const worker = await d.start('worker', { ATELIER_SHUTDOWN_GRACE_MS: '20000', LOG_LEVEL: 'info' });
    const image = await c.createImage();
    await until(
      async () => upstream.calls.length,
      (n) => n === 1,
    );
    const exit = worker.stop('SIGTERM');
    await until(
      async () => logLines(worker, 'shutting down: no new requests or jobs').length,
      (n) => n === 1,
    );
    expect(worker.child.exitCode).toBeNull();
    expect((await c.image(image.id)).status).toBe('pending');
    answer();
    expect(await exit).toBe(0);
    expect((await c.image(image.id)).status).toBe('completed');
    expect(upstream.calls).toHaveLength(1);
    expect(logLines(worker, 'job completed')).toHaveLength(1);
  });

  it('gives back the lease of a job that outlives the grace period, so the next worker completes it at once, exactly once', async () => {
    // The first call hangs until it is aborted; later ones answer.
    let calls = 0;
    upstream.handle(async (_call, res) => {
      calls += 1;
      if (calls === 1) return;
      replyJson(res, 200, { data: [{ b64_json: png.toString('base64') }] });
    });
    // A lease of an hour: no wait in this test comes near it running out.
    const d = await deployment({ ATELIER_JOB_LEASE_MS: '3600000' });
    const api = await d.start('api');
    const c = client(api, d.adminKey());
    const before = await c.balance();
    const first = await d.start('worker', { ATELIER_SHUTDOWN_GRACE_MS: '300' });
    const image = await c.createImage();
    await until(
      async () => calls,
      (n) => n === 1,
    );
    // The upstream never answers the first call: the worker exits only because its grace period ended.
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(logLines(first, 'job given back to the queue at shutdown')).toEqual([
      expect.objectContaining({ kind: 'image.generate' }),
    ]);
    expect((await c.image(image.id)).status).toBe('pending');
    // Given back: queued again with no lease, not a running job whose lease has to run out first.
    const metrics = (await c.text('/metrics')).body;
    expect(queuedImages(metrics)).toBe(1);
    expect(imageJobs(metrics, 'running')).toBe(0);

    await d.start('worker');
    const done = await until(
      () => c.image(image.id),
      (i) => i.status !== 'pending',
    );
    expect(done.status).toBe('completed');
    expect(calls).toBe(2);
    expect(await c.images()).toHaveLength(1);
    expect(before - (await c.balance())).toBe(done.used_credits);
  });
});

describe('choosing a role', () => {
  it('takes ATELIER_ROLE, refuses an unknown role and a worker without workers', () => {
    const config = (env: Record<string, string>) =>
      loadConfig({ ATELIER_DATA_DIR: '/tmp/atelier-role-config', ...env }, '/nonexistent/.env');
    expect(config({}).role).toBe('all');
    expect(config({ ATELIER_ROLE: 'api' }).role).toBe('api');
    expect(() => config({ ATELIER_ROLE: 'scheduler' })).toThrow(/ATELIER_ROLE/);
    expect(() => config({ ATELIER_ROLE: 'worker', ATELIER_WORKERS: 'false' })).toThrow(/ATELIER_WORKERS/);
  });

  it('checks --role like the variable, and only with serve', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'atelier-roles-'));
    folders.push(dataDir);
    const wrong = await atelier(['serve', '--role', 'scheduler'], { ATELIER_DATA_DIR: dataDir });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('ATELIER_ROLE');
    const misplaced = await atelier(['accounts', 'list', '--role', 'api'], { ATELIER_DATA_DIR: dataDir });
    expect(misplaced.code).toBe(2);
    expect(misplaced.stderr).toContain('--role only goes with serve');
    expect((await atelier(['--help'], {})).stdout).toContain('serve [--role api|worker|all]');
  });
});
