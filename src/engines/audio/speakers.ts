/**
 * Speaker detection without a model: each segment becomes a vector of pitch and spectral-envelope
 * statistics, the vectors are z-scored across the recording and clustered with k-means.
 */

export interface SpeakerDetection {
  /** One label per segment, 0-based, numbered by first appearance. */
  labels: number[];
  speakers: number;
}

type Span = { start: number; end: number };

// What tells voices apart lies below 4 kHz (telephone speech stays recognisable), so analysing at
// ~8 kHz halves the work for 16 kHz input without losing what matters here.
const TARGET_RATE = 8000;
const FRAME_SECONDS = 0.04;
// Only per-segment statistics are kept, so frames need not overlap.
const HOP_SECONDS = 0.04;
const MIN_F0 = 60;
const MAX_F0 = 400;
const MIN_SEGMENT_SECONDS = 0.3;
// A couple of stray periodic frames in noise are not enough to place a segment.
const MIN_VOICED_FRAMES = 3;
const MEL_BANDS = 24;
const CEPSTRA = 12;
const YIN_THRESHOLD = 0.25;
const SILENCE_RMS = 0.002;
const SPEECH_BELOW_PEAK = 0.05;
// Median pitch is the single most telling feature; without the weight the twelve cepstra drown it.
const PITCH_WEIGHT = 2;
// Least spread assumed for median pitch and its spread (semitones) when z-scoring: one voice's sentence
// melody moves its median a semitone or two, which alone must not read as two speakers.
const MIN_SPREAD = [1.5, 1];
// Measured on flite voices: one voice split into 2-4 clusters scores 0.15-0.29, two voices 0.4-0.5.
const MIN_SILHOUETTE = 0.3;
const RESTARTS = 8;

/** Labels each segment with a speaker. When no segment holds usable voice, all get speaker 0 of 1. */
export function detectSpeakers(
  audio: { pcm: Buffer; sampleRate: number },
  segments: Span[],
  options: { maxSpeakers?: number } = {},
): SpeakerDetection {
  const analyse = makeAnalyser(audio.pcm, audio.sampleRate).segment;
  const features = segments.map((s) => (s.end - s.start >= MIN_SEGMENT_SECONDS ? analyse(s.start, s.end) : undefined));
  return labelSpans(segments, features, options);
}

/**
 * Clusters spans by their summaries (`summarise`; undefined for a span too short or unvoiced to place, which
 * then takes the label of the nearest placed span): k-means for each k, kept when its silhouette clearly beats one
 * speaker. Labels are numbered by first appearance.
 */
export function labelSpans(
  spans: Span[],
  features: (number[] | undefined)[],
  options: { maxSpeakers?: number } = {},
): SpeakerDetection {
  if (spans.length === 0) return { labels: [], speakers: 0 };
  const maxSpeakers = Math.max(1, Math.floor(options.maxSpeakers ?? 4));
  const eligible = features.flatMap((f, i) => (f ? [i] : []));
  if (eligible.length === 0) return { labels: spans.map(() => 0), speakers: 1 };

  const clusters = chooseClusters(standardise(eligible.map((i) => features[i] as number[])), maxSpeakers);
  const raw = new Array<number>(spans.length).fill(-1);
  for (const [k, span] of eligible.entries()) raw[span] = clusters[k] as number;
  // Too short or unvoiced segments (a "yes", a cough) are most likely the neighbouring speaker's.
  const gap = (a: Span, b: Span): number => Math.max(0, a.start - b.end, b.start - a.end);
  const nearest = (s: Span): number =>
    eligible.reduce((best, j) => (gap(spans[j] as Span, s) < gap(spans[best] as Span, s) ? j : best));
  const labels = raw.map((label, i) => (label >= 0 ? label : (raw[nearest(spans[i] as Span)] as number)));
  const renumber = new Map<number, number>();
  for (const label of labels) if (!renumber.has(label)) renumber.set(label, renumber.size);
  return { labels: labels.map((label) => renumber.get(label) as number), speakers: renumber.size };
}

