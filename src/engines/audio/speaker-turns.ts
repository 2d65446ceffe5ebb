import { type VoicedFrame, makeAnalyser } from './speakers.js';

/**
 * Who speaks when, over a whole recording, without a model: pitch and spectral-envelope features of voiced
 * frames every 20 ms; candidate boundaries at pauses and where the two windows either side of a point differ
 * most (a change point); the spans between them clustered bottom-up by BIC (each a diagonal Gaussian over its frames); then each change of speaker moved to
 * the frame where the two speakers' frames part best.
 */

export interface SpeakerTurn {
  start: number;
  end: number;
  /** 0-based, numbered by first appearance. */
  speaker: number;
}

export interface SpeakerTurns {
  turns: SpeakerTurn[];
  speakers: number;
}

const HOP_SECONDS = 0.02;
/** Decoded and analysed a block at a time, so an hour never sits in memory as floats at once. */
const BLOCK_SECONDS = 30;
/** A pause this long between voiced frames always ends a span. */
const PAUSE_SECONDS = 0.25;
/** Each side of a candidate change point. */
const WINDOW_SECONDS = 1;
const MIN_WINDOW_FRAMES = 15;
/** Adjacent-window distance (mean pooled-variance z per dimension) above which a local peak is a change. */
const CHANGE_THRESHOLD = 0.9;
/** Two change points closer than this are one. */
const MIN_SPAN_SECONDS = 0.8;
/** How far a change of speaker may move when it is refined frame by frame. */
const REFINE_SECONDS = 0.6;
// Median pitch tells voices apart best; without the weight the twelve cepstra drown it.
const PITCH_WEIGHT = 2;

/** The turns of a recording (16-bit mono PCM). An empty list when nothing in it is voiced. */
export function speakerTurns(
  audio: { pcm: Buffer; sampleRate: number },
  options: { maxSpeakers?: number } = {},
): SpeakerTurns {
  const frames = voicedFrames(audio);
  if (frames.length === 0) return { turns: [], speakers: 0 };
  const z = standardiseFrames(frames);
  const cuts = boundaries(frames, z);
  const spans = cuts.slice(0, -1).map((from, i) => ({ from, to: cuts[i + 1] as number }));
  const labels = clusterByBic(spans, z, Math.max(1, Math.floor(options.maxSpeakers ?? 4)));
  // Adjacent spans of one speaker become one turn; a change of speaker is refined frame by frame.
  const frameLabels = new Int32Array(frames.length);
  for (const [i, { from, to }] of spans.entries()) frameLabels.fill(labels[i] as number, from, to);
  refineChanges(frames, z, frameLabels);
  return { turns: toTurns(frames, frameLabels), speakers: new Set(labels).size };
}

function voicedFrames(audio: { pcm: Buffer; sampleRate: number }): VoicedFrame[] {
  const seconds = audio.pcm.length / 2 / audio.sampleRate;
  const analyser = makeAnalyser(audio.pcm, audio.sampleRate, HOP_SECONDS);
  const frames: VoicedFrame[] = [];
  for (let start = 0; start < seconds; start += BLOCK_SECONDS) {
    const end = Math.min(seconds, start + BLOCK_SECONDS);
    for (const f of analyser.frames(start, end)) if (f.time < end) frames.push(f);
  }
  return frames;
}

/** The frames' vectors z-scored over the recording, pitch weighted. */
function standardiseFrames(frames: VoicedFrame[]): Float64Array[] {
  const dims = (frames[0] as VoicedFrame).vector.length;
  const mean = new Float64Array(dims);
  const sd = new Float64Array(dims);
  for (const f of frames) for (let d = 0; d < dims; d++) mean[d] = (mean[d] as number) + (f.vector[d] as number);
  for (let d = 0; d < dims; d++) mean[d] = (mean[d] as number) / frames.length;
  for (const f of frames)
    for (let d = 0; d < dims; d++) sd[d] = (sd[d] as number) + ((f.vector[d] as number) - (mean[d] as number)) ** 2;
  for (let d = 0; d < dims; d++) sd[d] = Math.max(1e-9, Math.sqrt((sd[d] as number) / frames.length));
  return frames.map((f) =>
    Float64Array.from(
      f.vector,
      (v, d) => ((v - (mean[d] as number)) / (sd[d] as number)) * (d === 0 ? PITCH_WEIGHT : 1),
    ),
  );
}

