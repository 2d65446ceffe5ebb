import { type Rng, between, fnv1a, mulberry32 } from '../../../shared/seeded-random.js';

export { between, type Rng };

/**
 * The building blocks of the procedural sound engine: a seeded random source, noise colours, filters,
 * envelopes, oscillators and grain scattering, all on Float32Array buffers of mono samples in [-1, 1].
 * Everything is plain loops over typed arrays: a 22 s sound is a few million operations.
 */

/** A seeded generator (mulberry32): the same seed makes the same sound. */
export const rng = (seed: number): Rng => mulberry32(seed);

/** FNV-1a over a string: seeds derived from the prompt (and a family's name). */
export const hash = fnv1a;

export function white(n: number, random: Rng): Float32Array {
  const out = new Float32Array(n);
  for (let i = 0; i < n; i += 1) out[i] = random() * 2 - 1;
  return out;
}

/** Pink noise (-3 dB/octave), Paul Kellet's economical filter. */
export function pink(n: number, random: Rng): Float32Array {
  const out = new Float32Array(n);
  let b0 = 0;
  let b1 = 0;
  let b2 = 0;
  for (let i = 0; i < n; i += 1) {
    const w = random() * 2 - 1;
    b0 = 0.99765 * b0 + w * 0.099046;
    b1 = 0.963 * b1 + w * 0.2965164;
    b2 = 0.57 * b2 + w * 1.0526913;
    out[i] = (b0 + b1 + b2 + w * 0.1848) * 0.2;
  }
  return out;
}

/** Brown noise (-6 dB/octave): leaky integrated white noise. */
export function brown(n: number, random: Rng): Float32Array {
  const out = new Float32Array(n);
  let last = 0;
  for (let i = 0; i < n; i += 1) {
    last = (last + 0.02 * (random() * 2 - 1)) * 0.998;
    out[i] = last * 3.5;
  }
  return out;
}

/** One-pole low-pass in place; `cutoff` in Hz, constant or per sample. */
export function lowpass(x: Float32Array, sampleRate: number, cutoff: number | ((i: number) => number)): Float32Array {
  let y = 0;
  const fixed = typeof cutoff === 'number' ? 1 - Math.exp((-2 * Math.PI * cutoff) / sampleRate) : 0;
  for (let i = 0; i < x.length; i += 1) {
    const a = typeof cutoff === 'number' ? fixed : 1 - Math.exp((-2 * Math.PI * cutoff(i)) / sampleRate);
    y += a * ((x[i] ?? 0) - y);
    x[i] = y;
  }
  return x;
}

/** One-pole high-pass in place. */
export function highpass(x: Float32Array, sampleRate: number, cutoff: number): Float32Array {
  const a = Math.exp((-2 * Math.PI * cutoff) / sampleRate);
  let lastIn = 0;
  let y = 0;
  for (let i = 0; i < x.length; i += 1) {
    const input = x[i] ?? 0;
    y = a * (y + input - lastIn);
    lastIn = input;
    x[i] = y;
  }
  return x;
}

/**
 * Band-pass biquad (RBJ, constant peak gain) in place. A centre given per sample is recomputed every
 * 32 samples, which is smooth enough for sweeps and keeps the cost down.
 */
export function bandpass(
  x: Float32Array,
  sampleRate: number,
  centre: number | ((i: number) => number),
  q: number,
): Float32Array {
  let b0 = 0;
  let b2 = 0;
  let a1 = 0;
  let a2 = 0;
  const coefficients = (f: number) => {
    const w = (2 * Math.PI * Math.min(Math.max(f, 20), sampleRate * 0.45)) / sampleRate;
    const alpha = Math.sin(w) / (2 * q);
    const a0 = 1 + alpha;
    b0 = alpha / a0;
    b2 = -alpha / a0;
    a1 = (-2 * Math.cos(w)) / a0;
    a2 = (1 - alpha) / a0;
  };
  if (typeof centre === 'number') coefficients(centre);
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let i = 0; i < x.length; i += 1) {
    if (typeof centre !== 'number' && i % 32 === 0) coefficients(centre(i));
    const input = x[i] ?? 0;
    const y = b0 * input + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = input;
    y2 = y1;
    y1 = y;
    x[i] = y;
  }
  return x;
}

/** Multiplies in place by a gain per sample. */
export function shape(x: Float32Array, gain: (i: number) => number): Float32Array {
  for (let i = 0; i < x.length; i += 1) x[i] = (x[i] ?? 0) * gain(i);
  return x;
}

/** Adds `source` times `gain` into `into`, starting at `offset` (clipped to the end). */
export function addInto(into: Float32Array, source: Float32Array, offset: number, gain = 1): void {
  const start = Math.max(0, Math.round(offset));
  const end = Math.min(into.length, start + source.length);
  for (let i = start; i < end; i += 1) into[i] = (into[i] ?? 0) + (source[i - start] ?? 0) * gain;
}

