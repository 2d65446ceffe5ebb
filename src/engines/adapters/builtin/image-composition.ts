/**
 * The picture layer of a builtin image: a seeded landscape-like abstract composition (sky, sun or moon,
 * rings, clouds, sparkles, ridges, sea, trees or a skyline, birds) as an SVG string, in a style's look.
 */
import { landscape, synthFloor } from './image-landscape.js';
import { between, grey, hsl, hueOf, mix, pick, rng, type Palette, type StyleName } from './image-palette.js';
import {
  circle,
  cloudPath,
  f,
  glowStroke,
  id,
  NEON_DARK,
  op,
  PAPER,
  pencil,
  shape,
  sparkle,
  unionOutline,
  type Ctx,
  type Pt,
  type SceneOptions,
} from './image-shapes.js';

export type { SceneOptions } from './image-shapes.js';

/** The scene as an SVG in width×height coordinates, rasterised at renderWidth×renderHeight. */
export function sceneSvg(options: SceneOptions, renderWidth = options.width, renderHeight = options.height): string {
  const ctx: Ctx = {
    ...options,
    palette: lookOf(options.style, options.palette),
    s: Math.min(options.width, options.height),
    defs: [],
    body: [],
    ids: 0,
  };
  const { width: w, height: h, style } = ctx;
  const r = rng(ctx.seed, 1);
  const horizon = h * between(r, 0.5, 0.58);
  let sun: Pt = [w * between(r, 0.24, 0.76), h * between(r, 0.17, 0.3)];
  let radius = ctx.s * between(r, 0.07, 0.1);
  if (style === 'neon') {
    radius *= 1.9;
    sun = [sun[0], horizon - radius * 0.3];
  }

  background(ctx, sun, radius);
  if ((ctx.palette.night || style === 'neon') && style !== 'sketch') stars(ctx, horizon);
  sunDisc(ctx, sun, radius);
  if (style !== 'neon' && style !== 'sketch' && style !== 'pixel') rings(ctx, sun, radius);
  if (style !== 'minimal' && style !== 'neon') clouds(ctx, sun, radius, horizon);
  if (style !== 'minimal') sparkles(ctx, sun, radius, horizon);
  if (style === 'neon') synthFloor(ctx, horizon);
  else landscape(ctx, horizon, sun);
  if (style === 'default' || style === 'watercolor' || style === 'sketch') birds(ctx, sun, radius, horizon);

  const crisp = style === 'pixel' ? ' shape-rendering="crispEdges"' : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${renderWidth}" height="${renderHeight}" viewBox="0 0 ${w} ${h}" preserveAspectRatio="none"${crisp}><defs>${ctx.defs.join('')}</defs>${ctx.body.join('')}</svg>`;
}

/** The palette recoloured for a style: greys on paper for sketch, glowing hues on black for neon, washed for watercolor. */
function lookOf(style: StyleName, palette: Palette): Palette {
  switch (style) {
    case 'sketch': {
      const g = (c: string) => mix(grey(c), PAPER, 0.6);
      const [a, b, c, d] = palette.layers;
      return {
        ...palette,
        sky: [PAPER, PAPER],
        sun: PAPER,
        layers: [g(a), g(b), g(c), g(d)],
        accents: [
          grey(palette.accents[0]),
          grey(palette.accents[1]),
          grey(palette.accents[2]),
          grey(palette.accents[3]),
        ],
        ink: '#2b2b2b',
      };
    }
    case 'neon': {
      // Synthwave magenta and cyan, turned part of the way towards the prompt's own hue.
      const shift = Math.max(-40, Math.min(40, (((hueOf(palette.sky[1]) - 300 + 540) % 360) - 180) * 0.4));
      const glow = (hue: number, l: number, turn = 1) => hsl(hue + shift * turn, 100, l);
      return {
        ...palette,
        sky: [NEON_DARK, hsl(285 + shift, 65, 24)],
        sun: hsl(45, 100, 64),
        layers: ['#1a0c30', '#130922', '#0d0619', NEON_DARK],
        accents: [glow(320, 62), glow(185, 58, 0.3), glow(270, 68), hsl(45, 100, 64)],
        ink: NEON_DARK,
      };
    }
    case 'watercolor': {
      const wash = (c: string) => mix(c, PAPER, 0.2);
      const [a, b, c, d] = palette.layers;
      return {
        ...palette,
        sky: [
          mix(palette.night ? palette.sky[0] : palette.sky[1], PAPER, palette.night ? 0.35 : 0.65),
          mix(palette.sky[1], PAPER, 0.3),
        ],
        layers: [wash(a), wash(b), wash(c), wash(d)],
      };
    }
    case 'minimal':
      return { ...palette, sky: [mix(palette.sky[1], '#ffffff', 0.15), mix(palette.sky[1], '#ffffff', 0.15)] };
    default:
      return palette;
  }
}

