// Speaker detection benchmark: conversations spoken by flite voices (slt, rms, awb, kal; two and three voices; turns
// of 2-10 s; back to back and 0.5 s apart), scored against the truth: speaker error rate (share of speech time given
// to the wrong speaker) and turn-boundary error (distance from each true change of speaker to the nearest detected
// one, within 1 s; the rest counted as missed; detected changes with no true one near counted as false).
// "before" is the earlier way: segments cut at pauses (as the recogniser cuts them), each labelled whole.
// Usage: node bench/speakers.mjs after a build (node scripts/build-service.mjs). Only prints.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { assertBuilt, root } from './lib.mjs';
import { boundaryError, conversation, speakerErrorRate } from './speaker-recordings.mjs';

assertBuilt('node scripts/build-service.mjs');
const { speakerTurns } = /** @type {typeof import('../src/engines/audio/speaker-turns.js')} */ (
  await import(join(root, 'dist/engines/audio/speaker-turns.js'))
);
const { detectSpeakers } = /** @type {typeof import('../src/engines/audio/speakers.js')} */ (
  await import(join(root, 'dist/engines/audio/speakers.js'))
);

const SCENARIOS = [
  { voices: ['slt', 'rms'], pauseSeconds: 0 },
  { voices: ['slt', 'rms'], pauseSeconds: 0.5 },
  { voices: ['rms', 'awb'], pauseSeconds: 0 },
  { voices: ['awb', 'kal'], pauseSeconds: 0 },
  { voices: ['slt', 'kal'], pauseSeconds: 0 },
  { voices: ['slt', 'rms', 'awb'], pauseSeconds: 0 },
  { voices: ['slt', 'rms', 'awb'], pauseSeconds: 0.5 },
  { voices: ['slt', 'awb', 'kal'], pauseSeconds: 0 },
  { voices: ['slt'], pauseSeconds: 0 },
  { voices: ['rms'], pauseSeconds: 0.5 },
];
const SEEDS = [1, 2, 3];

/** Spans of sound cut at pauses of 0.3 s or more: what the recogniser's segments were labelled by before. */
function pauseSegments({ pcm, sampleRate }) {
  const hop = Math.round(sampleRate / 100);
  const loud = [];
  for (let at = 0; at + hop <= pcm.length / 2; at += hop) {
    let sum = 0;
    for (let i = at; i < at + hop; i++) sum += Math.abs(pcm.readInt16LE(i * 2));
    loud.push(sum / hop > 150);
  }
  const segments = [];
  let start = -1;
  let quiet = 0;
  loud.forEach((on, i) => {
    if (on) {
      if (start < 0) start = i;
      quiet = 0;
    } else if (start >= 0 && ++quiet >= 30) {
      segments.push({ start: start / 100, end: (i - quiet + 1) / 100 });
      start = -1;
    }
  });
  if (start >= 0) segments.push({ start: start / 100, end: loud.length / 100 });
  return segments;
}

function before(audio) {
  const segments = pauseSegments(audio);
  const { labels } = detectSpeakers(audio, segments);
  return segments.map((s, i) => ({ ...s, speaker: labels[i] ?? 0 }));
}

const cache = new Map();
const rows = [];
/** @type {{ before: Record<string, number>[], after: Record<string, number>[] }} */
const totals = { before: [], after: [] };
let audioSeconds = 0;
let cpuMs = 0;
for (const scenario of SCENARIOS) {
  for (const seed of SEEDS) {
    const { audio, truth } = conversation({ ...scenario, seed, cache });
    const seconds = audio.pcm.length / 2 / audio.sampleRate;
    const started = performance.now();
    const { turns, speakers } = speakerTurns(audio);
    cpuMs += performance.now() - started;
    audioSeconds += seconds;
    const old = before(audio);
    const truthSpeakers = scenario.voices.length;
    const after = { ser: speakerErrorRate(truth, turns), ...boundaryError(truth, turns), speakers, truthSpeakers };
    const was = {
      ser: speakerErrorRate(truth, old),
      ...boundaryError(truth, old),
      speakers: new Set(old.map((t) => t.speaker)).size,
      truthSpeakers,
    };
    totals.after.push(after);
    totals.before.push(was);
    rows.push({ scenario, seed, seconds, after, was });
  }
}

const pct = (x) => `${(100 * x).toFixed(1)}%`;
const secs = (x) => (Number.isNaN(x) ? '   -' : x.toFixed(2));
console.log('voices          pause seed  audio | speakers  SER    boundary(s) missed false | before: speakers  SER');
for (const { scenario, seed, seconds, after, was } of rows) {
  const truthSpeakers = scenario.voices.length;
  console.log(
    [
      scenario.voices.join('/').padEnd(15),
      `${scenario.pauseSeconds.toFixed(1)}s`.padStart(5),
      String(seed).padStart(4),
      `${seconds.toFixed(1)}s`.padStart(6),
      '|',
      `${after.speakers}/${truthSpeakers}`.padStart(8),
      pct(after.ser).padStart(6),
      secs(after.meanSeconds).padStart(11),
      `${after.missed}/${after.changes}`.padStart(6),
      String(after.falseChanges).padStart(5),
      '|',
      `${was.speakers}/${truthSpeakers}`.padStart(16),
      pct(was.ser).padStart(6),
    ].join(' '),
  );
}
const summary = (list, multi) => {
  const chosen = list.filter((r) => r.truthSpeakers > 1 === multi);
  const found = chosen.reduce((a, r) => a + r.changes - r.missed, 0);
  return {
    ser: chosen.reduce((a, r) => a + r.ser, 0) / chosen.length,
    right: chosen.filter((r) => r.speakers === r.truthSpeakers).length,
    of: chosen.length,
    boundary: chosen.reduce((a, r) => a + (r.changes - r.missed) * (r.meanSeconds || 0), 0) / Math.max(1, found),
    missed: chosen.reduce((a, r) => a + r.missed, 0),
    changes: chosen.reduce((a, r) => a + r.changes, 0),
    falseChanges: chosen.reduce((a, r) => a + r.falseChanges, 0),
  };
};
for (const [name, list] of Object.entries(totals)) {
  const multi = summary(list, true);
  const single = summary(list, false);
  console.log(
    `${name.padEnd(6)}: several voices: SER ${pct(multi.ser)}, speaker count right ${multi.right}/${multi.of}, boundary error ${secs(multi.boundary)} s (missed ${multi.missed}/${multi.changes}, false ${multi.falseChanges}); one voice: SER ${pct(single.ser)}, kept as one ${single.right}/${single.of}`,
  );
}
console.log(`speakerTurns: ${audioSeconds.toFixed(0)} s of audio in ${cpuMs.toFixed(0)} ms`);
