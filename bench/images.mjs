// Images and video benchmark:
//  1. GET /api/get-image on a table of 100,000 images (random ids) against a bare Fastify route answering
//     the same record from memory (target: >= 0.6 of it);
//  2. builtin image generation latency through the service (POST with waitForResult) against the builtin
//     engine called directly in this process, for the same sizes;
//  3. the time to produce a 5 s 16:9 video (create -> first poll that sees it completed), against 5 s.
// Usage: npm run bench:images. BENCH_DURATION (s per HTTP run, default 8), BENCH_ROUNDS (get-image rounds, each
// running both sides, alternating which goes first; default 4), BENCH_IMAGES (table size, default 100000),
// BENCH_RUNS (latency samples, default 5; 0: only the get-image runs). Only prints; never fails on slow numbers.
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import {
  assertBuilt,
  childEnv,
  createBenchAccount,
  inAlternatingRounds,
  loadAverage,
  median,
  printMachine,
  root,
  runBench,
  startServer,
  tableLines,
  tempDir,
  timeMs,
  startBareServer,
} from './lib.mjs';
import { seedImages } from './seed-images.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const IMAGES = Number(process.env.BENCH_IMAGES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CONNECTIONS = 50;
const TARGET = 0.6;

/**
 * @param {string} url
 * @param {string} [apiKey]
 */
async function load(url, apiKey) {
  /** @type {import('autocannon').Options} */
  const options = {
    url,
    connections: CONNECTIONS,
    headers: apiKey ? { 'x-api-key': apiKey } : {},
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          path: `/api/get-image?imageId=${1 + Math.floor(Math.random() * IMAGES)}`,
        }),
      },
    ],
  };
  await autocannon({ ...options, duration: 2 });
  const r = await autocannon({ ...options, duration: DURATION });
  return { rps: r.requests.average, p99: r.latency.p99, bad: r.errors + r.timeouts + r.non2xx };
}

/**
 * POSTs `body` as JSON; resolves with the parsed answer, throws unless it is 2xx.
 * @param {import('./lib.mjs').Service} service
 * @param {string} path
 * @param {object} body
 * @returns {Promise<unknown>}
 */
