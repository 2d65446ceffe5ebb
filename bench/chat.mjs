// Chat benchmark: what the service adds over calling an OpenAI-compatible provider directly.
//  1. Non-streaming chat completions at concurrency 1 and 16, three sides side by side in the same run: straight
//     to a fake upstream (bench/fake-openai.mjs), through the service (POST /api/chat/completions) and through
//     Portkey's open-source gateway (@portkey-ai/gateway, started by bench/portkey.mjs, routed to the same fake
//     upstream), in CHAT_ROUNDS rounds (direct, service, Portkey, then the reverse order, and so on) so that drift
//     in machine load hits all three alike. Each side's latency per request (median, p99), each gateway's added
//     latency (its latency - direct, per percentile) and the service's against the targets of issue 20: at c=1
//     added <= 0.5 ms median and <= 2 ms p99, and at most half of Portkey's added latency at each of them; at
//     c=16 added <= 3 ms median and <= 10 ms p99. If Portkey cannot run, the bench says why and measures the rest.
//  2. The same for streaming, direct and through the service only: time to the first content chunk and to [DONE];
//     the added time to the first chunk against median <= 1 ms, p99 <= 3 ms.
//  1b. Agents: the same completion with three tool definitions against the plain one, both through the service, in
//     the same rounds (issue 34's target: tools add <= 0.1 ms at c=1), and 2b. a Responses API stream
//     (POST /v1/responses, stream: true) against a chat completion stream through the service: time to the first
//     event and to the first text (target: the first event <= +0.3 ms over the chat stream's first chunk).
//  3. 1,000 concurrent bot streams (POST /bot/{public_url}/api, stream: true) against 1,000 concurrent streams
//     opened directly on the upstream, which paces its tokens so that they stay open: extra time to first
//     chunk, total time, errors and the service's memory per open stream (RSS from /proc).
// Usage: npm run bench:chat (or node bench/chat.mjs after a build). BENCH_REQUESTS (requests per side at
// concurrency 1, default 2000; twice as many at 16), BENCH_TOKENS (tokens per stream in part 2, default 20),
// BENCH_STREAMS (part 3, default 1000), BENCH_BOT_TOKENS / BENCH_BOT_PACE_MS (part 3 stream, default 20 at
// 250 ms: 5 s, so that all the streams are open at once even when opening them takes seconds), BENCH_BOTS_URL
// (where the bot chat addresses are served, default the service's own URL), BENCH_PARTS (chat, stream, agents,
// bots: the parts to run, all by default), BENCH_API_PROCESSES (the service's
// HTTP processes, default 1: one process against Portkey's one; the service's own default is one per core).
// Only prints; it never fails on slow numbers. It exits non-zero only if the bench itself cannot run.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  assertBuilt,
  childEnv,
  loadAverage,
  median,
  percentile,
  printMachine,
  root,
  runBench,
  startServer,
  startService,
  stop,
  tableLines,
  tempDir,
} from './lib.mjs';
import { portkeyTarget, startPortkey } from './portkey.mjs';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const TOKENS = Number(process.env.BENCH_TOKENS ?? 20);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const BOT_TOKENS = Number(process.env.BENCH_BOT_TOKENS ?? 20);
const BOT_PACE_MS = Number(process.env.BENCH_BOT_PACE_MS ?? 250);
const CONCURRENCIES = [1, 16];
/** Which parts run (BENCH_PARTS, comma-separated): chat (1), stream (2), agents (1b and 2b), bots (3); all by default. */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'chat,stream,agents,bots').split(',').map((p) => p.trim()));
const ROUNDS = 4; // part 2: direct and through alternate (D T, T D, D T, T D) so that drift in machine load hits both alike
const CHAT_ROUNDS = 10; // part 1: shorter rounds, D S P then P S D, ...: even, so every side has the same mean position
/** Part 2's targets for the service's added time to the first chunk, ms. */
const STREAM_TARGET = { median: 1, p99: 3 };
/**
 * Part 1's concurrencies with issue 20's targets for the service's added latency, ms; `portkeyShare`: at most this
 * share of Portkey's added latency, at the median and at the p99.
 * @type {{ concurrency: number, median: number, p99: number, portkeyShare?: number }[]}
 */
const CHAT_LEVELS = [
  { concurrency: 1, median: 0.5, p99: 2, portkeyShare: 0.5 },
  { concurrency: 16, median: 3, p99: 10 },
];
const MODEL = 'bench-model';
const MESSAGES = [{ role: 'user', content: 'Say something short about urban beekeeping.' }];
const COMPLETION_REQUEST = { model: MODEL, messages: MESSAGES, max_tokens: 64 };
const COMPLETION_BODY = JSON.stringify(COMPLETION_REQUEST);
const STREAM_BODY = JSON.stringify({
  model: MODEL,
  messages: MESSAGES,
  max_tokens: 64,
  stream: true,
  stream_options: { include_usage: true },
});
/**
 * A function tool as OpenAI takes it, every property required.
 * @param {string} name
 * @param {string} description
 * @param {Record<string, object>} properties
 */