/** A span's summary from its voiced frames: [median pitch, pitch spread, mean centroid, roll-off, cepstra...]. */
export function summarise(voiced: readonly VoicedFrame[]): number[] | undefined {
  if (voiced.length < MIN_VOICED_FRAMES) return undefined;
  const pitches = voiced.map((f) => f.vector[0] as number).sort((a, b) => a - b);
  const quantile = (q: number): number => pitches[Math.floor(q * (pitches.length - 1))] as number;
  const dims = (voiced[0] as VoicedFrame).vector.length - 1;
  const means = Array.from({ length: dims }, (_, d) => {
    let sum = 0;
    for (const f of voiced) sum += f.vector[d + 1] as number;
    return sum / voiced.length;
  });
  return [quantile(0.5), quantile(0.75) - quantile(0.25), ...means];
}

/** A voiced frame: its centre (s) and [pitch in semitones, centroid, roll-off, cepstra c1..]. */
export interface VoicedFrame {
  time: number;
  vector: number[];
}

/**
 * `segment`: [median pitch, pitch spread, centroid, roll-off, cepstra...] of a time span, or undefined with too
 * little voicing. `frames`: the voiced frames of a span, `hopSeconds` apart.
 */
export function makeAnalyser(
  pcm: Buffer,
  sampleRate: number,
  hopSeconds = HOP_SECONDS,
): {
  segment: (start: number, end: number) => number[] | undefined;
  frames: (start: number, end: number) => VoicedFrame[];
} {
  const factor = Math.max(1, Math.floor(sampleRate / TARGET_RATE));
  const rate = sampleRate / factor;
  const lowpass = lowpassTaps(factor);
  const frame = Math.round(FRAME_SECONDS * rate);
  const hop = Math.round(hopSeconds * rate);
  const minLag = Math.floor(rate / MAX_F0);
  const maxLag = Math.ceil(rate / MIN_F0);
  // Zero padding past frame + maxLag keeps the FFT autocorrelation free of wrap-around.
  const size = 2 ** Math.ceil(Math.log2(frame + maxLag + 1));
  const fft = makeFft(size);
  const window = Float64Array.from({ length: frame }, (_, n) => 0.5 - 0.5 * Math.cos((2 * Math.PI * n) / (frame - 1)));
  const toMel = (hz: number): number => 2595 * Math.log10(1 + hz / 700);
  const toBin = (mel: number): number => ((700 * (10 ** (mel / 2595) - 1)) / rate) * size;
  const melStep = (toMel(rate / 2) - toMel(MIN_F0)) / (MEL_BANDS + 1);
  const mel = Array.from({ length: MEL_BANDS }, (_, b) => {
    const [from, peak, to] = [0, 1, 2].map((i) => toBin(toMel(MIN_F0) + (b + i) * melStep)) as [number, number, number];
    const first = Math.ceil(from);
    const length = Math.max(0, Math.min(Math.floor(to), size / 2) - first + 1);
    const weight = (bin: number): number => (bin <= peak ? (bin - from) / (peak - from) : (to - bin) / (to - peak));
    return { first, weights: Float64Array.from({ length }, (_, i) => weight(first + i)) };
  });
  const dct = Float64Array.from({ length: CEPSTRA * MEL_BANDS }, (_, i) => {
    const [c, b] = [Math.floor(i / MEL_BANDS) + 1, i % MEL_BANDS];
    return Math.cos((Math.PI * c * (b + 0.5)) / MEL_BANDS);
  });
  // Scratch buffers, reused for every frame.
  const [re, im, spectrum] = [new Float64Array(size), new Float64Array(size), new Float64Array(size / 2 + 1)];
  const [cmnd, bands] = [new Float64Array(maxLag + 2), new Float64Array(MEL_BANDS)];

  const decimate = (from: number, to: number): Float64Array => {
    const input = new Float64Array(to - from);
    for (let n = 0; n < input.length; n++) input[n] = pcm.readInt16LE((from + n) * 2) / 32768;
    const out = new Float64Array(Math.floor(input.length / factor));
    for (let n = 0; n < out.length; n++) {
      let sum = 0;
      for (let k = 0; k < lowpass.taps.length; k++) {
        const i = n * factor + (lowpass.offsets[k] as number);
        if (i >= 0 && i < input.length) sum += (lowpass.taps[k] as number) * (input[i] as number);
      }
      out[n] = sum;
    }
    return out;
  };

  /** YIN's cumulative mean normalised difference, built from the autocorrelation left in re. */
  const yin = (x: Float64Array, off: number, mean: number): number | undefined => {
    const square = (n: number): number => ((x[off + n] as number) - mean) ** 2;
    let head = 0;
    for (let n = 0; n < frame; n++) head += square(n);
    let tail = head;
    let running = 0;
    for (let lag = 1; lag <= maxLag + 1; lag++) {
      head -= square(frame - lag);
      tail -= square(lag - 1);
      const diff = Math.max(0, head + tail - (2 * (re[lag] as number)) / size);
      running += diff;
      cmnd[lag] = running > 0 ? (diff * lag) / running : 1;
    }
    for (let lag = minLag; lag <= maxLag; lag++) {
      if ((cmnd[lag] as number) >= YIN_THRESHOLD) continue;
      while (lag < maxLag && (cmnd[lag + 1] as number) < (cmnd[lag] as number)) lag++;
      const [l, c, r] = [cmnd[lag - 1] as number, cmnd[lag] as number, cmnd[lag + 1] as number];
      const shift = l - 2 * c + r > 0 ? (l - r) / (2 * (l - 2 * c + r)) : 0;
      return rate / (lag + Math.max(-0.5, Math.min(0.5, shift)));
    }
    return undefined;
  };

  /** Adds the spectral centroid and 85 % roll-off (kHz) and mel cepstra c1.. of the spectrum to sums. */
  const envelope = (sums: Float64Array): void => {
    const khzPerBin = rate / size / 1000;
    let [total, weighted, rolloff] = [0, 0, 0];
    for (let k = 0; k < spectrum.length; k++) {
      total += Math.sqrt(spectrum[k] as number);
      weighted += k * Math.sqrt(spectrum[k] as number);
    }
    for (let sum = 0; rolloff < spectrum.length && sum < 0.85 * total; rolloff++)
      sum += Math.sqrt(spectrum[rolloff] as number);
    sums[0] = (sums[0] as number) + (total > 0 ? (weighted / total) * khzPerBin : 0);
    sums[1] = (sums[1] as number) + rolloff * khzPerBin;
    mel.forEach(({ first, weights }, b) => {
      let e = 1e-10;
      for (let i = 0; i < weights.length; i++) e += (spectrum[first + i] as number) * (weights[i] as number);
      bands[b] = Math.log(e);
    });
    for (let c = 0; c < CEPSTRA; c++) {
      let sum = 0;
      for (let b = 0; b < MEL_BANDS; b++) sum += (bands[b] as number) * (dct[c * MEL_BANDS + b] as number);
      sums[2 + c] = (sums[2 + c] as number) + sum;
    }
  };

  /** Adds a voiced frame's spectral features to sums and returns its pitch in semitones; undefined when unvoiced. */
  const analyseFrame = (x: Float64Array, off: number, sums: Float64Array): number | undefined => {
    let mean = 0;
    for (let n = 0; n < frame; n++) mean += x[off + n] as number;
    mean /= frame;
    // One complex FFT carries two real frames: the windowed one (spectrum) and the raw one (pitch).
    re.fill(0);
    im.fill(0);
    for (let n = 0; n < frame; n++) {
      im[n] = (x[off + n] as number) - mean;
      re[n] = (im[n] as number) * (window[n] as number);
    }
    fft(re, im);
    for (let k = 0; k <= size / 2; k++) {
      const a = re[k] as number,
        b = im[k] as number,
        c = re[(size - k) % size] as number,
        d = im[(size - k) % size] as number;
      spectrum[k] = ((a + c) / 2) ** 2 + ((b - d) / 2) ** 2;
      re[k] = ((b + d) / 2) ** 2 + ((c - a) / 2) ** 2;
    }
    for (let k = 1; k < size / 2; k++) re[size - k] = re[k] as number;
    im.fill(0);
    fft(re, im);
    const f0 = yin(x, off, mean);
    if (f0 === undefined) return undefined;
    envelope(sums);
    return 12 * Math.log2(f0 / 100);
  };

  /** The voiced frames of a span: each its time (s) and [pitch in semitones, centroid, roll-off, cepstra...]. */
  const frames = (start: number, end: number): VoicedFrame[] => {
    const total = Math.floor(pcm.length / 2);
    const from = Math.min(total, Math.max(0, Math.round(start * sampleRate)));
    const x = decimate(from, Math.min(total, Math.max(from, Math.round(end * sampleRate))));
    const count = Math.max(0, Math.floor((x.length - frame) / hop) + 1);
    const rms = Float64Array.from({ length: count }, (_, f) => {
      let sum = 0;
      for (let n = f * hop; n < f * hop + frame; n++) sum += (x[n] as number) ** 2;
      return Math.sqrt(sum / frame);
    });
    const floor = Math.max(SILENCE_RMS, rms.reduce((a, b) => Math.max(a, b), 0) * SPEECH_BELOW_PEAK);
    const voiced: VoicedFrame[] = [];
    for (let f = 0; f < count; f++) {
      if ((rms[f] as number) < floor) continue;
      const sums = new Float64Array(2 + CEPSTRA);
      const semitones = analyseFrame(x, f * hop, sums);
      if (semitones !== undefined)
        voiced.push({ time: (from + (f * hop + frame / 2) * factor) / sampleRate, vector: [semitones, ...sums] });
    }
    return voiced;
  };

  const segment = (start: number, end: number): number[] | undefined => summarise(frames(start, end));
  return { segment, frames };
}

