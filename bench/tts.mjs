// Text-to-speech benchmark: POST /api/generate-text-to-speech against the same programs run bare.
// Usage: npm run bench:tts (or node bench/tts.mjs after a build). BENCH_RUNS=<n> measured runs per row, default 5.
// Then POST /v1/audio/speech (streamed) against the bare program + encoder pipeline; BENCH_TTS_V1_ONLY=1 runs only that.
// Only prints; it never fails on slow numbers. It exits non-zero only if the bench itself cannot run.
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  assertBuilt,
  loadAverage,
  median,
  printMachine,
  root,
  runBench,
  startService,
  tableLines,
  tempDir,
  timeMs,
} from './lib.mjs';
import { ESPEAK, benchV1Speech, fliteArgs } from './tts-v1.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET = 0.3;
const CONCURRENCY = 2; // pieces synthesised at once, as the service does (ATELIER_TTS_CONCURRENCY default)
const MONTHLY_WORDS = 250_000; // business plan

const LONG_TEXT = [
  'The town library opened its doors on a wet Monday morning in the spring of the year the river flooded. Nobody expected much of it. The building had been a grain store, and for the first few weeks it still smelled faintly of oats and old rope. The shelves were given by a carpenter who had retired the winter before, and the first books came from the attics of people who had been meaning to clear them out for years. There were cookery books with notes in the margins, atlases that showed countries which no longer existed, and a great many detective stories with the last pages missing.',
  'The librarian, a patient woman named Margaret, sorted them all by hand. She kept a notebook of every title, and she wrote in it each evening before she locked up. Children came first, mostly because the library was warm and the school was not. They sat on the floor between the shelves and read whatever was closest. Some of them read the same book every afternoon for a month. Margaret never told them to choose something else. She said that a book read ten times was a book that had found its reader, and that there was no hurry.',
  'By the summer, the grown-ups had started to come as well. Farmers came in on market days to look at the weather tables in the almanacs. A retired teacher came every Thursday to read the newspapers from the city, which arrived two days late on the morning bus. A young man who worked at the mill borrowed every book on engines that the library owned, and then asked Margaret to find more. She wrote to libraries in three other towns, and the books came back in parcels tied with string. He read them all before the autumn, and in the winter he built a small machine that lifted sacks onto the carts.',
  'Not everything went well. In the second year the roof leaked over the poetry shelf, and a whole row of books swelled and curled like dry leaves. A committee was formed to raise money for repairs. It met four times, argued about the colour of the new tiles, and raised almost nothing. In the end the carpenter came back with his nephew and fixed the roof himself over two weekends. He refused to be paid. He asked only that the library keep a copy of a book about boats that his father had liked, and Margaret found one within a month.',
  'The library grew slowly after that. A reading room was added at the back, with long tables and lamps that could be moved. On Saturday mornings a retired nurse read stories aloud to the youngest children, who listened with their mouths open and their shoes off. In the evenings there were classes in arithmetic and letter writing for anyone who wanted them. The classes were free, and the only rule was that nobody should be made to feel foolish for asking a question. Most evenings the room was full, and most evenings somebody stayed behind to help stack the chairs.',
  'There were quieter changes too. The library began to lend seeds in the spring, in small paper envelopes kept in an old card cabinet, and asked only that people bring back a few seeds from whatever they grew. By the third year the cabinet held beans, marrows, sweet peas and a kind of tomato that nobody could name. A woman from the farms kept a record of which seeds did well in which fields, and her notes were pinned to the wall beside the cabinet. Visitors from other towns came to copy them, and some of them stayed for the afternoon to read.',
  'In hard winters the library stayed open late. The stove in the reading room was kept burning, and people who had no fire of their own could sit near it until closing time without being asked to read anything at all. Margaret said that a warm room was also a kind of book. Nobody quite understood what she meant, but nobody argued with her either. On the coldest nights the retired teacher brought a flask of soup, and the mill worker mended the stove door when it came loose. Once, during a storm, the whole street sat in the reading room until morning.',
  'Years later, when the town had grown and a new library was built near the station, people still talked about the old grain store. They remembered the smell of oats in the first weeks and the sound of rain on the mended roof. They remembered Margaret and her notebook, which she kept until the day she retired. The notebook is in a glass case now, open at the first page. The first entry is a cookery book with notes in the margins. The last is a book about boats, and beside it, in small and careful handwriting, Margaret wrote that it had been a good year.',
].join('\n\n');
const SHORT_TEXT =
  'The library opened on a wet Monday morning. Nobody expected much of it, but by the summer the farmers, the teachers and the children had all found a reason to come in out of the cold and the rain.';

