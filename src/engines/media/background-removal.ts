/**
 * Remove Background without a learned model: classical segmentation of the background that touches the picture's
 * border. The border's colours are fitted with a smooth surface (a quadratic in x and y per channel, fitted again
 * without its outliers, so a plain or simply graded backdrop fits and a subject touching the border does not spoil
 * it); every pixel's distance from that surface, and the edges between pixels, decide which pixels a flood fill from
 * the border may reach; what it cannot reach is the subject. The edge of the cut-out is soft: its alpha there
 * follows the colour distance at full size. A border that the surface cannot fit (a textured or busy background),
 * or a subject that is nothing or everything, is refused with the reason, never guessed. Pure: no I/O.
 */

import {
  type Backdrop,
  type Channels,
  MIN_THRESHOLD,
  backdropAt,
  coordinate,
  fitBackdrop,
  median,
  refit,
  share,
} from './backdrop-surface.js';

/** RGBA, 8 bits a channel, row by row. */
export interface RgbaPicture {
  data: Uint8Array;
  width: number;
  height: number;
}

export type Segmentation =
  | {
      ok: true;
      /** Full size, one byte a pixel: 255 the subject, 0 the background, between on the soft edge. */
      alpha: Uint8Array;
      /** The subject's share of the picture. */
      coverage: number;
      /** How far the border strays from the fitted backdrop (robust spread, 0..255): low for plain and graded ones. */
      backdropSpread: number;
    }
  | { ok: false; reason: string };

/** The flood fill runs on a copy this size on its long side (the edge is refined at full size). */
export const ANALYSIS_SIDE = 384;
/** A border this far from a smooth surface is texture, not a plain or graded backdrop. */
const MAX_BACKDROP_SPREAD = 9;
/** Less of the border than this fitting the backdrop: the subject fills the frame or the backdrop is busy. */
const MIN_BORDER_FIT = 0.55;
const MIN_COVERAGE = 0.004;
const MAX_COVERAGE = 0.96;
/** A subject pixel closer to the backdrop than FAINT thresholds barely differs; more than MAX_FAINT such is refused. */
const FAINT = 2;
const MAX_FAINT = 0.5;
/** Subject specks smaller than this share of the picture are backdrop noise. */
const SPECK = 0.0015;

export function segmentForeground(picture: RgbaPicture): Segmentation {
  const { width, height } = picture;
  if (width < 8 || height < 8) return { ok: false, reason: 'the picture is too small to find a subject in' };
  const small = downscale(picture, Math.min(1, ANALYSIS_SIDE / Math.max(width, height)));
  const smooth = boxBlur(small.channels, small.width, small.height);
  const border = borderPixels(small.width, small.height);
  const fit = fitBackdrop(smooth, small.width, small.height, border);
  if (fit.inlierShare < MIN_BORDER_FIT)
    return {
      ok: false,
      reason: `only ${percent(fit.inlierShare)} of the picture's edge looks like one backdrop: the subject fills the frame or the background is busy`,
    };
  if (fit.spread > MAX_BACKDROP_SPREAD)
    return {
      ok: false,
      reason: `the background is textured (it strays ${fit.spread.toFixed(1)} from a plain or graded backdrop; at most ${MAX_BACKDROP_SPREAD} can be cut here)`,
    };
  const threshold = Math.max(MIN_THRESHOLD, 4.5 * fit.spread);
  const edges = edgeStrength(smooth, small.width, small.height);
  // The backdrop found is fitted again whole (a vignette or a sweep is brighter inside than its border says),
  // and the fill runs again with that surface.
  let model = fit.model;
  let background: Uint8Array = new Uint8Array(0);
  let distance: Float32Array = new Float32Array(0);
  for (let pass = 0; pass < 2; pass++) {
    distance = distances(smooth, small.width, small.height, model);
    background = floodFromBorder(distance, edges, small.width, small.height, threshold, border);
    if (pass === 0) model = refit(smooth, small.width, small.height, background) ?? model;
  }
  const subject = dropSpecks(background, small.width);
  const coverage = share(subject);
  if (coverage < MIN_COVERAGE) return { ok: false, reason: 'no subject stands out from the background' };
  if (coverage > MAX_COVERAGE) return { ok: false, reason: 'the subject could not be told from the background' };
  // How far the subject's own colours are from the backdrop: a pixel half covered is about half as far.
  const subjectDistances = Array.from(distance).filter((_, i) => subject[i] === 1);
  const faint = subjectDistances.filter((d) => d < FAINT * threshold).length / subjectDistances.length;
  if (faint > MAX_FAINT)
    return {
      ok: false,
      reason: `the subject's colours are too close to the background's (${percent(faint)} of it barely differs), so its outline cannot be told`,
    };
  const subjectDistance = median(subjectDistances);
  const ramp = { low: threshold / 2, high: Math.max(threshold * 1.5, 0.9 * subjectDistance) };
  const alpha = fullSizeAlpha(picture, subject, small.width, small.height, model, ramp);
  return { ok: true, alpha, coverage, backdropSpread: fit.spread };
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** Area averaging to `scale`; transparent pixels count as white (the usual backdrop of a cut-out). */
function downscale(picture: RgbaPicture, scale: number) {
  const width = Math.max(1, Math.round(picture.width * scale));
  const height = Math.max(1, Math.round(picture.height * scale));
  const channels: Channels = [0, 1, 2].map(() => new Float32Array(width * height)) as Channels;
  const counts = new Float32Array(width * height);
  const { data } = picture;
  for (let y = 0; y < picture.height; y++) {
    const sy = Math.min(height - 1, Math.floor(y * scale));
    for (let x = 0; x < picture.width; x++) {
      const sx = Math.min(width - 1, Math.floor(x * scale));
      const i = (y * picture.width + x) * 4;
      const o = sy * width + sx;
      const a = (data[i + 3] ?? 255) / 255;
      for (let c = 0; c < 3; c++) {
        const channel = channels[c] as Float32Array;
        channel[o] = (channel[o] ?? 0) + (data[i + c] ?? 0) * a + 255 * (1 - a);
      }
      counts[o] = (counts[o] ?? 0) + 1;
    }
  }
  for (const channel of channels)
    for (let o = 0; o < channel.length; o++) channel[o] = (channel[o] ?? 0) / (counts[o] || 1);
  return { channels, width, height };
}

function boxBlur(channels: Channels, width: number, height: number): Channels {
  return channels.map((source) => {
    const out = new Float32Array(source.length);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let sum = 0;
        let n = 0;
        for (let dy = -1; dy <= 1; dy++) {
          const yy = y + dy;
          if (yy < 0 || yy >= height) continue;
          for (let dx = -1; dx <= 1; dx++) {
            const xx = x + dx;
            if (xx < 0 || xx >= width) continue;
            sum += source[yy * width + xx] ?? 0;
            n++;
          }
        }
        out[y * width + x] = sum / n;
      }
    }
    return out;
  }) as Channels;
}