/** Windowed-sinc anti-alias filter for decimating by factor, as its non-zero taps and their offsets. */
function lowpassTaps(factor: number): { offsets: Int32Array; taps: Float64Array } {
  const half = 4 * factor;
  const all = Array.from({ length: 2 * half + 1 }, (_, n) => {
    const t = n - half;
    const sinc = t === 0 ? 1 / factor : Math.sin((Math.PI * t) / factor) / (Math.PI * t);
    return { offset: t, tap: sinc * (0.54 + 0.46 * Math.cos((Math.PI * t) / half)) };
  }).filter(({ tap }) => Math.abs(tap) > 1e-12);
  const sum = all.reduce((a, { tap }) => a + tap, 0);
  return {
    offsets: Int32Array.from(all, ({ offset }) => offset),
    taps: Float64Array.from(all, ({ tap }) => tap / sum),
  };
}

/** In-place radix-2 forward DFT. A real even input (a power spectrum) comes out as size times its inverse. */
function makeFft(size: number): (re: Float64Array, im: Float64Array) => void {
  const bits = Math.log2(size);
  const reverse = Uint32Array.from({ length: size }, (_, i) => {
    let r = 0;
    for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
    return r;
  });
  // Twiddles of all stages end to end: the stage joining halves of length h starts at h - 1.
  const angle = (i: number): number =>
    (-Math.PI * (i + 1 - 2 ** Math.floor(Math.log2(i + 1)))) / 2 ** Math.floor(Math.log2(i + 1));
  const cos = Float64Array.from({ length: size - 1 }, (_, i) => Math.cos(angle(i)));
  const sin = Float64Array.from({ length: size - 1 }, (_, i) => Math.sin(angle(i)));
  return (re, im) => {
    for (let i = 0; i < size; i++) {
      const j = reverse[i] as number;
      if (j <= i) continue;
      const r = re[i] as number,
        m = im[i] as number;
      re[i] = re[j] as number;
      im[i] = im[j] as number;
      re[j] = r;
      im[j] = m;
    }
    for (let half = 1; half < size; half *= 2) {
      for (let k = 0; k < half; k++) {
        const wr = cos[half - 1 + k] as number,
          wi = sin[half - 1 + k] as number;
        for (let a = k; a < size; a += 2 * half) {
          const b = a + half;
          const br = re[b] as number,
            bi = im[b] as number,
            ar = re[a] as number,
            ai = im[a] as number;
          const tr = br * wr - bi * wi,
            ti = br * wi + bi * wr;
          re[b] = ar - tr;
          im[b] = ai - ti;
          re[a] = ar + tr;
          im[a] = ai + ti;
        }
      }
    }
  };
}

