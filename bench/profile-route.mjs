// Profiles the service under load on one route: starts `node --cpu-prof dist/main.js` (one process), drives it
// with autocannon, stops it and prints where the CPU went (self time by function and by package), counting
// only the samples taken during the measured run (not the start-up or the warm-up).
// Usage: node bench/profile-route.mjs <GET|POST> <path> [json-body] (BENCH_DURATION seconds, default 8;
// BENCH_CONNECTIONS, default 20; BENCH_WARMUP seconds, default 2). BENCH_IMAGES=n seeds n images for the
// bench account first (as bench/images.mjs does), and `{id}` in the path becomes a random id from 1 to n on
// each request, e.g. BENCH_IMAGES=100000 node bench/profile-route.mjs GET '/api/get-image?imageId={id}'.
// BENCH_RATE_LIMIT=true keeps the rate limiter on (every plan then gets a limit no run can reach).
// BENCH_UPSTREAM=fake starts bench/fake-openai.mjs and makes it the text provider (model `bench-model`), e.g.
// BENCH_UPSTREAM=fake node bench/profile-route.mjs POST /api/chat/completions \
//   '{"model":"bench-model","messages":[{"role":"user","content":"Hi"}],"max_tokens":64}'
// BENCH_BOT=true (with BENCH_UPSTREAM=fake) makes a bot with one document and puts its address for `{bot}` in the
// path, e.g. ... POST '/bot/{bot}/api' '{"message":"When should I inspect the hives?","stream":true}'
// It prints self time and total time (the function or any it called) by function, then the total time by source
// file and by source function of src/ (through the bundle's source maps), which name what the bundle's lines do not.
// The .cpuprofile stays in the printed folder for a flame graph viewer.
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import {
  assertBuilt,
  childEnv,
  createBenchAccount,
  loadAverage,
  root,
  runBench,
  startServer,
  stop,
  tempDir,
} from './lib.mjs';
import { seedImages } from './seed-images.mjs';

const [method = 'GET', pathTemplate = '/api/presets', body] = process.argv.slice(2);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const IMAGES = Number(process.env.BENCH_IMAGES ?? 0);
const RATE_LIMIT = process.env.BENCH_RATE_LIMIT === 'true';
const UPSTREAM = process.env.BENCH_UPSTREAM;
const BOT = process.env.BENCH_BOT === 'true';
if (BOT && !UPSTREAM) throw new Error('BENCH_BOT needs BENCH_UPSTREAM=fake: the bot answers through it');
if (UPSTREAM !== undefined && UPSTREAM !== 'fake') throw new Error('BENCH_UPSTREAM can only be "fake"');
const HUGE_LIMIT = 100_000_000;
const PLANS = [
  { name: 'free', monthlyCredits: 100, monthlyTtsWords: 2000, advancedModel: false, premiumPresets: false },
  { name: 'business', monthlyCredits: 10000, monthlyTtsWords: 250000, advancedModel: true, premiumPresets: true },
].map((plan) => ({ ...plan, rateLimitPerMinute: HUGE_LIMIT }));

/** The monotonic clock in microseconds: the clock V8's profile timestamps use, the same in every process. */
const nowMicros = () => Number(process.hrtime.bigint() / 1000n);

