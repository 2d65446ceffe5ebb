// Dashboard benchmark: server-rendered pages for a logged-in browser (session cookie) against a bare Fastify
// route sending the same HTML from memory, the weight of each page with its scripts and styles, and the
// time a log-in takes (scrypt is meant to be slow). No target is set for the dashboard: the figures are for
// watching. Usage: npm run bench:dashboard. BENCH_DURATION (s per run, default 5).
import autocannon from 'autocannon';
import {
  assertBuilt,
  loadAverage,
  median,
  printMachine,
  runBench,
  startService,
  tableLines,
  timeMs,
  startBareServer,
} from './lib.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 10;
const PAGES = [
  '/dashboard',
  '/dashboard/keys',
  '/dashboard/presets',
  '/dashboard/presets/paragraph-writer',
  '/dashboard/images',
  '/dashboard/speech',
  '/dashboard/bots',
];

/**
 * The first `name=value` of a response's Set-Cookie header; throws if it set none.
 * @param {Response} response
 * @param {string} what the request, for the error
 */
function setCookie(response, what) {
  const header = response.headers.get('set-cookie');
  if (!header) throw new Error(`${what} answered ${response.status} without a Set-Cookie header`);
  return header.split(';')[0] ?? '';
}

/**
 * Signs up through the forms as a browser does; returns the Cookie header of the logged-in session.
 * @param {string} url
 * @param {string} email
 * @param {string} password
 */
async function signUp(url, email, password) {
  const form = await fetch(`${url}/dashboard/signup`);
  const browser = setCookie(form, 'GET /dashboard/signup');
  const html = await form.text();
  const csrf = /name="csrf-token" content="([^"]+)"/.exec(html)?.[1];
  if (!csrf)
    throw new Error(`GET /dashboard/signup answered ${form.status} without a csrf-token: ${html.slice(0, 300)}`);
  const response = await fetch(`${url}/dashboard/signup`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: browser, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: csrf, email, password }),
  });
  if (response.status !== 303) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  return { cookie: `${browser}; ${setCookie(response, 'POST /dashboard/signup')}`, browser, csrf };
}

/**
 * @param {string} url
 * @param {string} [cookie]
 */
async function rate(url, cookie) {
  const options = { url, connections: CONNECTIONS, headers: cookie ? { cookie } : {} };
  await autocannon({ ...options, duration: 1 });
  const r = await autocannon({ ...options, duration: DURATION });
  return { rps: r.requests.average, p99: r.latency.p99, bad: r.errors + r.timeouts + r.non2xx };
}

/**
 * Bytes of the page and of each script and stylesheet it loads (what a first visit downloads, before images).
 * @param {string} url
 * @param {string} cookie
 * @param {string} html
 */
async function weight(url, cookie, html) {
  const assets = [...html.matchAll(/(?:src|href)="(\/dashboard\/assets\/[^"]+)"/g)].map((m) => m[1]);
  let bytes = Buffer.byteLength(html);
  for (const asset of new Set(assets))
    bytes += (await (await fetch(`${url}${asset}`, { headers: { cookie } })).arrayBuffer()).byteLength;
  return bytes;
}

async function main() {
  assertBuilt('run `npm run build` first');
  const service = await startService({
    tempPrefix: 'atelier-bench-dashboard-',
    env: { ATELIER_RATE_LIMIT_ENABLED: 'false', ATELIER_LOGIN_ATTEMPTS_PER_MINUTE: '10000' },
  });
  const { cookie, browser, csrf } = await signUp(service.url, 'dashboard-bench@example.test', 'a bench password');
  /** @type {Record<string, string>} */
  const pages = {};
  for (const path of PAGES) {
    const response = await fetch(`${service.url}${path}`, { headers: { cookie } });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    pages[path] = await response.text();
  }
  const bare = await startBareServer({ pages });

  printMachine();
  console.log(
    `autocannon ${CONNECTIONS} connections, 1 s warm-up + ${DURATION} s per run; the bare server sends the same HTML from memory.\n`,
  );
  /** @type {string[][]} */
  const rows = [];
  // The pages in PAGES order (insertion order; no key is an array index).
  for (const [path, html] of Object.entries(pages)) {
    const b = await rate(`${bare.url}${path}`);
    const s = await rate(`${service.url}${path}`, cookie);
    const kib = (await weight(service.url, cookie, html)) / 1024;
    rows.push([
      path,
      b.rps.toFixed(0),
      s.rps.toFixed(0),
      (s.rps / b.rps).toFixed(2),
      String(s.p99),
      (Buffer.byteLength(html) / 1024).toFixed(1),
      kib.toFixed(0),
    ]);
    if (b.bad || s.bad) console.log(`WARNING: ${path}: errors or non-2xx (bare ${b.bad}, service ${s.bad})`);
  }
  console.log(
    tableLines(['page', 'bare req/s', 'service req/s', 'ratio', 'p99 ms', 'HTML KiB', 'with assets KiB'], rows, {
      alignLeft: [0],
    }).join('\n'),
  );

  /** @type {number[]} */
  const logins = [];
  for (let i = 0; i < 7; i++) {
    logins.push(
      await timeMs(async () => {
        const response = await fetch(`${service.url}/dashboard/login`, {
          method: 'POST',
          redirect: 'manual',
          headers: { cookie: browser, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            _csrf: csrf,
            email: 'dashboard-bench@example.test',
            password: 'a bench password',
          }),
        });
        if (response.status !== 303) throw new Error(`log-in answered ${response.status}`);
      }),
    );
  }
  console.log(
    `\nPOST /dashboard/login (scrypt N=2^14, r=8): median ${median(logins).toFixed(0)} ms of ${logins.length}`,
  );
  console.log(`Load average after the runs: ${loadAverage()}`);
}

await runBench(main);
