// Scaling benchmark on PostgreSQL (a throwaway cluster, durability off):
//  1. job throughput: BENCH_JOBS no-op jobs (kind `noop`: claim, lease, complete, no engine work) drained by 1, 2
//     and 4 worker processes (`atelier serve --role worker`, concurrency ATELIER_WORKER_CONCURRENCY, 2);
//  2. API requests/s of GET /api/account (key auth + database reads) with 1 and 2 API processes
//     (`--role api`), each loaded by its own autocannon.
// Prints jobs/s, req/s and the scaling ratios. On a 2-core machine the load generator and PostgreSQL share the
// cores with the processes measured: expect ratios well under the process counts there.
// Usage: npm run bench:scale. BENCH_JOBS (default 4000), BENCH_DURATION (s per HTTP run, default 8).
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  assertBuilt,
  childEnv,
  freePort,
  loadAverage,
  onCleanup,
  printMachine,
  root,
  runBench,
  startPostgres,
  stop,
  tableLines,
  tempDir,
} from './lib.mjs';

const JOBS = Number(process.env.BENCH_JOBS ?? 4000);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);

/**
 * @param {string} adminUrl
 * @param {string} name
 */
async function createDatabase(adminUrl, name) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  return adminUrl.replace(/\/postgres$/, `/${name}`);
}

/**
 * `atelier serve --role <role>` on the database; resolves once it says it is up.
 * @param {'worker' | 'api'} role
 * @param {string} databaseUrl
 */
async function startRole(role, databaseUrl) {
  const dataDir = tempDir(`atelier-bench-${role}-`);
  const port = await freePort();
  const env = childEnv(dataDir, {
    ATELIER_DATABASE_URL: databaseUrl,
    ATELIER_RATE_LIMIT_ENABLED: 'false',
    ATELIER_JOB_POLL_MS: '50',
    HOST: '127.0.0.1',
    PORT: String(port),
    ATELIER_ADMIN_EMAIL: `admin-${port}@bench.test`,
  });
  const child = spawn(process.execPath, [join(root, 'bin/atelier.mjs'), 'serve', '--role', role], {
    cwd: dataDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onCleanup(() => stop(child));
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (d) => (output += d));
  const ready = role === 'worker' ? 'is running' : 'is listening on';
  for (const deadline = Date.now() + 30_000; !output.includes(ready); await sleep(25)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${role} did not start:\n${output}`);
  }
  return { child, url: `http://127.0.0.1:${port}` };
}

/**
 * Jobs per second that `workers` worker processes drain.
 * @param {string} adminUrl
 * @param {number} workers
 */
async function drain(adminUrl, workers) {
  const url = await createDatabase(adminUrl, `scale_w${workers}`);
  const started = [];
  for (let i = 0; i < workers; i++) started.push(await startRole('worker', url));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const now = new Date().toISOString();
  await client.query(
    `INSERT INTO jobs (id, kind, payload, status, attempts, max_attempts, run_at, created_at, updated_at)
     SELECT gen_random_uuid()::text, 'noop', '{}', 'queued', 0, 3, $1, $1, $1 FROM generate_series(1, $2)`,
    [now, JOBS],
  );
  const t0 = performance.now();
  for (;;) {
    const { rows } = await client.query(`SELECT count(*)::int AS n FROM jobs WHERE status = 'completed'`);
    if (rows[0].n >= JOBS) break;
    await sleep(20);
  }
  const seconds = (performance.now() - t0) / 1000;
  await client.end();
  await Promise.all(started.map((s) => stop(s.child)));
  return JOBS / seconds;
}

/**
 * Requests per second of all `urls` loaded at once.
 * @param {string[]} urls
 */
async function load(urls) {
  /**
   * @param {string} url
   * @param {number} duration seconds
   */
  const run = (url, duration) =>
    autocannon({ url: `${url}/api/account`, connections: 16, duration, headers: { 'x-api-key': apiKey } });
  await Promise.all(urls.map((url) => run(url, 1)));
  const results = await Promise.all(urls.map((url) => run(url, DURATION)));
  const bad = results.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0);
  if (bad) console.log(`WARNING: ${bad} errors or non-2xx answers`);
  return results.reduce((sum, r) => sum + r.requests.average, 0);
}

let apiKey = '';

async function main() {
  assertBuilt('run `npm run build` first');
  const adminUrl = await startPostgres();
  printMachine();
  console.log(`PostgreSQL 15 throwaway cluster (fsync off). ${JOBS} no-op jobs per run; worker concurrency 2.\n`);
  const base = await drain(adminUrl, 1);
  /** @type {[workers: number, jobsPerSecond: number][]} */
  const throughput = [[1, base]];
  for (const workers of [2, 4]) throughput.push([workers, await drain(adminUrl, workers)]);
  console.log(
    tableLines(
      ['workers', 'jobs/s', 'vs 1 worker'],
      throughput.map(([w, rate]) => [String(w), rate.toFixed(0), `${(rate / base).toFixed(2)}x`]),
      {},
    ).join('\n'),
  );

  const url = await createDatabase(adminUrl, 'scale_api');
  const dataDir = tempDir('atelier-bench-cli-');
  const created = execFileSync(
    process.execPath,
    [join(root, 'bin/atelier.mjs'), 'accounts', 'create', '--email', 'bench@example.test', '--plan', 'business'],
    { cwd: dataDir, env: childEnv(dataDir, { ATELIER_DATABASE_URL: url }) },
  );
  apiKey = JSON.parse(created.toString()).api_key;
  const first = await startRole('api', url);
  const apis = [first, await startRole('api', url)];
  const one = await load([first.url]);
  const two = await load(apis.map((a) => a.url));
  console.log(`\nGET /api/account, autocannon 16 connections per process, ${DURATION} s:`);
  console.log(
    tableLines(
      ['API processes', 'req/s', 'vs 1 process'],
      [
        ['1', one.toFixed(0), '1.00x'],
        ['2', two.toFixed(0), `${(two / one).toFixed(2)}x`],
      ],
      {},
    ).join('\n'),
  );
  console.log(`\nLoad average after the runs: ${loadAverage()}`);
}

await runBench(main);
