/** Drawing primitives of the builtin image engine: a path painted in a style's manner, and common outlines. */
import { between, mix, type Motifs, type Palette, type Rng, type StyleName } from './image-palette.js';

export type Pt = [number, number];

export const PAPER = '#f7f3ea';
export const NEON_DARK = '#0a0414';
/** A coordinate, one decimal. */
export const f = (x: number): string => (Math.round(x * 10) / 10).toString();
/** An opacity, two decimals. */
export const op = (x: number): string => (Math.round(x * 100) / 100).toString();

export interface SceneOptions {
  width: number;
  height: number;
  style: StyleName;
  palette: Palette;
  motifs: Motifs;
  hd: boolean;
  seed: number;
  /** Shapes go over a reference picture: no opaque sky, translucent land. */
  withReference: boolean;
}

/** A scene being drawn: its options plus the SVG defs and body so far. */
export interface Ctx extends SceneOptions {
  /** The shorter side: sizes scale with it. */
  s: number;
  defs: string[];
  body: string[];
  ids: number;
}

export function id(ctx: Ctx, prefix: string): string {
  ctx.ids += 1;
  return `${prefix}${ctx.ids}`;
}

export interface Paint {
  /** A fill other than the colour, such as `url(#gradient)`; the colour still tints strokes. */
  fill?: string;
  /** The neon rim colour (the first accent otherwise). */
  glow?: string;
  /** A watercolour's darker rim (on unless false). */
  edge?: boolean;
}

/** A closed path painted in the style's manner: flat, washed, glowing or pencilled. */
export function shape(ctx: Ctx, d: string, colour: string, opacity: number, r: Rng, paint: Paint = {}): void {
  const o = ctx.withReference ? opacity * 0.5 : opacity;
  const fill = paint.fill ?? colour;
  switch (ctx.style) {
    case 'minimal':
      ctx.body.push(`<path d="${d}" fill="${colour}"${ctx.withReference ? ' fill-opacity="0.6"' : ''}/>`);
      return;
    case 'watercolor': {
      const dx = f(ctx.s * between(r, -0.01, 0.01));
      const dy = f(ctx.s * between(r, -0.006, 0.006));
      ctx.body.push(
        `<path d="${d}" fill="${fill}" fill-opacity="${op(o * 0.6)}"${paint.edge === false ? '' : ` stroke="${mix(colour, ctx.palette.ink, 0.25)}" stroke-opacity="0.16" stroke-width="${f(ctx.s * 0.003)}"`}/>`,
      );
      ctx.body.push(
        `<path d="${d}" transform="translate(${dx} ${dy})" fill="${colour}" fill-opacity="${op(o * 0.35)}"/>`,
      );
      return;
    }
    case 'neon':
      ctx.body.push(`<path d="${d}" fill="${colour}" fill-opacity="${ctx.withReference ? 0.55 : 0.94}"/>`);
      glowStroke(ctx, d, paint.glow ?? ctx.palette.accents[0]);
      return;
    case 'sketch': {
      ctx.body.push(`<path d="${d}" fill="${colour}" fill-opacity="${op(o * 0.85)}"/>`);
      pencil(ctx, d, 1);
      ctx.body.push(
        `<path d="${d}" transform="translate(${f(ctx.s * between(r, -0.004, 0.004))} ${f(ctx.s * 0.003)})" fill="none" stroke="${ctx.palette.ink}" stroke-opacity="0.3" stroke-width="${f(ctx.s * 0.0014)}"/>`,
      );
      return;
    }
    default:
      ctx.body.push(`<path d="${d}" fill="${fill}"${o < 1 ? ` fill-opacity="${op(o)}"` : ''}/>`);
  }
}

export function pencil(ctx: Ctx, d: string, weight: number): void {
  ctx.body.push(
    `<path d="${d}" fill="none" stroke="${ctx.palette.ink}" stroke-opacity="0.8" stroke-width="${f(ctx.s * 0.0024 * weight)}" stroke-linejoin="round" stroke-linecap="round"/>`,
  );
}

/** A neon tube: two soft halos under a bright core. */
export function glowStroke(ctx: Ctx, d: string, colour: string, weight = 1): void {
  const w = ctx.s * 0.003 * weight;
  ctx.body.push(
    `<path d="${d}" fill="none" stroke="${colour}" stroke-opacity="0.14" stroke-width="${f(w * 6)}" stroke-linejoin="round" stroke-linecap="round"/>`,
  );
  ctx.body.push(
    `<path d="${d}" fill="none" stroke="${colour}" stroke-opacity="0.35" stroke-width="${f(w * 2.6)}" stroke-linejoin="round" stroke-linecap="round"/>`,
  );
  ctx.body.push(
    `<path d="${d}" fill="none" stroke="${mix(colour, '#ffffff', 0.5)}" stroke-width="${f(w)}" stroke-linejoin="round" stroke-linecap="round"/>`,
  );
}

/**
 * The outline of the union of a path's parts (a cloud made of circles): the stroke is drawn first at
 * twice the width and the fill on top hides its inner half, and every inner seam.
 */
