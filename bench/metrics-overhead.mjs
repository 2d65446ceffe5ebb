// The cost of /metrics' request hook (one histogram observation per request) on a cheap route: GET /api/presets
// on two service processes, one with ATELIER_METRICS=true (the default) and one with ATELIER_METRICS=false,
// measured in alternation so that drift in machine load affects both alike.
// Usage: node bench/metrics-overhead.mjs after a build. BENCH_DURATION=<seconds> per run (default 5), BENCH_ROUNDS (default 3).
// Only prints; it never fails on slow numbers.
import autocannon from 'autocannon';
import { assertBuilt, cpuMs, loadAverage, median, printMachine, runBench, startService, tableLines } from './lib.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;

/**
 * @param {import('./lib.mjs').Service} service
 * @param {number} duration seconds
 */
async function load({ url, apiKey, child }, duration) {
  const before = cpuMs(child.pid);
  const r = await autocannon({
    url: `${url}/api/presets`,
    headers: { 'x-api-key': apiKey },
    connections: CONNECTIONS,
    duration,
  });
  if (r.errors + r.timeouts + r.non2xx > 0)
    throw new Error(`errors: ${r.errors}, timeouts: ${r.timeouts}, non-2xx: ${r.non2xx}`);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpuUs: ((cpuMs(child.pid) - before) * 1000) / r.requests.total,
  };
}

/** @typedef {Awaited<ReturnType<typeof load>>} LoadResult */

async function main() {
  assertBuilt('run `npm run build` first');
  // /metrics is private by default; the scrape below reads it without a token.
  const common = { ATELIER_RATE_LIMIT_ENABLED: 'false', ATELIER_OPERATIONS_PUBLIC: 'true' };
  const on = await startService({ label: 'metrics on', env: { ...common, ATELIER_METRICS: 'true' } });
  const off = await startService({ label: 'metrics off', env: { ...common, ATELIER_METRICS: 'false' } });
  printMachine();
  console.log(
    `autocannon: GET /api/presets, ${CONNECTIONS} connections, 1 s warm-up + ${DURATION} s per run, ${ROUNDS} rounds alternating on/off\n`,
  );
  for (const s of [on, off]) await load(s, 1);
  /** @type {{ on: LoadResult[], off: LoadResult[] }} */
  const results = { on: [], off: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    /** @type {['on' | 'off', import('./lib.mjs').Service][]} */
    const order =
      round % 2 === 0
        ? [
            ['on', on],
            ['off', off],
          ]
        : [
            ['off', off],
            ['on', on],
          ];
    for (const [name, s] of order) results[name].push(await load(s, DURATION));
  }
  const scraped = await (await fetch(`${on.url}/metrics`)).text();
  const counted =
    /atelier_http_request_duration_seconds_count\{route="\/api\/presets",method="GET",status_class="2xx"\} (\d+)/.exec(
      scraped,
    )?.[1];
  /** @param {'on' | 'off'} name */
  const row = (name) => {
    const rs = results[name];
    const cpu = rs.map((r) => r.cpuUs);
    return [
      name,
      median(rs.map((r) => r.rps)).toFixed(0),
      rs.map((r) => r.rps.toFixed(0)).join(' / '),
      `${median(rs.map((r) => r.p50))} ms`,
      `${median(rs.map((r) => r.p99))} ms`,
      median(cpu).toFixed(1),
      cpu.map((c) => c.toFixed(1)).join(' / '),
    ];
  };
  const header = ['metrics', 'median req/s', 'runs', 'p50', 'p99', 'server CPU µs/req', 'runs'];
  for (const line of tableLines(header, [row('on'), row('off')], { alignLeft: [0, 2, 6] })) console.log(line);
  const ratio = median(results.on.map((r) => r.rps)) / median(results.off.map((r) => r.rps));
  const cpuDelta = median(results.on.map((r) => r.cpuUs)) - median(results.off.map((r) => r.cpuUs));
  console.log(
    `\nThroughput with metrics / without: ${ratio.toFixed(3)}; server CPU per request, with minus without: ${cpuDelta.toFixed(1)} µs`,
  );
  console.log(
    'Two processes on a shared 2-core machine differ by more than the hook costs: read the ratio with the load average.',
  );
  console.log(`Requests counted by the metrics process for GET /api/presets: ${counted}`);
  console.log(`Load average after the runs: ${loadAverage()}`);
}

await runBench(main);
