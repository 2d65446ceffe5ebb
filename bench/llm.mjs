// Local LLM benchmark: what the service costs over calling node-llama-cpp directly, on the same model in the
// same run. The model is the tests' tiny random-weight llama (test/helpers/tiny-llama.ts, transpiled here),
// which never ends a turn by itself: every generation is exactly BENCH_LLM_TOKENS tokens, greedy.
//  1. One generation at a time: tokens/s directly (LlamaChat on a context of the same settings, in this
//     process; plain, and streaming with onTextChunk) and through the service (POST /api/chat/completions,
//     plain and streaming), rounds rotating which side goes first; the service's cost = 1 - through/direct,
//     plain against plain and streaming against streaming (target: under 5%, issue 20: through ÷ direct >= 0.95).
//  2. The same with BENCH_LLM_SEQUENCES generations at once (one per context sequence on each side).
// Usage: npm run bench:llm (or node bench/llm.mjs after a build). BENCH_LLM_TOKENS (tokens per generation,
// default 256), BENCH_LLM_ROUNDS (default 10), BENCH_LLM_SEQUENCES (default 2), BENCH_LLM_THREADS (default 1:
// the tiny model is too small to gain from more, and spinning threads only fight the other process).
// Only prints; it never fails on slow numbers. It exits non-zero only if the bench itself cannot run.
import { performance } from 'node:perf_hooks';
import { LlamaChat, getLlama } from 'node-llama-cpp';
import {
  assertBuilt,
  loadAverage,
  median,
  percentile,
  printMachine,
  runBench,
  startService,
  tableLines,
  tempDir,
} from './lib.mjs';
import { writeTinyLlama } from './tiny-llama.mjs';

const TOKENS = Number(process.env.BENCH_LLM_TOKENS ?? 256);
const ROUNDS = Number(process.env.BENCH_LLM_ROUNDS ?? 10);
const SEQUENCES = Number(process.env.BENCH_LLM_SEQUENCES ?? 2);
const THREADS = Number(process.env.BENCH_LLM_THREADS ?? 1);
const CONTEXT = 1024;
const TARGET = 0.05;
const MESSAGES = [{ role: 'user', content: 'Tell me a long story about a lighthouse keeper.' }];

/**
 * node-llama-cpp on its own, as the service sets it up: one context, a LlamaChat per sequence.
 * @param {string} modelPath
 */
async function directEngine(modelPath) {
  const llama = await getLlama({ gpu: false, build: 'never', maxThreads: 0 });
  const model = await llama.loadModel({ modelPath });
  const context = await model.createContext({ contextSize: CONTEXT, sequences: SEQUENCES, threads: THREADS });
  const chats = Array.from({ length: SEQUENCES }, () => new LlamaChat({ contextSequence: context.getSequence() }));
  /** @type {import('node-llama-cpp').ChatHistoryItem[]} */
  const history = [
    ...MESSAGES.map((m) => ({ type: /** @type {const} */ ('user'), text: m.content })),
    { type: 'model', response: [] },
  ];
  return {
    /**
     * With `stream`, the text is taken piece by piece as it comes (onTextChunk), as a streaming caller must.
     * @param {number} slot the sequence, below SEQUENCES
     * @param {boolean} [stream]
     * @returns {Promise<number>} output tokens
     */
    async generate(slot, stream = false) {
      const chat = chats[slot];
      if (!chat) throw new Error(`no sequence ${slot}: there are ${SEQUENCES}`);
      const before = chat.sequence.tokenMeter.getState();
      /** @type {string[]} */
      const pieces = [];
      await chat.generateResponse(history, {
        maxTokens: TOKENS,
        temperature: 0,
        ...(stream && { onTextChunk: (text) => pieces.push(text) }),
      });
      return chat.sequence.tokenMeter.diff(before).usedOutputTokens;
    },
    dispose: () => context.dispose().then(() => model.dispose()),
  };
}

