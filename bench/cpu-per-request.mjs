// CPU time per request of the service against a bare route sending the same bytes, from the server processes' own
// CPU counters (/proc/<pid>/stat): a figure that other work on the machine disturbs far less than throughput does,
// for comparing builds while the machine is busy. On an idle machine with the load generator on the other core,
// throughput follows CPU per request. Usage: node bench/cpu-per-request.mjs [requests] (default 40,000; 50
// connections); BENCH_ROUNDS, default 3. BENCH_OTHER_BUILD=<a checkout's folder, built> adds that build's service as a
// third side, to compare two builds in the same run. Linux only.
import { join } from 'node:path';
import autocannon from 'autocannon';
import {
  assertBuilt,
  childEnv,
  cpuMs,
  createBenchAccount,
  inAlternatingRounds,
  loadAverage,
  median,
  printMachine,
  runBench,
  startServer,
  startService,
  tempDir,
  startBareServer,
} from './lib.mjs';

const REQUESTS = Number(process.argv[2] ?? 40_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BODY = JSON.stringify({ preset: 'blog-post', keywords: 'urban beekeeping', outputs: 1 });
/**
 * @param {string} url
 * @param {number} pid
 * @param {string | undefined} apiKey
 */
async function cpuPerRequest(url, pid, apiKey) {
  const options = {
    url: `${url}/api/generate`,
    method: /** @type {const} */ ('POST'),
    headers: { 'content-type': 'application/json', ...(apiKey && { 'x-api-key': apiKey }) },
    body: BODY,
    connections: 50,
  };
  await autocannon({ ...options, amount: 5_000 });
  const before = cpuMs(pid);
  const r = await autocannon({ ...options, amount: REQUESTS });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return ((cpuMs(pid) - before) * 1000) / REQUESTS;
}

runBench(async () => {
  assertBuilt('run `npm run build` first');
  const service = await startService({ env: { ATELIER_RATE_LIMIT_ENABLED: 'false' } });
  const probe = await fetch(`${service.url}/api/generate`, {
    method: 'POST',
    headers: { 'x-api-key': service.apiKey, 'content-type': 'application/json' },
    body: BODY,
  });
  if (!probe.ok) throw new Error(`probe failed: ${probe.status} ${await probe.text()}`);
  const bare = await startBareServer({ generateBody: await probe.text() });
  const otherBuild = process.env.BENCH_OTHER_BUILD;
  const other = otherBuild && (await startOtherBuild(otherBuild));
  printMachine();
  console.log(`POST /api/generate, ${REQUESTS} requests per run at 50 connections; load average ${loadAverage()}`);
  const sides = [
    { label: 'bare', url: bare.url, pid: bare.child.pid ?? 0, apiKey: undefined },
    { label: 'service', url: service.url, pid: service.child.pid ?? 0, apiKey: service.apiKey },
    ...(other ? [{ label: `service of ${otherBuild}`, ...other }] : []),
  ];
  const [bareRuns = [], serviceRuns = [], otherRuns = []] = await inAlternatingRounds(
    sides,
    ROUNDS,
    ({ url, pid, apiKey }) => cpuPerRequest(url, pid, apiKey),
  );
  const b = median(bareRuns);
  const s = median(serviceRuns);
  console.log(`bare:    ${b.toFixed(1)} µs of CPU a request (${bareRuns.map((x) => x.toFixed(1)).join(' ')})`);
  console.log(`service: ${s.toFixed(1)} µs of CPU a request (${serviceRuns.map((x) => x.toFixed(1)).join(' ')})`);
  console.log(`bare ÷ service: ${(b / s).toFixed(2)}; load average ${loadAverage()}`);
  if (other) {
    const o = median(otherRuns);
    console.log(`${otherBuild}: ${o.toFixed(1)} µs of CPU a request (${otherRuns.map((x) => x.toFixed(1)).join(' ')})`);
    console.log(`bare ÷ ${otherBuild}: ${(b / o).toFixed(2)}; this build ÷ that one: ${(s / o).toFixed(2)}`);
  }
});

/** The service of another checkout's build, with the bench account made by that build's own command. */
async function startOtherBuild(/** @type {string} */ folder) {
  const dataDir = tempDir('atelier-bench-other-');
  const apiKey = createBenchAccount(dataDir, folder);
  const server = await startServer({
    label: `service of ${folder}`,
    script: join(folder, 'dist/main.js'),
    env: childEnv(dataDir, { ATELIER_API_PROCESSES: '1', ATELIER_RATE_LIMIT_ENABLED: 'false' }),
    cwd: dataDir,
  });
  return { url: server.url, pid: server.child.pid ?? 0, apiKey };
}
