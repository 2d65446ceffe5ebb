/**
 * The picture layer of a builtin image: a seeded landscape-like abstract composition (sky, sun or moon,
 * clouds, ridges, sea or trees, a few geometric accents) as an SVG string, in the look of a style.
 */
import { between, grey, hsl, hueOf, mix, pick, rng, type Palette, type StyleName } from './image-palette.js';
import { circle, f, op, glowStroke, hatch, id, NEON_DARK, PAPER, pencil, ridge, ridgeAt, seaLayer, shape, synthGrid, tree, type Ctx, type Pt, type SceneOptions } from './image-shapes.js';

export type { SceneOptions } from './image-shapes.js';

/** The scene as an SVG in width×height coordinates, rasterised at renderWidth×renderHeight. */
export function sceneSvg(options: SceneOptions, renderWidth = options.width, renderHeight = options.height): string {
  const ctx: Ctx = { ...options, palette: lookOf(options.style, options.palette), s: Math.min(options.width, options.height), defs: [], body: [], ids: 0 };
  const { width: w, height: h, style } = ctx;
  const r = rng(ctx.seed, 1);
  const sun: Pt = [w * between(r, 0.22, 0.78), h * between(r, 0.16, 0.34)];
  const sunRadius = ctx.s * between(r, 0.07, 0.11);
  const horizon = h * between(r, 0.5, 0.58);

  background(ctx, sun, sunRadius);
  if (ctx.palette.night && style !== 'sketch') stars(ctx, horizon);
  sunDisc(ctx, sun, sunRadius, horizon);
  if (style !== 'minimal') clouds(ctx, sun, horizon);
  accents(ctx, horizon);
  if (style === 'neon') {
    const far = ridge(rng(ctx.seed, 20), w, horizon - h * 0.06, h * 0.16, ctx.hd ? 7 : 6, 0.52);
    shape(ctx, far.path, ctx.palette.layers[0], 1);
    synthGrid(ctx, horizon, ctx.palette.accents[1]);
  } else {
    land(ctx, horizon, sun);
  }
  if (style !== 'minimal' && style !== 'neon') birds(ctx, sun, horizon);

  const crisp = style === 'pixel' || style === 'minimal' ? ' shape-rendering="crispEdges"' : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${renderWidth}" height="${renderHeight}" viewBox="0 0 ${w} ${h}" preserveAspectRatio="none"${crisp}><defs>${ctx.defs.join('')}</defs>${ctx.body.join('')}</svg>`;
}

/** The palette recoloured for a style: greys on paper for sketch, glowing hues on black for neon, washed for watercolor. */
function lookOf(style: StyleName, palette: Palette): Palette {
  switch (style) {
    case 'sketch': {
      const g = (c: string) => mix(grey(c), PAPER, 0.55);
      return { ...palette, sky: [PAPER, mix(grey(palette.sky[1]), PAPER, 0.8)], sun: PAPER, layers: [g(palette.layers[0]), g(palette.layers[1]), g(palette.layers[2]), g(palette.layers[3])], accents: [grey(palette.accents[0]), grey(palette.accents[1]), grey(palette.accents[2]), grey(palette.accents[3])], ink: '#2b2b2b' };
    }
    case 'neon': {
      const glow = (c: string, shift = 0) => hsl(hueOf(c) + shift, 100, 62);
      const [a, b, c, d] = palette.accents;
      return { ...palette, sky: [NEON_DARK, mix(glow(c), NEON_DARK, 0.72)], sun: glow(a), layers: ['#140a26', '#10081f', '#0c0618', NEON_DARK], accents: [glow(a), glow(b, 40), glow(c, -40), glow(d, 180)], ink: NEON_DARK };
    }
    case 'watercolor': {
      const wash = (c: string) => mix(c, PAPER, 0.18);
      const [a, b, c, d] = palette.layers;
      return { ...palette, sky: [mix(palette.sky[0], PAPER, 0.55), mix(palette.sky[1], PAPER, 0.35)], layers: [wash(a), wash(b), wash(c), wash(d)] };
    }
    default:
      return palette;
  }
}






