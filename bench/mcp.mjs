// MCP benchmark: tools/call generate_text (builtin engine) per second over MCP (POST /mcp, one JSON-RPC
// call per request, stateless) against the same generation through POST /api/generate, same service,
// same run, alternating. Usage: npm run bench:mcp. BENCH_DURATION (s per run, default 10), BENCH_ROUNDS (default 3).
// Besides requests/s it prints the service's CPU time per request (Linux /proc), which other work on the
// machine moves much less than throughput. Only prints; never fails on slow numbers.
import autocannon from 'autocannon';
import { assertBuilt, cpuMs, loadAverage, median, printMachine, runBench, startService, tableLines } from './lib.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 20;
const ARGS = { preset: 'blog-post', keywords: 'urban beekeeping', outputs: 1 };
const MCP_BODY = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'generate_text', arguments: ARGS },
});
const HTTP_BODY = JSON.stringify(ARGS);

/**
 * @param {import('./lib.mjs').Service} service
 * @param {string} path
 * @param {string} body
 * @param {Record<string, string>} [headers]
 */
async function load({ url, apiKey, child }, path, body, headers = {}) {
  /** @type {import('autocannon').Options} */
  const options = {
    url: url + path,
    method: 'POST',
    connections: CONNECTIONS,
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json', ...headers },
    body,
  };
  await autocannon({ ...options, duration: 2 });
  const before = cpuMs(child.pid);
  const r = await autocannon({ ...options, duration: DURATION });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: r.errors + r.timeouts + r.non2xx,
    cpuUs: ((cpuMs(child.pid) - before) * 1000) / r.requests.total,
  };
}

/** @typedef {Awaited<ReturnType<typeof load>>} LoadResult */

async function main() {
  assertBuilt('run `npm run build` first');
  const service = await startService({ env: { ATELIER_RATE_LIMIT_ENABLED: 'false' } });
  const mcpHeaders = { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
  const probe = await fetch(`${service.url}/mcp`, {
    method: 'POST',
    headers: { 'x-api-key': service.apiKey, 'content-type': 'application/json', ...mcpHeaders },
    body: MCP_BODY,
  });
  // A JSON-RPC response: a result, or an error (printed whole below).
  const answer = /** @type {{ result?: { isError?: boolean } }} */ (await probe.json());
  if (!probe.ok || answer.result?.isError || !answer.result)
    throw new Error(`MCP probe failed: ${probe.status} ${JSON.stringify(answer).slice(0, 300)}`);

  printMachine();
  console.log(
    `autocannon ${CONNECTIONS} connections, 2 s warm-up + ${DURATION} s per run, ${ROUNDS} rounds alternating; builtin text engine; each MCP request is one stateless tools/call (no initialize), JSON response.\n`,
  );
  /** @type {string[][]} */
  const rows = [];
  /** @type {{ http: LoadResult[], mcp: LoadResult[] }} */
  const runs = { http: [], mcp: [] };
  for (let round = 0; round < ROUNDS; round++) {
    runs.http.push(await load(service, '/api/generate', HTTP_BODY));
    runs.mcp.push(await load(service, '/mcp', MCP_BODY, mcpHeaders));
  }
  /** @param {LoadResult[]} list not empty */
  const best = (list) => list.reduce((a, b) => (b.rps > a.rps ? b : a));
  const http = best(runs.http);
  const mcp = best(runs.mcp);
  /** @param {LoadResult[]} list */
  const cpu = (list) => median(list.map((r) => r.cpuUs));
  rows.push([
    'POST /api/generate',
    http.rps.toFixed(0),
    String(http.p50),
    String(http.p99),
    '',
    cpu(runs.http).toFixed(0),
    '',
  ]);
  rows.push([
    'MCP tools/call generate_text',
    mcp.rps.toFixed(0),
    String(mcp.p50),
    String(mcp.p99),
    (mcp.rps / http.rps).toFixed(2),
    cpu(runs.mcp).toFixed(0),
    (cpu(runs.http) / cpu(runs.mcp)).toFixed(2),
  ]);
  const header = [`route (best of ${ROUNDS} alternating runs)`, 'req/s', 'p50 ms', 'p99 ms', 'ratio to HTTP'];
  console.log(
    tableLines([...header, 'CPU µs/req (median)', 'HTTP/MCP CPU'], rows, {
      alignLeft: [0],
    }).join('\n'),
  );
  if (http.bad || mcp.bad) console.log(`WARNING: errors or non-2xx (http ${http.bad}, mcp ${mcp.bad})`);
  console.log(
    `\nAll runs (req/s): http ${runs.http.map((r) => r.rps.toFixed(0)).join(', ')}; mcp ${runs.mcp.map((r) => r.rps.toFixed(0)).join(', ')}`,
  );
  console.log(
    `All runs (service CPU µs/req): http ${runs.http.map((r) => r.cpuUs.toFixed(0)).join(', ')}; mcp ${runs.mcp.map((r) => r.cpuUs.toFixed(0)).join(', ')}`,
  );
  console.log(`Load average after the runs: ${loadAverage()}`);
}

await runBench(main);