function background(ctx: Ctx, [sx, sy]: Pt, radius: number): void {
  const { width: w, height: h, palette, style } = ctx;
  if (ctx.withReference) {
    ctx.body.push(`<rect width="${w}" height="${h}" fill="${palette.sky[1]}" fill-opacity="0.2"/>`);
  } else if (style === 'pixel') {
    const bands = 8;
    for (let i = 0; i < bands; i++)
      ctx.body.push(
        `<rect y="${f((h * 0.6 * i) / bands)}" width="${w}" height="${f(h)}" fill="${mix(palette.sky[0], palette.sky[1], i / (bands - 1))}"/>`,
      );
  } else if (style === 'minimal' || style === 'sketch') {
    ctx.body.push(`<rect width="${w}" height="${h}" fill="${palette.sky[0]}"/>`);
  } else {
    const sky = id(ctx, 'sky');
    ctx.defs.push(
      `<linearGradient id="${sky}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.sky[0]}"/><stop offset="0.6" stop-color="${palette.sky[1]}"/><stop offset="1" stop-color="${mix(palette.sky[1], palette.sun, 0.3)}"/></linearGradient>`,
    );
    ctx.body.push(`<rect width="${w}" height="${h}" fill="url(#${sky})"/>`);
  }
  if (style === 'watercolor') {
    // Uneven washes: a few broad, faint blooms of the palette's colours.
    const r = rng(ctx.seed, 9);
    for (let i = 0; i < 6; i++) {
      const bloom = id(ctx, 'bloom');
      ctx.defs.push(
        `<radialGradient id="${bloom}"><stop offset="0.4" stop-color="${pick(r, palette.accents)}" stop-opacity="0.14"/><stop offset="1" stop-color="${palette.accents[0]}" stop-opacity="0"/></radialGradient>`,
      );
      ctx.body.push(
        `<circle cx="${f(w * r())}" cy="${f(h * r() * 0.7)}" r="${f(ctx.s * between(r, 0.15, 0.35))}" fill="url(#${bloom})"/>`,
      );
    }
  }
  if (style === 'minimal' || style === 'sketch' || style === 'pixel') return;
  const halo = id(ctx, 'halo');
  const colour = style === 'neon' ? palette.accents[0] : palette.sun;
  ctx.defs.push(
    `<radialGradient id="${halo}"><stop offset="0" stop-color="${colour}" stop-opacity="${palette.night && style !== 'neon' ? 0.3 : 0.55}"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`,
  );
  ctx.body.push(
    `<circle cx="${f(sx)}" cy="${f(sy)}" r="${f(radius * (style === 'neon' ? 2.6 : 4.5))}" fill="url(#${halo})"/>`,
  );
}

