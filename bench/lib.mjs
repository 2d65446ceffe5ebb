// Shared plumbing for the bench scripts (run.mjs, tts.mjs, transcription.mjs): child processes in temp dirs,
// the bench account, cleanup on exit and signals, machine info and small statistics helpers.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

/** The checkout's root directory (with a trailing separator). */
export const root = fileURLToPath(new URL('..', import.meta.url));

/** @typedef {import('node:child_process').ChildProcess} ChildProcess */

/** @type {Set<ChildProcess>} */
const children = new Set();
/** @type {string[]} */
const tempDirs = [];
/** @type {(() => unknown)[]} */
const cleanupHooks = [];

/**
 * A TCP port on 127.0.0.1 that was free a moment ago.
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      // Listening on a TCP address (not a pipe), so address() is an AddressInfo.
      const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A new directory under the system temp dir, removed by cleanup().
 * @param {string} prefix
 */
export function tempDir(prefix) {
  const dir = mkdtempSync(join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** Children get only our ATELIER_* settings and run outside the checkout, so neither the caller's
 *  environment nor a developer's .env (read from the working directory) changes what is measured.
 * @param {string} dataDir
 * @param {Record<string, string>} [extra]
 * @returns {NodeJS.ProcessEnv}
 */
export function childEnv(dataDir, extra = {}) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('ATELIER_')));
  return { ...env, LOG_LEVEL: 'warn', ATELIER_DATA_DIR: dataDir, ...extra };
}

/**
 * CPU time (user plus system) process `pid` has used, in ms, from Linux's /proc (clock ticks of 10 ms). Per request
 * it varies less than throughput when other work shares the machine.
 * @param {number | undefined} pid a running child's (undefined only if it never started: /proc has no such entry)
 */
export function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.split(') ')[1]?.split(' ');
  if (!fields) throw new Error(`unexpected /proc/${pid}/stat: ${stat}`);
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Throws unless the build is there; `hint` says how to make it.
 * @param {string} hint
 */
export function assertBuilt(hint) {
  if (!existsSync(join(root, 'dist/main.js'))) throw new Error(`dist/main.js is missing: ${hint}`);
}

/**
 * Creates the bench account (business plan, credits no bench can spend) in `dataDir` and returns its API key;
 * `checkout` is the build whose command makes it (its migrations make the database), this one by default.
 * @param {string} dataDir
 * @param {string} [checkout]
 * @returns {string}
 */
export function createBenchAccount(dataDir, checkout = root) {
  const args = ['accounts', 'create', '--email', 'bench@example.test', '--plan', 'business', '--credits', '100000000'];
  const out = execFileSync(process.execPath, [join(checkout, 'bin/atelier.mjs'), ...args], {
    cwd: dataDir,
    env: childEnv(dataDir),
  });
  /** @type {{ api_key?: string }} */
  const { api_key: apiKey } = JSON.parse(out.toString());
  if (!apiKey) throw new Error(`accounts create printed no api_key: ${out}`);
  return apiKey;
}

/** Starts `node <script> <args>` on a free port (HOST and PORT added to `env`) and resolves once GET /health
 *  answers 200, with its base URL, the child and a getter for everything it has printed so far.
 * @param {{ label: string, script: string, args?: string[], nodeArgs?: string[], env: NodeJS.ProcessEnv, cwd: string }} options
 * @returns {Promise<Server>}
 */
export async function startServer({ label, script, args = [], nodeArgs = [], env, cwd }) {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
    cwd,
    env: { ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (d) => (output += d));
  child.once('exit', () => children.delete(child));
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(100)) {
    if (child.exitCode !== null) throw new Error(`${label} exited with code ${child.exitCode}:\n${output}`);
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, child, output: () => output };
  }
  throw new Error(`${label} did not answer /health within 30 s:\n${output}`);
}