function tool(name, description, properties) {
  const parameters = { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
  return { type: 'function', function: { name, description, parameters } };
}
/** Three tools of the kind an agent sends: the upstream answers the same completion, so the difference is the service's. */
const TOOLS = [
  tool('get_weather', 'The weather in a city', {
    city: { type: 'string' },
    unit: { type: 'string', enum: ['c', 'f'] },
  }),
  tool('search_docs', 'Search the knowledge base', {
    query: { type: 'string' },
    limit: { type: 'integer', minimum: 1 },
  }),
  tool('create_ticket', 'Open a support ticket', { title: { type: 'string' }, body: { type: 'string' } }),
];
const TOOLS_BODY = JSON.stringify({ ...COMPLETION_REQUEST, tools: TOOLS });
const RESPONSES_STREAM_BODY = JSON.stringify({
  model: MODEL,
  input: MESSAGES[0]?.content,
  max_output_tokens: 64,
  stream: true,
});
/** Issue 34's targets, ms: what three tools add to a completion at c=1; what a Responses stream adds to its first event. */
const AGENT_TARGET = { tools: 0.1, responsesFirstEvent: 0.3 };
const BOT_QUESTION = 'When should I inspect my rooftop hives, and what should I look for?';
const BOT_DOCUMENT = [
  'Rooftop hives need shelter from the wind more than anything else. A low screen of reeds or a trellis with climbing plants on the side of the prevailing wind keeps the colony warm and stops the bees from being blown off course on their way home.',
  'Inspect the hives every seven to ten days from April to July, on a warm and still afternoon when most foragers are out. Look for eggs and young larvae as a sign that the queen is laying, for queen cells along the bottom of the frames, which mean the colony is preparing to swarm, and for enough stores to last until the next inspection.',
  'In August, treat for varroa mites once the honey has been taken off, and reduce the entrance so that wasps cannot rob the weakened colony. From October the hives should be left closed; heft them from behind once a month to judge whether they still hold enough honey, and feed fondant if they feel light.',
  "Water matters on a roof: place a shallow tray with pebbles near the hives, so that the bees do not go looking for it in the neighbours' gutters, swimming pools and washing.",
].join('\n\n');

/**
 * @typedef {object} Client the HTTP client the bench measures with
 * @property {string} name
 * @property {(url: string, init?: RequestInit) => Promise<Response>} fetch
 */

/** @typedef {NonNullable<RequestInit['dispatcher']>} Dispatcher a dispatcher as the fetch of Node's bundled undici takes it (types from @types/node) */

/**
 * The parts of the optional undici package used here (it is not a dependency, so it has no types to import).
 * @typedef {object} Undici
 * @property {new (options: { keepAliveTimeout: number, keepAliveMaxTimeout: number, connections: number | null }) => Dispatcher} Agent
 * @property {(url: string, init: RequestInit) => Promise<Response>} fetch
 */

/** @typedef {{ label: string, url: string, headers: Record<string, string> }} Target where one side sends its requests */

/**
 * The HTTP client: undici's Agent if the package is installed, else Node's global fetch (undici inside); keep-alive either way.
 * @returns {Promise<Client>}
 */
async function makeClient() {
  try {
    // Through a variable: the package is optional, so the import is resolved at run time only.
    const specifier = 'undici';
    const undici = /** @type {Undici} */ (await import(specifier));
    const agent = new undici.Agent({ keepAliveTimeout: 60_000, keepAliveMaxTimeout: 600_000, connections: null });
    return {
      name: 'undici Agent (package, keep-alive 60 s)',
      fetch: (url, init) => undici.fetch(url, { ...init, dispatcher: agent }),
    };
  } catch {
    return {
      name: `Node's global fetch (bundled undici ${process.versions.undici ?? '?'}, default keep-alive agent; the undici package is not installed)`,
      fetch: globalThis.fetch,
    };
  }
}

/**
 * Runs `task` `total` times, `concurrency` at a time; resolves with the samples it returned and the failures.
 * @template T
 * @param {number} concurrency
 * @param {number} total
 * @param {() => Promise<T>} task
 */
async function pool(concurrency, total, task) {
  let started = 0;
  /** @type {T[]} */
  const samples = [];
  /** @type {unknown[]} */
  const failures = [];
  await Promise.all(
    Array.from({ length: Math.min(concurrency, total) }, async () => {
      while (started < total) {
        started += 1;
        try {
          samples.push(await task());
        } catch (error) {
          failures.push(error);
        }
      }
    }),
  );
  return { samples, failures };
}

/**
 * One non-streaming completion; its latency in ms (headers sent to body read).
 * @param {Client} client
 * @param {Target} target
 * @param {string} [body]
 */
async function completionOnce(client, target, body = COMPLETION_BODY) {
  const start = performance.now();
  const response = await client.fetch(target.url, { method: 'POST', headers: target.headers, body });
  const text = await response.text();
  const ms = performance.now() - start;
  if (response.status !== 200) throw new Error(`${target.label} answered ${response.status}: ${text.slice(0, 200)}`);
  return ms;
}

/**
 * Reads a server-sent event stream; `onData(data)` for each event's data. Resolves when the body ends.
 * @param {Response} response
 * @param {(data: string) => void} onData
 */
async function readEvents(response, onData) {
  if (!response.body) throw new Error(`a ${response.status} answer without a body`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    buffer += done ? `${decoder.decode()}\n\n` : decoder.decode(value, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = event
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n');
      if (data) onData(data);
    }
    if (done) return;
  }
}

/** @param {string} data a chat.completion.chunk */
const chatContent = (data) =>
  /** @type {{ choices?: { delta?: { content?: string } }[] }} */ (JSON.parse(data)).choices?.[0]?.delta?.content;
/** @param {string} data a bot stream event */
const botContent = (data) => {
  const event = /** @type {{ error?: unknown, text?: string }} */ (JSON.parse(data));
  if (event.error) throw new Error(`error event: ${JSON.stringify(event.error).slice(0, 200)}`);
  return event.text;
};

/**
 * One stream: ms to the response headers, to the first event, to the first event with content (per
 * `content(data)`) and to its end ([DONE], or the event `isEnd(data)` says ends it). `hooks.opened()` runs when
 * the headers arrive, `hooks.closed()` when the stream is over.
 * @param {Client} client
 * @param {Target} target
 * @param {string} body
 * @param {(data: string) => unknown} content
 * @param {{ opened?: () => void, closed?: () => void, isEnd?: (data: string) => boolean }} [hooks]
 * @returns {Promise<StreamSample>}
 */
async function streamOnce(client, target, body, content, hooks = {}) {
  const start = performance.now();
  const response = await client.fetch(target.url, { method: 'POST', headers: target.headers, body });
  if (response.status !== 200)
    throw new Error(`${target.label} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  const headers = performance.now() - start;
  hooks.opened?.();
  /** @type {number | undefined} */
  let event;
  /** @type {number | undefined} */
  let first;
  /** @type {number | undefined} */
  let done;
  const isEnd = hooks.isEnd ?? ((/** @type {string} */ data) => data === '[DONE]');
  try {
    await readEvents(response, (data) => {
      event ??= performance.now() - start;
      if (isEnd(data)) done ??= performance.now() - start;
      else if (first === undefined && content(data)) first = performance.now() - start;
    });
  } finally {
    hooks.closed?.();
  }
  if (done === undefined || event === undefined) throw new Error(`${target.label}: the stream did not end`);
  if (first === undefined) throw new Error(`${target.label}: the stream had no content`);
  return { headers, event, first, done };
}

/** @typedef {{ headers: number, event: number, first: number, done: number }} StreamSample ms to the headers, the first event, the first content and the end */

/** @param {string} data a Responses API stream event */
const responsesText = (data) => {
  const event = /** @type {{ type?: string, delta?: string }} */ (JSON.parse(data));
  return event.type === 'response.output_text.delta' ? event.delta : undefined;
};
/** @param {string} data */
const responsesEnd = (data) => /** @type {{ type?: string }} */ (JSON.parse(data)).type === 'response.completed';

/**
 * One side's measured samples, its failures and the ms its rounds took.
 * @template T
 * @typedef {{ samples: T[], failures: unknown[], ms: number }} Side
 */

/**
 * The sides (`targets`, direct first) at one concurrency: a warm-up per side, then `total` measured requests per
 * side in `rounds` rounds, the sides in the given order in even rounds and in the reverse order in odd ones (two
 * sides: D T, T D, ...; three: D S P, P S D, ...). `once(target)` resolves with one sample. Resolves with one
 * Side per target, in the same order.
 * @template T
 * @template {readonly Target[] | []} Ts
 * @param {Ts} targets
 * @param {number} concurrency
 * @param {number} total
 * @param {(target: Target) => Promise<T>} once
 * @param {number} [rounds]
 * @returns {Promise<{ [K in keyof Ts]: Side<T> }>}
 */
async function compare(targets, concurrency, total, once, rounds = ROUNDS) {
  const warmup = Math.max(50, Math.round(total / 10));
  for (const target of targets) await pool(concurrency, warmup, () => once(target));
  /** @type {[Target, Side<T>][]} */
  const sides = [];
  for (const target of targets) sides.push([target, { samples: [], failures: [], ms: 0 }]);
  for (let round = 0; round < rounds; round++) {
    const n = Math.floor(total / rounds) + (round < total % rounds ? 1 : 0);
    for (const [target, side] of round % 2 ? [...sides].reverse() : sides) {
      const start = performance.now();
      const r = await pool(concurrency, n, () => once(target));
      side.ms += performance.now() - start;
      side.samples.push(...r.samples);
      side.failures.push(...r.failures);
    }
  }
  // One Side per target, in order: the mapped tuple type says so, which map() cannot.
  return /** @type {{ [K in keyof Ts]: Side<T> }} */ (/** @type {unknown} */ (sides.map(([, side]) => side)));
}

/** @param {number | undefined} x */
const ms = (x) => (x === undefined ? '-' : x.toFixed(2));
/** @param {number} x */
const signed = (x) => `${x >= 0 ? '+' : ''}${x.toFixed(2)}`;
/**
 * @param {number} added
 * @param {number} target
 */
const verdict = (added, target) => (added <= target ? 'meets' : 'over');
/**
 * through - direct; NaN when a side has no value (percentile() of no samples: all its requests failed).
 * @param {number | undefined} through
 * @param {number | undefined} direct
 */
const added = (through, direct) => (through ?? NaN) - (direct ?? NaN);

/**
 * @param {string} label
 * @param {unknown[]} failures
 * @returns {string[]}
 */
function failureNote(label, failures) {
  if (!failures.length) return [];
  return [
    `WARNING: ${label}: ${failures.length} failed requests (first: ${failures[0] instanceof Error ? failures[0].message : failures[0]}); the numbers are not valid`,
  ];
}

/**
 * Resident set size in KiB of process `pid` and its children (a cluster's HTTP processes and worker), from /proc
 * (undefined where there is no /proc).
 * @param {number | undefined} pid undefined for a child that did not start, which has no RSS either
 */
function rssKiB(pid) {
  if (pid === undefined) return undefined;
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
    let total = 0;
    for (const one of [String(pid), ...children]) {
      const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${one}/status`, 'utf8'));
      if (!match) return undefined;
      total += Number(match[1]);
    }
    return total;
  } catch {
    return undefined;
  }
}

