/** Drawing primitives of the builtin image engine: painting paths in a style, ridges, sea, trees, grid. */
import { between, mix, rng, type Motifs, type Palette, type Rng, type StyleName } from './image-palette.js';

export type Pt = [number, number];

export const PAPER = '#f7f3ea';
export const NEON_DARK = '#0a0414';
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

export interface Ctx extends SceneOptions {
  s: number;
  defs: string[];
  body: string[];
  ids: number;
}

export function id(ctx: Ctx, prefix: string): string {
  ctx.ids += 1;
  return `${prefix}${ctx.ids}`;
}

/** A closed path painted in the style's manner. */
export function shape(ctx: Ctx, d: string, colour: string, opacity: number, r: Rng = rng(ctx.seed, 99)): void {
  const o = ctx.withReference ? opacity * 0.6 : opacity;
  switch (ctx.style) {
    case 'minimal':
      ctx.body.push(`<path d="${d}" fill="${colour}"${ctx.withReference ? ' fill-opacity="0.7"' : ''}/>`);
      return;
    case 'watercolor': {
      const dx = f(ctx.s * between(r, -0.012, 0.012));
      const dy = f(ctx.s * between(r, -0.008, 0.008));
      ctx.body.push(`<path d="${d}" fill="${colour}" fill-opacity="${op(o * 0.55)}"/>`);
      ctx.body.push(`<path d="${d}" transform="translate(${dx} ${dy})" fill="${colour}" fill-opacity="${op(o * 0.45)}"/>`);
      return;
    }
    case 'neon':
      ctx.body.push(`<path d="${d}" fill="${colour}" fill-opacity="${ctx.withReference ? 0.5 : 0.92}"/>`);
      glowStroke(ctx, d, ctx.palette.accents[0]);
      return;
    case 'sketch': {
      const dx = f(ctx.s * between(r, -0.004, 0.004));
      ctx.body.push(`<path d="${d}" fill="${colour}" fill-opacity="${op(o * 0.8)}"/>`);
      pencil(ctx, d, 1);
      ctx.body.push(`<path d="${d}" transform="translate(${dx} ${f(ctx.s * 0.003)})" fill="none" stroke="${ctx.palette.ink}" stroke-opacity="0.35" stroke-width="${f(ctx.s * 0.0015)}"/>`);
      return;
    }
    default:
      ctx.body.push(`<path d="${d}" fill="${colour}"${o < 1 ? ` fill-opacity="${op(o)}"` : ''}/>`);
  }
}

export function pencil(ctx: Ctx, d: string, weight: number): void {
  ctx.body.push(`<path d="${d}" fill="none" stroke="${ctx.palette.ink}" stroke-opacity="0.8" stroke-width="${f(ctx.s * 0.0024 * weight)}" stroke-linejoin="round" stroke-linecap="round"/>`);
}

export function glowStroke(ctx: Ctx, d: string, colour: string, weight = 1): void {
  const w = ctx.s * 0.003 * weight;
  ctx.body.push(`<path d="${d}" fill="none" stroke="${colour}" stroke-opacity="0.16" stroke-width="${f(w * 6)}" stroke-linejoin="round"/>`);
  ctx.body.push(`<path d="${d}" fill="none" stroke="${colour}" stroke-opacity="0.35" stroke-width="${f(w * 2.8)}" stroke-linejoin="round"/>`);
  ctx.body.push(`<path d="${d}" fill="none" stroke="${mix(colour, '#ffffff', 0.55)}" stroke-width="${f(w)}" stroke-linejoin="round"/>`);
}

export const circle = (x: number, y: number, radius: number): string =>
  `M${f(x - radius)} ${f(y)}a${f(radius)} ${f(radius)} 0 1 0 ${f(radius * 2)} 0a${f(radius)} ${f(radius)} 0 1 0 ${f(-radius * 2)} 0Z`;