/** @typedef {[command: string, args: string[]]} Command a program and its arguments */

// The exact programs and arguments the service spawns (ESPEAK and fliteArgs: bench/tts-v1.mjs).
/** @type {Command} */
const LAME = ['lame', ['--quiet', '-m', 'm', '-b', '64', '--scale', '1.000', '-', '-']];

/**
 * Runs a program (no shell), feeds `input` on stdin and resolves with its stdout in memory.
 * @param {Command} command
 * @param {string | Buffer} [input]
 * @returns {Promise<Buffer>}
 */
function run([command, args], input = '') {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    /** @type {Buffer[]} */
    const chunks = [];
    let stderr = '';
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => (stderr += c));
    child.once('error', reject);
    child.once('close', (code, signal) =>
      code === 0
        ? resolve(Buffer.concat(chunks))
        : reject(new Error(`${command} failed (${code ?? signal}): ${stderr.trim()}`)),
    );
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}

let fliteCalls = 0;
/**
 * @param {string} text
 * @param {string} dir
 */
async function fliteWav(text, dir) {
  const n = ++fliteCalls;
  const textFile = join(dir, `text-${n}.txt`);
  const wavFile = join(dir, `speech-${n}.wav`);
  await writeFile(textFile, text);
  await run(['flite', fliteArgs(textFile, wavFile)]);
  return readFile(wavFile);
}

/**
 * Runs `fn` over `items`, at most `limit` at a time, keeping their order.
 * @template T, R
 * @param {readonly T[]} items
 * @param {number} limit
 * @param {(item: T) => Promise<R>} fn
 * @returns {Promise<R[]>}
 */