/** A sine whose frequency (Hz) may change per sample; phase is kept continuous. */
export function sine(
  n: number,
  sampleRate: number,
  frequency: number | ((i: number) => number),
  startPhase = 0,
): Float32Array {
  const out = new Float32Array(n);
  if (typeof frequency === 'number') {
    // A fixed frequency turns a point round the circle: two multiplications a sample instead of a Math.sin.
    const step = (2 * Math.PI * frequency) / sampleRate;
    const cosStep = Math.cos(step);
    const sinStep = Math.sin(step);
    let s = Math.sin(startPhase);
    let c = Math.cos(startPhase);
    for (let i = 0; i < n; i += 1) {
      out[i] = s;
      const next = s * cosStep + c * sinStep;
      c = c * cosStep - s * sinStep;
      s = next;
    }
    return out;
  }
  let phase = startPhase;
  for (let i = 0; i < n; i += 1) {
    out[i] = Math.sin(phase);
    phase += (2 * Math.PI * (typeof frequency === 'number' ? frequency : frequency(i))) / sampleRate;
  }
  return out;
}

/** A sawtooth (naive; these sounds are filtered after). */
export function saw(n: number, sampleRate: number, frequency: number | ((i: number) => number)): Float32Array {
  const out = new Float32Array(n);
  let phase = 0;
  for (let i = 0; i < n; i += 1) {
    out[i] = 2 * phase - 1;
    phase += (typeof frequency === 'number' ? frequency : frequency(i)) / sampleRate;
    phase -= Math.floor(phase);
  }
  return out;
}

export function square(n: number, sampleRate: number, frequency: number): Float32Array {
  const out = new Float32Array(n);
  const period = sampleRate / frequency;
  for (let i = 0; i < n; i += 1) out[i] = i % period < period / 2 ? 1 : -1;
  return out;
}

/** Exponential decay to about -60 dB over `seconds`, with a short linear attack. */
export function decay(x: Float32Array, sampleRate: number, seconds: number, attackSeconds = 0.002): Float32Array {
  const attack = Math.max(1, Math.round(attackSeconds * sampleRate));
  const factor = Math.exp(-6.9 / (seconds * sampleRate));
  let gain = 1;
  for (let i = 0; i < x.length; i += 1) {
    x[i] = (x[i] ?? 0) * (i < attack ? i / attack : 1) * gain;
    gain *= factor;
  }
  return x;
}

/** Times for `count`-per-second events scattered at random (a Poisson process) over `seconds`. */
export function poissonTimes(random: Rng, ratePerSecond: number, seconds: number): number[] {
  const times: number[] = [];
  if (ratePerSecond <= 0) return times;
  let t = -Math.log(1 - random()) / ratePerSecond;
  while (t < seconds) {
    times.push(t);
    t += -Math.log(1 - random()) / ratePerSecond;
  }
  return times;
}

/** Regular events every `period` seconds, each moved by up to `jitter` of the period. */
export function regularTimes(random: Rng, period: number, seconds: number, jitter = 0.05, start = 0.05): number[] {
  const times: number[] = [];
  for (let t = start; t < seconds; t += period) times.push(Math.max(0, t + (random() * 2 - 1) * jitter * period));
  return times;
}

/** Each grain made by `make` (from its index) added at its time. */
export function scatter(
  into: Float32Array,
  sampleRate: number,
  times: number[],
  make: (index: number) => Float32Array,
  gain: (index: number) => number = () => 1,
): Float32Array {
  for (const [index, t] of times.entries()) addInto(into, make(index), t * sampleRate, gain(index));
  return into;
}

/** A slow random contour in [0, 1]: smoothed steps, for gusts and swells. */
export function drift(n: number, sampleRate: number, random: Rng, stepSeconds: number): (i: number) => number {
  const steps = Math.ceil(n / (stepSeconds * sampleRate)) + 2;
  const points = Array.from({ length: steps }, () => random());
  const per = stepSeconds * sampleRate;
  return (i) => {
    const position = i / per;
    const k = Math.floor(position);
    const f = position - k;
    const smooth = f * f * (3 - 2 * f);
    return (points[k] ?? 0) * (1 - smooth) + (points[k + 1] ?? 0) * smooth;
  };
}

export function rms(x: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < x.length; i += 1) sum += (x[i] ?? 0) ** 2;
  return Math.sqrt(sum / Math.max(1, x.length));
}

export function peak(x: Float32Array): number {
  let max = 0;
  for (let i = 0; i < x.length; i += 1) max = Math.max(max, Math.abs(x[i] ?? 0));
  return max;
}

export function scale(x: Float32Array, gain: number): Float32Array {
  for (let i = 0; i < x.length; i += 1) x[i] = (x[i] ?? 0) * gain;
  return x;
}
