// Throughput benchmark: the real service against a bare Fastify server serving the same payloads.
// Usage: npm run bench (or node bench/run.mjs after a build). BENCH_DURATION=<seconds> per measured run, default 10.
// Only prints; it never fails on slow numbers. It exits non-zero only if the bench itself cannot run.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = fileURLToPath(new URL('..', import.meta.url));
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = 2;
const CONNECTIONS = 50;
const GENERATE_BODY = JSON.stringify({ preset: 'blog-post', keywords: 'urban beekeeping', outputs: 1 });
const TARGETS = { presets: 0.7, generate: 0.5 };
// Every plan gets a limit no bench can reach, so the limiter runs on each request but never answers 429.
const HUGE_LIMIT_PLANS = JSON.stringify([
  { name: 'free', monthlyCredits: 100, monthlyTtsWords: 2000, advancedModel: false, premiumPresets: false, rateLimitPerMinute: 100_000_000 },
  { name: 'business', monthlyCredits: 10000, monthlyTtsWords: 250000, advancedModel: true, premiumPresets: true, rateLimitPerMinute: 100_000_000 },
]);

const children = new Set();
const tempDirs = [];

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Children get only our ATELIER_* settings and run outside the checkout, so neither the caller's
 *  environment nor a developer's .env (read from the working directory) changes what is measured. */
function childEnv(dataDir, extra = {}) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('ATELIER_')));
  return { ...env, LOG_LEVEL: 'warn', ATELIER_DATA_DIR: dataDir, ...extra };
}

function createBenchAccount(dataDir) {
  const args = ['accounts', 'create', '--email', 'bench@example.test', '--plan', 'business', '--credits', '100000000'];
  const out = execFileSync(process.execPath, [join(root, 'bin/atelier.mjs'), ...args], { cwd: dataDir, env: childEnv(dataDir) });
  const { api_key: apiKey } = JSON.parse(out.toString());
  if (!apiKey) throw new Error(`accounts create printed no api_key: ${out}`);
  return apiKey;
}