/**
 * The baseline of the benches: bench/bare-server.mjs sending `payload` (bodies read from the service, see its
 * Payload) from memory, in a folder of its own.
 * @param {import('./bare-server.mjs').Payload} payload
 * @returns {Promise<Server>}
 */
export async function startBareServer(payload) {
  const payloadDir = tempDir('atelier-bench-bare-');
  const payloadFile = join(payloadDir, 'payload.json');
  writeFileSync(payloadFile, JSON.stringify(payload));
  return startServer({
    label: 'bare server',
    script: join(root, 'bench/bare-server.mjs'),
    args: [payloadFile],
    env: childEnv(payloadDir),
    cwd: payloadDir,
  });
}

/**
 * @typedef {object} Server A child process answering HTTP (startServer).
 * @property {string} url base URL, e.g. `http://127.0.0.1:1234`
 * @property {import('node:child_process').ChildProcessByStdio<null, import('node:stream').Readable, import('node:stream').Readable>} child
 * @property {() => string} output everything the child has printed so far
 */

/** @typedef {Server & { apiKey: string, dataDir: string }} Service The service with the bench account (startService). */

/** The service (dist/main.js) in a fresh data dir with the bench account; `env` adds ATELIER_* settings.
 *  Resolves with startServer's result plus the account's apiKey.
 * @param {{ label?: string, tempPrefix?: string, env?: Record<string, string> }} [options]
 * @returns {Promise<Service>}
 */
export async function startService({ label = 'service', tempPrefix = 'atelier-bench-', env = {} } = {}) {
  const dataDir = tempDir(tempPrefix);
  const apiKey = createBenchAccount(dataDir);
  const server = await startServer({
    label,
    script: join(root, 'dist/main.js'),
    // e.g. BENCH_SERVICE_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/profiles' to profile the service under any bench.
    nodeArgs: process.env.BENCH_SERVICE_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
    // One process unless a bench asks for more: the baselines (a bare route, Portkey) are one process, and the
    // memory figures read one process.
    env: childEnv(dataDir, { ATELIER_API_PROCESSES: '1', ...env }),
    cwd: dataDir,
  });
  return { ...server, apiKey, dataDir };
}

/**
 * SIGTERM, then SIGKILL if the child has not exited 5 s later.
 * @param {ChildProcess} child
 */
export async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  if (await Promise.race([exited.then(() => true), sleep(5_000).then(() => false)])) return;
  child.kill('SIGKILL');
  await exited;
}

/**
 * Registers `fn` to run in cleanup(), after the children are stopped and before the temp dirs go.
 * @param {() => unknown} fn
 */
export function onCleanup(fn) {
  cleanupHooks.push(fn);
}

/** Stops every child still running, runs the onCleanup hooks and removes the temp dirs. */
export async function cleanup() {
  await Promise.all([...children].map(stop));
  for (const fn of cleanupHooks) await fn();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}

/** Runs `main` with cleanup on SIGINT/SIGTERM and on the way out; a failure prints `bench failed: ...`
 *  (after `errorPrefix`) and sets exit code 1.
 * @param {() => Promise<unknown>} main
 * @param {{ errorPrefix?: string }} [options]
 */
