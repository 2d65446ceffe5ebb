// The /v1/audio/speech rows of bench/tts.mjs: first audio byte and whole request of a streamed MP3 of a 300-word text,
// against the bare pipeline (the engine's program, then ffmpeg's MP3 encoder reading its PCM as it comes).
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { median, tableLines } from './lib.mjs';

const V1_TARGET = 1.3;

/** @typedef {[command: string, args: string[]]} Command a program and its arguments */

// The exact programs and arguments the service spawns (see src/engines/adapters), shared with bench/tts.mjs.
/** @type {Command} */
export const ESPEAK = ['espeak-ng', ['-v', 'en-us', '-s', '175', '-p', '50', '-g', '0', '-b', '1', '--stdout']];
/**
 * @param {string} textFile
 * @param {string} wavFile
 */
export const fliteArgs = (textFile, wavFile) => [
  '-voice',
  'slt',
  '--setf',
  'duration_stretch=1.000',
  '-f',
  textFile,
  '-o',
  wavFile,
];

/**
 * ffmpeg's arguments as the service's streaming encoder spawns them for mp3 (src/engines/audio/stream-encoder.ts).
 * @param {string[]} inputFormat
 */
const encoderArgs = (inputFormat) => [
  ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
  ...inputFormat,
  ...['-i', 'pipe:0', '-af', 'volume=1.000', '-ar', '44100', '-ac', '1'],
  ...['-c:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3', '-flush_packets', '1', 'pipe:1'],
];

/**
 * Runs `producer` (a program writing WAV to its stdout, or a function that resolves with WAV bytes) into ffmpeg's
 * encoder; resolves with the ms to ffmpeg's first output byte and to its end.
 * @param {{ program?: [string, string[], string], wav?: () => Promise<Buffer> }} producer
 * @returns {Promise<{ first: number, whole: number }>}
 */
function barePipeline(producer) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    let first = 0;
    const encoder = spawn('ffmpeg', encoderArgs(['-f', 'wav']), { stdio: ['pipe', 'pipe', 'inherit'] });
    encoder.stdout.on('data', () => {
      first ||= performance.now() - start;
    });
    encoder.once('error', reject);
    encoder.once('close', (code) =>
      code === 0 ? resolve({ first, whole: performance.now() - start }) : reject(new Error(`ffmpeg exited ${code}`)),
    );
    encoder.stdin.on('error', () => undefined);
    if (producer.program) {
      const [command, args, input] = producer.program;
      const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
      child.once('error', reject);
      child.stdout.pipe(encoder.stdin);
      child.stdin.end(input);
    } else if (producer.wav) {
      producer.wav().then((wav) => encoder.stdin.end(wav), reject);
    }
  });
}

/**
 * First byte and whole request of POST /v1/audio/speech (mp3), read as a stream.
 * @param {{ url: string, apiKey: string }} service
 * @param {string} model
 * @param {string} voice
 * @param {string} input
 */
async function viaV1(service, model, voice, input) {
  const start = performance.now();
  const res = await fetch(`${service.url}/v1/audio/speech`, {
    method: 'POST',
    headers: { authorization: `Bearer ${service.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, voice, input, response_format: 'mp3' }),
  });
  if (res.status !== 200 || !res.body)
    throw new Error(`POST /v1/audio/speech answered ${res.status}: ${await res.text()}`);
  let first = 0;
  let bytes = 0;
  for await (const chunk of res.body) {
    first ||= performance.now() - start;
    bytes += chunk.byteLength;
  }
  if (bytes === 0) throw new Error('POST /v1/audio/speech sent no audio');
  return { first, whole: performance.now() - start };
}

/**
 * @param {{ url: string, apiKey: string }} service
 * @param {string} text a 300-word text
 * @param {number} runs
 * @param {string} workDir
 */
export async function benchV1Speech(service, text, runs, workDir) {
  const words = text.split(/\s+/).filter(Boolean).length;
  console.log(
    `\n/v1/audio/speech: a ${words}-word text (${text.length} chars), mp3 streamed; ${runs} runs each (median), 1 warm-up, alternating.`,
  );
  console.log(
    `  bare espeak-ng = espeak-ng --stdout (whole text on stdin) piped into ffmpeg ${encoderArgs(['-f', 'wav']).join(' ')}`,
  );
  console.log('  bare flite = flite -f text -o out.wav (it writes a file: whole text first), then the same ffmpeg');
  console.log(
    '  service = client time to the first body byte and to the end of POST /v1/audio/speech (model tts-1 = espeak-ng, tts-1-hd = flite)',
  );
  let n = 0;
  const families = [
    {
      name: 'espeak-ng',
      model: 'tts-1',
      voice: 'espeak-ng:en-us',
      bare: () =>
        barePipeline({
          program: [...ESPEAK, text],
        }),
    },
    {
      name: 'flite',
      model: 'tts-1-hd',
      voice: 'flite:slt',
      bare: () =>
        barePipeline({
          wav: async () => {
            n += 1;
            const [textFile, wavFile] = [join(workDir, `v1-${n}.txt`), join(workDir, `v1-${n}.wav`)];
            await writeFile(textFile, text);
            await new Promise((resolve, reject) => {
              const child = spawn('flite', fliteArgs(textFile, wavFile));
              child.once('error', reject);
              child.once('close', (code) =>
                code === 0 ? resolve(undefined) : reject(new Error(`flite exited ${code}`)),
              );
            });
            return readFile(wavFile);
          },
        }),
    },
  ];
  const rows = [];
  for (const family of families) {
    process.stdout.write(`  running ${family.name} ...`);
    await family.bare();
    await viaV1(service, family.model, family.voice, text);
    /** @type {{ first: number[], whole: number[] }} */
    const bare = { first: [], whole: [] };
    /** @type {{ first: number[], whole: number[] }} */
    const v1 = { first: [], whole: [] };
    for (let i = 0; i < runs; i++) {
      const b = await family.bare();
      const s = await viaV1(service, family.model, family.voice, text);
      bare.first.push(b.first);
      bare.whole.push(b.whole);
      v1.first.push(s.first);
      v1.whole.push(s.whole);
    }
    console.log(' done');
    const m = {
      bareFirst: median(bare.first),
      bareWhole: median(bare.whole),
      first: median(v1.first),
      whole: median(v1.whole),
    };
    rows.push([
      family.name,
      m.bareFirst.toFixed(0),
      m.first.toFixed(0),
      `${(m.first / m.bareFirst).toFixed(2)}x`,
      m.bareWhole.toFixed(0),
      m.whole.toFixed(0),
      `${(m.whole / m.bareWhole).toFixed(2)}x`,
      `<= ${V1_TARGET}x`,
      m.whole / m.bareWhole <= V1_TARGET ? 'meets' : 'below',
    ]);
  }
  const header = [
    'family',
    'bare first byte ms',
    '/v1 first byte ms',
    'first ratio',
    'bare whole ms',
    '/v1 whole ms',
    'whole ratio',
    'target',
    'result',
  ];
  console.log(tableLines(header, rows, { alignLeft: [0, header.length - 1], indent: '  ' }).join('\n'));
}