async function post(service, path, body) {
  const response = await fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { 'x-api-key': service.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

async function main() {
  if (!(Number.isInteger(ROUNDS) && ROUNDS >= 1))
    throw new Error(`BENCH_ROUNDS must be a whole number of at least 1, not ${process.env.BENCH_ROUNDS}`);
  assertBuilt('run `npm run build` first');
  const dataDir = tempDir('atelier-bench-images-');
  const apiKey = createBenchAccount(dataDir);
  const seeding = await timeMs(async () => seedImages(dataDir, IMAGES));
  const started = await startServer({
    label: 'service',
    script: join(root, 'dist/main.js'),
    // One process, as the bare server is (and as startService starts the other benches' services).
    env: childEnv(dataDir, {
      ATELIER_API_PROCESSES: '1',
      ATELIER_RATE_LIMIT_ENABLED: 'false',
      ATELIER_JOB_POLL_MS: '50',
    }),
    cwd: dataDir,
  });
  const service = { ...started, apiKey, dataDir };

  // A GET /api/get-image body, served back as is by the bare server.
  const sample = /** @type {{ image_url?: string }} */ (
    await (await fetch(`${service.url}/api/get-image?imageId=1`, { headers: { 'x-api-key': apiKey } })).json()
  );
  if (!sample.image_url) throw new Error(`get-image probe failed: ${JSON.stringify(sample)}`);
  const bare = await startBareServer({ image: sample });

  printMachine();
  console.log(
    `Images table: ${IMAGES.toLocaleString('en')} rows (seeded in ${(seeding / 1000).toFixed(1)} s); random ids; autocannon ${CONNECTIONS} connections, 2 s warm-up + ${DURATION} s per run, ${ROUNDS} rounds.`,
  );
  console.log(
    'The bare server is plain Fastify answering the same record from memory: no auth, database, validation or rate limit.\n',
  );
  const [bareRuns = [], serviceRuns = []] = await inAlternatingRounds(
    [() => load(bare.url), () => load(service.url, apiKey)],
    ROUNDS,
    (run) => run(),
  );
  const rps = (/** @type {{ rps: number }[]} */ runs) => median(runs.map((r) => r.rps));
  const p99 = (/** @type {{ p99: number }[]} */ runs) => median(runs.map((r) => r.p99));
  const ratio = rps(serviceRuns) / rps(bareRuns);
  const perRound = serviceRuns.map((s, i) => s.rps / (bareRuns[i]?.rps ?? NaN));
  const rows = [
    ['bare Fastify', rps(bareRuns).toFixed(0), String(p99(bareRuns)), ''],
    [
      'service GET /api/get-image',
      rps(serviceRuns).toFixed(0),
      String(p99(serviceRuns)),
      `${ratio.toFixed(2)} (target >= ${TARGET}: ${ratio >= TARGET ? 'meets' : 'below'})`,
    ],
  ];
  console.log(`Medians of ${ROUNDS} rounds (each: both sides, which goes first alternating):`);
  console.log(tableLines(['', 'req/s', 'p99 ms', 'ratio'], rows, { alignLeft: [0, 3] }).join('\n'));
  console.log(`Ratio in each round: ${perRound.map((r) => r.toFixed(2)).join(', ')}`);
  const bad = [...bareRuns, ...serviceRuns].reduce((sum, r) => sum + r.bad, 0);
  if (bad) console.log(`WARNING: ${bad} errors or non-2xx answers; the numbers are not valid`);

  if (RUNS < 1) {
    console.log(`\nBENCH_RUNS=0: no generation latency or video runs. Load average after the runs: ${loadAverage()}`);
    return;
  }

  // Builtin generation: the engine in this process vs the whole service path (HTTP, credits, job, worker, blob, record).
  const { BuiltinImageModel } = /** @type {typeof import('../src/engines/adapters/builtin/builtin-image-model.js')} */ (
    await import(join(root, 'dist/engines/adapters/builtin/builtin-image-model.js'))
  );
  const engine = new BuiltinImageModel();
  console.log(
    `\nBuiltin image generation, median of ${RUNS} after a warm-up (service: POST /api/generate-image with waitForResult)`,
  );
  /** @type {string[][]} */
  const latency = [];
  /** @type {[width: number, height: number][]} */
  const sizes = [
    [512, 512],
    [1024, 1024],
    [1792, 1024],
  ];
  for (const [width, height] of sizes) {
    const options = { prompt: 'A lighthouse on a cliff at sunset, watercolor', width, height, hd: false, seed: 7 };
    await engine.doGenerate(options);
    /** @type {number[]} */
    const direct = [];
    for (let i = 0; i < RUNS; i++) direct.push(await timeMs(() => engine.doGenerate({ ...options, seed: i })));
    const body = { prompt: options.prompt, model: 'builtin', dimensions: `${width}x${height}`, waitForResult: true };
    await post(service, '/api/generate-image', body);
    /** @type {number[]} */
    const through = [];
    for (let i = 0; i < RUNS; i++) {
      through.push(
        await timeMs(async () => {
          const [record] = /** @type {{ id: number, status: string, error?: string }[]} */ (
            await post(service, '/api/generate-image', body)
          );
          if (!record) throw new Error('POST /api/generate-image answered no image');
          if (record.status !== 'completed')
            throw new Error(`image ${record.id} is ${record.status}: ${record.error ?? ''}`);
        }),
      );
    }
    const d = median(direct);
    const t = median(through);
    latency.push([`${width}x${height}`, d.toFixed(0), t.toFixed(0), `+${(t - d).toFixed(0)} ms`]);
  }
  console.log(tableLines(['size', 'engine ms', 'service ms', 'service cost'], latency, { alignLeft: [0] }).join('\n'));

  console.log(
    `\nVideo: 5 s, 16:9 (1280x720, narrated, captioned), create -> first 50 ms poll that sees it completed; median of ${Math.min(RUNS, 3)}`,
  );
  /** @type {number[]} */
  const videoTimes = [];
  for (let i = 0; i < Math.min(RUNS, 3); i++) {
    videoTimes.push(
      await timeMs(async () => {
        const { id } = /** @type {{ id: number }} */ (
          await post(service, '/api/generate-video', {
            prompt: 'A sunrise over the mountains. Birds fly across the valley. The town wakes up.',
            model: 'builtin',
            duration: '5',
            aspectRatio: '16:9',
          })
        );
        for (;;) {
          const { video } = /** @type {{ video: { status: string, error?: string } }} */ (
            await (
              await fetch(`${service.url}/api/get-video?video_id=${id}`, { headers: { 'x-api-key': apiKey } })
            ).json()
          );
          if (video.status === 'failed') throw new Error(`video failed: ${video.error}`);
          if (video.status === 'completed') return;
          await sleep(50);
        }
      }),
    );
  }
  const v = median(videoTimes) / 1000;
  console.log(
    `  ${videoTimes.map((ms) => (ms / 1000).toFixed(2)).join(' s, ')} s -> median ${v.toFixed(2)} s = ${(v / 5).toFixed(2)}x real time (${(5 / v).toFixed(1)} s of video per second of work)`,
  );
  console.log(`\nLoad average after the runs: ${loadAverage()}`);
}

await runBench(main);
