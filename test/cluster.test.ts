import { request as httpRequest } from 'node:http';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLANS } from '../src/config.js';
import { atelier } from './helpers/processes.js';
import { type RoleProcess, startRole } from './helpers/roles.js';
import { databaseEnvFor } from './helpers/test-database.js';

// `atelier serve` with two HTTP processes on one port and a worker process, under one primary. Every request
// here goes on a connection of its own, which the cluster hands to its processes in turn: what one process
// learns (a count, a revocation, a queued job) must hold in the others.
const FREE_LIMIT = 30;
const PLANS = JSON.stringify(
  DEFAULT_PLANS.map((plan) => (plan.name === 'free' ? { ...plan, rateLimitPerMinute: FREE_LIMIT } : plan)),
);

let folder: string;
let env: Record<string, string>;
let service: RoleProcess;

interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

/** One request on a new connection (no keep-alive), so that consecutive requests reach different processes. */
function call(method: string, path: string, key: string, body?: object, headers: Record<string, string> = {}) {
  const url = new URL(path, service.baseUrl);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method,
        agent: false,
        headers: {
          'x-api-key': key,
          connection: 'close',
          ...(payload !== undefined && { 'content-type': 'application/json' }),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined, headers: res.headers }),
        );
      },
    );
    req.once('error', reject);
    req.end(payload);
  });
}

async function account(plan: string, credits: number): Promise<{ key: string; accountId: string }> {
  const email = `${plan}-${Math.random().toString(36).slice(2)}@cluster.test`;
  const created = await atelier(
    ['accounts', 'create', '--email', email, '--plan', plan, '--credits', String(credits)],
    env,
  );
  expect(created.code, created.stderr).toBe(0);
  const { api_key, account_id } = JSON.parse(created.stdout) as { api_key: string; account_id: string };
  return { key: api_key, accountId: account_id };
}

const balance = async (key: string) =>
  ((await call('GET', '/api/account', key)).body as { credits: { balance: number } }).credits.balance;

/** The processes the primary started, with the role it gave each (from their environment). */
function clusterChildren(primary: number): { pid: number; role: string }[] {
  const children: { pid: number; role: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== primary) continue;
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      const role = environ.find((line) => line.startsWith('ATELIER_CLUSTER_ROLE='))?.split('=')[1] ?? '';
      children.push({ pid: Number(entry), role });
    } catch {
      // gone in the meantime
    }
  }
  return children.sort((a, b) => a.role.localeCompare(b.role));
}

async function until(condition: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(50);
  }
}