/**
 * The open-files limit of this process (soft, hard) from /proc, or undefined.
 * @param {number | 'self'} [pid]
 */
function openFilesLimit(pid = 'self') {
  try {
    const match = /^Max open files\s+(\S+)\s+(\S+)/m.exec(readFileSync(`/proc/${pid}/limits`, 'utf8'));
    /** @param {string | undefined} v */
    const num = (v) => (v === 'unlimited' ? Infinity : Number(v));
    return match ? { soft: num(match[1]), hard: num(match[2]) } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Part 3 needs about 2 sockets per stream in this process (the direct run's idle connections can outlive
 * it) and in the service (client side and upstream side). Node raises its soft limit to the hard one at
 * start, and the children inherit ours; if that is still short, try prlimit, else run fewer streams.
 */
function planStreams() {
  const needed = 2 * STREAMS + 200;
  let limit = openFilesLimit();
  /** @type {string[]} */
  const notes = [];
  if (!limit) return { streams: STREAMS, notes: ['open-files limit: unknown (no /proc)'] };
  if (limit.soft < needed) {
    try {
      execFileSync('prlimit', ['--pid', String(process.pid), `--nofile=${needed}:${Math.max(needed, limit.hard)}`], {
        stdio: 'ignore',
      });
      notes.push(`raised the open-files limit with prlimit to ${needed}`);
    } catch {
      notes.push(`could not raise the open-files limit with prlimit (soft ${limit.soft}, hard ${limit.hard})`);
    }
    limit = openFilesLimit() ?? limit;
  }
  const streams = limit.soft >= needed ? STREAMS : Math.max(1, Math.floor((limit.soft - 200) / 2));
  /** @param {number} v */
  const fmt = (v) => (v === Infinity ? 'unlimited' : String(v));
  notes.unshift(
    `open-files limit (this process; the children inherit it): soft ${fmt(limit.soft)}, hard ${fmt(limit.hard)}; ${STREAMS} streams need about ${needed}`,
  );
  if (streams < STREAMS) notes.push(`running ${streams} streams instead of ${STREAMS}`);
  return { streams, notes };
}

/**
 * POSTs `body` as JSON; resolves with the status, the body parsed (undefined if it is not JSON) and as text.
 * @param {Client} client
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {object} body
 */
async function postJson(client, url, headers, body) {
  const response = await client.fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  /** @type {unknown} */
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text };
}

/**
 * Opens `n` streams at once; measures each, samples the service's RSS (if `pid`) and how many are open.
 * @param {Client} client
 * @param {Target} target
 * @param {string} body
 * @param {(data: string) => unknown} content
 * @param {number} n
 * @param {number} [pid]
 */
async function burst(client, target, body, content, n, pid) {
  let open = 0;
  let peakOpen = 0;
  /** @type {{ kib: number | undefined, open: number }[]} */
  const rss = [];
  const sample = () => rss.push({ kib: rssKiB(pid), open });
  const sampler = pid ? setInterval(sample, 50) : undefined;
  const hooks = {
    opened: () => {
      open += 1;
      peakOpen = Math.max(peakOpen, open);
    },
    closed: () => (open -= 1),
  };
  const start = performance.now();
  const settled = await Promise.allSettled(
    Array.from({ length: n }, () => streamOnce(client, target, body, content, hooks)),
  );
  const totalMs = performance.now() - start;
  if (sampler) clearInterval(sampler);
  const samples = settled.filter((s) => s.status === 'fulfilled').map((s) => s.value);
  const failures = settled.filter((s) => s.status === 'rejected').map((s) => s.reason);
  return { samples, failures, totalMs, peakOpen, rss };
}

/** @typedef {Awaited<ReturnType<typeof burst>>} Burst */

/**
 * @param {Client} client
 * @param {import('./lib.mjs').Service} service
 * @param {import('./lib.mjs').Server} upstream
 * @param {number} streams
 */
/** The kernel's count of connections dropped because a listen queue was full (all sockets); undefined without /proc. */
function listenOverflows() {
  try {
    const [names, values] = readFileSync('/proc/net/netstat', 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('TcpExt:'))
      .map((line) => line.split(/\s+/));
    const at = names?.indexOf('ListenOverflows') ?? -1;
    return at > 0 && values ? Number(values[at]) : undefined;
  } catch {
    return undefined;
  }
}

async function botPart(client, service, upstream, streams) {
  const auth = { 'x-api-key': service.apiKey };
  const created = await postJson(client, `${service.url}/api/bots`, auth, {
    name: 'Rooftop bees',
    instructions: 'Answer questions about keeping bees on rooftops, briefly.',
    model: MODEL,
  });
  if (created.status === 404)
    return console.log('  bot endpoint not available yet (POST /api/bots answered 404); part skipped');
  // A bot as POST /api/bots answers it, if it did; checked below.
  const bot = /** @type {{ id?: string, public_url?: string } | null | undefined} */ (created.json);
  if (created.status >= 300 || !bot?.id || !bot?.public_url) {
    return console.log(
      `  WARNING: POST /api/bots answered ${created.status}: ${created.text.slice(0, 300)}; part skipped`,
    );
  }
  const doc = await postJson(client, `${service.url}/api/bots/${bot.id}/documents`, auth, {
    title: 'Rooftop hives through the year',
    content: BOT_DOCUMENT,
  });
  if (doc.status === 404)
    return console.log('  bot endpoint not available yet (POST /api/bots/{id}/documents answered 404); part skipped');
  if (doc.status >= 300)
    return console.log(
      `  WARNING: POST /api/bots/${bot.id}/documents answered ${doc.status}: ${doc.text.slice(0, 300)}; part skipped`,
    );
  // The contract gives a path segment; take the path of a full URL too.
  const path = /^https?:\/\//.test(bot.public_url)
    ? new URL(bot.public_url).pathname.replace(/\/+$/, '')
    : `/bot/${bot.public_url}`;
  const botsUrl = (process.env.BENCH_BOTS_URL ?? service.url).replace(/\/+$/, '');
  const through = {
    label: `service POST ${path}/api`,
    url: `${botsUrl}${path}/api`,
    headers: { ...auth, 'content-type': 'application/json' },
  };
  const direct = {
    label: 'upstream direct',
    url: `${upstream.url}/v1/chat/completions`,
    headers: { 'content-type': 'application/json' },
  };
  const botBody = JSON.stringify({ message: BOT_QUESTION, stream: true });

  await postJson(client, `${upstream.url}/control`, {}, { tokens: BOT_TOKENS, paceMs: BOT_PACE_MS });
  const probe = await client.fetch(through.url, { method: 'POST', headers: through.headers, body: botBody });
  if (probe.status === 404) {
    await probe.body?.cancel();
    return console.log(`  bot endpoint not available yet (POST ${path}/api answered 404); part skipped`);
  }
  if (probe.status !== 200)
    return console.log(
      `  WARNING: POST ${path}/api answered ${probe.status}: ${(await probe.text()).slice(0, 300)}; part skipped`,
    );
  let probeText = '';
  await readEvents(probe, (data) => {
    if (data !== '[DONE]') probeText += botContent(data) ?? '';
  });
  console.log(
    `  bot ${bot.id} (${path}); one probe answer: ${JSON.stringify(probeText.slice(0, 100))}${probeText.length > 100 ? '...' : ''}`,
  );

  // Warm-up on both sides (JIT, prepared statements), then a pause for the machine to settle.
  await burst(client, direct, STREAM_BODY, chatContent, 20);
  await burst(client, through, botBody, botContent, 20);
  await sleep(1_000);

  const overflowsAtStart = listenOverflows();
  const d = await burst(client, direct, STREAM_BODY, chatContent, streams);
  const overflowsDirect = listenOverflows();
  await sleep(1_000);
  /** @type {(number | undefined)[]} */
  const before = [];
  for (let i = 0; i < 5; i++, await sleep(50)) before.push(rssKiB(service.child.pid));
  const beforeKiB = before.filter((x) => x !== undefined);
  const rssBefore = median(beforeKiB);
  const overflowsThrough = listenOverflows();
  const t = await burst(client, through, botBody, botContent, streams, service.child.pid);
  const overflowsEnd = listenOverflows();
  const rssAfter = rssKiB(service.child.pid);
  await postJson(client, `${upstream.url}/control`, {}, { tokens: TOKENS, paceMs: 0 });

  /**
   * @param {string} label
   * @param {Burst} r
   */
  const row = (label, r) => [
    label,
    String(r.samples.length),
    String(r.failures.length),
    ms(median(r.samples.map((s) => s.first))),
    ms(
      percentile(
        r.samples.map((s) => s.first),
        99,
      ),
    ),
    ms(median(r.samples.map((s) => s.done))),
    ms(
      percentile(
        r.samples.map((s) => s.done),
        99,
      ),
    ),
    (r.totalMs / 1000).toFixed(2),
    String(r.peakOpen),
  ];
  const header = [
    '',
    'ok',
    'errors',
    'first chunk med ms',
    'first chunk p99 ms',
    '[DONE] med ms',
    '[DONE] p99 ms',
    'total s',
    'most open at once',
  ];
  console.log(
    tableLines(header, [row('upstream direct', d), row('service bot stream', t)], {
      alignLeft: [0],
      indent: '  ',
    }).join('\n'),
  );
  if (d.samples.length && t.samples.length) {
    /**
     * @template R
     * @param {Burst} r
     * @param {(xs: number[]) => R} fn
     */
    const f = (r, fn) => fn(r.samples.map((s) => s.first));
    /** @param {number[]} xs */
    const p99 = (xs) => percentile(xs, 99);
    console.log(
      `  extra time to first chunk through the bot: median ${signed(f(t, median) - f(d, median))} ms, p99 ${signed(added(f(t, p99), f(d, p99)))} ms`,
    );
  }
  for (const line of [...failureNote('upstream direct', d.failures), ...failureNote('bot streams', t.failures)])
    console.log(`  ${line}`);
  if (overflowsAtStart !== undefined && overflowsDirect !== undefined && overflowsEnd !== undefined)
    console.log(
      `  connections the kernel dropped because a listen queue was full (each comes back after TCP's 1 s retry): direct ${overflowsDirect - overflowsAtStart}, through the service ${overflowsEnd - (overflowsThrough ?? overflowsDirect)}`,
    );

  // The samples taken while the most streams were open (all of them, unless the stream is too short).
  const sampled = t.rss.flatMap(({ kib, open }) => (kib === undefined ? [] : [{ kib, open }]));
  // median() of no samples is NaN, never undefined: test the samples themselves.
  if (!beforeKiB.length || !sampled.length) return console.log('  service memory: no RSS samples (no /proc?)');
  const openNow = Math.max(...sampled.map((s) => s.open));
  const allOpen = openNow === streams;
  const window = sampled.filter((s) => s.open === openNow);
  const peak = Math.max(...window.map((s) => s.kib));
  const overall = Math.max(...sampled.map((s) => s.kib));
  console.log(
    `  service RSS: ${(rssBefore / 1024).toFixed(1)} MiB before; highest ${(peak / 1024).toFixed(1)} MiB in the ${window.length} samples (50 ms apart) taken while ${openNow === streams ? `all ${streams}` : `${openNow} (not all ${streams})`} streams were open; ` +
      `highest during the burst ${(overall / 1024).toFixed(1)} MiB; ${rssAfter === undefined ? '?' : (rssAfter / 1024).toFixed(1)} MiB right after`,
  );
  console.log(
    `  service memory per open stream: (${(peak / 1024).toFixed(1)} - ${(rssBefore / 1024).toFixed(1)} MiB) / ${openNow} = ${((peak - rssBefore) / openNow).toFixed(1)} KiB (RSS, garbage not yet collected included)`,
  );
  if (!allOpen)
    console.log(
      `  NOTE: the ${streams} streams were never all open at once (at most ${t.peakOpen}); raise BENCH_BOT_TOKENS or BENCH_BOT_PACE_MS for a longer stream`,
    );
}

/** @param {unknown} error */
const errorText = (error) => (error instanceof Error ? error.message : String(error));

/**
 * A chat.completion's id and first message content; undefined if `json` is not a chat.completion with content.
 * @param {unknown} json
 */
function completionOf(json) {
  if (typeof json !== 'object' || json === null) return undefined;
  const c = /** @type {{ object?: unknown, id?: unknown, choices?: { message?: { content?: unknown } }[] }} */ (json);
  const content = c.choices?.[0]?.message?.content;
  return c.object === 'chat.completion' && typeof content === 'string' && content ? { id: c.id, content } : undefined;
}

/**
 * Starts Portkey's gateway (bench/portkey.mjs) routed to the fake upstream and checks with one request that it
 * answers with the upstream's own completion. Resolves with the gateway and its target, or with the reason it
 * cannot be measured here (the bench then measures the other sides and says so).
 * @param {Client} client
 * @param {string} upstreamUrl
 * @param {{ id: unknown, content: string }} expected the upstream's answer, asked directly
 * @returns {Promise<{ gateway: Awaited<ReturnType<typeof startPortkey>>, target: Target } | { reason: string }>}
 */
async function setUpPortkey(client, upstreamUrl, expected) {
  let gateway;
  try {
    gateway = await startPortkey();
  } catch (error) {
    return { reason: `@portkey-ai/gateway did not start: ${errorText(error)}` };
  }
  const target = portkeyTarget(gateway.url, `${upstreamUrl}/v1`);
  const answer = await postJson(client, target.url, target.headers, COMPLETION_REQUEST).catch(
    /** @param {unknown} error */ (error) => ({
      status: 0,
      json: undefined,
      text: `request failed: ${errorText(error)}`,
    }),
  );
  const got = completionOf(answer.json);
  if (answer.status === 200 && got && got.id === expected.id && got.content === expected.content)
    return { gateway, target };
  await stop(gateway.child);
  return {
    reason: `@portkey-ai/gateway ${gateway.version} started, but its answer through the custom host was not the fake upstream's (${answer.status}: ${answer.text.slice(0, 300)})`,
  };
}

/**
 * Part 1: non-streaming completions at each of CHAT_LEVELS, direct, through the service and through Portkey (unless
 * it could not be set up) in the same rounds; prints one table and the service's figures against issue 20's targets.
 * @param {Client} client
 * @param {[direct: Target, service: Target]} sides
 * @param {Awaited<ReturnType<typeof setUpPortkey>>} portkey
 */
async function completionPart(client, [direct, service], portkey) {
  const targets = 'target' in portkey ? [direct, service, portkey.target] : [direct, service];
  /** @type {string[][]} */
  const rows = [];
  /** @type {string[]} */
  const verdicts = [];
  /** @type {string[]} */
  const missed = [];
  /** @type {string[]} */
  const warnings = [];
  /** @param {Side<number>} side */
  const stats = (side) => ({
    rps: side.samples.length / (side.ms / 1000),
    med: median(side.samples),
    p99: percentile(side.samples, 99),
  });
  for (const [index, level] of CHAT_LEVELS.entries()) {
    const { concurrency } = level;
    if (index > 0) console.log(`  Load average before c=${concurrency} (1/5/15 min): ${loadAverage()}`);
    const total = concurrency === 1 ? REQUESTS : 2 * REQUESTS;
    const [d, t, p] = await compare(
      targets,
      concurrency,
      total,
      (target) => completionOnce(client, target),
      CHAT_ROUNDS,
    );
    if (!d || !t) throw new Error('compare() resolved without the direct or the service side');
    const ds = stats(d);
    /** @param {ReturnType<typeof stats>} s */
    const addedBy = (s) => ({ med: s.med - ds.med, p99: added(s.p99, ds.p99) });
    const ts = stats(t);
    const ta = addedBy(ts);
    const ps = p && stats(p);
    const pa = ps && addedBy(ps);
    /** @type {[what: string, value: number, limit: number][]} */
    const checks = [
      ['median', ta.med, level.median],
      ['p99', ta.p99, level.p99],
    ];
    let cell = `med <= ${level.median} ${verdict(ta.med, level.median)}, p99 <= ${level.p99} ${verdict(ta.p99, level.p99)}`;
    let line = `  c=${concurrency}: the service adds ${signed(ta.med)} ms median, ${signed(ta.p99)} ms p99 (targets <= ${level.median} and <= ${level.p99} ms: ${verdict(ta.med, level.median)}, ${verdict(ta.p99, level.p99)})`;
    const share = level.portkeyShare;
    if (pa) {
      /**
       * The service's added latency as a share of Portkey's (meaningless when Portkey adds nothing).
       * @param {number} mine
       * @param {number} theirs
       */
      const ofPortkey = (mine, theirs) => (theirs > 0 ? `${((100 * mine) / theirs).toFixed(0)}%` : 'n/a');
      line += `; Portkey adds ${signed(pa.med)} / ${signed(pa.p99)} ms, the service ${ofPortkey(ta.med, pa.med)} / ${ofPortkey(ta.p99, pa.p99)} of that`;
      if (share !== undefined) {
        checks.push(['median vs Portkey', ta.med, share * pa.med], ['p99 vs Portkey', ta.p99, share * pa.p99]);
        cell += `; <= ${share} x Portkey's: med ${verdict(ta.med, share * pa.med)}, p99 ${verdict(ta.p99, share * pa.p99)}`;
        line += ` (target <= ${(100 * share).toFixed(0)}%: ${verdict(ta.med, share * pa.med)}, ${verdict(ta.p99, share * pa.p99)})`;
      }
    } else if (share !== undefined) {
      cell += `; <= ${share} x Portkey's: n/a`;
      line += `; at most ${share} x Portkey's added latency: not checked, Portkey was not measured`;
      missed.push(`c=${concurrency} vs Portkey (not measured)`);
    }
    for (const [what, value, limit] of checks)
      if (!(value <= limit)) missed.push(`c=${concurrency} ${what} (${signed(value)} ms > ${limit.toFixed(2)} ms)`);
    verdicts.push(line);
    /**
     * @param {string} label
     * @param {ReturnType<typeof stats>} s
     * @param {{ med: number, p99: number } | undefined} a
     * @param {string} [targetCell]
     */
    const row = (label, s, a, targetCell = '') => [
      String(concurrency),
      label,
      String(total),
      s.rps.toFixed(0),
      ms(s.med),
      ms(s.p99),
      a ? signed(a.med) : '',
      a ? signed(a.p99) : '',
      targetCell,
    ];
    rows.push(row('direct', ds, undefined), row('service', ts, ta, cell));
    if (ps) rows.push(row('Portkey', ps, pa));
    warnings.push(
      ...failureNote(`direct c=${concurrency}`, d.failures),
      ...failureNote(`service c=${concurrency}`, t.failures),
      ...(p ? failureNote(`Portkey c=${concurrency}`, p.failures) : []),
    );
  }
  const header = [
    'conc.',
    'side',
    'requests/side',
    'req/s',
    'med ms',
    'p99 ms',
    'added med ms',
    'added p99 ms',
    'service vs issue 20 targets (added ms)',
  ];
  console.log(tableLines(header, rows, { alignLeft: [1, header.length - 1], indent: '  ' }).join('\n'));
  for (const w of warnings) console.log(`  ${w}`);
  for (const line of verdicts) console.log(line);
  console.log(`  Issue 20 targets: ${missed.length ? `NOT met: ${missed.join('; ')}` : 'all met'}`);
}

/**
 * Parts 1b and 2b: what agents' requests add through the service, each against the plain request in the same rounds.
 * @param {Client} client
 * @param {Target} through the service's chat completions
 * @param {Target} responses the service's Responses API
 */
async function agentPart(client, through, responses) {
  /** @type {string[]} */
  const warnings = [];
  console.log(
    '\n1b. The same completion with three tool definitions (the upstream answers alike), against the plain one, both through the service',
  );
  console.log(`  Load average before part 1b (1/5/15 min): ${loadAverage()}`);
  const tools = { ...through, label: 'service, 3 tools' };
  /** @type {string[][]} */
  const rows = [];
  for (const concurrency of CONCURRENCIES) {
    const total = concurrency === 1 ? REQUESTS : 2 * REQUESTS;
    const [plain, withTools] = await compare(
      [through, tools],
      concurrency,
      total,
      (target) => completionOnce(client, target, target === tools ? TOOLS_BODY : COMPLETION_BODY),
      CHAT_ROUNDS,
    );
    const pm = median(plain.samples);
    const tm = median(withTools.samples);
    const p99 = added(percentile(withTools.samples, 99), percentile(plain.samples, 99));
    const against = concurrency === 1 ? `median <= ${AGENT_TARGET.tools}: ${verdict(tm - pm, AGENT_TARGET.tools)}` : '';
    rows.push([String(concurrency), String(total), ms(pm), ms(tm), signed(tm - pm), signed(p99), against]);
    warnings.push(
      ...failureNote(`plain c=${concurrency}`, plain.failures),
      ...failureNote(`tools c=${concurrency}`, withTools.failures),
    );
  }
  const header = [
    'conc.',
    'requests/side',
    'plain med ms',
    'tools med ms',
    'added med ms',
    'added p99 ms',
    'vs target',
  ];
  console.log(tableLines(header, rows, { alignLeft: [header.length - 1], indent: '  ' }).join('\n'));
  for (const w of warnings.splice(0)) console.log(`  ${w}`);

  console.log(
    `\n2b. A Responses API stream (POST /v1/responses, stream: true, ${TOKENS} upstream tokens) against a chat completion stream, both through the service`,
  );
  console.log(`  Load average before part 2b (1/5/15 min): ${loadAverage()}`);
  const probe = await client.fetch(responses.url, {
    method: 'POST',
    headers: responses.headers,
    body: RESPONSES_STREAM_BODY,
  });
  if (probe.status !== 200) {
    console.log(
      `  WARNING: POST /v1/responses answered ${probe.status}: ${(await probe.text()).slice(0, 300)}; part skipped`,
    );
    return;
  }
  await probe.body?.cancel();
  /** @type {string[][]} */
  const streamRows = [];
  for (const concurrency of CONCURRENCIES) {
    const total = concurrency === 1 ? REQUESTS : 2 * REQUESTS;
    const [chat, resp] = await compare([through, responses], concurrency, total, (target) =>
      target === responses
        ? streamOnce(client, target, RESPONSES_STREAM_BODY, responsesText, { isEnd: responsesEnd })
        : streamOnce(client, target, STREAM_BODY, chatContent),
    );
    /** @type {[metric: string, key: 'event' | 'first' | 'done'][]} */
    const metrics = [
      ['first event', 'event'],
      ['first text', 'first'],
      ['end', 'done'],
    ];
    for (const [metric, key] of metrics) {
      const cv = chat.samples.map((x) => x[key]);
      const rv = resp.samples.map((x) => x[key]);
      const cm = median(cv);
      const rm = median(rv);
      const target =
        key === 'event'
          ? `median <= +${AGENT_TARGET.responsesFirstEvent}: ${verdict(rm - cm, AGENT_TARGET.responsesFirstEvent)}`
          : '';
      streamRows.push([
        String(concurrency),
        metric,
        ms(cm),
        ms(percentile(cv, 99)),
        ms(rm),
        ms(percentile(rv, 99)),
        signed(rm - cm),
        signed(added(percentile(rv, 99), percentile(cv, 99))),
        target,
      ]);
    }
    warnings.push(
      ...failureNote(`chat streams c=${concurrency}`, chat.failures),
      ...failureNote(`responses streams c=${concurrency}`, resp.failures),
    );
  }
  const streamHeader = [
    'conc.',
    'time to',
    'chat med ms',
    'chat p99 ms',
    'responses med ms',
    'responses p99 ms',
    'added med ms',
    'added p99 ms',
    'vs target',
  ];
  console.log(
    tableLines(streamHeader, streamRows, { alignLeft: [1, streamHeader.length - 1], indent: '  ' }).join('\n'),
  );
  for (const w of warnings) console.log(`  ${w}`);
}

/**
 * Part 2: streamed completions, direct and through the service in the same rounds.
 * @param {Client} client
 * @param {Target} direct
 * @param {Target} through
 */
async function streamPart(client, direct, through) {
  /** @type {string[]} */
  const warnings = [];

  console.log(
    `\n2. Streaming completion (${TOKENS} tokens written back to back, then finish, usage and [DONE]; stream_options.include_usage on both sides)`,
  );
  console.log(`  Load average before part 2 (1/5/15 min): ${loadAverage()}`);
  /** @type {string[][]} */
  const streamRows = [];
  for (const concurrency of CONCURRENCIES) {
    const total = concurrency === 1 ? REQUESTS : 2 * REQUESTS;
    const [d, t] = await compare([direct, through], concurrency, total, (target) =>
      streamOnce(client, target, STREAM_BODY, chatContent),
    );
    /** @type {[metric: string, key: 'first' | 'done'][]} */
    const metrics = [
      ['first content chunk', 'first'],
      ['[DONE]', 'done'],
    ];
    for (const [metric, key] of metrics) {
      const dv = d.samples.map((s) => s[key]);
      const tv = t.samples.map((s) => s[key]);
      const dm = median(dv);
      const tm = median(tv);
      const d99 = percentile(dv, 99);
      const t99 = percentile(tv, 99);
      const against =
        key === 'first'
          ? `median ${verdict(tm - dm, STREAM_TARGET.median)}, p99 ${verdict(added(t99, d99), STREAM_TARGET.p99)}`
          : '';
      streamRows.push([
        String(concurrency),
        String(total),
        metric,
        ms(dm),
        ms(d99),
        ms(tm),
        ms(t99),
        signed(tm - dm),
        signed(added(t99, d99)),
        against,
      ]);
    }
    warnings.push(
      ...failureNote(`direct streams c=${concurrency}`, d.failures),
      ...failureNote(`through streams c=${concurrency}`, t.failures),
    );
  }
  const streamHeader = [
    'conc.',
    'streams/side',
    'time to',
    'direct med ms',
    'direct p99 ms',
    'through med ms',
    'through p99 ms',
    'added med ms',
    'added p99 ms',
    'vs targets',
  ];
  console.log(
    tableLines(streamHeader, streamRows, { alignLeft: [2, streamHeader.length - 1], indent: '  ' }).join('\n'),
  );
  for (const w of warnings.splice(0)) console.log(`  ${w}`);
}

async function main() {
  if (!(REQUESTS >= Math.max(ROUNDS, CHAT_ROUNDS)))
    throw new Error(
      `BENCH_REQUESTS must be at least ${Math.max(ROUNDS, CHAT_ROUNDS)}, not ${process.env.BENCH_REQUESTS}`,
    );
  if (!(STREAMS >= 1 && TOKENS >= 1 && BOT_TOKENS >= 1 && BOT_PACE_MS >= 0))
    throw new Error(
      'BENCH_STREAMS, BENCH_TOKENS and BENCH_BOT_TOKENS must be positive, BENCH_BOT_PACE_MS not negative',
    );
  assertBuilt('run `npm run build` first');
  const { streams, notes } = planStreams();

  const fakeDir = tempDir('atelier-bench-fake-openai-');
  const upstream = await startServer({
    label: 'fake upstream',
    script: join(root, 'bench/fake-openai.mjs'),
    env: childEnv(fakeDir, { FAKE_TOKENS: String(TOKENS), FAKE_PACE_MS: '0' }),
    cwd: fakeDir,
  });
  const service = await startService({
    tempPrefix: 'atelier-bench-chat-',
    env: {
      ATELIER_TEXT_PROVIDER: 'openai-compatible',
      ATELIER_TEXT_BASE_URL: `${upstream.url}/v1`,
      ATELIER_TEXT_MODEL: MODEL,
      ATELIER_RATE_LIMIT_ENABLED: 'false',
      ...(process.env.BENCH_API_PROCESSES && { ATELIER_API_PROCESSES: process.env.BENCH_API_PROCESSES }),
    },
  });
  const client = await makeClient();
  const direct = {
    label: 'upstream direct',
    url: `${upstream.url}/v1/chat/completions`,
    headers: { 'content-type': 'application/json' },
  };
  const through = {
    label: 'service',
    url: `${service.url}/api/chat/completions`,
    headers: { 'content-type': 'application/json', 'x-api-key': service.apiKey },
  };
  for (const target of [direct, through]) await completionOnce(client, target);
  const upstreamAnswer = await postJson(client, direct.url, direct.headers, COMPLETION_REQUEST);
  const expected = completionOf(upstreamAnswer.json);
  if (!expected) throw new Error(`unexpected completion from the fake upstream: ${upstreamAnswer.text.slice(0, 300)}`);
  const probe = await postJson(client, through.url, through.headers, COMPLETION_REQUEST);
  if (!completionOf(probe.json)) throw new Error(`unexpected completion from the service: ${probe.text.slice(0, 300)}`);
  const portkey = PARTS.has('chat')
    ? await setUpPortkey(client, upstream.url, expected)
    : { reason: 'part 1 is not in BENCH_PARTS' };

  printMachine();
  console.log(
    `Client: ${client.name}, in this process; the fake upstream (plain node:http), the service (LOG_LEVEL=warn, rate limit off, ${process.env.BENCH_API_PROCESSES ?? 1} HTTP process(es); with more, the RSS figures add the primary's and its processes') and Portkey's gateway each in their own process.`,
  );
  console.log(
    '"direct" = POST <fake>/v1/chat/completions; "service" (or "through") = POST <service>/api/chat/completions with x-api-key, which calls the same fake upstream.',
  );
  if ('reason' in portkey) console.log(`"Portkey": NOT MEASURED: ${portkey.reason}`);
  else
    console.log(
      `"Portkey" = @portkey-ai/gateway ${portkey.gateway.version} (its bin, build/start-server.js, --headless, bound to 127.0.0.1, on this Node): POST <portkey>/v1/chat/completions with x-portkey-provider: openai, x-portkey-custom-host: <fake>/v1 and a dummy bearer key; its answer to a probe was the fake upstream's own.`,
    );
  console.log(
    `Per concurrency: a warm-up per side (10%, at least 50 requests), then the measured requests in rounds: part 1 in ${CHAT_ROUNDS} (direct, service, Portkey, then the reverse order, ...), part 2 in ${ROUNDS} alternating which side goes first.`,
  );
  for (const note of notes) console.log(note);

  if (PARTS.has('chat')) {
    console.log(
      `\n1. Non-streaming completion (max_tokens 64; upstream answers a fixed ${'chat.completion'} with usage), side by side`,
    );
    console.log(`  Load average before part 1 (1/5/15 min): ${loadAverage()}`);
    await completionPart(client, [direct, through], portkey);
  }
  if ('gateway' in portkey) await stop(portkey.gateway.child); // parts 2 and 3 measure the service alone
  if (PARTS.has('stream')) await streamPart(client, direct, through);
  if (PARTS.has('agents'))
    await agentPart(client, through, {
      label: 'service responses',
      url: `${service.url}/v1/responses`,
      headers: through.headers,
    });
  if (!PARTS.has('bots')) return console.log(`\nLoad average after the runs: ${loadAverage()}`);

  console.log(
    `\n3. ${streams} concurrent bot streams (upstream paces ${BOT_TOKENS} tokens at ${BOT_PACE_MS} ms), all opened at once, vs ${streams} streams opened at once directly on the upstream`,
  );
  console.log(`  Load average before part 3 (1/5/15 min): ${loadAverage()}`);
  await botPart(client, service, upstream, streams);

  console.log(`\nLoad average after the runs: ${loadAverage()}`);
}

await runBench(main);