export async function runBench(main, { errorPrefix = '' } = {}) {
  /** @type {[NodeJS.Signals, number][]} */
  const signals = [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ];
  for (const [signal, code] of signals) process.once(signal, () => cleanup().finally(() => process.exit(code)));
  try {
    await main();
  } catch (error) {
    console.error(`${errorPrefix}bench failed: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  } finally {
    await cleanup();
  }
}

/** The 1/5/15 min load average, e.g. `0.52 / 0.61 / 0.70`. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

/** Prints the machine line and the load average before the runs (other work on the machine skews every
 *  number; the load average says whether it was quiet). `note` is appended to the load average line.
 * @param {string} [note]
 */
export function printMachine(note = '') {
  const cpus = os.cpus();
  console.log(
    `Machine: ${cpus.length} x ${cpus[0]?.model ?? 'unknown CPU'}, ${os.platform()} ${os.release()}; Node ${process.version}`,
  );
  console.log(`Load average before the runs (1/5/15 min): ${loadAverage()}${note}`);
}

/**
 * The median of `xs`; NaN if `xs` is empty.
 * @param {readonly number[]} xs
 * @returns {number}
 */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  const upper = s[mid];
  const lower = s[mid - 1];
  if (upper === undefined) return NaN;
  return s.length % 2 || lower === undefined ? upper : (lower + upper) / 2;
}

/**
 * Runs `measure` once per side in each of `rounds` rounds: the sides in the given order in even rounds, reversed in
 * odd ones, so that drift in the machine's load (another process, a slower minute) hits every side alike. One run
 * each on a shared 2-core machine moved a ratio by ±30% between invocations.
 * @template S, R
 * @param {readonly S[]} sides
 * @param {number} rounds
 * @param {(side: S, round: number) => Promise<R>} measure
 * @returns {Promise<R[][]>} per side, its results in round order
 */
export async function inAlternatingRounds(sides, rounds, measure) {
  /** @type {R[][]} */
  const results = sides.map(() => []);
  for (let round = 0; round < rounds; round++) {
    const order = sides.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) results[i]?.push(await measure(/** @type {S} */ (sides[i]), round));
  }
  return results;
}

/**
 * Milliseconds `fn` takes to settle.
 * @param {() => unknown} fn
 */
export async function timeMs(fn) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** A text table: header, a dashed rule, then the rows, columns two spaces apart. Columns whose index is in
 *  `alignLeft` are padded on the right, the others on the left; each line starts with `indent`.
 * @param {readonly string[]} header
 * @param {readonly (readonly string[])[]} rows as many cells as `header` each
 * @param {{ alignLeft?: number[], indent?: string }} [options]
 */
export function tableLines(header, rows, { alignLeft = [], indent = '' } = {}) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  /** @param {readonly string[]} cells */
  const line = (cells) =>
    indent +
    cells
      .map((c, i) => (alignLeft.includes(i) ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), indent + widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
}

/**
 * The `p`-th percentile (0-100) of `xs`, nearest rank: the smallest value with at least p% of the values at or below it.
 * @param {readonly number[]} xs
 * @param {number} p
 * @returns {number | undefined} undefined if `xs` is empty
 */
export function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

/** A throwaway PostgreSQL 15 cluster (Debian's binaries; as root its programs run as `postgres`) on a free loopback
 *  port, durability off, removed by cleanup(). Resolves with the admin URL. */
export async function startPostgres() {
  const bin = '/usr/lib/postgresql/15/bin';
  if (!existsSync(join(bin, 'initdb')))
    throw new Error(`PostgreSQL 15 is not installed (${bin}/initdb): apt-get install postgresql`);
  /** @type {(program: string, args: string[]) => [string, string[]]} */
  const asPostgres = (program, args) =>
    process.getuid?.() === 0
      ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]]
      : [join(bin, program), args];
  const folder = mkdtempSync(join(os.tmpdir(), 'atelier-bench-pg-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', folder]);
  const data = join(folder, 'data');
  execFileSync(
    ...asPostgres('initdb', ['-D', data, '--auth=trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']),
    { stdio: 'ignore' },
  );
  const port = await freePort();
  const settings = `-p ${port} -c listen_addresses=127.0.0.1 -k ${folder} -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  execFileSync(...asPostgres('pg_ctl', ['-D', data, '-l', join(folder, 'server.log'), '-w', '-o', settings, 'start']), {
    stdio: 'ignore',
  });
  onCleanup(() => {
    try {
      execFileSync(...asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']), { stdio: 'ignore' });
    } catch {
      // already stopped
    }
    rmSync(folder, { recursive: true, force: true });
  });
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}