function background(ctx: Ctx, sun: Pt, sunRadius: number): void {
  const { width: w, height: h, palette, style } = ctx;
  if (ctx.withReference) {
    ctx.body.push(`<rect width="${w}" height="${h}" fill="${palette.sky[1]}" fill-opacity="0.22"/>`);
    return;
  }
  if (style === 'pixel') {
    const bands = 7;
    for (let i = 0; i < bands; i++) ctx.body.push(`<rect y="${f((h * 0.62 * i) / bands)}" width="${w}" height="${f(h)}" fill="${mix(palette.sky[0], palette.sky[1], i / (bands - 1))}"/>`);
    return;
  }
  if (style === 'minimal') {
    ctx.body.push(`<rect width="${w}" height="${h}" fill="${mix(palette.sky[0], palette.sky[1], 0.7)}"/>`);
    return;
  }
  const sky = id(ctx, 'sky');
  ctx.defs.push(`<linearGradient id="${sky}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.sky[0]}"/><stop offset="0.62" stop-color="${palette.sky[1]}"/><stop offset="1" stop-color="${mix(palette.sky[1], palette.sun, 0.3)}"/></linearGradient>`);
  ctx.body.push(`<rect width="${w}" height="${h}" fill="${style === 'sketch' ? PAPER : `url(#${sky})`}"/>`);
  if (style === 'sketch') return;
  const halo = id(ctx, 'halo');
  ctx.defs.push(`<radialGradient id="${halo}"><stop offset="0" stop-color="${palette.sun}" stop-opacity="${palette.night ? 0.35 : 0.6}"/><stop offset="1" stop-color="${palette.sun}" stop-opacity="0"/></radialGradient>`);
  ctx.body.push(`<circle cx="${f(sun[0])}" cy="${f(sun[1])}" r="${f(sunRadius * 4.5)}" fill="url(#${halo})"/>`);
}

function stars(ctx: Ctx, horizon: number): void {
  const r = rng(ctx.seed, 2);
  const count = ctx.hd ? 110 : 60;
  const colour = ctx.style === 'neon' ? ctx.palette.accents[1] : '#fffbe8';
  const dots: string[] = [];
  for (let i = 0; i < count; i++) {
    const radius = ctx.s * 0.0012 * (1 + 2.2 * r() ** 3);
    dots.push(`<circle cx="${f(r() * ctx.width)}" cy="${f(r() * horizon * 0.95)}" r="${f(radius)}" fill-opacity="${op(between(r, 0.35, 1))}"/>`);
  }
  ctx.body.push(`<g fill="${colour}">${dots.join('')}</g>`);
}

function sunDisc(ctx: Ctx, [x, y]: Pt, radius: number, horizon: number): void {
  const { palette, style } = ctx;
  const r = rng(ctx.seed, 3);
  if (style === 'neon') {
    const grad = id(ctx, 'sun');
    const cy = Math.min(y + radius * 1.2, horizon - radius * 0.6);
    const big = radius * 1.9;
    ctx.defs.push(`<linearGradient id="${grad}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(palette.accents[3], '#ffffff', 0.2)}"/><stop offset="1" stop-color="${palette.accents[0]}"/></linearGradient>`);
    ctx.body.push(`<circle cx="${f(x)}" cy="${f(cy)}" r="${f(big)}" fill="url(#${grad})"/>`);
    for (let i = 0; i < 6; i++) {
      const sy = cy + big * (0.1 + i * 0.15);
      ctx.body.push(`<rect x="${f(x - big)}" y="${f(sy)}" width="${f(big * 2)}" height="${f(big * 0.025 * (i + 1))}" fill="${mix(palette.sky[1], NEON_DARK, 0.3)}"/>`);
    }
    glowStroke(ctx, circle(x, cy, big * 1.04), palette.accents[0], 1.4);
    return;
  }
  if (style === 'sketch') {
    pencil(ctx, circle(x, y, radius), 1.1);
    pencil(ctx, circle(x + radius * 0.03, y - radius * 0.02, radius * 1.02), 0.5);
    const rays: string[] = [];
    for (let i = 0; i < 14; i++) {
      const a = (i / 14) * Math.PI * 2 + r() * 0.15;
      const r0 = radius * 1.25;
      const r1 = radius * between(r, 1.55, 1.9);
      rays.push(`M${f(x + Math.cos(a) * r0)} ${f(y + Math.sin(a) * r0)}L${f(x + Math.cos(a) * r1)} ${f(y + Math.sin(a) * r1)}`);
    }
    pencil(ctx, rays.join(''), 0.8);
    return;
  }
  if (style === 'watercolor') {
    for (let i = 0; i < 3; i++) ctx.body.push(`<circle cx="${f(x + radius * between(r, -0.12, 0.12))}" cy="${f(y + radius * between(r, -0.12, 0.12))}" r="${f(radius * between(r, 0.9, 1.1))}" fill="${mix(palette.sun, palette.accents[1], 0.35)}" fill-opacity="0.4"/>`);
    return;
  }
  ctx.body.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(radius)}" fill="${palette.sun}"${ctx.withReference ? ' fill-opacity="0.75"' : ''}/>`);
  if (palette.night && style !== 'minimal') {
    for (let i = 0; i < 4; i++) {
      const a = r() * Math.PI * 2;
      const d = radius * between(r, 0.1, 0.6);
      ctx.body.push(`<circle cx="${f(x + Math.cos(a) * d)}" cy="${f(y + Math.sin(a) * d)}" r="${f(radius * between(r, 0.08, 0.2))}" fill="${mix(palette.sun, palette.sky[1], 0.25)}"/>`);
    }
  }
}

function clouds(ctx: Ctx, [sx]: Pt, horizon: number): void {
  const r = rng(ctx.seed, 4);
  const count = (ctx.hd ? 5 : 3) + Math.floor(r() * 2);
  const colour = ctx.style === 'neon' ? ctx.palette.accents[2] : mix(ctx.palette.sky[1], '#ffffff', ctx.palette.night ? 0.25 : 0.75);
  for (let i = 0; i < count; i++) {
    const cw = ctx.s * between(r, 0.14, 0.3);
    const x = (sx + ctx.width * (0.25 + (i * 0.618) % 0.7) + r() * ctx.width * 0.1) % ctx.width;
    const y = horizon * between(r, 0.15, 0.8);
    const ch = cw * 0.16;
    const puffs = [circle(x + cw * 0.3, y - ch * 0.4, cw * 0.2), circle(x + cw * 0.55, y - ch * 0.7, cw * 0.24), circle(x + cw * 0.78, y - ch * 0.3, cw * 0.15)];
    const base = `M${f(x + ch / 2)} ${f(y - ch / 2)}h${f(cw - ch)}a${f(ch / 2)} ${f(ch / 2)} 0 0 1 0 ${f(ch)}h${f(ch - cw)}a${f(ch / 2)} ${f(ch / 2)} 0 0 1 0 ${f(-ch)}Z`;
    const d = `${base}${puffs.join('')}`;
    if (ctx.style === 'neon') glowStroke(ctx, d, colour, 0.6);
    else if (ctx.style === 'sketch') pencil(ctx, d, 0.7);
    else shape(ctx, d, colour, ctx.palette.night ? 0.35 : 0.8, r);
  }
}

function accents(ctx: Ctx, horizon: number): void {
  const r = rng(ctx.seed, 5);
  const count = ctx.style === 'minimal' ? 2 : ctx.hd ? 9 : 5;
  for (let i = 0; i < count; i++) {
    const size = ctx.s * (0.012 + 0.05 * r() ** 2);
    const x = ctx.width * between(r, 0.06, 0.94);
    const y = horizon * between(r, 0.1, 0.85);
    const colour = ctx.palette.accents[i % 4] ?? ctx.palette.accents[0];
    const kind = pick(r, ['dot', 'ring', 'diamond', 'tri'] as const);
    const d =
      kind === 'diamond'
        ? `M${f(x)} ${f(y - size)}L${f(x + size * 0.7)} ${f(y)}L${f(x)} ${f(y + size)}L${f(x - size * 0.7)} ${f(y)}Z`
        : kind === 'tri'
          ? `M${f(x)} ${f(y - size)}L${f(x + size * 0.9)} ${f(y + size * 0.6)}L${f(x - size * 0.9)} ${f(y + size * 0.6)}Z`
          : circle(x, y, size * (kind === 'ring' ? 1 : 0.7));
    if (ctx.style === 'neon') glowStroke(ctx, d, colour, 0.8);
    else if (ctx.style === 'sketch') pencil(ctx, d, 0.8);
    else if (kind === 'ring' && ctx.style !== 'minimal') ctx.body.push(`<path d="${d}" fill="none" stroke="${colour}" stroke-width="${f(size * 0.18)}" stroke-opacity="0.85"/>`);
    else shape(ctx, d, colour, 0.9, r);
  }
}

function land(ctx: Ctx, horizon: number, sun: Pt): void {
  const { width: w, height: h, palette, motifs } = ctx;
  const r = rng(ctx.seed, 6);
  const count = ctx.style === 'minimal' ? 2 : ctx.hd ? 4 : 3;
  const seaFrom = motifs.water ? h * between(r, 0.64, 0.7) : Infinity;
  const layers = palette.layers;
  for (let i = 0; i < count; i++) {
    const t = i / (count - 1);
    const colour = layers[Math.round(t * 3)] ?? layers[3];
    const base = horizon + h * 0.3 * t;
    if (base > seaFrom) break;
    const jagged = i < count - 1 && r() < 0.75;
    const line = ridge(rng(ctx.seed, 30 + i), w, base, h * (jagged ? 0.2 : 0.08) * (1 - t * 0.4), ctx.hd ? 7 : 6, jagged ? 0.55 : 0.3, !jagged);
    const fill = gradientFill(ctx, colour, base - h * 0.2, h);
    shape(ctx, line.path, fill, 1, r);
    if (ctx.style === 'sketch') hatch(ctx, line.path, 0.006 + 0.01 * (1 - t));
    if (motifs.forest && i >= count - 2) forest(ctx, line.points, colour, i === count - 1 ? 1 : 0.7);
  }
  if (motifs.water) seaLayer(ctx, seaFrom, sun);
}

function gradientFill(ctx: Ctx, colour: string, top: number, bottom: number): string {
  if (ctx.style !== 'default' && ctx.style !== 'watercolor') return colour;
  const g = id(ctx, 'land');
  ctx.defs.push(`<linearGradient id="${g}" gradientUnits="userSpaceOnUse" x1="0" y1="${f(top)}" x2="0" y2="${f(bottom)}"><stop offset="0" stop-color="${mix(colour, ctx.palette.sky[1], 0.18)}"/><stop offset="1" stop-color="${mix(colour, ctx.palette.ink, 0.3)}"/></linearGradient>`);
  return `url(#${g})`;
}


function forest(ctx: Ctx, points: Pt[], colour: string, scale: number): void {
  const r = rng(ctx.seed, 7 + Math.round(scale * 10));
  const count = Math.round((ctx.hd ? 22 : 12) * scale);
  for (let i = 0; i < count; i++) {
    const x = ctx.width * ((i + between(r, 0.1, 0.9)) / count);
    const size = ctx.s * between(r, 0.04, 0.08) * scale;
    tree(ctx, x, ridgeAt(points, x) + size * 0.15, size, mix(colour, ctx.palette.ink, 0.35), r);
  }
}

function birds(ctx: Ctx, [sx, sy]: Pt, horizon: number): void {
  const r = rng(ctx.seed, 8);
  const count = (ctx.hd ? 6 : 3) + Math.floor(r() * 3);
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const a = ctx.s * between(r, 0.008, 0.016);
    const x = sx + ctx.s * between(r, -0.25, 0.25);
    const y = Math.min(horizon * 0.9, sy + ctx.s * between(r, 0.05, 0.2));
    paths.push(`M${f(x - a)} ${f(y)}q${f(a / 2)} ${f(-a / 2)} ${f(a)} 0q${f(a / 2)} ${f(-a / 2)} ${f(a)} 0`);
  }
  ctx.body.push(`<path d="${paths.join('')}" fill="none" stroke="${ctx.palette.ink}" stroke-opacity="0.75" stroke-width="${f(ctx.s * 0.0025)}" stroke-linecap="round"/>`);
}
