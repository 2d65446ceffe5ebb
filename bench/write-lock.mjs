// Another program holds the SQLite file's write lock (BEGIN EXCLUSIVE, as `sqlite3 .backup`, the CLI or a long
// transaction would) while requests and background writes run, against the default cluster (`npm start`).
// Prints, for a window with the lock free and one with it held (10 s and 60 s by default, or the durations given in
// seconds as arguments): /health and read latencies, what the writes answered, and whether the credits are exact.
// Usage: node bench/write-lock.mjs [seconds ...]
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import {
  assertBuilt,
  loadAverage,
  median,
  percentile,
  printMachine,
  runBench,
  startService,
  tableLines,
} from './lib.mjs';

const HEALTH_EVERY_MS = 20;
const READ_EVERY_MS = 100;
const WRITE_EVERY_MS = 250;

await runBench(async () => {
  assertBuilt('run `npm run build` (or `node scripts/setup.mjs`) first');
  const holds = (process.argv.slice(2).length ? process.argv.slice(2).map(Number) : [10, 60]).map((s) => s * 1000);
  printMachine();
  const processes = String(os.availableParallelism());
  const service = await startService({ label: 'atelier', env: { ATELIER_API_PROCESSES: processes } });
  const file = join(service.dataDir, 'atelier.db');
  const headers = { 'x-api-key': service.apiKey, 'content-type': 'application/json' };
  const balance = async () =>
    /** @type {{ credits: { balance: number } }} */ (
      await (await fetch(`${service.url}/api/account`, { headers })).json()
    ).credits.balance;
  const generate = () =>
    fetch(`${service.url}/api/generate`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ preset: 'blog-post', keywords: 'urban beekeeping', outputs: 1 }),
    });
  const before = await balance();
  await generate();
  const cost = before - (await balance());
  console.log(
    `service: ${processes} HTTP processes and a worker (default cluster); one generate costs ${cost} credits`,
  );

  /** @param {number} ms @param {boolean} locked */
  async function window(ms, locked) {
    const start = await balance();
    /** @type {SqliteDatabase.Database | undefined} */
    let theirs;
    if (locked) {
      theirs = new SqliteDatabase(file);
      theirs.pragma('busy_timeout = 10000');
      theirs.exec('begin exclusive');
    }
    const end = performance.now() + ms;
    /** @param {number} every @param {() => Promise<unknown>} probe */
    const probing = async (every, probe) => {
      /** @type {number[]} */
      const times = [];
      while (performance.now() < end) {
        const sent = performance.now();
        await probe();
        times.push(performance.now() - sent);
        await sleep(every);
      }
      return times;
    };
    /** @type {Promise<{ status: number, ms: number }>[]} */
    const writes = [];
    const writer = (async () => {
      while (performance.now() < end) {
        const sent = performance.now();
        writes.push(
          generate().then(async (r) => {
            await r.arrayBuffer();
            return { status: r.status, ms: performance.now() - sent };
          }),
        );
        await sleep(WRITE_EVERY_MS);
      }
    })();
    const [health, reads] = await Promise.all([
      probing(HEALTH_EVERY_MS, () => fetch(`${service.url}/health`).then((r) => r.arrayBuffer())),
      probing(READ_EVERY_MS, () => fetch(`${service.url}/api/account`, { headers }).then((r) => r.arrayBuffer())),
      writer,
    ]);
    const released = performance.now();
    if (theirs) {
      theirs.exec('commit');
      theirs.close();
    }
    const outcomes = await Promise.all(writes);
    const firstWriteAfter = await (async () => {
      const sent = performance.now();
      const r = await generate();
      await r.arrayBuffer();
      return { status: r.status, ms: performance.now() - released, took: performance.now() - sent };
    })();
    const ok = outcomes.filter((o) => o.status === 200).length + (firstWriteAfter.status === 200 ? 1 : 0);
    const refused = outcomes.filter((o) => o.status === 503);
    const spent = start - (await balance());
    return { health, reads, outcomes, ok, refused, spent, exact: spent === ok * cost, firstWriteAfter };
  }

  for (const hold of holds) {
    const free = Math.min(hold, 10_000);
    console.log(`\nLoad average before (1/5/15 min): ${loadAverage()}`);
    const rows = [];
    for (const [label, ms, locked] of /** @type {const} */ ([
      [`free ${free / 1000} s`, free, false],
      [`held ${hold / 1000} s`, hold, true],
    ])) {
      const r = await window(ms, locked);
      const fmt = (/** @type {number | undefined} */ x) => (x === undefined ? '-' : x.toFixed(1));
      rows.push([
        label,
        `${r.health.length}`,
        fmt(median(r.health)),
        fmt(percentile(r.health, 99)),
        fmt(Math.max(...r.health)),
        fmt(median(r.reads)),
        fmt(Math.max(...r.reads)),
        `${r.outcomes.length}`,
        `${r.outcomes.filter((o) => o.status === 200).length}`,
        `${r.refused.length}`,
        fmt(median(r.refused.map((o) => o.ms))),
        fmt(r.refused.length ? Math.max(...r.refused.map((o) => o.ms)) : undefined),
        fmt(Math.max(...r.outcomes.filter((o) => o.status === 200).map((o) => o.ms))),
        `${r.outcomes.filter((o) => o.status !== 200 && o.status !== 503).length}`,
        r.exact ? 'yes' : `NO (${r.spent} spent)`,
      ]);
    }
    for (const line of tableLines(
      [
        'window',
        '/health n',
        'p50 ms',
        'p99 ms',
        'max ms',
        'read p50',
        'read max',
        'writes',
        '200',
        '503',
        '503 after ms',
        '503 max ms',
        '200 max ms',
        'other',
        'credits exact',
      ],
      rows,
      { alignLeft: [0] },
    ))
      console.log(line);
  }
});