export function unionOutline(ctx: Ctx, d: string, fill: string, stroke: (d: string) => void): void {
  stroke(d);
  ctx.body.push(`<path d="${d}" fill="${fill}"/>`);
}

/** A circle as a path, wound clockwise like every other part so unions do not cancel. */
export const circle = (x: number, y: number, radius: number): string =>
  `M${f(x - radius)} ${f(y)}a${f(radius)} ${f(radius)} 0 1 1 ${f(radius * 2)} 0a${f(radius)} ${f(radius)} 0 1 1 ${f(-radius * 2)} 0Z`;

/** A four-pointed sparkle. */
export const sparkle = (x: number, y: number, a: number): string =>
  `M${f(x)} ${f(y - a)}Q${f(x)} ${f(y)} ${f(x + a)} ${f(y)}Q${f(x)} ${f(y)} ${f(x)} ${f(y + a)}Q${f(x)} ${f(y)} ${f(x - a)} ${f(y)}Q${f(x)} ${f(y)} ${f(x)} ${f(y - a)}Z`;

/** A flat-bottomed cloud `width` wide whose base line is at y: a rounded bar with three puffs on it. */
export function cloudPath(x: number, y: number, width: number, r: Rng): string {
  const bar = width * 0.2;
  const top = y - bar;
  const base = `M${f(x + bar / 2)} ${f(top)}h${f(width - bar)}a${f(bar / 2)} ${f(bar / 2)} 0 0 1 0 ${f(bar)}h${f(bar - width)}a${f(bar / 2)} ${f(bar / 2)} 0 0 1 0 ${f(-bar)}Z`;
  const puffs = [
    [0.3, between(r, 0.15, 0.2)],
    [0.55, between(r, 0.22, 0.28)],
    [0.77, between(r, 0.12, 0.17)],
  ].map(([at = 0, radius = 0]) => circle(x + width * at, y - width * radius, width * radius));
  return base + puffs.join('');
}

/** Pencil hatching inside a path: diagonal strokes `spacing`×size apart. */
export function hatch(ctx: Ctx, d: string, spacing: number, opacity = 0.28): void {
  const clip = id(ctx, 'clip');
  ctx.defs.push(`<clipPath id="${clip}"><path d="${d}"/></clipPath>`);
  const step = ctx.s * spacing;
  const lines: string[] = [];
  for (let x = -ctx.height; x < ctx.width; x += step) lines.push(`M${f(x)} ${ctx.height}l${ctx.height} ${-ctx.height}`);
  ctx.body.push(
    `<path clip-path="url(#${clip})" d="${lines.join('')}" fill="none" stroke="${ctx.palette.ink}" stroke-opacity="${opacity}" stroke-width="${f(ctx.s * 0.0012)}"/>`,
  );
}

/**
 * A skyline across the picture (and a little past its edges) by midpoint displacement over `2^detail`
 * segments, closed along the bottom. `smooth` gives rolling hills (a curve through every fourth point).
 */
export function ridge(
  r: Rng,
  width: number,
  height: number,
  base: number,
  amplitude: number,
  detail: number,
  roughness: number,
  smooth = false,
): { points: Pt[]; path: string } {
  const n = 2 ** detail;
  const pad = width * 0.02;
  const ys = new Array<number>(n + 1).fill(base);
  ys[0] = base + amplitude * between(r, -0.5, 0.5);
  ys[n] = base + amplitude * between(r, -0.5, 0.5);
  let spread = amplitude;
  for (let step = n; step > 1; step /= 2) {
    for (let i = 0; i < n; i += step)
      ys[i + step / 2] = ((ys[i] ?? base) + (ys[i + step] ?? base)) / 2 + spread * between(r, -0.5, 0.5);
    spread *= roughness;
  }
  const points: Pt[] = ys.map((y, i) => [-pad + ((width + 2 * pad) * i) / n, y]);
  let line: string;
  if (smooth) {
    const coarse = points.filter((_, i) => i % 4 === 0);
    line = coarse
      .map(([x, y], i) =>
        i === 0
          ? `M${f(x)} ${f(y)}`
          : `S${f((x + (coarse[i - 1]?.[0] ?? x)) / 2)} ${f(coarse[i - 1]?.[1] ?? y)} ${f(x)} ${f(y)}`,
      )
      .join('');
  } else {
    line = points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${f(x)} ${f(y)}`).join('');
  }
  return { points, path: `${line}L${f(width + pad)} ${f(height + pad)}L${f(-pad)} ${f(height + pad)}Z` };
}

/** The height of a skyline at x. */
export function ridgeAt(points: Pt[], x: number): number {
  const first = points[0];
  const second = points[1];
  if (!first || !second) return 0;
  const step = second[0] - first[0];
  const i = Math.max(0, Math.min(points.length - 2, Math.floor((x - first[0]) / step)));
  const [x0, y0] = points[i] ?? first;
  const [, y1] = points[i + 1] ?? first;
  return y0 + (y1 - y0) * Math.min(1, Math.max(0, (x - x0) / step));
}
