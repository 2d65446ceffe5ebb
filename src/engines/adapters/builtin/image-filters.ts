import sharp from 'sharp';
import { UpstreamError } from '../../../shared/errors.js';
import { FILTER_ACTIONS } from '../../media/image-actions.js';
import { editWeights } from '../../media/edit-mask.js';
import type { ImageAction, ImageEditOptions, ImageEditor, ImageResult } from '../../spec/image-model.js';
import type { Warning } from '../../spec/warnings.js';

/** Pictures larger than this on their long side are scaled down first (the API's own size bound). */
const MAX_SIDE = 2048;
/** Decoding stops above this many pixels (a small file can claim a huge canvas). */
const MAX_INPUT_PIXELS = 64_000_000;

type Rgb = readonly [number, number, number];

interface Pixels {
  /** RGBA, 8 bits per channel. */
  data: Buffer;
  width: number;
  height: number;
}

const has = (prompt: string, pattern: RegExp) => pattern.test(prompt.toLowerCase());

/**
 * Image processing with sharp, honestly named: no model, no diffusion. Colorize maps brightness through a
 * tint palette, Relight applies an exposure gradient from a side, Stylization applies a look (poster, noir,
 * sepia, pastel, cool, warm), Sketch to Image turns the picture into a flat-coloured illustration with
 * inked edges. The prompt picks among these by its words; the record's engine says `builtin-filter`.
 */
export class BuiltinFilterEditor implements ImageEditor {
  readonly provider = 'builtin-filter';
  readonly modelId = 'builtin-filter';
  readonly editActions: readonly ImageAction[] = FILTER_ACTIONS;

  async doEdit(options: ImageEditOptions): Promise<ImageResult> {
    const warnings: Warning[] = [];
    const pixels = await decode(options.image.data, warnings);
    const original = options.mask ? Buffer.from(pixels.data) : undefined;
    const prompt = options.prompt;
    switch (options.action) {
      case 'Colorize':
        colorize(pixels, palette(prompt));
        break;
      case 'Relight':
        relight(pixels, prompt);
        break;
      case 'Stylization':
        stylize(pixels, prompt);
        break;
      case 'Sketch to Image':
        await illustrate(pixels);
        break;
      default:
        throw new UpstreamError(`The builtin filters cannot do "${options.action}"`, { isRetryable: false });
    }
    if (options.mask && original) {
      // OpenAI's mask: the filter applies where it is transparent, the picture stays as it was elsewhere.
      const weights = await editWeights(options.mask, pixels.width, pixels.height);
      keepOutside(pixels.data, original, weights);
    }
    const data = await sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 4 } })
      .png()
      .toBuffer();
    return { image: { data, mediaType: 'image/png' }, width: pixels.width, height: pixels.height, warnings };
  }
}

async function decode(input: Buffer, warnings: Warning[]): Promise<Pixels> {
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    const meta = await image.metadata();
    const width = meta.autoOrient?.width ?? meta.width ?? 0;
    const height = meta.autoOrient?.height ?? meta.height ?? 0;
    if (Math.max(width, height) > MAX_SIDE) {
      image.resize(MAX_SIDE, MAX_SIDE, { fit: 'inside' });
      warnings.push({ type: 'other', message: `the picture was scaled down to fit ${MAX_SIDE}x${MAX_SIDE}` });
    }
    const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    throw new UpstreamError('The picture could not be decoded', { isRetryable: false, cause: error });
  }
}

const luminance = (d: Buffer, i: number) => 0.299 * (d[i] ?? 0) + 0.587 * (d[i + 1] ?? 0) + 0.114 * (d[i + 2] ?? 0);
const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

/** Shadows, midtones, highlights. */
type Palette = readonly [Rgb, Rgb, Rgb];

const PALETTES: { words: RegExp; palette: Palette }[] = [
  {
    words: /sepia|vintage|old|antique/,
    palette: [
      [40, 26, 13],
      [150, 105, 60],
      [245, 228, 196],
    ],
  },
  {
    words: /cool|blue|cold|ocean|night/,
    palette: [
      [10, 20, 60],
      [60, 120, 170],
      [225, 240, 250],
    ],
  },
  {
    words: /green|forest|nature|leaf/,
    palette: [
      [12, 35, 18],
      [90, 150, 70],
      [235, 245, 210],
    ],
  },
  {
    words: /sunset|pink|purple|magenta/,
    palette: [
      [45, 15, 70],
      [220, 90, 110],
      [255, 225, 160],
    ],
  },
];