function stars(ctx: Ctx, horizon: number): void {
  const r = rng(ctx.seed, 2);
  const count = ctx.hd ? 120 : 70;
  const colour = ctx.style === 'neon' ? mix(ctx.palette.accents[1], '#ffffff', 0.5) : '#fffbe8';
  const dots: string[] = [];
  for (let i = 0; i < count; i++)
    dots.push(
      `<circle cx="${f(r() * ctx.width)}" cy="${f(r() ** 1.3 * horizon * 0.9)}" r="${f(ctx.s * 0.0013 * (1 + 2 * r() ** 3))}" fill-opacity="${op(between(r, 0.3, 1))}"/>`,
    );
  ctx.body.push(`<g fill="${colour}">${dots.join('')}</g>`);
}

function sunDisc(ctx: Ctx, [x, y]: Pt, radius: number): void {
  const { palette, style } = ctx;
  const r = rng(ctx.seed, 3);
  if (style === 'neon') {
    const grad = id(ctx, 'sun');
    ctx.defs.push(
      `<linearGradient id="${grad}" x1="0" y1="0" x2="0" y2="1"><stop offset="0.1" stop-color="${palette.accents[3]}"/><stop offset="0.75" stop-color="${palette.accents[0]}"/></linearGradient>`,
    );
    ctx.body.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(radius)}" fill="url(#${grad})"/>`);
    for (let i = 0; i < 6; i++)
      ctx.body.push(
        `<rect x="${f(x - radius)}" y="${f(y + radius * (0.05 + i * 0.16))}" width="${f(radius * 2)}" height="${f(radius * 0.022 * (i + 1))}" fill="${palette.sky[1]}"/>`,
      );
    return;
  }
  if (style === 'sketch') {
    pencil(ctx, circle(x, y, radius), 1.1);
    pencil(ctx, circle(x + radius * 0.03, y - radius * 0.02, radius * 1.02), 0.5);
    const rays: string[] = [];
    for (let i = 0; i < 16; i++) {
      const a = (i / 16) * Math.PI * 2 + r() * 0.12;
      const [r0, r1] = [radius * 1.3, radius * between(r, 1.55, 1.85)];
      rays.push(
        `M${f(x + Math.cos(a) * r0)} ${f(y + Math.sin(a) * r0)}L${f(x + Math.cos(a) * r1)} ${f(y + Math.sin(a) * r1)}`,
      );
    }
    pencil(ctx, rays.join(''), 0.8);
    return;
  }
  if (style === 'watercolor') {
    for (let i = 0; i < 3; i++)
      ctx.body.push(
        `<circle cx="${f(x + radius * between(r, -0.1, 0.1))}" cy="${f(y + radius * between(r, -0.1, 0.1))}" r="${f(radius * between(r, 0.92, 1.08))}" fill="${mix(palette.sun, '#f4a261', 0.45)}" fill-opacity="0.45"/>`,
      );
    return;
  }
  ctx.body.push(
    `<circle cx="${f(x)}" cy="${f(y)}" r="${f(radius)}" fill="${palette.sun}"${ctx.withReference ? ' fill-opacity="0.8"' : ''}/>`,
  );
  if (palette.night && style !== 'minimal') {
    for (let i = 0; i < 4; i++) {
      const a = r() * Math.PI * 2;
      const d = radius * between(r, 0.1, 0.55);
      ctx.body.push(
        `<circle cx="${f(x + Math.cos(a) * d)}" cy="${f(y + Math.sin(a) * d)}" r="${f(radius * between(r, 0.08, 0.18))}" fill="${mix(palette.sun, palette.sky[1], 0.2)}"/>`,
      );
    }
  }
}

/** Thin concentric rings round the sun in the accent colours. */
function rings(ctx: Ctx, [x, y]: Pt, radius: number): void {
  const count = ctx.style === 'minimal' ? 1 : ctx.hd ? 3 : 2;
  for (let i = 0; i < count; i++) {
    const colour = ctx.palette.night
      ? mix(ctx.palette.sun, ctx.palette.sky[1], 0.4)
      : mix(ctx.palette.accents[i % 4] ?? ctx.palette.sun, ctx.palette.sun, 0.3);
    const dash = i === 1 ? ` stroke-dasharray="${f(ctx.s * 0.004)} ${f(ctx.s * 0.012)}" stroke-linecap="round"` : '';
    ctx.body.push(
      `<circle cx="${f(x)}" cy="${f(y)}" r="${f(radius * (1.4 + i * 0.32))}" fill="none" stroke="${colour}" stroke-opacity="${op(0.7 - i * 0.12)}" stroke-width="${f(ctx.s * (i === 1 ? 0.004 : 0.0028))}"${dash}/>`,
    );
  }
}