/** Frame indices where spans start, with frames.length last: pauses, then change points between them. */
function boundaries(frames: VoicedFrame[], z: Float64Array[]): number[] {
  const cuts = new Set<number>([0, frames.length]);
  for (let i = 1; i < frames.length; i++)
    if ((frames[i] as VoicedFrame).time - (frames[i - 1] as VoicedFrame).time >= PAUSE_SECONDS) cuts.add(i);
  const distance = windowDistances(frames, z);
  // Local peaks above the threshold, strongest first, none within MIN_SPAN_SECONDS of a kept cut.
  const peaks = [...distance.keys()]
    .filter((i) => (distance[i] as number) > CHANGE_THRESHOLD)
    .sort((a, b) => (distance[b] as number) - (distance[a] as number) || a - b);
  const kept = [...cuts];
  for (const i of peaks) {
    const t = (frames[i] as VoicedFrame).time;
    const near = kept.some((k) => Math.abs(frameTime(frames, k) - t) < MIN_SPAN_SECONDS);
    if (near) continue;
    kept.push(i);
    cuts.add(i);
  }
  return [...cuts].sort((a, b) => a - b);
}

const frameTime = (frames: VoicedFrame[], i: number): number =>
  i >= frames.length ? Number.POSITIVE_INFINITY : (frames[i] as VoicedFrame).time;

/**
 * For each frame, how far apart the windows before and after it are: per dimension, the difference of the means
 * over the pooled standard deviation, averaged over dimensions. 0 where either window has too few frames.
 */
function windowDistances(frames: VoicedFrame[], z: Float64Array[]): Float64Array {
  const n = frames.length;
  const dims = (z[0] as Float64Array).length;
  // Prefix sums of values and squares, so each window is two subtractions.
  const sum = Array.from({ length: dims }, () => new Float64Array(n + 1));
  const square = Array.from({ length: dims }, () => new Float64Array(n + 1));
  for (let i = 0; i < n; i++) {
    for (let d = 0; d < dims; d++) {
      const v = (z[i] as Float64Array)[d] as number;
      (sum[d] as Float64Array)[i + 1] = ((sum[d] as Float64Array)[i] as number) + v;
      (square[d] as Float64Array)[i + 1] = ((square[d] as Float64Array)[i] as number) + v * v;
    }
  }
  const out = new Float64Array(n);
  let left = 0;
  let right = 0;
  for (let i = 0; i < n; i++) {
    const t = (frames[i] as VoicedFrame).time;
    while ((frames[left] as VoicedFrame).time < t - WINDOW_SECONDS) left++;
    while (right < n && (frames[right] as VoicedFrame).time < t + WINDOW_SECONDS) right++;
    const a = i - left;
    const b = right - i;
    if (a < MIN_WINDOW_FRAMES || b < MIN_WINDOW_FRAMES) continue;
    let total = 0;
    for (let d = 0; d < dims; d++) {
      const s = sum[d] as Float64Array;
      const q = square[d] as Float64Array;
      const sa = (s[i] as number) - (s[left] as number);
      const sb = (s[right] as number) - (s[i] as number);
      const ma = sa / a;
      const mb = sb / b;
      const va = ((q[i] as number) - (q[left] as number)) / a - ma * ma;
      const vb = ((q[right] as number) - (q[i] as number)) / b - mb * mb;
      total += Math.abs(ma - mb) / Math.sqrt(Math.max(1e-6, (va + vb) / 2));
    }
    out[i] = total / dims;
  }
  return out;
}