/** Natural-looking default: blue-grey shadows, warm skin-like midtones, cream highlights. */
const DEFAULT_PALETTE: Palette = [
  [28, 36, 64],
  [196, 128, 92],
  [252, 240, 214],
];

const palette = (prompt: string): Palette => PALETTES.find((p) => has(prompt, p.words))?.palette ?? DEFAULT_PALETTE;

/** A tint map: each pixel's brightness picks a colour between the palette's three stops. */
function colorize({ data }: Pixels, [dark, mid, light]: Palette): void {
  const lut = new Uint8Array(256 * 3);
  for (let l = 0; l < 256; l++) {
    const t = l / 255;
    const [from, to, f] = t < 0.5 ? [dark, mid, t * 2] : [mid, light, (t - 0.5) * 2];
    for (let c = 0; c < 3; c++) lut[l * 3 + c] = clamp((from[c] ?? 0) + ((to[c] ?? 0) - (from[c] ?? 0)) * f);
  }
  for (let i = 0; i < data.length; i += 4) {
    const l = clamp(luminance(data, i)) * 3;
    data[i] = lut[l] ?? 0;
    data[i + 1] = lut[l + 1] ?? 0;
    data[i + 2] = lut[l + 2] ?? 0;
  }
}

/** An exposure gradient: brightest on the side the light comes from, with a warm or cool cast if asked. */
function relight({ data, width, height }: Pixels, prompt: string): void {
  const exposure = has(prompt, /dark|dim|night|moody|low.?key|shadow/)
    ? 0.7
    : has(prompt, /bright|sunny|daylight|strong|high.?key/)
      ? 1.3
      : 1.1;
  const cast: Rgb = has(prompt, /warm|golden|sunset|candle/)
    ? [1.08, 1, 0.88]
    : has(prompt, /cool|blue|moon|cold/)
      ? [0.9, 0.98, 1.1]
      : [1, 1, 1];
  let [dx, dy] = [-1, -1];
  if (has(prompt, /\bleft\b/)) [dx, dy] = [-1, 0];
  if (has(prompt, /\bright\b/)) [dx, dy] = [1, 0];
  if (has(prompt, /\b(top|above|overhead)\b/)) [dx, dy] = [0, -1];
  if (has(prompt, /\b(bottom|below|under)\b/)) [dx, dy] = [0, 1];
  const norm = Math.abs(dx) + Math.abs(dy);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // 1 on the lit side, 0 on the far side.
      const u = width > 1 ? x / (width - 1) : 0.5;
      const v = height > 1 ? y / (height - 1) : 0.5;
      const along = (dx * (u - 0.5) + dy * (v - 0.5)) / norm + 0.5;
      const gain = exposure * (0.55 + 0.9 * along);
      const i = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) data[i + c] = clamp((data[i + c] ?? 0) * gain * (cast[c] ?? 1));
    }
  }
}

/** Keeps `levels` steps per channel. */
function posterize(data: Buffer, levels: number): void {
  const step = 255 / (levels - 1);
  for (let i = 0; i < data.length; i += 4) {
    for (let c = 0; c < 3; c++) data[i + c] = clamp(Math.round((data[i + c] ?? 0) / step) * step);
  }
}

function saturate(data: Buffer, amount: number): void {
  for (let i = 0; i < data.length; i += 4) {
    const l = luminance(data, i);
    for (let c = 0; c < 3; c++) data[i + c] = clamp(l + ((data[i + c] ?? 0) - l) * amount);
  }
}

