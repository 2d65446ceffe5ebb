// Throughput benchmark: the real service against a bare Fastify server serving the same payloads.
// Usage: npm run bench (or node bench/run.mjs after a build). BENCH_DURATION=<seconds> per measured run, default 6;
// BENCH_ROUNDS, default 3: each route is measured on every side in turn, the order reversed every other round, so
// that drift in machine load hits all sides alike; the table gives each side's median and each round's ratio.
// Only prints; it never fails on slow numbers. It exits non-zero only if the bench itself cannot run.
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import {
  assertBuilt,
  inAlternatingRounds,
  loadAverage,
  median,
  printMachine,
  runBench,
  startService,
  tableLines,
  startBareServer,
} from './lib.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP = 2;
const CONNECTIONS = 50;
const GENERATE_BODY = JSON.stringify({ preset: 'blog-post', keywords: 'urban beekeeping', outputs: 1 });
// Issue 20's targets, against a baseline that sends the same bytes made once.
const TARGETS = { presets: 0.8, generate: 0.5 };
// Every plan gets a limit no bench can reach, so the limiter runs on each request but never answers 429.
const HUGE_LIMIT_PLANS = JSON.stringify([
  {
    name: 'free',
    monthlyCredits: 100,
    monthlyTtsWords: 2000,
    advancedModel: false,
    premiumPresets: false,
    rateLimitPerMinute: 100_000_000,
  },
  {
    name: 'business',
    monthlyCredits: 10000,
    monthlyTtsWords: 250000,
    advancedModel: true,
    premiumPresets: true,
    rateLimitPerMinute: 100_000_000,
  },
]);

/** @typedef {{ method?: import('autocannon').Request['method'], apiKey?: string, body?: string }} LoadOptions */

/**
 * @param {string} url
 * @param {string} path
 * @param {LoadOptions} [options]
 */
async function load(url, path, { method = 'GET', apiKey, body } = {}) {
  const headers = { ...(apiKey && { 'x-api-key': apiKey }), ...(body && { 'content-type': 'application/json' }) };
  /** @type {import('autocannon').Options} */
  const options = { url: url + path, method, headers, body, connections: CONNECTIONS };
  await autocannon({ ...options, duration: WARMUP });
  const r = await autocannon({ ...options, duration: DURATION });
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    total: r.requests.total,
  };
}

/** @typedef {Awaited<ReturnType<typeof load>>} LoadResult */