/**
 * Moves each change of speaker (a frame whose label differs from the one before it, not at a pause) to the split,
 * within REFINE_SECONDS, that puts the frames nearest to each side's speaker on that side.
 */
function refineChanges(frames: VoicedFrame[], z: Float64Array[], labels: Int32Array): void {
  const dims = (z[0] as Float64Array).length;
  const centres = new Map<number, Float64Array>();
  const counts = new Map<number, number>();
  labels.forEach((label, i) => {
    const centre = centres.get(label) ?? new Float64Array(dims);
    for (let d = 0; d < dims; d++) centre[d] = (centre[d] as number) + ((z[i] as Float64Array)[d] as number);
    centres.set(label, centre);
    counts.set(label, (counts.get(label) ?? 0) + 1);
  });
  for (const [label, centre] of centres)
    for (let d = 0; d < dims; d++) centre[d] = (centre[d] as number) / (counts.get(label) as number);
  const distance = (i: number, label: number): number => {
    const centre = centres.get(label) as Float64Array;
    let total = 0;
    for (let d = 0; d < dims; d++) total += (((z[i] as Float64Array)[d] as number) - (centre[d] as number)) ** 2;
    return total;
  };
  for (let i = 1; i < frames.length; i++) {
    const [a, b] = [labels[i - 1] as number, labels[i] as number];
    if (a === b || (frames[i] as VoicedFrame).time - (frames[i - 1] as VoicedFrame).time >= PAUSE_SECONDS) continue;
    const t = (frames[i] as VoicedFrame).time;
    let lo = i;
    while (lo > 1 && labels[lo - 1] === a && t - (frames[lo - 1] as VoicedFrame).time <= REFINE_SECONDS) lo--;
    let hi = i;
    while (hi < frames.length - 1 && labels[hi] === b && (frames[hi] as VoicedFrame).time - t <= REFINE_SECONDS) hi++;
    // cost(split) = sum over [lo, split) of distance to a + sum over [split, hi) of distance to b.
    let cost = 0;
    for (let k = lo; k < hi; k++) cost += distance(k, b);
    let best = lo;
    let bestCost = cost;
    for (let split = lo + 1; split <= hi; split++) {
      cost += distance(split - 1, a) - distance(split - 1, b);
      if (cost < bestCost) [best, bestCost] = [split, cost];
    }
    labels.fill(a, lo, best);
    labels.fill(b, best, hi);
    i = Math.max(i, hi);
  }
}

/** Runs of one label become turns; a change mid-speech falls between its two frames, a pause is left out. */
function toTurns(frames: VoicedFrame[], labels: Int32Array): SpeakerTurn[] {
  const turns: SpeakerTurn[] = [];
  const renumber = new Map<number, number>();
  for (let i = 0; i < frames.length; i++) {
    const label = labels[i] as number;
    if (!renumber.has(label)) renumber.set(label, renumber.size);
    const speaker = renumber.get(label) as number;
    const time = (frames[i] as VoicedFrame).time;
    const last = turns.at(-1);
    const previous = i > 0 ? (frames[i - 1] as VoicedFrame).time : Number.NEGATIVE_INFINITY;
    if (last && last.speaker === speaker && time - previous < PAUSE_SECONDS * 4) {
      last.end = time + HOP_SECONDS / 2;
      continue;
    }
    const joined = last && time - previous < PAUSE_SECONDS;
    if (last && joined) last.end = (previous + time) / 2;
    turns.push({
      start: joined ? (previous + time) / 2 : time - HOP_SECONDS / 2,
      end: time + HOP_SECONDS / 2,
      speaker,
    });
  }
  return turns;
}

/** A cluster's frames as counts, sums and sums of squares per dimension (a diagonal Gaussian). */
interface Stats {
  n: number;
  sum: Float64Array;
  square: Float64Array;
}

