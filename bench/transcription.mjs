// Transcription benchmark: POST /api/transcriptions jobs against ffmpeg + pocketsphinx_continuous run bare on the same file.
// Usage: npm run bench:transcription (or node bench/transcription.mjs after a build).
// BENCH_RUNS=<n> single-job runs (median, default 3); BENCH_JOBS=<k> jobs submitted at once per throughput row (default 6);
// BENCH_CONCURRENCIES=<c,...> ATELIER_WORKER_CONCURRENCY of the throughput rows (default 1,2,3,4).
// Section 1 also times POST /v1/audio/transcriptions (the file uploaded, answered when transcribed); BENCH_V1_ONLY=1
// skips the throughput section.
// Only prints; it never fails on slow numbers. It exits non-zero only if the bench cannot run or a job fails.
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import {
  assertBuilt,
  loadAverage,
  median,
  onCleanup,
  printMachine,
  root,
  runBench,
  startService,
  stop,
  tableLines,
  tempDir,
  timeMs,
} from './lib.mjs';

const execFileAsync = promisify(execFile);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const JOBS = Number(process.env.BENCH_JOBS ?? 6);
const TARGET = 1.25;
const POLL_MS = 50;
const JOB_TIMEOUT_MS = 10 * 60_000; // a retryable failure stays pending between attempts; do not wait for ever
const CONCURRENCIES = (process.env.BENCH_CONCURRENCIES ?? '1,2,3,4').split(',').map(Number);
const MIN_SECONDS = 60;
// A made-up meeting, read one sentence at a time.
const SENTENCES = (
  'The meeting started a few minutes late because the projector in the small room would not turn on. Once everyone had found a chair, Sarah went through the figures for the last quarter. ' +
  'Sales in the north were up by almost a tenth, while the shops near the coast had a quiet summer. David asked whether the new delivery vans had made any difference to the cost of each order. ' +
  'Sarah said it was too early to tell, but the drivers were spending less time waiting at the depot. The next item was the office move, which has already been put off twice this year. ' +
  'Most people would rather stay in the old building until the lease runs out in the spring. Anna pointed out that the heating in the new offices still has to be checked before anyone moves in. ' +
  'They agreed to visit the building together next Tuesday and decide after that. Finally, the team talked about the training days planned for the autumn. ' +
  'Several people asked for shorter sessions spread over more weeks instead of two long days. The meeting ended a little after eleven, and the notes will be sent round by the end of the week.'
).split(/(?<=\.) /);

/** @typedef {[command: string, args: string[]]} Command a program and its arguments */
/** @typedef {import('./lib.mjs').Service} Service */
/**
 * @typedef {object} Audio a transcription as GET /api/transcriptions and POST /api/audios give it (the fields read here)
 * @property {string} uuid
 * @property {'pending' | 'processing' | 'completed' | 'failed'} status
 * @property {string} [error]
 * @property {number | null} duration
 * @property {string} content
 * @property {unknown[]} segments
 * @property {string | null} model
 */

// The service's decode (ffmpeg writes to a pipe there, to a file here) and recogniser (src/engines/audio/decode.ts, pocketsphinx adapter).
/** @type {(mp3: string, wav: string) => Command} */
const DECODE = (mp3, wav) => [
  'ffmpeg',
  [
    '-v',
    'error',
    '-nostdin',
    '-y',
    '-i',
    mp3,
    '-vn',
    '-ar',
    '16000',
    '-ac',
    '1',
    '-c:a',
    'pcm_s16le',
    '-f',
    'wav',
    wav,
  ],
];
// The adapter's search settings and pruned dictionary, so that the bare run decodes as the service does (paths in
// variables: the type check of bench/ reads src/, not the build).
const ADAPTER = '../dist/engines/adapters/pocketsphinx/pocketsphinx-asr-model.js';
const DICTIONARY = '../dist/engines/adapters/pocketsphinx/pruned-dictionary.js';
/** @type {{ POCKETSPHINX_SEARCH_ARGS: readonly string[] }} */
const { POCKETSPHINX_SEARCH_ARGS } = await import(ADAPTER);
/** @type {{ DEBIAN_MODEL_DIR: string, modelArgs: (dir: string) => Promise<string[]> }} */
const { DEBIAN_MODEL_DIR, modelArgs } = await import(DICTIONARY);
const MODEL_ARGS = await modelArgs(DEBIAN_MODEL_DIR);
/** @type {(wav: string) => Command} */
const SPHINX = (wav) => [
  'pocketsphinx_continuous',
  ['-infile', wav, '-time', 'yes', '-logfn', '/dev/null', ...POCKETSPHINX_SEARCH_ARGS, ...MODEL_ARGS],
];