async function main() {
  if (!(DURATION > 0))
    throw new Error(`BENCH_DURATION must be a positive number of seconds, not ${process.env.BENCH_DURATION}`);
  if (!(Number.isInteger(ROUNDS) && ROUNDS >= 1))
    throw new Error(`BENCH_ROUNDS must be a whole number of at least 1, not ${process.env.BENCH_ROUNDS}`);
  assertBuilt('run `npm run build` first');

  const service = await startService({ env: { ATELIER_RATE_LIMIT_ENABLED: 'false' } });
  // The same service as `atelier serve` runs it by default: one HTTP process per core (and a worker process).
  const processes = availableParallelism();
  const clustered = await startService({
    label: 'service on all cores',
    env: { ATELIER_RATE_LIMIT_ENABLED: 'false', ATELIER_API_PROCESSES: String(processes) },
  });
  // Rate limiter cost: same route with the limiter on, in its own process and data dir, measured right after
  // the run without it so that drift in machine load affects both alike.
  const limited = await startService({
    label: 'rate-limited service',
    env: { ATELIER_RATE_LIMIT_ENABLED: 'true', ATELIER_PLANS: HUGE_LIMIT_PLANS },
  });
  const auth = { apiKey: service.apiKey };
  const presetsRes = await fetch(`${service.url}/api/presets`, { headers: { 'x-api-key': service.apiKey } });
  const genRes = await fetch(`${service.url}/api/generate`, {
    method: 'POST',
    headers: { 'x-api-key': service.apiKey, 'content-type': 'application/json' },
    body: GENERATE_BODY,
  });
  if (!presetsRes.ok || !genRes.ok)
    throw new Error(`probe failed: presets ${presetsRes.status}, generate ${genRes.status}: ${await genRes.text()}`);
  // The bare server sends these same bodies, byte for byte, made once.
  const presetsBody = await presetsRes.text();
  const generateBody = await genRes.text();
  const presets = /** @type {{ total: number }} */ (JSON.parse(presetsBody));
  const [generated] = /** @type {{ name: string }[]} */ (JSON.parse(generateBody));
  if (!generated) throw new Error('probe failed: POST /api/generate answered no output');

  const bare = await startBareServer({ presetsBody, generateBody });

  printMachine();
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${WARMUP} s warm-up (not counted) + ${DURATION} s per run; load generator in this process, each server in its own process`,
  );
  console.log(
    `Presets payload: ${presets.total} presets, ${Buffer.byteLength(presetsBody)} bytes; generate answer: ${Buffer.byteLength(generateBody)} bytes`,
  );
  console.log(
    `The service runs as one HTTP process, and again as ${processes} (ATELIER_API_PROCESSES, the default: one per core) in the last rows;`,
  );
  console.log('both with ATELIER_RATE_LIMIT_ENABLED=false (the limiter would throttle at 3,000/min);');
  console.log(
    'its cost is measured separately in the last row, on a second service process with a huge per-plan limit.',
  );
  console.log(
    'The bare server is plain Fastify sending the same response bodies from memory (bytes made once): no auth, database or rate limiting.\n',
  );

  /** @type {LoadResult[]} */
  const runs = [];
  /**
   * Each side in turn, ROUNDS times; every side's runs.
   * @param {string} path
   * @param {{ label: string, url: string, opts?: LoadOptions }[]} sides
   */
  const measure = async (path, sides) => {
    console.log(
      `  ${path}: ${ROUNDS} rounds of ${sides.map((side) => side.label).join(', ')}; load average ${loadAverage()}`,
    );
    return inAlternatingRounds(sides, ROUNDS, async ({ label, url, opts }) => {
      const r = await load(url, path, opts);
      if (r.errors || r.non2xx)
        console.log(
          `  WARNING: ${label} had ${r.errors} errors and ${r.non2xx} non-2xx responses; its numbers are not valid`,
        );
      runs.push(r);
      return r;
    });
  };

  const clusteredAuth = { apiKey: clustered.apiKey };
  const [bp = [], sp = [], sl = [], cp = []] = await measure('/api/presets', [
    { label: 'bare', url: bare.url },
    { label: 'service', url: service.url, opts: auth },
    { label: 'service with the rate limiter', url: limited.url, opts: { apiKey: limited.apiKey } },
    { label: `service x${processes}`, url: clustered.url, opts: clusteredAuth },
  ]);
  /** @type {LoadOptions} */
  const generate = { method: 'POST', body: GENERATE_BODY };
  const [bg = [], sg = [], cg = []] = await measure('/api/generate', [
    { label: 'bare', url: bare.url, opts: generate },
    { label: 'service', url: service.url, opts: { ...generate, ...auth } },
    { label: `service x${processes}`, url: clustered.url, opts: { ...generate, ...clusteredAuth } },
  ]);

  /** @type {[route: string, bare: LoadResult[], service: LoadResult[], target: number][]} */
  const rows = [
    ['GET /api/presets', bp, sp, TARGETS.presets],
    ['POST /api/generate', bg, sg, TARGETS.generate],
    ['GET /api/presets (rate limit on)', bp, sl, TARGETS.presets],
    [`GET /api/presets, ${processes} HTTP processes`, bp, cp, TARGETS.presets],
    [`POST /api/generate, ${processes} HTTP processes`, bg, cg, TARGETS.generate],
  ];
  const rps = (/** @type {LoadResult[]} */ side) => median(side.map((r) => r.rps));
  const p99 = (/** @type {LoadResult[]} */ side) => median(side.map((r) => r.p99));
  const header = [
    'route (medians)',
    'bare req/s',
    'bare p99 ms',
    'service req/s',
    'service p99 ms',
    'ratio',
    'each round',
    'target',
    'result',
  ];
  const table = rows.map(([route, b, s, target]) => {
    const ratio = rps(s) / rps(b);
    const valid = ![...b, ...s].some((r) => r.errors || r.non2xx);
    const verdict = ratio >= target ? 'meets' : 'below';
    return [
      route,
      rps(b).toFixed(0),
      String(p99(b)),
      rps(s).toFixed(0),
      String(p99(s)),
      ratio.toFixed(2),
      s.map((r, i) => (r.rps / (b[i]?.rps ?? Number.NaN)).toFixed(2)).join(' '),
      `>= ${target.toFixed(2)}`,
      valid ? verdict : `${verdict} (INVALID: errors)`,
    ];
  });
  console.log(`\n${tableLines(header, table, { alignLeft: [0, header.length - 1] }).join('\n')}`);
  const cost = (1 - rps(sl) / rps(sp)) * 100;
  const costText = `${Math.abs(cost).toFixed(1)}% ${cost >= 0 ? 'fewer' : 'more, i.e. within run-to-run noise'}`;
  console.log(
    `\nRate limiter cost on GET /api/presets: ${rps(sl).toFixed(0)} req/s with it vs ${rps(sp).toFixed(0)} without (${costText}).`,
  );
  if (runs.some((r) => r.errors || r.non2xx))
    console.log('WARNING: some runs had errors or non-2xx responses (see above).');
}

await runBench(main);
