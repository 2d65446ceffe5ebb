/**
 * The backdrop of a picture as a smooth colour surface: per channel, a quadratic in x and y (x and y in -1..1),
 * fitted by least squares to the picture's border and fitted again without its outliers, or to every backdrop pixel
 * found. A plain colour, a linear or radial gradient and a studio sweep fit it; texture does not. Pure.
 */

/** Three channels of a picture, row by row, 0..255. */
export type Channels = [Float32Array, Float32Array, Float32Array];

/** Residuals below this always fit (noise, JPEG); the segmentation's least colour threshold. */
export const MIN_THRESHOLD = 20;

export function share(mask: Uint8Array): number {
  let count = 0;
  for (const value of mask) count += value;
  return count / mask.length;
}

/** The terms of the backdrop's surface at a point (x and y in -1..1). */
const terms = (u: number, v: number) => [1, u, v, u * u, v * v, u * v];
const TERMS = 6;

/** Per channel, the surface's coefficients. */
export type Backdrop = number[][];

export const coordinate = (index: number, size: number) => (size > 1 ? (2 * index) / (size - 1) - 1 : 0);

export function backdropAt(model: Backdrop, u: number, v: number): [number, number, number] {
  const t = terms(u, v);
  const at = (c: number) => {
    const coefficients = model[c] ?? [];
    let value = 0;
    for (let k = 0; k < TERMS; k++) value += (coefficients[k] ?? 0) * (t[k] ?? 0);
    return value;
  };
  return [at(0), at(1), at(2)];
}

/** Least squares of the border on the surface, fitted again on the pixels that fit (three rounds). */
export function fitBackdrop(channels: Channels, width: number, height: number, border: Int32Array) {
  let inliers = Uint8Array.from(border, () => 1);
  let model: Backdrop = [];
  let spread = 0;
  let residuals = new Float32Array(border.length);
  for (let round = 0; round < 4; round++) {
    model = [0, 1, 2].map((c) => solveChannel(channels[c] as Float32Array, width, height, border, inliers));
    residuals = Float32Array.from(border, (index) => {
      const [br, bg, bb] = backdropAt(
        model,
        coordinate(index % width, width),
        coordinate(Math.floor(index / width), height),
      );
      return Math.hypot((channels[0][index] ?? 0) - br, (channels[1][index] ?? 0) - bg, (channels[2][index] ?? 0) - bb);
    });
    const inlying = Array.from(residuals).filter((_, k) => inliers[k] === 1);
    spread = 1.4826 * median(inlying);
    const cut = Math.max(MIN_THRESHOLD, 3 * spread);
    inliers = Uint8Array.from(residuals, (r) => (r < cut ? 1 : 0));
  }
  const inlierShare = share(inliers);
  const kept = Array.from(residuals).filter((_, k) => inliers[k] === 1);
  return {
    model,
    spread: kept.length > 0 ? 1.4826 * median(kept) + mean(kept) / 4 : Number.POSITIVE_INFINITY,
    inlierShare,
  };
}

/** The surface fitted on every backdrop pixel found (a grid of them); undefined when too few. */
export function refit(channels: Channels, width: number, height: number, background: Uint8Array): Backdrop | undefined {
  const step = Math.max(1, Math.round(Math.sqrt((width * height) / 20_000)));
  const picked: number[] = [];
  for (let y = 0; y < height; y += step)
    for (let x = 0; x < width; x += step) if (background[y * width + x] === 1) picked.push(y * width + x);
  if (picked.length < 50) return undefined;
  const indices = Int32Array.from(picked);
  const all = new Uint8Array(indices.length).fill(1);
  return [0, 1, 2].map((c) => solveChannel(channels[c] as Float32Array, width, height, indices, all));
}

export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);

function solveChannel(
  channel: Float32Array,
  width: number,
  height: number,
  border: Int32Array,
  inliers: Uint8Array,
): number[] {
  const normal = Array.from({ length: TERMS }, () => new Float64Array(TERMS + 1));
  border.forEach((index, k) => {
    if (inliers[k] !== 1) return;
    const t = terms(coordinate(index % width, width), coordinate(Math.floor(index / width), height));
    const value = channel[index] ?? 0;
    for (let i = 0; i < TERMS; i++) {
      const row = normal[i] as Float64Array;
      for (let j = 0; j < TERMS; j++) row[j] = (row[j] ?? 0) + (t[i] ?? 0) * (t[j] ?? 0);
      row[TERMS] = (row[TERMS] ?? 0) + (t[i] ?? 0) * value;
    }
  });
  // A little ridge keeps the curvature terms at 0 when the border cannot tell them (a constant backdrop).
  for (let i = 1; i < TERMS; i++) (normal[i] as Float64Array)[i] = ((normal[i] as Float64Array)[i] ?? 0) + 1e-3;
  return gaussianElimination(normal);
}

function gaussianElimination(rows: Float64Array[]): number[] {
  const n = rows.length;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(rows[r]?.[col] ?? 0) > Math.abs(rows[pivot]?.[col] ?? 0)) pivot = r;
    [rows[col], rows[pivot]] = [rows[pivot] as Float64Array, rows[col] as Float64Array];
    const top = rows[col] as Float64Array;
    const p = top[col] ?? 0;
    if (Math.abs(p) < 1e-12) continue;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const row = rows[r] as Float64Array;
      const factor = (row[col] ?? 0) / p;
      if (factor === 0) continue;
      for (let c = col; c <= n; c++) row[c] = (row[c] ?? 0) - factor * (top[c] ?? 0);
    }
  }
  return rows.map((row, i) => {
    const p = row[i] ?? 0;
    return Math.abs(p) < 1e-12 ? 0 : (row[n] ?? 0) / p;
  });
}