async function pool(items, limit, fn) {
  /** @type {R[]} */
  const results = new Array(items.length);
  // One iterator shared by the workers: each takes the next item as it becomes free.
  const queue = items.entries();
  const worker = async () => {
    for (const [i, item] of queue) results[i] = await fn(item);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function main() {
  if (!Number.isInteger(RUNS) || RUNS < 1)
    throw new Error(`BENCH_RUNS must be a positive whole number, not ${process.env.BENCH_RUNS}`);
  assertBuilt('run `node scripts/setup.mjs` first');
  // The service's own splitting and WAV code, so the "pieces" run uses exactly the pieces the service speaks.
  const { splitIntoChunks, countWords } = /** @type {typeof import('../src/modules/speech/speech-text.js')} */ (
    await import(join(root, 'dist/modules/speech/speech-text.js'))
  );
  const { parseWav, encodeWav, durationSeconds } = /** @type {typeof import('../src/engines/audio/wav.js')} */ (
    await import(join(root, 'dist/engines/audio/wav.js'))
  );

  /** @type {[size: string, text: string][]} */
  const texts = [
    ['long', LONG_TEXT],
    ['short', SHORT_TEXT],
  ];
  const wordsNeeded = 2 * (RUNS + 1) * texts.reduce((sum, [, t]) => sum + countWords(t), 0);
  if (wordsNeeded > MONTHLY_WORDS)
    throw new Error(`BENCH_RUNS=${RUNS} needs ${wordsNeeded} TTS words, over the business plan's ${MONTHLY_WORDS}`);

  const work = tempDir('atelier-bench-tts-bare-');
  /** @typedef {{ name: string, voiceID: string, maxPiece: number, wav: (text: string) => Promise<Buffer> }} Family */
  /** @type {Family[]} */
  const families = [
    { name: 'espeak-ng', voiceID: 'espeak-ng:en-us', maxPiece: 1000, wav: (text) => run(ESPEAK, text) },
    { name: 'flite', voiceID: 'flite:slt', maxPiece: 600, wav: (text) => fliteWav(text, work) },
  ];
  /**
   * @param {Family} family
   * @param {string} text
   */
  const bareWhole = async (family, text) => {
    const wav = await family.wav(text);
    const mp3 = await run(LAME, wav);
    return { seconds: durationSeconds(parseWav(wav)), mp3 };
  };
  /**
   * @param {Family} family
   * @param {string} text
   */
  const barePieces = async (family, text) => {
    const wavs = await pool(splitIntoChunks(text, family.maxPiece), CONCURRENCY, family.wav);
    const audio = wavs.map(parseWav);
    const [head] = audio;
    if (!head) throw new Error(`the ${family.name} text split into no pieces`);
    const joined = { pcm: Buffer.concat(audio.map((a) => a.pcm)), sampleRate: head.sampleRate };
    return { seconds: durationSeconds(joined), mp3: await run(LAME, encodeWav(joined)) };
  };

  const service = await startService({ tempPrefix: 'atelier-bench-tts-' });
  const headers = { 'x-api-key': service.apiKey, 'content-type': 'application/json' };
  /**
   * The parsed JSON body of a 200 answer; throws on any other status.
   * @param {Response} res
   * @param {string} what the request, for the error
   * @returns {Promise<unknown>}
   */
  const answer = async (res, what) => {
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${what} answered ${res.status}: ${body}`);
    return JSON.parse(body);
  };
  /**
   * @param {Family} family
   * @param {string} text
   */
  const viaService = async (family, text) => {
    const res = await fetch(`${service.url}/api/generate-text-to-speech`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ voiceID: family.voiceID, text }),
    });
    return /** @type {{ uuid: string }} */ (await answer(res, `POST /api/generate-text-to-speech (${family.voiceID})`));
  };

  printMachine();
  console.log(
    `${RUNS} measured runs per row (median), 1 warm-up each; requests sequential; texts: long ${LONG_TEXT.length} chars, short ${SHORT_TEXT.length} chars`,
  );
  console.log('Commands (no shell; the same as the service spawns):');
  console.log(`  ${ESPEAK[0]} ${ESPEAK[1].join(' ')}   (text on stdin, WAV on stdout, kept in memory)`);
  console.log(`  flite ${fliteArgs('<text file>', '<out.wav>').join(' ')}   (WAV read back from the temp file)`);
  console.log(`  ${LAME[0]} ${LAME[1].join(' ')}   (WAV on stdin, MP3 on stdout)`);
  console.log(
    `bare whole = program on the whole text, then lame on its WAV; bare pieces = the service's sentence pieces`,
  );
  console.log(
    `(max 1000 chars espeak-ng, 600 flite), ${CONCURRENCY} at a time, PCM joined, lame once; service = client wall time of the POST.\n`,
  );

  // 300 words of the long text, cut at a sentence.
  const v1Text = `${LONG_TEXT.split(/\s+/)
    .slice(0, 300)
    .join(' ')
    .replace(/[^.]*$/, '')}`;
  if (process.env.BENCH_TTS_V1_ONLY === '1') {
    await benchV1Speech(service, v1Text, RUNS, work);
    console.log(`Load average after the runs (1/5/15 min): ${loadAverage()}`);
    return;
  }

  const rows = [];
  for (const family of families) {
    for (const [size, text] of texts) {
      const pieces = splitIntoChunks(text, family.maxPiece).length;
      process.stdout.write(`  running ${family.name} ${size} (${pieces} piece${pieces > 1 ? 's' : ''}) ...`);
      const steps = {
        whole: () => bareWhole(family, text),
        pieces: () => barePieces(family, text),
        service: () => viaService(family, text),
      };
      const names = /** @type {const} */ (['whole', 'pieces', 'service']);
      // Warm-up, not counted, in the order of `names`.
      const first = { whole: await steps.whole(), pieces: await steps.pieces(), service: await steps.service() };
      for (const name of /** @type {const} */ (['whole', 'pieces']))
        if (first[name].mp3.length === 0) throw new Error(`bare ${name} ${family.name} produced an empty MP3`);
      /** @type {Record<(typeof names)[number], number[]>} */
      const ms = { whole: [], pieces: [], service: [] };
      // Round-robin, so drift in machine load during the runs affects all three alike.
      for (let i = 0; i < RUNS; i++) for (const name of names) ms[name].push(await timeMs(steps[name]));
      const recordRes = await fetch(`${service.url}/api/text-to-speech/${first.service.uuid}`, {
        headers: { 'x-api-key': service.apiKey },
      });
      const record = /** @type {{ duration_seconds: number }} */ (
        await answer(recordRes, 'GET /api/text-to-speech/{uuid}')
      );
      console.log(` done`);
      rows.push({
        family: family.name,
        size,
        chars: text.length,
        pieces,
        bareSeconds: first.whole.seconds,
        piecesSeconds: first.pieces.seconds,
        serviceSeconds: record.duration_seconds,
        whole: median(ms.whole),
        piecesMs: median(ms.pieces),
        service: median(ms.service),
        ms,
      });
    }
  }

  const header = [
    'family',
    'text',
    'chars',
    'pieces',
    'speech s',
    'bare ms (whole)',
    'bare ms (pieces)',
    'service ms',
    'RTF bare',
    'RTF service',
    'overhead',
    'target',
    'result',
  ];
  const table = rows.map((r) => {
    const overhead = r.service / r.whole - 1;
    return [
      r.family,
      r.size,
      String(r.chars),
      String(r.pieces),
      r.serviceSeconds.toFixed(1),
      r.whole.toFixed(0),
      r.piecesMs.toFixed(0),
      r.service.toFixed(0),
      (r.bareSeconds / (r.whole / 1000)).toFixed(0),
      (r.serviceSeconds / (r.service / 1000)).toFixed(0),
      `${overhead >= 0 ? '+' : ''}${(overhead * 100).toFixed(0)}%`,
      `<= ${TARGET * 100}%`,
      overhead <= TARGET ? 'meets' : 'below',
    ];
  });
  console.log(`\n${tableLines(header, table, { alignLeft: [0, 1, header.length - 1] }).join('\n')}`);

  console.log(
    "\nspeech s is the service record's duration_seconds; RTF bare uses the bare whole-text WAV's own length. Where the time goes (medians):",
  );
  for (const r of rows) {
    const split = r.piecesMs - r.whole;
    const serviceOnly = r.service - r.piecesMs;
    console.log(
      `  ${`${r.family} ${r.size}:`.padEnd(16)} splitting ${split >= 0 ? '+' : ''}${split.toFixed(0)} ms (whole -> pieces), service ${serviceOnly >= 0 ? '+' : ''}${serviceOnly.toFixed(0)} ms (pieces -> HTTP); ` +
        `speech s whole/pieces/service ${r.bareSeconds.toFixed(2)} / ${r.piecesSeconds.toFixed(2)} / ${r.serviceSeconds.toFixed(2)}`,
    );
    // The spread says how far one median can be trusted on a shared machine.
    /** @param {number[]} xs */
    const spread = (xs) => `${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)}`;
    console.log(
      `  ${''.padEnd(16)} min-max ms: whole ${spread(r.ms.whole)}, pieces ${spread(r.ms.pieces)}, service ${spread(r.ms.service)}`,
    );
  }
  await benchV1Speech(service, v1Text, RUNS, work);
  console.log(`Load average after the runs (1/5/15 min): ${loadAverage()}`);
}

await runBench(main);