function statsOf(z: Float64Array[], from: number, to: number): Stats {
  const dims = (z[0] as Float64Array).length;
  const stats = { n: to - from, sum: new Float64Array(dims), square: new Float64Array(dims) };
  for (let i = from; i < to; i++) {
    const v = z[i] as Float64Array;
    for (let d = 0; d < dims; d++) {
      stats.sum[d] = (stats.sum[d] as number) + (v[d] as number);
      stats.square[d] = (stats.square[d] as number) + (v[d] as number) ** 2;
    }
  }
  return stats;
}

const merged = (a: Stats, b: Stats): Stats => ({
  n: a.n + b.n,
  sum: a.sum.map((v, d) => v + (b.sum[d] as number)),
  square: a.square.map((v, d) => v + (b.square[d] as number)),
});

/** n/2 times the log determinant of the diagonal covariance. */
function logDet(s: Stats): number {
  let total = 0;
  for (let d = 0; d < s.sum.length; d++) {
    const mean = (s.sum[d] as number) / s.n;
    total += Math.log(Math.max(VARIANCE_FLOOR, (s.square[d] as number) / s.n - mean * mean));
  }
  return (s.n / 2) * total;
}

const VARIANCE_FLOOR = 1e-3;
/** The BIC penalty's weight. Frames 20 ms apart are far from independent: measured on flite voices (bench/speakers.mjs), 2.5 split one voice less often than 1 but still overcounted, 5 kept every one-voice recording whole and found the right count in 22 of 24 conversations, 7 merged more real speakers. */
const BIC_LAMBDA = 5;

/** What joining two clusters costs in likelihood, less the BIC penalty for the parameters it saves: < 0 joins. */
function deltaBic(a: Stats, b: Stats): number {
  const both = merged(a, b);
  const parameters = 2 * a.sum.length;
  return logDet(both) - logDet(a) - logDet(b) - BIC_LAMBDA * (parameters / 2) * Math.log(both.n);
}

/**
 * Agglomerative clustering of the spans (each a diagonal Gaussian over its frames): the pair whose merge costs
 * least in BIC is joined while that is below zero, or while there are more clusters than maxSpeakers.
 */
function clusterByBic(spans: { from: number; to: number }[], z: Float64Array[], maxSpeakers: number): number[] {
  const clusters = spans.map(({ from, to }, i) => ({ stats: statsOf(z, from, to), members: [i] }));
  const alive = clusters.map(() => true);
  const cost = clusters.map((a, i) => clusters.map((b, j) => (j > i ? deltaBic(a.stats, b.stats) : Number.NaN)));
  for (;;) {
    let best: [number, number] | undefined;
    let bestCost = Number.POSITIVE_INFINITY;
    for (let i = 0; i < clusters.length; i++) {
      if (!alive[i]) continue;
      for (let j = i + 1; j < clusters.length; j++) {
        if (alive[j] && ((cost[i] as number[])[j] as number) < bestCost) {
          bestCost = (cost[i] as number[])[j] as number;
          best = [i, j];
        }
      }
    }
    const count = alive.filter(Boolean).length;
    if (!best || (bestCost >= 0 && count <= maxSpeakers)) break;
    const [i, j] = best;
    const a = clusters[i] as (typeof clusters)[number];
    const b = clusters[j] as (typeof clusters)[number];
    a.stats = merged(a.stats, b.stats);
    a.members.push(...b.members);
    alive[j] = false;
    for (let k = 0; k < clusters.length; k++) {
      if (k === i || !alive[k]) continue;
      const c = deltaBic(a.stats, (clusters[k] as (typeof clusters)[number]).stats);
      if (k > i) (cost[i] as number[])[k] = c;
      else (cost[k] as number[])[i] = c;
    }
  }
  const labels = new Array<number>(spans.length).fill(0);
  clusters.forEach((c, i) => {
    if (alive[i]) for (const m of c.members) labels[m] = i;
  });
  return labels;
}