/** Pencil hatching inside a path: diagonal strokes `spacing`×size apart. */
export function hatch(ctx: Ctx, d: string, spacing: number): void {
  const clip = id(ctx, 'clip');
  ctx.defs.push(`<clipPath id="${clip}"><path d="${d}"/></clipPath>`);
  const step = ctx.s * spacing;
  const lines: string[] = [];
  for (let x = -ctx.height; x < ctx.width; x += step) lines.push(`M${f(x)} ${ctx.height}l${ctx.height} ${-ctx.height}`);
  ctx.body.push(`<path clip-path="url(#${clip})" d="${lines.join('')}" fill="none" stroke="${ctx.palette.ink}" stroke-opacity="0.28" stroke-width="${f(ctx.s * 0.0012)}"/>`);
}

/**
 * A skyline across the picture by midpoint displacement (`2^detail` segments), closed along the bottom.
 * `smooth` makes rolling hills (a quadratic curve through the points) rather than peaks.
 */
export function ridge(r: Rng, width: number, base: number, amplitude: number, detail: number, roughness: number, smooth = false): { points: Pt[]; path: string; } {
  const n = 2 ** detail;
  const ys = new Array<number>(n + 1).fill(base);
  ys[0] = base + amplitude * between(r, -0.5, 0.5);
  ys[n] = base + amplitude * between(r, -0.5, 0.5);
  let spread = amplitude;
  for (let step = n; step > 1; step /= 2) {
    for (let i = 0; i < n; i += step) {
      const mid = i + step / 2;
      ys[mid] = ((ys[i] ?? base) + (ys[i + step] ?? base)) / 2 + spread * between(r, -0.5, 0.5);
    }
    spread *= roughness;
  }
  const points: Pt[] = ys.map((y, i) => [(width * i) / n, y]);
  const bottom = base + amplitude * 4 + width;
  let line: string;
  if (smooth) {
    const coarse = points.filter((_, i) => i % 4 === 0);
    line = coarse.map(([x, y], i) => {
      if (i === 0) return `M${f(x)} ${f(y)}`;
      const [px, py] = coarse[i - 1] ?? [x, y];
      return `S${f((px + x) / 2)} ${f(py)} ${f(x)} ${f(y)}`;
    }).join('');
  } else {
    line = points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${f(x)} ${f(y)}`).join('');
  }
  return { points, path: `${line}L${f(width)} ${f(bottom)}L0 ${f(bottom)}Z` };
}

/** The height of a skyline at x. */
export function ridgeAt(points: Pt[], x: number): number {
  const first = points[0];
  if (!first) return 0;
  const step = (points[1]?.[0] ?? 1) - first[0] || 1;
  const i = Math.max(0, Math.min(points.length - 2, Math.floor((x - first[0]) / step)));
  const [x0, y0] = points[i] ?? first;
  const [, y1] = points[i + 1] ?? points[i] ?? first;
  return y0 + (y1 - y0) * Math.min(1, Math.max(0, (x - x0) / step));
}

/** A sea from `top` down: a darkening body, wave lines that widen towards the viewer, the sun's reflection. */
export function seaLayer(ctx: Ctx, top: number, [sx]: Pt): void {
  const { width: w, height: h, palette } = ctx;
  const r = rng(ctx.seed, 40);
  const g = id(ctx, 'sea');
  const colour = palette.layers[1];
  ctx.defs.push(`<linearGradient id="${g}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(colour, palette.sky[1], 0.3)}"/><stop offset="1" stop-color="${palette.layers[3]}"/></linearGradient>`);
  const body = `M0 ${f(top)}H${f(w)}V${f(h)}H0Z`;
  if (ctx.style === 'default' || ctx.style === 'watercolor') shape(ctx, body, `url(#${g})`, 1, r);
  else shape(ctx, body, colour, 1, r);
  const rows = ctx.hd ? 14 : 8;
  const lines: string[] = [];
  for (let i = 1; i <= rows; i++) {
    const t = i / rows;
    const y = top + (h - top) * t ** 1.6;
    const amp = ctx.s * (0.002 + 0.012 * t);
    const period = ctx.s * (0.04 + 0.12 * t);
    const phase = r() * period;
    const parts: string[] = [];
    for (let x = -phase; x < w + period; x += period) parts.push(`M${f(x)} ${f(y)}q${f(period / 4)} ${f(-amp * 2)} ${f(period / 2)} 0`);
    lines.push(parts.join(''));
  }
  const crest = mix(palette.sky[1], '#ffffff', 0.6);
  if (ctx.style === 'neon') glowStroke(ctx, lines.join(''), palette.accents[2], 0.5);
  else if (ctx.style === 'sketch') pencil(ctx, lines.join(''), 0.6);
  else ctx.body.push(`<path d="${lines.join('')}" fill="none" stroke="${crest}" stroke-opacity="0.55" stroke-width="${f(ctx.s * 0.003)}" stroke-linecap="round"/>`);
  if (ctx.style === 'sketch' || ctx.style === 'neon') return;
  const glints: string[] = [];
  for (let i = 0; i < (ctx.hd ? 16 : 9); i++) {
    const t = (i + 0.5) / (ctx.hd ? 16 : 9);
    const y = top + (h - top) * t * 0.9;
    const half = ctx.s * (0.015 + 0.06 * (1 - t)) * between(r, 0.6, 1.2);
    glints.push(`M${f(sx - half)} ${f(y)}h${f(half * 2)}`);
  }
  ctx.body.push(`<path d="${glints.join('')}" fill="none" stroke="${palette.sun}" stroke-opacity="0.7" stroke-width="${f(ctx.s * 0.005)}" stroke-linecap="round"/>`);
}

/** A conifer: two stacked triangles on a trunk. */
export function tree(ctx: Ctx, x: number, y: number, size: number, colour: string, r: Rng): void {
  const w = size * between(r, 0.32, 0.42);
  const d = `M${f(x)} ${f(y - size)}L${f(x + w * 0.7)} ${f(y - size * 0.45)}L${f(x + w * 0.35)} ${f(y - size * 0.45)}L${f(x + w)} ${f(y)}L${f(x - w)} ${f(y)}L${f(x - w * 0.35)} ${f(y - size * 0.45)}L${f(x - w * 0.7)} ${f(y - size * 0.45)}Z`;
  if (ctx.style === 'sketch') {
    pencil(ctx, d, 0.7);
    return;
  }
  ctx.body.push(`<rect x="${f(x - size * 0.03)}" y="${f(y - size * 0.05)}" width="${f(size * 0.06)}" height="${f(size * 0.2)}" fill="${mix(colour, '#000000', 0.3)}"/>`);
  shape(ctx, d, colour, 1, r);
}

/** The synthwave floor: a dark plane under the horizon with a glowing perspective grid. */
export function synthGrid(ctx: Ctx, horizon: number, colour: string): void {
  const { width: w, height: h } = ctx;
  ctx.body.push(`<rect y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="${ctx.palette.layers[3]}"${ctx.withReference ? ' fill-opacity="0.6"' : ''}/>`);
  const lines: string[] = [];
  const rows = ctx.hd ? 16 : 10;
  for (let i = 1; i <= rows; i++) lines.push(`M0 ${f(horizon + (h - horizon) * (i / rows) ** 2)}H${w}`);
  const cx = w / 2;
  const spokes = ctx.hd ? 24 : 14;
  for (let i = -spokes; i <= spokes; i++) lines.push(`M${f(cx + (i * w) / (spokes * 4))} ${f(horizon)}L${f(cx + (i * w * 1.6) / spokes)} ${f(h)}`);
  glowStroke(ctx, lines.join(''), colour, 0.7);
  glowStroke(ctx, `M0 ${f(horizon)}H${w}`, ctx.palette.accents[0], 1.2);
}