/** Starts `node <script>` and resolves with its base URL once GET /health answers 200. */
async function startServer(label, script, args, env, cwd) {
  const port = await freePort();
  const child = spawn(process.execPath, [script, ...args], { cwd, env: { ...env, HOST: '127.0.0.1', PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  child.once('exit', () => children.delete(child));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${label} exited with code ${child.exitCode}:\n${output}`);
    const ok = await fetch(`${url}/health`).then((r) => r.ok, () => false);
    if (ok) return { url, child };
    await sleep(100);
  }
  throw new Error(`${label} did not answer /health within 30 s:\n${output}`);
}

async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  if (await Promise.race([exited.then(() => true), sleep(5_000).then(() => false)])) return;
  child.kill('SIGKILL');
  await exited;
}

async function cleanup() {
  await Promise.all([...children].map(stop));
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}

async function startService(label, extraEnv) {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'atelier-bench-'));
  tempDirs.push(dataDir);
  const apiKey = createBenchAccount(dataDir);
  const env = childEnv(dataDir, extraEnv);
  const server = await startServer(label, join(root, 'dist/main.js'), [], env, dataDir);
  return { ...server, apiKey };
}

async function load(url, path, { method = 'GET', apiKey, body } = {}) {
  const headers = { ...(apiKey && { 'x-api-key': apiKey }), ...(body && { 'content-type': 'application/json' }) };
  const options = { url: url + path, method, headers, body, connections: CONNECTIONS };
  await autocannon({ ...options, duration: WARMUP });
  const r = await autocannon({ ...options, duration: DURATION });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx, total: r.requests.total };
}

async function main() {
  if (!(DURATION > 0)) throw new Error(`BENCH_DURATION must be a positive number of seconds, not ${process.env.BENCH_DURATION}`);
  if (!existsSync(join(root, 'dist/main.js'))) throw new Error('dist/main.js is missing: run `npm run build` first');

  const service = await startService('service', { ATELIER_RATE_LIMIT_ENABLED: 'false' });
  // Rate limiter cost: same route with the limiter on, in its own process and data dir, measured right after
  // the run without it so that drift in machine load affects both alike.
  const limited = await startService('rate-limited service', { ATELIER_RATE_LIMIT_ENABLED: 'true', ATELIER_PLANS: HUGE_LIMIT_PLANS });
  const auth = { apiKey: service.apiKey };
  const presetsRes = await fetch(`${service.url}/api/presets`, { headers: { 'x-api-key': service.apiKey } });
  const genRes = await fetch(`${service.url}/api/generate`, {
    method: 'POST',
    headers: { 'x-api-key': service.apiKey, 'content-type': 'application/json' },
    body: GENERATE_BODY,
  });
  if (!presetsRes.ok || !genRes.ok) throw new Error(`probe failed: presets ${presetsRes.status}, generate ${genRes.status}: ${await genRes.text()}`);
  const presets = await presetsRes.json();
  const [generated] = await genRes.json();

  const payloadDir = mkdtempSync(join(os.tmpdir(), 'atelier-bench-bare-'));
  tempDirs.push(payloadDir);
  const payloadFile = join(payloadDir, 'payload.json');
  writeFileSync(payloadFile, JSON.stringify({ presets, generatedName: generated.name }));
  const bare = await startServer('bare server', join(root, 'bench/bare-server.mjs'), [payloadFile], childEnv(payloadDir), payloadDir);

  const cpus = os.cpus();
  console.log(`Machine: ${cpus.length} x ${cpus[0]?.model ?? 'unknown CPU'}, ${os.platform()} ${os.release()}; Node ${process.version}`);
  // Other work on the machine skews every number; the load average says whether it was quiet.
  console.log(`Load average before the runs (1/5/15 min): ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}`);
  console.log(`autocannon: ${CONNECTIONS} connections, ${WARMUP} s warm-up (not counted) + ${DURATION} s per run; load generator in this process, each server in its own process`);
  console.log(`Presets payload: ${presets.total} presets, ${Buffer.byteLength(JSON.stringify(presets))} bytes; generate output name: ${generated.name.length} chars`);
  console.log('The service runs with ATELIER_RATE_LIMIT_ENABLED=false (the limiter would throttle at 3,000/min);');
  console.log('its cost is measured separately in the last row, on a second service process with a huge per-plan limit.');
  console.log('The bare server is plain Fastify with the same response bodies from memory: no auth, database or rate limiting.\n');

  const runs = [];
  const measure = async (label, url, path, opts) => {
    process.stdout.write(`  running ${label} ...`);
    const r = await load(url, path, opts);
    console.log(` ${r.total} requests, ${r.errors} errors, ${r.non2xx} non-2xx`);
    if (r.errors || r.non2xx) console.log(`  WARNING: ${label} had ${r.errors} errors and ${r.non2xx} non-2xx responses; its numbers are not valid`);
    runs.push(r);
    return r;
  };

  const bp = await measure('bare    GET  /api/presets', bare.url, '/api/presets');
  const sp = await measure('service GET  /api/presets', service.url, '/api/presets', auth);
  const sl = await measure('service GET  /api/presets (rate limit on)', limited.url, '/api/presets', { apiKey: limited.apiKey });
  const generate = { method: 'POST', body: GENERATE_BODY };
  const bg = await measure('bare    POST /api/generate', bare.url, '/api/generate', generate);
  const sg = await measure('service POST /api/generate', service.url, '/api/generate', { ...generate, ...auth });

  const rows = [
    ['GET /api/presets', bp, sp, TARGETS.presets],
    ['POST /api/generate', bg, sg, TARGETS.generate],
    ['GET /api/presets (rate limit on)', bp, sl, TARGETS.presets],
  ];
  const header = ['route', 'bare req/s', 'bare p99 ms', 'service req/s', 'service p99 ms', 'ratio', 'target', 'result'];
  const table = rows.map(([route, b, s, target]) => {
    const ratio = s.rps / b.rps;
    const valid = !(b.errors || b.non2xx || s.errors || s.non2xx);
    const verdict = ratio >= target ? 'meets' : 'below';
    return [route, b.rps.toFixed(0), String(b.p99), s.rps.toFixed(0), String(s.p99), ratio.toFixed(2), `>= ${target.toFixed(2)}`, valid ? verdict : `${verdict} (INVALID: errors)`];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd();
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of table) console.log(line(row));
  const cost = (1 - sl.rps / sp.rps) * 100;
  const costText = `${Math.abs(cost).toFixed(1)}% ${cost >= 0 ? 'fewer' : 'more, i.e. within run-to-run noise'}`;
  console.log(`\nRate limiter cost on GET /api/presets: ${sl.rps.toFixed(0)} req/s with it vs ${sp.rps.toFixed(0)} without (${costText}).`);
  if (runs.some((r) => r.errors || r.non2xx)) console.log('WARNING: some runs had errors or non-2xx responses (see above).');
}

for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]]) process.once(signal, () => cleanup().finally(() => process.exit(code)));
try {
  await main();
} catch (error) {
  console.error(`bench failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