/** The indices of a band two pixels wide along the edge. */
function borderPixels(width: number, height: number): Int32Array {
  const band = 2;
  const indices: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (x < band || y < band || x >= width - band || y >= height - band) indices.push(y * width + x);
    }
  }
  return Int32Array.from(indices);
}

function distances(channels: Channels, width: number, height: number, model: Backdrop): Float32Array {
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const v = coordinate(y, height);
    for (let x = 0; x < width; x++) {
      const [br, bg, bb] = backdropAt(model, coordinate(x, width), v);
      const i = y * width + x;
      out[i] = Math.hypot((channels[0][i] ?? 0) - br, (channels[1][i] ?? 0) - bg, (channels[2][i] ?? 0) - bb);
    }
  }
  return out;
}

/** The largest Sobel magnitude over the three channels. */
function edgeStrength(channels: Channels, width: number, height: number): Float32Array {
  const out = new Float32Array(width * height);
  const at = (c: Float32Array, x: number, y: number) =>
    c[Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))] ?? 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let strongest = 0;
      for (const c of channels) {
        const gx =
          at(c, x + 1, y - 1) +
          2 * at(c, x + 1, y) +
          at(c, x + 1, y + 1) -
          at(c, x - 1, y - 1) -
          2 * at(c, x - 1, y) -
          at(c, x - 1, y + 1);
        const gy =
          at(c, x - 1, y + 1) +
          2 * at(c, x, y + 1) +
          at(c, x + 1, y + 1) -
          at(c, x - 1, y - 1) -
          2 * at(c, x, y - 1) -
          at(c, x + 1, y - 1);
        strongest = Math.max(strongest, Math.hypot(gx, gy) / 4);
      }
      out[y * width + x] = strongest;
    }
  }
  return out;
}

/**
 * 1 for the backdrop: the pixels a fill from the border reaches through pixels close to the backdrop's colour.
 * A pixel on a strong edge stops it unless its colour is very close (the fill does not leak through an outline
 * whose subject is near the backdrop's colour), and the backdrop then grows over those edge pixels once.
 */
