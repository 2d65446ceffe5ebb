// Profiles the service under load on one route: starts `node --cpu-prof dist/main.js` (one process), drives it
// with autocannon, stops it and prints where the CPU went (self time by function and by package).
// Usage: node bench/profile-route.mjs <GET|POST> <path> [json-body] (BENCH_DURATION seconds, default 8;
// BENCH_CONNECTIONS, default 20). The .cpuprofile stays in the printed folder for a flame graph viewer.
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { assertBuilt, childEnv, createBenchAccount, root, runBench, startServer, stop, tempDir } from './lib.mjs';

const [method = 'GET', path = '/api/presets', body] = process.argv.slice(2);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

runBench(async () => {
  assertBuilt('run `npm run build` first');
  const dataDir = tempDir('atelier-profile-');
  const profileDir = mkdtempSync(join(tmpdir(), 'atelier-cpuprofile-'));
  const apiKey = createBenchAccount(dataDir);
  const server = await startServer({
    label: 'service',
    script: join(root, 'dist/main.js'),
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
    env: childEnv(dataDir, { ATELIER_API_PROCESSES: '1', ATELIER_RATE_LIMIT_ENABLED: 'false' }),
    cwd: dataDir,
  });
  const result = await autocannon({
    url: `${server.url}${path}`,
    method: /** @type {'GET' | 'POST'} */ (method),
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { 'x-api-key': apiKey, ...(body && { 'content-type': 'application/json' }) },
    body,
  });
  console.log(`${method} ${path}: ${result.requests.average.toFixed(0)} req/s, non-2xx ${result.non2xx}`);
  await stop(server.child);
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile in ${profileDir}`);
  summarise(JSON.parse(readFileSync(join(profileDir, file), 'utf8')));
  console.log(`\nprofile: ${join(profileDir, file)}`);
});

/** @param {{ nodes: { id: number, callFrame: { functionName: string, url: string, lineNumber: number }, hitCount?: number, children?: number[] }[], startTime: number, endTime: number }} profile */
function summarise(profile) {
  const total = profile.nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0);
  /** @type {Map<string, number>} */
  const byFunction = new Map();
  /** @type {Map<string, number>} */
  const byPackage = new Map();
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (!hits) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url.replace(`file://${root}`, '').replace(/^.*node_modules\//, 'node_modules/');
    const fn = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + hits);
    const pkg = where.startsWith('node_modules/')
      ? where.split('/').slice(0, where.startsWith('node_modules/@') ? 3 : 2).join('/')
      : where.startsWith('/dist/')
        ? where.split('/').slice(0, 3).join('/')
        : where || functionName;
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + hits);
  }
  const top = (/** @type {Map<string, number>} */ map, n) =>
    [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`);
  console.log(`\nself time by package/folder (${total} samples):\n${top(byPackage, 25).join('\n')}`);
  console.log(`\nself time by function:\n${top(byFunction, 40).join('\n')}`);
}