function standardise(rows: number[][]): number[][] {
  const stats = (rows[0] as number[]).map((_, d) => {
    const mean = rows.reduce((a, r) => a + (r[d] as number), 0) / rows.length;
    const sd = Math.sqrt(rows.reduce((a, r) => a + ((r[d] as number) - mean) ** 2, 0) / rows.length);
    return { mean, sd: Math.max(sd, MIN_SPREAD[d] ?? 0) };
  });
  const scale = (v: number, { mean, sd }: { mean: number; sd: number }): number => (sd > 1e-9 ? (v - mean) / sd : 0);
  return rows.map((r) =>
    r.map((v, d) => scale(v, stats[d] as { mean: number; sd: number }) * (d === 0 ? PITCH_WEIGHT : 1)),
  );
}

const distance2 = (a: number[], b: number[]): number => a.reduce((sum, v, i) => sum + (v - (b[i] as number)) ** 2, 0);

/** Best k by silhouette; a single cluster unless some split clearly beats it. */
function chooseClusters(points: number[][], maxSpeakers: number): number[] {
  let best = points.map(() => 0);
  let bestScore = MIN_SILHOUETTE;
  for (let k = 2; k <= Math.min(maxSpeakers, points.length - 1); k++) {
    const assignment = kmeans(points, k);
    const score = silhouette(points, assignment, k);
    if (score > bestScore) [best, bestScore] = [assignment, score];
  }
  return best;
}