function floodFromBorder(
  distance: Float32Array,
  edges: Float32Array,
  width: number,
  height: number,
  threshold: number,
  border: Int32Array,
): Uint8Array {
  const passable = (i: number) => {
    const d = distance[i] ?? 0;
    return d < threshold && !((edges[i] ?? 0) > threshold && d > threshold / 2);
  };
  const background = new Uint8Array(width * height);
  const queue = new Int32Array(width * height);
  let head = 0;
  let tail = 0;
  for (const i of border) {
    if (passable(i) && background[i] === 0) {
      background[i] = 1;
      queue[tail++] = i;
    }
  }
  while (head < tail) {
    const i = queue[head++] ?? 0;
    const x = i % width;
    for (const j of [i - width, i + width, x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1]) {
      if (j < 0 || j >= background.length || background[j] === 1 || !passable(j)) continue;
      background[j] = 1;
      queue[tail++] = j;
    }
  }
  // The edge pixels next to the backdrop that are close to its colour are backdrop too.
  const grown = Uint8Array.from(background);
  for (let i = 0; i < background.length; i++) {
    if (background[i] === 1 || (distance[i] ?? 0) >= threshold) continue;
    const x = i % width;
    const touching =
      background[i - width] === 1 ||
      background[i + width] === 1 ||
      (x > 0 && background[i - 1] === 1) ||
      (x < width - 1 && background[i + 1] === 1);
    if (touching) grown[i] = 1;
  }
  return grown;
}

/** The subject (1) without specks: components smaller than SPECK of the picture go to the backdrop. */
function dropSpecks(background: Uint8Array, width: number): Uint8Array {
  const subject = Uint8Array.from(background, (b) => 1 - b);
  const seen = new Uint8Array(subject.length);
  const smallest = Math.max(4, SPECK * subject.length);
  const stack = new Int32Array(subject.length);
  for (let start = 0; start < subject.length; start++) {
    if (subject[start] === 0 || seen[start] === 1) continue;
    const members: number[] = [];
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    while (top > 0) {
      const i = stack[--top] ?? 0;
      members.push(i);
      const x = i % width;
      for (const j of [i - width, i + width, x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1]) {
        if (j < 0 || j >= subject.length || seen[j] === 1 || subject[j] === 0) continue;
        seen[j] = 1;
        stack[top++] = j;
      }
    }
    if (members.length < smallest) for (const i of members) subject[i] = 0;
  }
  return subject;
}

/** 1 within two pixels of the subject's outline (the fill stops a pixel or two off it, at the edges it meets). */
function edgeBand(subject: Uint8Array, width: number, height: number): Uint8Array {
  const band = new Uint8Array(subject.length);
  const reach = 2;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const here = subject[y * width + x];
      let mixed = false;
      for (let dy = -reach; dy <= reach && !mixed; dy++) {
        const yy = Math.min(height - 1, Math.max(0, y + dy));
        for (let dx = -reach; dx <= reach; dx++) {
          const xx = Math.min(width - 1, Math.max(0, x + dx));
          if (subject[yy * width + xx] !== here) {
            mixed = true;
            break;
          }
        }
      }
      if (mixed) band[y * width + x] = 1;
    }
  }
  return band;
}

/**
 * The mask at full size: from the analysis copy; near the outline (the edge band), the alpha follows each full-size pixel's distance from the backdrop, from `low` (none) to `high` (the
 * subject's own distance, about): the cut follows the real outline and an anti-aliased pixel gets a partial alpha.
 */
function fullSizeAlpha(
  picture: RgbaPicture,
  subject: Uint8Array,
  smallWidth: number,
  smallHeight: number,
  model: Backdrop,
  { low, high }: { low: number; high: number },
): Uint8Array {
  const { width, height, data } = picture;
  const alpha = new Uint8Array(width * height);
  const sx = smallWidth / width;
  const sy = smallHeight / height;
  const band = edgeBand(subject, smallWidth, smallHeight);
  for (let y = 0; y < height; y++) {
    const fy = Math.min(smallHeight - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(smallHeight - 1, y0 + 1);
    const wy = fy - y0;
    const v = coordinate(y, height);
    for (let x = 0; x < width; x++) {
      const fx = Math.min(smallWidth - 1, Math.max(0, (x + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(smallWidth - 1, x0 + 1);
      const wx = fx - x0;
      const m =
        (1 - wy) * ((1 - wx) * (subject[y0 * smallWidth + x0] ?? 0) + wx * (subject[y0 * smallWidth + x1] ?? 0)) +
        wy * ((1 - wx) * (subject[y1 * smallWidth + x0] ?? 0) + wx * (subject[y1 * smallWidth + x1] ?? 0));
      const o = y * width + x;
      const sourceAlpha = data[o * 4 + 3] ?? 255;
      const near = band[Math.round(fy) * smallWidth + Math.round(fx)] === 1;
      if (!near) {
        alpha[o] = Math.min(sourceAlpha, m >= 0.5 ? 255 : 0);
        continue;
      }
      const [br, bg, bb] = backdropAt(model, coordinate(x, width), v);
      const i = o * 4;
      const d = Math.hypot((data[i] ?? 0) - br, (data[i + 1] ?? 0) - bg, (data[i + 2] ?? 0) - bb);
      const byColour = Math.min(1, Math.max(0, (d - low) / (high - low)));
      alpha[o] = Math.min(sourceAlpha, Math.round(255 * byColour));
    }
  }
  return alpha;
}
