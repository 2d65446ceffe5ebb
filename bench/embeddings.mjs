// Embeddings benchmark: POST /v1/embeddings with 100 short inputs against node-llama-cpp called directly on the
// same GGUF model with the same settings, in the same run (rounds alternate which side goes first). The model is
// BENCH_EMBEDDINGS_MODEL (a GGUF embedding model such as `atelier models pull bge-small-en-v1.5`'s) or, unset, the
// tests' tiny random-weight llama (test/helpers/tiny-llama.ts, transpiled here): a tiny model makes each vector
// nearly free, so the service's own cost per request weighs far more than it would with a real model.
// Target (issue 40): service throughput >= 0.9 of the direct one.
// Usage: node bench/embeddings.mjs after a build. BENCH_EMBEDDINGS_ROUNDS (default 10), BENCH_EMBEDDINGS_INPUTS
// (default 100), BENCH_EMBEDDINGS_THREADS (default 1). Only prints; it never fails on slow numbers.
import { getLlama } from 'node-llama-cpp';
import {
  assertBuilt,
  inAlternatingRounds,
  loadAverage,
  median,
  printMachine,
  runBench,
  startService,
  tableLines,
  tempDir,
  timeMs,
} from './lib.mjs';
import { writeTinyLlama } from './tiny-llama.mjs';

const ROUNDS = Number(process.env.BENCH_EMBEDDINGS_ROUNDS ?? 10);
const INPUTS = Number(process.env.BENCH_EMBEDDINGS_INPUTS ?? 100);
const THREADS = Number(process.env.BENCH_EMBEDDINGS_THREADS ?? 1);
const CONTEXT = 512;
const TARGET = 0.9;
const TEXTS = Array.from({ length: INPUTS }, (_, i) => `A short sentence about lighthouse number ${i} by the sea.`);

/**
 * node-llama-cpp on its own, as the service sets it up: one embedding context, one input after another.
 * @param {string} modelPath
 */
async function directEmbedder(modelPath) {
  const llama = await getLlama({ gpu: false, build: 'never', maxThreads: 0 });
  const model = await llama.loadModel({ modelPath });
  const context = await model.createEmbeddingContext({
    contextSize: Math.min(CONTEXT, model.trainContextSize),
    threads: THREADS,
  });
  return async () => {
    for (const text of TEXTS) await context.getEmbeddingFor(text);
  };
}

/** @param {{ url: string, apiKey: string }} service */
function serviceEmbedder(service) {
  const body = JSON.stringify({ model: 'text-embedding-3-small', input: TEXTS, encoding_format: 'float' });
  return async () => {
    const response = await fetch(`${service.url}/v1/embeddings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${service.apiKey}` },
      body,
    });
    const answer = /** @type {{ data?: unknown[] }} */ (await response.json());
    if (response.status !== 200 || answer.data?.length !== INPUTS)
      throw new Error(`the service answered ${response.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  };
}

async function main() {
  assertBuilt('node bench/embeddings.mjs');
  const modelPath =
    process.env.BENCH_EMBEDDINGS_MODEL ??
    (await writeTinyLlama(tempDir('atelier-bench-embeddings-'), 'tiny-embeddings.gguf'));
  printMachine(`; model ${modelPath}; ${INPUTS} inputs a request, ${ROUNDS} rounds, ${THREADS} thread(s)`);
  const service = await startService({
    tempPrefix: 'atelier-bench-embeddings-',
    env: {
      ATELIER_EMBEDDINGS_MODEL_PATH: modelPath,
      ATELIER_EMBEDDINGS_CONTEXT_SIZE: String(CONTEXT),
      ATELIER_EMBEDDINGS_THREADS: String(THREADS),
      ATELIER_RATE_LIMIT_ENABLED: 'false',
    },
  });
  const sides = { direct: await directEmbedder(modelPath), service: serviceEmbedder(service) };
  // Warm-up: both load the model and compile what they compile once.
  await sides.direct();
  await sides.service();
  const [direct = [], through = []] = await inAlternatingRounds(['direct', 'service'], ROUNDS, (side) =>
    timeMs(sides[/** @type {'direct' | 'service'} */ (side)]),
  );
  const perSecond = (ms) => (INPUTS / ms) * 1000;
  const directRate = perSecond(median(direct));
  const serviceRate = perSecond(median(through));
  console.log(
    tableLines(
      ['side', 'median ms / request', 'inputs/s'],
      [
        ['llama.cpp directly', median(direct).toFixed(1), directRate.toFixed(0)],
        ['POST /v1/embeddings', median(through).toFixed(1), serviceRate.toFixed(0)],
      ],
      { alignLeft: [0] },
    ).join('\n'),
  );
  const ratio = serviceRate / directRate;
  console.log(
    `\nservice ÷ direct throughput: ${ratio.toFixed(3)} (target >= ${TARGET}: ${ratio >= TARGET ? 'met' : 'not met'}); load ${loadAverage()}`,
  );
}

await runBench(main, { errorPrefix: 'bench:embeddings' });
