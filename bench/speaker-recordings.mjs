// Conversations spoken by flite voices, with the truth of who speaks when, and the figures that score a diarization
// against it. Shared by bench/speakers.mjs and the speaker tests.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const RATE = 16_000;

export const SENTENCES = [
  'The weather has been unusually warm for this time of year.',
  'Could you send me the report before the meeting on Thursday?',
  'I think we should take the train instead of driving.',
  'My grandmother grew tomatoes and beans in her garden.',
  'The library closes early on Sundays, so plan ahead.',
  'We spent the afternoon walking along the river.',
  'Please remember to turn off the lights when you leave.',
  'The new bakery on the corner sells excellent bread.',
  'He finally finished painting the kitchen last weekend.',
  'Our flight was delayed by almost three hours.',
  'She plays the piano every evening after dinner.',
  'Let me know if the schedule changes again.',
  'Yes.',
  'Absolutely, that sounds right to me.',
];

/** Sentence i in a voice, 16 kHz mono PCM, with the silence flite leaves at either end cut off. */
export function utterance(voice, i, cache = new Map()) {
  const key = `${voice}-${i}`;
  const kept = cache.get(key);
  if (kept) return kept;
  const dir = mkdtempSync(join(tmpdir(), 'atelier-voices-'));
  try {
    const raw = join(dir, 'raw.wav');
    const wav = join(dir, '16k.wav');
    execFileSync('flite', ['-voice', voice, '-t', SENTENCES[i], '-o', raw]);
    execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-i', raw, '-ar', String(RATE), '-ac', '1', wav]);
    const pcm = pcmOf(readFileSync(wav));
    const trimmed = trimSilence(pcm);
    cache.set(key, trimmed);
    return trimmed;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function pcmOf(wav) {
  let at = 12;
  while (at + 8 <= wav.length) {
    const id = wav.toString('ascii', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    if (id === 'data') return wav.subarray(at + 8, at + 8 + size);
    at += 8 + size + (size % 2);
  }
  throw new Error('no data chunk');
}

function trimSilence(pcm) {
  const samples = pcm.length / 2;
  const loud = (i) => Math.abs(pcm.readInt16LE(i * 2)) > 300;
  let first = 0;
  while (first < samples && !loud(first)) first++;
  let last = samples - 1;
  while (last > first && !loud(last)) last--;
  return pcm.subarray(first * 2, (last + 1) * 2);
}

/** A small deterministic generator (the same plan every run). */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * A conversation of `turns` turns among `voices` (never the same voice twice running), each turn one to three
 * sentences of one voice making 2-10 s, turns `pauseSeconds` apart (0: back to back). Returns the PCM and the truth.
 */
export function conversation({ voices, turns = 10, pauseSeconds = 0, seed = 1, cache }) {
  const next = random(seed);
  const parts = [];
  const truth = [];
  let at = 0;
  let sentence = Math.floor(next() * SENTENCES.length);
  let previous = -1;
  for (let t = 0; t < turns; t++) {
    let v = Math.floor(next() * voices.length);
    if (v === previous) v = (v + 1) % voices.length;
    previous = v;
    const voice = voices[v];
    const wanted = 2 + next() * 8;
    const start = at;
    let length = 0;
    for (let k = 0; k < 3 && (k === 0 || length < wanted); k++) {
      const pcm = utterance(voice, sentence % SENTENCES.length, cache);
      sentence++;
      if (k > 0 && length + pcm.length / 2 / RATE > 10) break;
      parts.push(pcm);
      length += pcm.length / 2 / RATE;
    }
    at += length;
    truth.push({ start, end: at, voice });
    if (pauseSeconds > 0 && t < turns - 1) {
      parts.push(Buffer.alloc(Math.round(pauseSeconds * RATE) * 2));
      at += pauseSeconds;
    }
  }
  return { audio: { pcm: Buffer.concat(parts), sampleRate: RATE }, truth };
}

const STEP = 0.01;

/** The hypothesis label at time t: the turn holding it, else the nearest turn. */
function labelAt(turns, t) {
  let best;
  let bestGap = Number.POSITIVE_INFINITY;
  for (const turn of turns) {
    const gap = Math.max(0, turn.start - t, t - turn.end);
    if (gap < bestGap) [best, bestGap] = [turn.speaker, gap];
    if (gap === 0) break;
  }
  return best ?? -1;
}

function permutations(items) {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations(items.filter((_, j) => j !== i)).map((rest) => [item, ...rest]));
}

/**
 * Speaker error rate: the share of speech time (the truth's turns, 10 ms steps) given to the wrong speaker under
 * the best one-to-one renaming of the detected speakers (time of a speaker with no partner counts as wrong).
 */
export function speakerErrorRate(truth, turns) {
  const voices = [...new Set(truth.map((t) => t.voice))];
  const hypotheses = [...new Set(turns.map((t) => t.speaker))];
  const size = Math.max(voices.length, hypotheses.length);
  const counts = Array.from({ length: size }, () => new Array(size).fill(0));
  let total = 0;
  let cursor = 0;
  const sorted = [...turns].sort((a, b) => a.start - b.start);
  for (const turn of truth) {
    const v = voices.indexOf(turn.voice);
    for (let t = turn.start + STEP / 2; t < turn.end; t += STEP) {
      while (cursor < sorted.length - 1 && sorted[cursor].end < t) cursor++;
      const h = hypotheses.indexOf(labelAt(sorted.slice(Math.max(0, cursor - 1), cursor + 2), t));
      if (h >= 0) counts[v][h]++;
      total++;
    }
  }
  if (total === 0) return 0;
  const best = Math.max(
    ...permutations([...Array(size).keys()]).map((rename) => counts.reduce((s, row, v) => s + row[rename[v]], 0)),
  );
  return 1 - best / total;
}

/** Times where the speaker changes: between adjacent turns of different speakers (the middle of any pause). */
export function changes(turns, key) {
  const out = [];
  for (let i = 1; i < turns.length; i++) {
    if (turns[i][key] !== turns[i - 1][key]) out.push((turns[i - 1].end + turns[i].start) / 2);
  }
  return out;
}

/**
 * Turn-boundary error: for each true change, the distance (s) to the nearest detected change, found within
 * `tolerance` s (else missed); and the detected changes with no true change within `tolerance` (false).
 */
export function boundaryError(truth, turns, tolerance = 1) {
  const truthChanges = changes(truth, 'voice');
  const found = changes(turns, 'speaker');
  const distances = truthChanges.map((c) => Math.min(Number.POSITIVE_INFINITY, ...found.map((f) => Math.abs(f - c))));
  const hits = distances.filter((d) => d <= tolerance);
  const falseChanges = found.filter((f) => !truthChanges.some((c) => Math.abs(f - c) <= tolerance)).length;
  return {
    changes: truthChanges.length,
    missed: truthChanges.length - hits.length,
    falseChanges,
    meanSeconds: hits.length ? hits.reduce((a, b) => a + b, 0) / hits.length : Number.NaN,
  };
}