function clouds(ctx: Ctx, [sx, sy]: Pt, radius: number, horizon: number): void {
  const r = rng(ctx.seed, 4);
  const count = (ctx.hd ? 4 : 2) + Math.floor(r() * 2);
  const colour = mix(ctx.palette.sky[1], '#ffffff', ctx.palette.night ? 0.2 : 0.7);
  for (let i = 0; i < count; i++) {
    const width = ctx.s * between(r, 0.16, 0.3);
    let x = 0;
    let y = 0;
    for (let attempt = 0; attempt < 8; attempt++) {
      x = ctx.width * between(r, -0.05, 1) - width / 2;
      y = horizon * between(r, 0.18, 0.82);
      const clear =
        x > sx + radius * 1.6 ||
        x + width < sx - radius * 1.6 ||
        y - width * 0.45 > sy + radius * 1.6 ||
        y < sy - radius * 1.6;
      if (clear) break;
    }
    const d = cloudPath(x, y, width, r);
    if (ctx.style === 'sketch') unionOutline(ctx, d, ctx.palette.sky[0], (p) => pencil(ctx, p, 1.6));
    else shape(ctx, d, colour, ctx.palette.night ? 0.35 : 0.85, r, { edge: false });
  }
}

function sparkles(ctx: Ctx, [sx, sy]: Pt, radius: number, horizon: number): void {
  const r = rng(ctx.seed, 5);
  const count = ctx.hd ? 9 : 5;
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = ctx.width * between(r, 0.05, 0.95);
    const y = horizon * between(r, 0.08, 0.8);
    if (Math.hypot(x - sx, y - sy) < radius * 2) continue;
    paths.push(sparkle(x, y, ctx.s * between(r, 0.008, 0.02)));
  }
  const d = paths.join('');
  if (ctx.style === 'neon') glowStroke(ctx, d, ctx.palette.accents[2], 0.6);
  else if (ctx.style === 'sketch') pencil(ctx, d, 0.7);
  else
    ctx.body.push(
      `<path d="${d}" fill="${ctx.palette.night ? '#fffbe8' : mix(ctx.palette.accents[3], '#ffffff', 0.35)}" fill-opacity="0.9"/>`,
    );
}

function birds(ctx: Ctx, [sx, sy]: Pt, radius: number, horizon: number): void {
  const r = rng(ctx.seed, 8);
  const count = (ctx.hd ? 6 : 3) + Math.floor(r() * 3);
  const paths: string[] = [];
  const [cx, cy] = [sx + radius * between(r, -1.5, 1.5), Math.min(horizon * 0.85, sy + radius * between(r, 1.3, 2.2))];
  for (let i = 0; i < count; i++) {
    const a = ctx.s * between(r, 0.008, 0.016);
    const x = cx + ctx.s * between(r, -0.12, 0.12);
    const y = cy + ctx.s * between(r, -0.06, 0.06);
    paths.push(`M${f(x - a)} ${f(y)}q${f(a / 2)} ${f(-a * 0.6)} ${f(a)} 0q${f(a / 2)} ${f(-a * 0.6)} ${f(a)} 0`);
  }
  const colour = ctx.palette.night ? '#e8ecff' : ctx.palette.ink;
  ctx.body.push(
    `<path d="${paths.join('')}" fill="none" stroke="${colour}" stroke-opacity="0.75" stroke-width="${f(ctx.s * 0.0028)}" stroke-linecap="round" stroke-linejoin="round"/>`,
  );
}