/** @type {import('node:http').Server | undefined} */
let audioServer;
onCleanup(() => {
  audioServer?.closeAllConnections();
  audioServer?.close();
});

/**
 * The service with ATELIER_WORKER_CONCURRENCY=<concurrency>, fetching audio from loopback and polling jobs every POLL_MS.
 * @param {number} concurrency
 */
async function startWorkers(concurrency) {
  const settings = {
    ATELIER_ALLOW_PRIVATE_URLS: 'true',
    ATELIER_RATE_LIMIT_ENABLED: 'false',
    ATELIER_JOB_POLL_MS: String(POLL_MS),
  };
  const service = await startService({
    tempPrefix: 'atelier-bench-asr-',
    env: { ...settings, ATELIER_WORKER_CONCURRENCY: String(concurrency) },
  });
  return { ...service, concurrency };
}

/**
 * Runs a program (no shell) and resolves with its stdout; a failure's message carries the program's stderr.
 * @param {Command} command
 */
const run = ([command, args]) =>
  execFileAsync(command, args, { encoding: 'buffer', maxBuffer: 1 << 30 }).then((r) => r.stdout);

/**
 * Sentences in alternating voices, so the recogniser hears two speakers, with 0.5 s of silence between them.
 * @param {string} dir
 * @param {typeof import('../src/engines/audio/wav.js').encodeWav} encodeWav
 */
async function makeRecording(dir, encodeWav) {
  /** @type {Buffer[]} */
  const parts = [];
  let bytes = 0;
  for (let i = 0; bytes < MIN_SECONDS * 32_000; i++) {
    const wav = join(dir, `sentence-${i}.wav`);
    await run([
      'flite',
      [
        '-voice',
        i % 2 ? 'rms' : 'slt',
        '-t',
        /** @type {string} i % length is an index of SENTENCES */ (SENTENCES[i % SENTENCES.length]),
        '-o',
        wav,
      ],
    ]);
    const pcm = await run([
      'ffmpeg',
      ['-v', 'error', '-nostdin', '-i', wav, '-ar', '16000', '-ac', '1', '-f', 's16le', '-c:a', 'pcm_s16le', '-'],
    ]);
    if (parts.length > 0) parts.push(Buffer.alloc(16_000)); // 0.5 s at 16 kHz, 16-bit
    parts.push(pcm);
    bytes = parts.reduce((sum, p) => sum + p.length, 0);
  }
  const [allWav, allMp3] = [join(dir, 'all.wav'), join(dir, 'all.mp3')];
  await writeFile(allWav, encodeWav({ pcm: Buffer.concat(parts), sampleRate: 16_000 }));
  await run(['ffmpeg', ['-v', 'error', '-y', '-i', allWav, '-b:a', '64k', allMp3]]);
  return { mp3: allMp3, seconds: bytes / 32_000, sentences: (parts.length + 1) / 2 };
}

/** @param {number[]} xs */
const spread = (xs) => `${(Math.min(...xs) / 1000).toFixed(2)}-${(Math.max(...xs) / 1000).toFixed(2)} s`;

/**
 * POST with a JSON body, or GET without one; anything but 200 stops the bench. Resolves with the parsed answer.
 * @param {Service} service
 * @param {string} path
 * @param {object} [body]
 * @returns {Promise<unknown>}
 */
async function call(service, path, body) {
  const headers = { 'x-api-key': service.apiKey, ...(body && { 'content-type': 'application/json' }) };
  const res = await fetch(
    `${service.url}${path}`,
    body ? { method: 'POST', headers, body: JSON.stringify(body) } : { headers },
  );
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${body ? 'POST' : 'GET'} ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text);
}