function stylize(pixels: Pixels, prompt: string): void {
  const { data } = pixels;
  if (has(prompt, /noir|black.and.white|monochrome|grayscale|greyscale/)) {
    for (let i = 0; i < data.length; i += 4) {
      const l = clamp((luminance(data, i) - 128) * 1.5 + 128);
      data[i] = l;
      data[i + 1] = l;
      data[i + 2] = l;
    }
  } else if (has(prompt, /sepia|vintage|retro|old/)) {
    colorize(pixels, PALETTES[0]?.palette ?? DEFAULT_PALETTE);
    vignette(pixels);
  } else if (has(prompt, /pastel|soft|dreamy/)) {
    saturate(data, 0.6);
    for (let i = 0; i < data.length; i += 4) {
      for (let c = 0; c < 3; c++) data[i + c] = clamp(255 - (255 - (data[i + c] ?? 0)) * 0.65);
    }
  } else if (has(prompt, /cool|cold|icy|winter/)) {
    shift(data, [0.88, 0.98, 1.15]);
  } else if (has(prompt, /warm|summer|golden/)) {
    shift(data, [1.12, 1.02, 0.85]);
  } else {
    // Poster / pop art: few flat tones, strong colour.
    saturate(data, 1.6);
    posterize(data, 4);
  }
}

/** `edited` back to `original` where the weight is 0, blended where it is between. */
function keepOutside(edited: Buffer, original: Buffer, weights: Float32Array): void {
  for (let p = 0; p < weights.length; p++) {
    const w = weights[p] ?? 0;
    const i = p * 4;
    for (let c = 0; c < 4; c++) {
      const before = original[i + c] ?? 0;
      edited[i + c] = clamp(before + ((edited[i + c] ?? 0) - before) * w);
    }
  }
}

function shift(data: Buffer, gains: Rgb): void {
  for (let i = 0; i < data.length; i += 4) {
    for (let c = 0; c < 3; c++) data[i + c] = clamp((data[i + c] ?? 0) * (gains[c] ?? 1));
  }
}

function vignette({ data, width, height }: Pixels): void {
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = (x / Math.max(1, width - 1) - 0.5) * 2;
      const dy = (y / Math.max(1, height - 1) - 0.5) * 2;
      const gain = 1 - 0.35 * Math.min(1, (dx * dx + dy * dy) / 2);
      const i = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) data[i + c] = clamp((data[i + c] ?? 0) * gain);
    }
  }
}

/** Edges to illustration: flat posterized colour regions (from a smoothed copy) inked along Sobel edges in colour. */
async function illustrate(pixels: Pixels): Promise<void> {
  const { width, height } = pixels;
  const raw = { raw: { width, height, channels: 4 as const } };
  // One smoothed copy (a Gaussian blur: a median filter costs several times as much) gives both the colours and the edges.
  const smooth = await sharp(pixels.data, raw).blur(1.2).raw().toBuffer();
  // Edges in colour, not brightness alone: a red shape on a blue ground has almost no brightness step.
  const soft = Buffer.from(smooth);
  saturate(smooth, 1.3);
  posterize(smooth, 5);
  // Neighbour offsets clamped at the borders, computed once per row and column.
  const col = (x: number) => Math.min(width - 1, Math.max(0, x)) * 4;
  const row = (y: number) => Math.min(height - 1, Math.max(0, y)) * width * 4;
  const left = Int32Array.from({ length: width }, (_, x) => col(x - 1));
  const right = Int32Array.from({ length: width }, (_, x) => col(x + 1));
  const out = pixels.data;
  for (let y = 0; y < height; y++) {
    const up = row(y - 1);
    const here = row(y);
    const down = row(y + 1);
    for (let x = 0; x < width; x++) {
      const l = left[x] ?? 0;
      const r = right[x] ?? 0;
      const m = x * 4;
      let strongest = 0;
      for (let c = 0; c < 3; c++) {
        const ul = soft[up + l + c] ?? 0;
        const ur = soft[up + r + c] ?? 0;
        const dl = soft[down + l + c] ?? 0;
        const dr = soft[down + r + c] ?? 0;
        const gx = ur + 2 * (soft[here + r + c] ?? 0) + dr - ul - 2 * (soft[here + l + c] ?? 0) - dl;
        const gy = dl + 2 * (soft[down + m + c] ?? 0) + dr - ul - 2 * (soft[up + m + c] ?? 0) - ur;
        const g = gx * gx + gy * gy;
        if (g > strongest) strongest = g;
      }
      const edge = Math.min(1, Math.sqrt(strongest) / 240);
      const ink = edge > 0.25 ? 1 - edge * 0.9 : 1;
      const i = here + m;
      for (let c = 0; c < 3; c++) out[i + c] = clamp((smooth[i + c] ?? 0) * ink);
    }
  }
}