/** k-means++ from a fixed seed, best of a few restarts, so the same input always gives the same answer. */
function kmeans(points: number[][], k: number): number[] {
  let seed = 42;
  const random = (): number => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
  const nearest = (p: number[], centres: number[][]): number =>
    centres.reduce((best, c, i) => (distance2(p, c) < distance2(p, centres[best] as number[]) ? i : best), 0);
  let best = { assignment: [] as number[], inertia: Infinity };
  for (let restart = 0; restart < RESTARTS; restart++) {
    const centres = [points[Math.floor(random() * points.length)] as number[]];
    while (centres.length < k) {
      const weights = points.map((p) => distance2(p, centres[nearest(p, centres)] as number[]));
      let pick = random() * weights.reduce((a, b) => a + b, 0);
      const index = weights.findIndex((w) => {
        pick -= w;
        return pick < 0;
      });
      centres.push(points[index < 0 ? points.length - 1 : index] as number[]);
    }
    let assignment = points.map(() => -1);
    for (let iteration = 0; iteration < 100; iteration++) {
      const next = points.map((p) => nearest(p, centres));
      if (next.every((a, i) => a === assignment[i])) break;
      assignment = next;
      centres.forEach((centre, c) => {
        const members = points.filter((_, i) => assignment[i] === c);
        if (members.length > 0)
          centres[c] = centre.map((_, d) => members.reduce((s, m) => s + (m[d] as number), 0) / members.length);
      });
    }
    const inertia = points.reduce((sum, p, i) => sum + distance2(p, centres[assignment[i] as number] as number[]), 0);
    if (inertia < best.inertia - 1e-9) best = { assignment, inertia };
  }
  return best.assignment;
}

function silhouette(points: number[][], assignment: number[], k: number): number {
  let total = 0;
  points.forEach((p, i) => {
    const sums = new Array<number>(k).fill(0);
    const counts = new Array<number>(k).fill(0);
    points.forEach((q, j) => {
      const c = assignment[j] as number;
      if (i === j) return;
      sums[c] = (sums[c] as number) + Math.sqrt(distance2(p, q));
      counts[c] = (counts[c] as number) + 1;
    });
    const own = assignment[i] as number;
    const a = (sums[own] as number) / (counts[own] as number);
    const b = Math.min(...sums.map((s, c) => (c === own || counts[c] === 0 ? Infinity : s / (counts[c] as number))));
    // A point alone in its cluster scores 0, as the silhouette defines it.
    if (counts[own] !== 0 && Number.isFinite(b)) total += (b - a) / Math.max(a, b, 1e-12);
  });
  return total / points.length;
}