/**
 * @param {Service} service
 * @param {string} audioUrl
 */
const create = async (service, audioUrl) =>
  /** @type {{ uuid: string }} */ (
    await call(service, '/api/transcriptions', { url: audioUrl, audio_type: 'meeting', language: 'English' })
  );

/**
 * True once completed; a failed job, or one unfinished after JOB_TIMEOUT_MS (retries wait in pending), stops the bench.
 * @param {Audio} audio
 * @param {number} ms
 * @param {Service} service
 */
function done(audio, ms, service) {
  if (audio.status === 'failed')
    throw new Error(`transcription ${audio.uuid} failed: ${audio.error ?? 'no error given'}`);
  if (audio.status !== 'completed' && ms > JOB_TIMEOUT_MS)
    throw new Error(`transcription ${audio.uuid} still ${audio.status} after ${ms / 1000} s\n${service.output()}`);
  return audio.status === 'completed';
}

/**
 * Milliseconds from sending the create request to the first POST /api/audios that sees the job completed.
 * @param {Service} service
 * @param {string} audioUrl
 */
async function transcribe(service, audioUrl) {
  const start = performance.now();
  const { uuid } = await create(service, audioUrl);
  for (;;) {
    const { audio } = /** @type {{ audio: Audio }} */ (await call(service, '/api/audios', { audio_id: uuid }));
    const ms = performance.now() - start;
    if (done(audio, ms, service)) return { ms, audio };
    await sleep(POLL_MS);
  }
}

/**
 * Milliseconds of POST /v1/audio/transcriptions with the file uploaded (multipart), until its JSON answer is read.
 * @param {Service} service
 * @param {Buffer} mp3
 */
async function transcribeUpload(service, mp3) {
  const form = new FormData();
  form.append('file', new Blob([mp3], { type: 'audio/mpeg' }), 'a.mp3');
  form.append('model', 'whisper-1');
  form.append('language', 'en');
  const res = await fetch(`${service.url}/v1/audio/transcriptions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${service.apiKey}` },
    body: form,
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`POST /v1/audio/transcriptions answered ${res.status}: ${text}`);
  return /** @type {{ text: string }} */ (JSON.parse(text));
}

/**
 * K jobs at once, watched with one list request per poll: K pollers at 20 requests/s each would take CPU from pocketsphinx on 2 cores.
 * @param {Service} service
 * @param {string} audioUrl
 * @param {number} k
 */
async function batch(service, audioUrl, k) {
  const start = performance.now();
  const pending = new Set(
    (await Promise.all(Array.from({ length: k }, () => create(service, audioUrl)))).map((r) => r.uuid),
  );
  /** @type {number[]} */
  const latencies = [];
  for (;;) {
    const { transcriptions } = /** @type {{ transcriptions: Audio[] }} */ (
      await call(service, `/api/transcriptions?limit=${k}`)
    );
    const ms = performance.now() - start;
    if (transcriptions.filter((a) => pending.has(a.uuid)).length < pending.size)
      throw new Error('GET /api/transcriptions did not list every job of the batch');
    const finished = transcriptions.filter((a) => pending.has(a.uuid) && done(a, ms, service));
    for (const audio of finished) pending.delete(audio.uuid);
    latencies.push(...finished.map(() => ms));
    if (pending.size === 0) return { ms, latencies };
    await sleep(POLL_MS);
  }
}