runBench(async () => {
  assertBuilt('run `npm run build` first');
  const dataDir = tempDir('atelier-profile-');
  const profileDir = mkdtempSync(join(tmpdir(), 'atelier-cpuprofile-'));
  const apiKey = createBenchAccount(dataDir);
  if (IMAGES > 0) seedImages(dataDir, IMAGES);
  const upstream = UPSTREAM && (await startFakeUpstream());
  const server = await startServer({
    label: 'service',
    script: join(root, 'dist/main.js'),
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
    env: childEnv(dataDir, {
      ATELIER_API_PROCESSES: '1',
      ATELIER_RATE_LIMIT_ENABLED: String(RATE_LIMIT),
      ...(RATE_LIMIT && { ATELIER_PLANS: JSON.stringify(PLANS) }),
      ...(upstream && {
        ATELIER_TEXT_PROVIDER: 'openai-compatible',
        ATELIER_TEXT_BASE_URL: `${upstream.url}/v1`,
        ATELIER_TEXT_MODEL: 'bench-model',
      }),
    }),
    cwd: dataDir,
  });
  const path = BOT ? pathTemplate.replace('{bot}', await makeBot(server.url, apiKey)) : pathTemplate;
  /** @type {import('autocannon').Options} */
  const options = {
    url: `${server.url}${path.replace('{id}', '1')}`,
    method: /** @type {'GET' | 'POST'} */ (method),
    connections: CONNECTIONS,
    headers: { 'x-api-key': apiKey, ...(body && { 'content-type': 'application/json' }) },
    body,
    ...(path.includes('{id}') && {
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            path: path.replace('{id}', String(1 + Math.floor(Math.random() * Math.max(1, IMAGES)))),
          }),
        },
      ],
    }),
  };
  if (WARMUP > 0) await autocannon({ ...options, duration: WARMUP });
  const from = nowMicros();
  const result = await autocannon({ ...options, duration: DURATION });
  const to = nowMicros();
  console.log(
    `${method} ${path}: ${result.requests.average.toFixed(0)} req/s, non-2xx ${result.non2xx}, errors ${result.errors}; load average ${loadAverage()}`,
  );
  await stop(server.child);
  if (upstream) await stop(upstream.child);
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile in ${profileDir}`);
  summarise(JSON.parse(readFileSync(join(profileDir, file), 'utf8')), from, to);
  console.log(`\nprofile: ${join(profileDir, file)}`);
});

/**
 * A bot with one short document, made through the API; its public_url (the path segment the bot routes take).
 * @param {string} url
 * @param {string} apiKey
 */
async function makeBot(url, apiKey) {
  const headers = { 'x-api-key': apiKey, 'content-type': 'application/json' };
  const post = async (/** @type {string} */ to, /** @type {object} */ body) => {
    const response = await fetch(`${url}${to}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`POST ${to} answered ${response.status}: ${await response.text()}`);
    return /** @type {{ id: string, public_url: string }} */ (await response.json());
  };
  const bot = await post('/api/bots', { name: 'Rooftop bees', instructions: 'Answer briefly.', model: 'bench-model' });
  await post(`/api/bots/${bot.id}/documents`, {
    title: 'Rooftop hives',
    content: 'Inspect the hives every seven to ten days from April to July, on a warm and still afternoon.',
  });
  return bot.public_url;
}

async function startFakeUpstream() {
  const dir = tempDir('atelier-profile-upstream-');
  return startServer({
    label: 'fake upstream',
    script: join(root, 'bench/fake-openai.mjs'),
    env: childEnv(dir, { FAKE_PACE_MS: '0' }),
    cwd: dir,
  });
}

/**
 * @typedef {object} Profile a V8 .cpuprofile
 * @property {{ id: number, children?: number[], callFrame: { functionName: string, url: string, lineNumber: number, columnNumber?: number } }[]} nodes
 * @property {number} startTime
 * @property {number[]} samples
 * @property {number[]} timeDeltas
 */

/**
 * Self time by function and by package of the samples taken between `from` and `to` (monotonic microseconds).
 * @param {Profile} profile
 * @param {number} from
 * @param {number} to
 */
