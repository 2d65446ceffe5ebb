import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Decodes any audio with ffmpeg into mono 32-bit float samples at its own rate (`rate`). */
export async function decodeSamples(data: Buffer, rate: number): Promise<Float32Array> {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-decode-'));
  try {
    const input = join(dir, 'input');
    writeFileSync(input, data);
    const { stdout } = await run(
      'ffmpeg',
      ['-v', 'error', '-i', input, '-ac', '1', '-ar', String(rate), '-f', 'f32le', '-'],
      { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
    );
    const bytes = Buffer.from(stdout);
    return new Float32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 4));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const rmsOf = (x: Float32Array) => Math.sqrt(x.reduce((sum, v) => sum + v * v, 0) / Math.max(1, x.length));
export const peakOf = (x: Float32Array) => x.reduce((max, v) => Math.max(max, Math.abs(v)), 0);
export const dbfs = (level: number) => 20 * Math.log10(Math.max(level, 1e-12));

/** In-place radix-2 FFT of (re, im), length a power of two. */
function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i += 1) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j] ?? 0, re[i] ?? 0];
      [im[i], im[j]] = [im[j] ?? 0, im[i] ?? 0];
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const angle = (-2 * Math.PI) / size;
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < size / 2; k += 1) {
        const wr = Math.cos(angle * k);
        const wi = Math.sin(angle * k);
        const a = start + k;
        const b = a + size / 2;
        const br = (re[b] ?? 0) * wr - (im[b] ?? 0) * wi;
        const bi = (re[b] ?? 0) * wi + (im[b] ?? 0) * wr;
        re[b] = (re[a] ?? 0) - br;
        im[b] = (im[a] ?? 0) - bi;
        re[a] = (re[a] ?? 0) + br;
        im[a] = (im[a] ?? 0) + bi;
      }
    }
  }
}

export interface Spectrum {
  /** Mean power per bin, 0 Hz to rate/2. */
  power: Float64Array;
  binHz: number;
}

/** The mean power spectrum over Hann-windowed frames of 2048 samples. */
export function spectrum(x: Float32Array, rate: number, frame = 2048): Spectrum {
  const power = new Float64Array(frame / 2);
  let frames = 0;
  for (let start = 0; start + frame <= x.length; start += frame) {
    const re = new Float64Array(frame);
    const im = new Float64Array(frame);
    for (let i = 0; i < frame; i += 1) re[i] = (x[start + i] ?? 0) * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / frame));
    fft(re, im);
    for (let k = 0; k < frame / 2; k += 1) power[k] = (power[k] ?? 0) + (re[k] ?? 0) ** 2 + (im[k] ?? 0) ** 2;
    frames += 1;
  }
  for (let k = 0; k < power.length; k += 1) power[k] = (power[k] ?? 0) / Math.max(1, frames);
  return { power, binHz: rate / frame };
}

/** The power-weighted mean frequency, Hz. */
export function centroid({ power, binHz }: Spectrum): number {
  let weighted = 0;
  let total = 0;
  power.forEach((p, k) => {
    weighted += p * k * binHz;
    total += p;
  });
  return total > 0 ? weighted / total : 0;
}

/** The share of the power between `low` and `high` Hz. */
export function bandShare({ power, binHz }: Spectrum, low: number, high: number): number {
  let inBand = 0;
  let total = 0;
  power.forEach((p, k) => {
    total += p;
    if (k * binHz >= low && k * binHz < high) inBand += p;
  });
  return total > 0 ? inBand / total : 0;
}

/** Geometric over arithmetic mean of the power between 100 Hz and 8 kHz: near 1 for noise, near 0 for tones. */
export function flatness({ power, binHz }: Spectrum): number {
  let logSum = 0;
  let sum = 0;
  let count = 0;
  power.forEach((p, k) => {
    if (k * binHz < 100 || k * binHz > 8000) return;
    logSum += Math.log(p + 1e-20);
    sum += p;
    count += 1;
  });
  return count > 0 ? Math.exp(logSum / count) / (sum / count) : 0;
}