async function main() {
  if (!Number.isInteger(RUNS) || RUNS < 1)
    throw new Error(`BENCH_RUNS must be a positive whole number, not ${process.env.BENCH_RUNS}`);
  if (!Number.isInteger(JOBS) || JOBS < 1 || JOBS > 100)
    throw new Error(
      `BENCH_JOBS must be a whole number from 1 to 100 (the list's limit), not ${process.env.BENCH_JOBS}`,
    );
  if (!CONCURRENCIES.every((c) => Number.isInteger(c) && c >= 1)) {
    throw new Error(
      `BENCH_CONCURRENCIES must be positive whole numbers separated by commas, not ${process.env.BENCH_CONCURRENCIES}`,
    );
  }
  assertBuilt('run `node scripts/setup.mjs` first');
  const { encodeWav } = /** @type {typeof import('../src/engines/audio/wav.js')} */ (
    await import(join(root, 'dist/engines/audio/wav.js'))
  );

  printMachine('   (shared machine: other work skews every number)');

  const work = tempDir('atelier-bench-asr-bare-');
  const rec = await makeRecording(work, encodeWav);
  const mp3 = await readFile(rec.mp3);
  const server = createServer((req, res) => {
    if (req.url !== '/a.mp3') return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': mp3.length }).end(mp3);
  });
  audioServer = server;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  // Listening on a TCP address (not a pipe), so address() is an AddressInfo.
  const audioUrl = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}/a.mp3`;
  const wav = join(work, 'decoded.wav');
  console.log(
    `Recording: ${rec.sentences} flite sentences (voices slt/rms alternating, 0.5 s pauses), ${rec.seconds.toFixed(1)} s, MP3 64 kb/s ${mp3.length} bytes, served at ${audioUrl}`,
  );
  console.log('Commands (no shell):');
  console.log(
    `  flite -voice <slt|rms> -t "<sentence>" -o s.wav; ffmpeg -v error -nostdin -i s.wav -ar 16000 -ac 1 -f s16le -c:a pcm_s16le -   (each sentence)`,
  );
  console.log(`  ffmpeg -v error -y -i all.wav -b:a 64k all.mp3   (the recording)`);
  console.log(`  bare decode: ${DECODE('all.mp3', 'decoded.wav').flat().join(' ')}`);
  console.log(`  bare recognise: ${SPHINX('decoded.wav').flat().join(' ')}`);
  console.log(
    `  service: node dist/main.js with ATELIER_ALLOW_PRIVATE_URLS=true ATELIER_RATE_LIMIT_ENABLED=false ATELIER_JOB_POLL_MS=${POLL_MS} ATELIER_WORKER_CONCURRENCY=<c>`,
  );
  console.log(
    `  job time = POST /api/transcriptions sent -> first POST /api/audios (every ${POLL_MS} ms) seeing "completed"; resolution ~${POLL_MS} ms plus one request`,
  );

  // 1. One job at a time against the bare commands, round-robin so drift in machine load hits all three alike.
  let service = await startWorkers(1);
  /** @type {{ job: number[], v1: number[], bare: number[], sphinx: number[], decode: number[] }} */
  const ms = { job: [], v1: [], bare: [], sphinx: [], decode: [] };
  const steps = {
    job: () => transcribe(service, audioUrl),
    v1: () => transcribeUpload(service, mp3),
    bare: async () => {
      ms.decode.push(await timeMs(() => run(DECODE(rec.mp3, wav))));
      await run(SPHINX(wav));
    },
    sphinx: () => run(SPHINX(wav)),
  };
  process.stdout.write(`\n1. Single job latency, ATELIER_WORKER_CONCURRENCY=1: 1 warm-up + ${RUNS} runs each ...`);
  const first = await steps.job();
  const firstUpload = await steps.v1();
  await steps.bare();
  await steps.sphinx();
  ms.decode.length = 0;
  for (let i = 0; i < RUNS; i++)
    for (const name of /** @type {const} */ (['job', 'v1', 'bare', 'sphinx'])) ms[name].push(await timeMs(steps[name]));
  console.log(' done');
  const seconds = first.audio.duration ?? rec.seconds;
  const m = {
    job: median(ms.job),
    v1: median(ms.v1),
    bare: median(ms.bare),
    sphinx: median(ms.sphinx),
    decode: median(ms.decode),
  };
  /** @type {['job' | 'v1' | 'bare' | 'sphinx', string][]} */
  const labels = [
    ['job', 'service job (create -> completed)'],
    ['v1', 'POST /v1/audio/transcriptions'],
    ['bare', 'bare ffmpeg decode + pocketsphinx'],
    ['sphinx', 'bare pocketsphinx alone'],
  ];
  for (const [k, label] of labels) {
    console.log(
      `   ${label.padEnd(35)} median ${(m[k] / 1000).toFixed(2).padStart(6)} s  (min-max ${spread(ms[k])})  RTF ${(m[k] / 1000 / seconds).toFixed(3)}`,
    );
  }
  const ratio = m.job / m.bare;
  console.log(
    `   job / bare (ffmpeg+pocketsphinx): ${ratio.toFixed(2)}x   target <= ${TARGET.toFixed(2)}x   ${ratio <= TARGET ? 'meets' : 'below'}`,
  );
  console.log(
    `   audio ${seconds.toFixed(2)} s (record's duration); RTF = seconds of work per second of audio; decode (inside bare) ${(m.decode / 1000).toFixed(2)} s; ` +
      `job overhead over bare ${((m.job - m.bare) / 1000).toFixed(2)} s; ${first.audio.segments.length} segments, model ${first.audio.model}`,
  );
  const v1Ratio = m.v1 / m.bare;
  console.log(
    `   /v1 upload / bare (ffmpeg+pocketsphinx): ${v1Ratio.toFixed(2)}x   target <= ${TARGET.toFixed(2)}x   ${v1Ratio <= TARGET ? 'meets' : 'below'}`,
  );
  console.log(`   transcript starts: "${first.audio.content.slice(0, 110)}..."`);
  console.log(`   /v1 transcript starts: "${firstUpload.text.slice(0, 110)}..."`);
  if (process.env.BENCH_V1_ONLY === '1') {
    await stop(service.child);
    console.log(`\nLoad average after the runs (1/5/15 min): ${loadAverage()}`);
    return;
  }

  // 2. K jobs submitted at once; each concurrency on its own fresh service (the first reuses the one above).
  console.log(
    `\n2. Throughput: ${JOBS} jobs submitted at once (${((JOBS * seconds) / 60).toFixed(1)} audio minutes), wall time until all completed;`,
  );
  console.log(
    `   watched with GET /api/transcriptions?limit=${JOBS} every ${POLL_MS} ms (one request for all jobs); each service has 1 warm-up job first`,
  );
  /** @type {({ c: number } & Awaited<ReturnType<typeof batch>>)[]} */
  const results = [];
  for (const c of CONCURRENCIES) {
    if (c !== service.concurrency) {
      await stop(service.child);
      service = await startWorkers(c);
      await transcribe(service, audioUrl); // warm-up, not counted
    }
    process.stdout.write(`   running concurrency ${c} (load ${loadAverage()}) ...`);
    const result = { c, ...(await batch(service, audioUrl, JOBS)) };
    results.push(result);
    console.log(` ${(result.ms / 1000).toFixed(1)} s`);
  }
  await stop(service.child);
  const [base] = results;
  if (!base) throw new Error('BENCH_CONCURRENCIES named no concurrency');
  const header = [
    'concurrency',
    'wall s',
    'jobs/min',
    'audio min/wall min',
    `vs c=${base.c}`,
    'job latency s (min/median/max)',
  ];
  const table = results.map((r) => [
    String(r.c),
    (r.ms / 1000).toFixed(1),
    (JOBS / (r.ms / 60_000)).toFixed(2),
    ((JOBS * seconds) / (r.ms / 1000)).toFixed(2),
    `${(base.ms / r.ms).toFixed(2)}x`,
    [Math.min(...r.latencies), median(r.latencies), Math.max(...r.latencies)]
      .map((x) => (x / 1000).toFixed(1))
      .join(' / '),
  ]);
  for (const line of tableLines(header, table, { indent: '   ' })) console.log(line);
  const cores = os.cpus().length;
  const ideal = (cores * 60_000) / m.bare;
  console.log(
    `   reference: ${cores} cores each running the bare commands back to back would do ${ideal.toFixed(2)} jobs/min (${((ideal * seconds) / 60).toFixed(2)} audio min/wall min)`,
  );
  console.log(`\nLoad average after the runs (1/5/15 min): ${loadAverage()}`);
}

await runBench(main, { errorPrefix: '\n' });