/** @param {number} share */
const pct = (share) => `${(share * 100).toFixed(1)}%`;

/** @typedef {{ usage: { completion_tokens: number } }} WithUsage a chat completion (or its last chunk) with its usage */

/** @param {import('./lib.mjs').Service} service */
function serviceClient(service) {
  const url = `${service.url}/api/chat/completions`;
  const headers = { 'content-type': 'application/json', 'x-api-key': service.apiKey };
  /** @param {boolean} stream */
  const body = (stream) =>
    JSON.stringify({
      model: 'gpt-4o-mini',
      messages: MESSAGES,
      max_tokens: TOKENS,
      temperature: 0,
      ...(stream && { stream: true, stream_options: { include_usage: true } }),
    });
  return {
    /** @returns {Promise<number>} output tokens */
    async plain() {
      const response = await fetch(url, { method: 'POST', headers, body: body(false) });
      // Read as a completion once the status says 200; an error body is only printed.
      const json = /** @type {WithUsage} */ (await response.json());
      if (response.status !== 200)
        throw new Error(`the service answered ${response.status}: ${JSON.stringify(json).slice(0, 200)}`);
      return json.usage.completion_tokens;
    },
    /** @returns {Promise<number>} output tokens */
    async stream() {
      const response = await fetch(url, { method: 'POST', headers, body: body(true) });
      if (response.status !== 200)
        throw new Error(`the service answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
      const text = await response.text();
      const events = text
        .split('\n\n')
        .filter((e) => e.startsWith('data: '))
        .map((e) => e.slice(6));
      if (events.at(-1) !== '[DONE]') throw new Error('the stream ended without [DONE]');
      const usage = events.at(-2);
      if (usage === undefined) throw new Error('the stream had no event before [DONE]');
      return /** @type {WithUsage} */ (JSON.parse(usage)).usage.completion_tokens;
    },
  };
}

/** @typedef {(slot: number) => Promise<number>} Generate one generation on sequence `slot`; resolves with its output tokens */

/**
 * `parallel` generations at once; tokens per second over the wall time of the batch.
 * @param {number} parallel
 * @param {Generate} generate
 */
async function batch(parallel, generate) {
  const start = performance.now();
  const tokens = await Promise.all(Array.from({ length: parallel }, (_, slot) => generate(slot)));
  const seconds = (performance.now() - start) / 1000;
  const total = tokens.reduce((a, b) => a + b, 0);
  if (total !== parallel * TOKENS) throw new Error(`expected ${parallel * TOKENS} tokens, got ${total}`);
  return total / seconds;
}

async function main() {
  if (!(TOKENS >= 16 && TOKENS <= CONTEXT - 64 && ROUNDS >= 2 && SEQUENCES >= 1 && THREADS >= 1)) {
    throw new Error(
      `BENCH_LLM_TOKENS must be 16 to ${CONTEXT - 64}, BENCH_LLM_ROUNDS at least 2, BENCH_LLM_SEQUENCES and BENCH_LLM_THREADS at least 1`,
    );
  }
  assertBuilt('run `npm run build` first');
  const modelPath = await writeTinyLlama(tempDir('atelier-bench-llm-'), 'tiny-bench.gguf');
  const direct = await directEngine(modelPath);
  const service = await startService({
    tempPrefix: 'atelier-bench-llm-',
    env: {
      ATELIER_LLM_MODEL_PATH: modelPath,
      ATELIER_LLM_CONTEXT_SIZE: String(CONTEXT),
      ATELIER_LLM_SEQUENCES: String(SEQUENCES),
      ATELIER_LLM_THREADS: String(THREADS),
      ATELIER_RATE_LIMIT_ENABLED: 'false',
    },
  });
  const client = serviceClient(service);
  /** @typedef {'direct' | 'direct stream' | 'service plain' | 'service stream'} Side */
  /** @type {Record<Side, Generate>} */
  const sides = {
    direct: (slot) => direct.generate(slot),
    'direct stream': (slot) => direct.generate(slot, true),
    'service plain': () => client.plain(),
    'service stream': () => client.stream(),
  };
  // Each service side against the direct side that does the same work: whole answers, or text as it comes.
  /** @type {Partial<Record<Side, Side>>} */
  const baselineOf = { 'service plain': 'direct', 'service stream': 'direct stream' };
  // Warm-up: the service loads the model on the first request; every side runs once at each width.
  for (const generate of Object.values(sides)) for (const parallel of [1, SEQUENCES]) await batch(parallel, generate);

  printMachine();
  console.log(
    `Model: tiny random-weight llama (${TOKENS} tokens per generation, greedy, context ${CONTEXT} per sequence, ${SEQUENCES} sequences, ${THREADS} thread(s)).`,
  );
  console.log(
    '"direct" = LlamaChat.generateResponse in this process ("direct stream": with onTextChunk, the pieces collected); "service" = POST /api/chat/completions (max_tokens, temperature 0) on the service in its own process, plain or stream: true.',
  );
  console.log('Service cost: plain against direct, stream against direct stream.');
  console.log(
    `${ROUNDS} rounds per width, each running every side once in a rotating order; figures are medians of the rounds ("per round": the cost in each round, median and quartiles).`,
  );

  /** @type {string[][]} */
  const rows = [];
  for (const parallel of [...new Set([1, SEQUENCES])]) {
    /** @type {Record<Side, number[]>} */
    const rates = { direct: [], 'direct stream': [], 'service plain': [], 'service stream': [] };
    const names = /** @type {Side[]} the keys of sides */ (Object.keys(sides));
    for (let round = 0; round < ROUNDS; round++) {
      // Every side once, starting at names[round % names.length] and wrapping around.
      const shift = round % names.length;
      for (const name of [...names.slice(shift), ...names.slice(0, shift)]) {
        rates[name].push(await batch(parallel, sides[name]));
      }
    }
    for (const name of names) {
      const rate = median(rates[name]);
      const baseline = baselineOf[name];
      const cost = baseline ? 1 - rate / median(rates[baseline]) : undefined;
      // The same cost round by round (each side against its baseline of the same round, run next to it): its
      // median and quartiles show how far the load of a shared machine moved the figure.
      const paired = baseline ? rates[name].map((r, i) => 1 - r / (rates[baseline][i] ?? NaN)) : [];
      const verdict =
        cost === undefined ? '' : cost < TARGET ? `under ${TARGET * 100}%: met` : `over ${TARGET * 100}%: missed`;
      rows.push([
        String(parallel),
        name,
        rate.toFixed(0),
        `${Math.min(...rates[name]).toFixed(0)}-${Math.max(...rates[name]).toFixed(0)}`,
        cost === undefined ? '' : `${(cost * 100).toFixed(1)}%`,
        paired.length === 0
          ? ''
          : `${pct(median(paired))} (${pct(percentile(paired, 25) ?? NaN)} to ${pct(percentile(paired, 75) ?? NaN)})`,
        verdict,
      ]);
    }
  }
  console.log('');
  console.log(
    tableLines(['at once', 'side', 'tokens/s', 'range', 'service cost', 'per round (IQR)', 'vs target'], rows, {
      alignLeft: [1, 6],
      indent: '  ',
    }).join('\n'),
  );
  const single = rows.find((r) => r[0] === '1' && r[1] === 'direct');
  const wide = rows.find((r) => r[0] === String(SEQUENCES) && r[1] === 'direct');
  if (single && wide && SEQUENCES > 1)
    console.log(
      `  ${SEQUENCES} sequences at once give ${(Number(wide[2]) / Number(single[2])).toFixed(2)}x the tokens/s of one (direct).`,
    );
  console.log(`\nLoad average after the runs: ${loadAverage()}`);
  await direct.dispose();
}

await runBench(main);
