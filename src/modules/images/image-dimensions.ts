/** What `dimensions` may say (a size in pixels or an aspect ratio), and the size a model makes for it. Pure functions. */

export const MIN_SIDE = 64;
export const MAX_SIDE = 2048;
/**
 * The long side a ratio gets at each `resolution`; 1K when none is given. 4K asks for 4096, more than the sides
 * made here (MAX_SIDE): `ratioSize` makes it at 2K and the request plan says so.
 */
export const RESOLUTION_SIDES = { '0.5K': 512, '1K': 1024, '2K': 2048, '4K': 4096 } as const;
export const IMAGE_RESOLUTIONS = [
  '0.5K',
  '1K',
  '2K',
  '4K',
] as const satisfies readonly (keyof typeof RESOLUTION_SIDES)[];
export type ImageResolution = keyof typeof RESOLUTION_SIDES;

export interface Size {
  width: number;
  height: number;
}

export type Dimensions = ({ kind: 'size' } & Size) | { kind: 'ratio'; width: number; height: number; text: string };

const SIZE = /^(\d{1,5})\s*[x×*]\s*(\d{1,5})$/i;
const SQUARE = /^(\d{1,5})$/;
const RATIO = /^(\d{1,3}(?:\.\d{1,3})?)\s*:\s*(\d{1,3}(?:\.\d{1,3})?)$/;

/**
 * "1024x1024" (also "1024X1024", "1024 x 1024", "1024×1024", and "1024" for a square) or an aspect ratio
 * "16:9", "1:8", "2.39:1"; anything else is undefined (the caller decides what that means).
 */
export function parseDimensions(text: string): Dimensions | undefined {
  const value = text.trim();
  const size = SIZE.exec(value) ?? (SQUARE.test(value) ? [value, value, value] : null);
  if (size) return { kind: 'size', width: Number(size[1]), height: Number(size[2]) };
  const ratio = RATIO.exec(value);
  if (!ratio) return undefined;
  const width = Number(ratio[1]);
  const height = Number(ratio[2]);
  return width > 0 && height > 0 ? { kind: 'ratio', width, height, text: `${ratio[1]}:${ratio[2]}` } : undefined;
}

export const inBounds = ({ width, height }: Size): boolean =>
  [width, height].every((side) => side >= MIN_SIDE && side <= MAX_SIDE);

const sixtyFour = (side: number): number => Math.min(MAX_SIDE, Math.max(MIN_SIDE, 64 * Math.round(side / 64)));

/** A ratio as pixels: the long side 512 (0.5K), 1024 (1K) or 2048 (2K and 4K), both sides multiples of 64 within 64..2048. */
export function ratioSize(width: number, height: number, resolution: ImageResolution = '1K'): Size {
  const long = Math.min(MAX_SIDE, RESOLUTION_SIDES[resolution]);
  return width >= height
    ? { width: long, height: sixtyFour((long * height) / width) }
    : { width: sixtyFour((long * width) / height), height: long };
}

export const sizeText = ({ width, height }: Size): string => `${width}x${height}`;

/**
 * The size among `sizes` nearest to `wanted`: the closest shape first (aspect ratios compared on a log
 * scale, so 2:1 and 1:2 are as far from 1:1), then the closest area.
 */
export function nearestSize(wanted: Size, sizes: readonly Size[]): Size {
  const shape = (s: Size) => Math.abs(Math.log(s.width / s.height) - Math.log(wanted.width / wanted.height));
  const area = (s: Size) => Math.abs(Math.log((s.width * s.height) / (wanted.width * wanted.height)));
  let best = sizes[0] ?? wanted;
  for (const size of sizes) {
    const closer =
      shape(size) < shape(best) - 1e-9 || (Math.abs(shape(size) - shape(best)) <= 1e-9 && area(size) < area(best));
    if (closer) best = size;
  }
  return best;
}