function summarise(profile, from, to) {
  const whereOf = (/** @type {Profile['nodes'][number]} */ node) =>
    node.callFrame.url.replace(`file://${root}`, '/').replace(/^.*node_modules\//, 'node_modules/');
  const nameOf = (/** @type {Profile['nodes'][number]} */ node) =>
    `${node.callFrame.functionName || '(anonymous)'} ${whereOf(node)}:${node.callFrame.lineNumber + 1}`;
  /** @type {Map<number, number>} */
  const hitsOf = new Map();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at >= from && at <= to) hitsOf.set(id, (hitsOf.get(id) ?? 0) + 1);
  });
  const total = [...hitsOf.values()].reduce((sum, hits) => sum + hits, 0);
  if (!total) throw new Error('no sample of the profile falls within the measured run');
  /** @type {Map<string, number>} */
  const byFunction = new Map();
  /** @type {Map<string, number>} */
  const byPackage = new Map();
  for (const node of profile.nodes) {
    const hits = hitsOf.get(node.id) ?? 0;
    if (!hits) continue;
    const where = whereOf(node);
    const fn = nameOf(node);
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + hits);
    const pkg = where.startsWith('node_modules/')
      ? where
          .split('/')
          .slice(0, where.startsWith('node_modules/@') ? 3 : 2)
          .join('/')
      : where.startsWith('/dist/')
        ? where.split('/').slice(0, 3).join('/')
        : where || node.callFrame.functionName;
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + hits);
  }
  const top = (/** @type {Map<string, number>} */ map, /** @type {number} */ n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`);
  console.log(
    `\nself time by package/folder (${total} samples in the measured run):\n${top(byPackage, 25).join('\n')}`,
  );
  console.log(`\nself time by function:\n${top(byFunction, 40).join('\n')}`);
  console.log(
    `\ntotal time by function (itself and what it called):\n${top(totalByFunction(profile, hitsOf, nameOf), Number(process.env.BENCH_TOP ?? 50)).join('\n')}`,
  );
  const source = sourceNames();
  const fromSrc = (/** @type {Map<string, number>} */ map) =>
    new Map([...map].filter(([name]) => name.startsWith('src/')));
  const fileOf = (/** @type {Profile['nodes'][number]} */ node) => source(node).split(':')[0] ?? '';
  console.log(
    `\ntotal time by source file of src/:\n${top(fromSrc(totalByFunction(profile, hitsOf, fileOf)), 40).join('\n')}`,
  );
  console.log(
    `\ntotal time by source function of src/:\n${top(fromSrc(totalByFunction(profile, hitsOf, source)), Number(process.env.BENCH_TOP ?? 50)).join('\n')}`,
  );
  console.log(
    `\ntime by the innermost source function of src/ on the stack (its own and the libraries it called):\n${top(innermostSource(profile, hitsOf, source), Number(process.env.BENCH_TOP ?? 50)).join('\n')}`,
  );
}

/**
 * Each sample counted for the innermost function of src/ on its stack: what src/ code a cost is spent for, the
 * libraries and built-ins it called included. Samples with no src/ frame are counted by their own function.
 * @param {Profile} profile
 * @param {Map<number, number>} hitsOf
 * @param {(node: Profile['nodes'][number]) => string} nameOf
 */
function innermostSource(profile, hitsOf, nameOf) {
  const stackOf = stacks(profile);
  /** @type {Map<string, number>} */
  const totals = new Map();
  for (const [id, hits] of hitsOf) {
    const stack = stackOf(id);
    const own = stack[0];
    const name =
      stack.map(nameOf).find((named) => named.startsWith('src/')) ??
      (own ? `(outside src/) ${nameOf(own)}` : '(unknown)');
    totals.set(name, (totals.get(name) ?? 0) + hits);
  }
  return totals;
}

/**
 * The nodes on the stack of each sampled node of `profile`, innermost first.
 * @param {Profile} profile
 * @returns {(id: number) => Profile['nodes']}
 */
function stacks(profile) {
  /** @type {Map<number, number>} */
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  return (id) => {
    const stack = [];
    for (let node = byId.get(id); node; node = byId.get(parentOf.get(node.id) ?? Number.NaN)) stack.push(node);
    return stack;
  };
}

/**
 * A profile node's place in the sources (`src/modules/text/text.service.ts:44 generate`), read from the source map
 * beside the bundle; its place in the bundle when there is none.
 * @returns {(node: Profile['nodes'][number]) => string}
 */
function sourceNames() {
  /** @type {Map<string, SourceMap | null>} */
  const maps = new Map();
  const mapOf = (/** @type {string} */ url) => {
    if (!url.startsWith('file://')) return null;
    const file = `${url.slice('file://'.length)}.map`;
    if (!maps.has(file))
      maps.set(file, existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, 'utf8'))) : null);
    return maps.get(file) ?? null;
  };
  /** @type {Map<number, string>} */
  const names = new Map();
  return (node) => {
    const known = names.get(node.id);
    if (known !== undefined) return known;
    const { url, lineNumber, columnNumber, functionName } = node.callFrame;
    const entry = mapOf(url)?.findEntry(lineNumber, columnNumber ?? 0);
    const at =
      entry && 'originalSource' in entry
        ? `${entry.originalSource.replace(/^.*?\/(src|node_modules)\//, '$1/')}:${entry.originalLine + 1}`
        : `${url.replace(/^.*node_modules\//, 'node_modules/')}:${lineNumber + 1}`;
    const name = `${at} ${functionName || '(anonymous)'}`;
    names.set(node.id, name);
    return name;
  };
}

/**
 * Each function's samples counted once per stack it is on, however deep its recursion.
 * @param {Profile} profile
 * @param {Map<number, number>} hitsOf
 * @param {(node: Profile['nodes'][number]) => string} nameOf
 */
function totalByFunction(profile, hitsOf, nameOf) {
  const stackOf = stacks(profile);
  /** @type {Map<string, number>} */
  const totals = new Map();
  for (const [id, hits] of hitsOf) {
    for (const name of new Set(stackOf(id).map(nameOf))) totals.set(name, (totals.get(name) ?? 0) + hits);
  }
  return totals;
}
