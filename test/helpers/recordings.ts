import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeWav, parseWav } from '../../src/engines/audio/wav.js';
import { withScratchDir } from './scratch-dir.js';

type Recording = { mp3: Buffer; wav: Buffer; spans: { start: number; end: number; voice: string }[] };

/**
 * Recordings already made, by what they say and the programs that made them: flite and ffmpeg give the same bytes
 * every time, and test files in both projects and both workers ask for the same few (the whole meeting took ~1.4 s
 * of a worker, blocked). Written whole under a temporary name, then renamed, so a reader never sees half of one.
 */
const CACHE = join(fileURLToPath(new URL('../..', import.meta.url)), 'node_modules', '.cache', 'atelier-recordings');
let toolVersions: string | undefined;

/** Speaks lines with flite voices (in turn), joins them with pauses, and encodes the whole as MP3 with ffmpeg. */
export function makeRecording(lines: { voice: string; text: string }[], pauseSeconds = 0.6): Recording {
  // flite prints its version and exits 1: what it printed is kept, whatever its exit code.
  toolVersions ??= `${spawnSync('flite', ['--version']).stdout}${execFileSync('ffmpeg', ['-version'])}`;
  const key = createHash('sha256').update(JSON.stringify({ lines, pauseSeconds, toolVersions })).digest('hex');
  const file = join(CACHE, `${key.slice(0, 32)}.json`);
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { mp3: string; wav: string; spans: Recording['spans'] };
    return { mp3: Buffer.from(kept.mp3, 'base64'), wav: Buffer.from(kept.wav, 'base64'), spans: kept.spans };
  }
  const made = withScratchDir('atelier-recording', (dir) => recordIn(dir, lines, pauseSeconds));
  mkdirSync(CACHE, { recursive: true });
  const partial = `${file}.${process.pid}`;
  writeFileSync(
    partial,
    JSON.stringify({ ...made, mp3: made.mp3.toString('base64'), wav: made.wav.toString('base64') }),
  );
  renameSync(partial, file);
  return made;
}

function recordIn(dir: string, lines: { voice: string; text: string }[], pauseSeconds: number): Recording {
  const rate = 16_000;
  const pause = Buffer.alloc(Math.round(pauseSeconds * rate) * 2);
  const parts: Buffer[] = [];
  const spans: { start: number; end: number; voice: string }[] = [];
  let samples = 0;
  lines.forEach((line, i) => {
    const raw = join(dir, `${i}.wav`);
    const wav16 = join(dir, `${i}-16k.wav`);
    execFileSync('flite', ['-voice', line.voice, '-t', line.text, '-o', raw]);
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', raw, '-ar', String(rate), '-ac', '1', wav16]);
    const { pcm } = parseWav(readFileSync(wav16));
    spans.push({ start: samples / rate, end: (samples + pcm.length / 2) / rate, voice: line.voice });
    parts.push(pcm, pause);
    samples += pcm.length / 2 + pause.length / 2;
  });
  const wav = encodeWav({ pcm: Buffer.concat(parts), sampleRate: rate });
  const wavFile = join(dir, 'all.wav');
  const mp3File = join(dir, 'all.mp3');
  execFileSync('sh', ['-c', 'cat > "$1"', 'sh', wavFile], { input: wav });
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', wavFile, '-b:a', '64k', mp3File]);
  return { mp3: readFileSync(mp3File), wav, spans };
}

export const MEETING_SCRIPT = [
  { voice: 'slt', text: 'Good morning everyone. Let us start the weekly project meeting.' },
  { voice: 'rms', text: 'Thanks. The budget report is almost finished and the numbers look good.' },
  { voice: 'slt', text: 'Great. We need to send the report to the board by Friday.' },
  { voice: 'rms', text: 'I will schedule a review with the finance team tomorrow morning.' },
  { voice: 'slt', text: 'Perfect. Next we should discuss the new website design.' },
  { voice: 'rms', text: 'The design team will present three options next week.' },
];