describe('atelier serve with ATELIER_API_PROCESSES=2', () => {
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'atelier-cluster-'));
    env = {
      ...(await databaseEnvFor(folder)),
      ATELIER_DATA_DIR: folder,
      ATELIER_API_PROCESSES: '2',
      ATELIER_PLANS: PLANS,
      ATELIER_RATE_LIMIT_STORE: 'memory',
      // Long enough that only the processes telling each other can make a revocation hold at once.
      ATELIER_AUTH_CACHE_MS: '60000',
      // The worker process would look at the queue only once a minute (the longest poll there is): it is told
      // instead. A waitForResult gives up after 20 s, so a job only the next poll would run is still pending then.
      ATELIER_JOB_POLL_MS: '60000',
      ATELIER_IMAGE_WAIT_MS: '20000',
      ATELIER_ADMIN_EMAIL: 'admin@cluster.test',
    };
    // Four processes start at once: on a loaded two-core machine that takes a while.
    service = await startRole('all', env, 60_000);
  }, 90_000);

  afterAll(async () => {
    await service?.stop('SIGKILL');
    if (service?.child.pid) for (const { pid } of clusterChildren(service.child.pid)) process.kill(pid, 'SIGKILL');
    rmSync(folder, { recursive: true, force: true });
  });

  it('runs two HTTP processes and one worker process under a primary that says it is up once', async () => {
    expect(clusterChildren(service.child.pid ?? 0).map((c) => c.role)).toEqual(['api', 'api', 'worker']);
    expect(service.output().match(/is listening on/g)).toHaveLength(1);
    expect(service.output()).toContain('[2 HTTP processes and a worker process for the jobs]');
    // Text comes from the builtin engine: the primary gives the first-run hint a single process gives, once.
    await until(() => service.output().includes('atelier models pull qwen3-0.6b'), 5_000);
    expect(service.output().match(/atelier models pull qwen3-0\.6b/g)).toHaveLength(1);
  });

  it('counts a rate limit once for all processes', async () => {
    const { key } = await account('free', 0);
    const answers = await Promise.all(Array.from({ length: FREE_LIMIT + 15 }, () => call('GET', '/api/account', key)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(FREE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it('refuses a revoked key in every process at once, though each had it cached', async () => {
    const { key } = await account('pro', 0);
    const created = await call('POST', '/api/keys', key, { name: 'short-lived' });
    expect(created.status).toBe(201);
    const { key_id: keyId, api_key: second } = created.body as { key_id: string; api_key: string };
    const before = await Promise.all(Array.from({ length: 9 }, () => call('GET', '/api/account', second)));
    expect(before.map((a) => a.status)).toEqual(Array(9).fill(200));
    expect((await call('DELETE', `/api/keys/${keyId}`, key)).status).toBe(200);
    const after = await Promise.all(Array.from({ length: 9 }, () => call('GET', '/api/account', second)));
    expect(after.map((a) => a.status)).toEqual(Array(9).fill(401));
  });

  it('charges exactly across processes, and turns an Idempotency-Key sent to several of them into one charge', async () => {
    const { key } = await account('pro', 1_000);
    const generate = () => call('POST', '/api/generate', key, { preset: 'blog-post', keywords: 'urban beekeeping' });
    const first = await generate();
    expect(first.status).toBe(200);
    const cost = 1_000 - (await balance(key));
    expect(cost).toBeGreaterThan(0);
    const answers = await Promise.all(Array.from({ length: 12 }, generate));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(await balance(key)).toBe(1_000 - 13 * cost);

    const before = await balance(key);
    const body = { prompt: 'A fox in the snow', model: 'builtin' };
    const images = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', '/api/generate-image', key, body, { 'idempotency-key': 'fox' })),
    );
    expect(images.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(new Set(images.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(images.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
    const afterBatch = await balance(key);
    // The batch cost what one request without the header costs.
    expect((await call('POST', '/api/generate-image', key, { ...body, prompt: 'An owl' })).status).toBe(200);
    const oneImage = afterBatch - (await balance(key));
    expect(oneImage).toBeGreaterThan(0);
    expect(before - afterBatch).toBe(oneImage);
  });

  it('answers waitForResult from a worker process at once, not at its next poll', async () => {
    const { key } = await account('pro', 100);
    // The second request comes when the worker has just gone back to sleep for a minute: only being told wakes
    // it before the request's 20 s wait runs out.
    for (const prompt of ['A lighthouse', 'A harbour']) {
      const answer = await call('POST', '/api/generate-image', key, { prompt, model: 'builtin', waitForResult: true });
      expect(answer.status).toBe(200);
      expect((answer.body as { status: string }[])[0]?.status, `${prompt}: done within the request's wait`).toBe(
        'completed',
      );
    }
  }, 60_000);

  it('starts another HTTP process after a kill -9 and keeps serving; SIGTERM stops them all', async () => {
    const primary = service.child.pid ?? 0;
    const victim = clusterChildren(primary).find((c) => c.role === 'api');
    expect(victim).toBeDefined();
    process.kill(victim?.pid ?? 0, 'SIGKILL');
    await until(() => {
      const now = clusterChildren(primary);
      return now.length === 3 && !now.some((c) => c.pid === victim?.pid);
    }, 20_000);
    expect(service.output()).toMatch(/an api process \(pid \d+\) died \(SIGKILL\): starting another/);
    const { key } = await account('pro', 0);
    // The new process is up once the whole round of connections is answered.
    await until(async () => (await call('GET', '/api/account', key)).status === 200, 20_000);
    const answers = await Promise.all(Array.from({ length: 12 }, () => call('GET', '/api/account', key)));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));

    const children = clusterChildren(primary).map((c) => c.pid);
    expect(await service.stop('SIGTERM')).toBe(0);
    for (const pid of children) expect(() => process.kill(pid, 0)).toThrow();
  }, 60_000);
});
