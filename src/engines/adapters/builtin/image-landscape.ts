/** The lower half of a builtin picture: layered ridges, a sea, trees, a city skyline, the synthwave floor. */
import { between, mix, rng, type Rng } from './image-palette.js';
import { f, glowStroke, hatch, id, op, pencil, ridge, ridgeAt, shape, type Ctx, type Pt } from './image-shapes.js';

/** Ridges from the horizon down, far ones jagged and pale, near ones rolling and dark; then sea, city, trees. */
export function landscape(ctx: Ctx, horizon: number, sun: Pt): void {
  const { height: h, palette, motifs, style } = ctx;
  const r = rng(ctx.seed, 6);
  const seaTop = motifs.water ? h * between(r, 0.63, 0.69) : undefined;
  const floor = seaTop ?? h * 0.8;
  const count = style === 'minimal' ? 3 : seaTop !== undefined ? (ctx.hd ? 3 : 2) : ctx.hd ? 5 : 4;
  const cityAt = motifs.city && seaTop === undefined ? Math.floor(count / 2) : -1;
  for (let i = 0; i < count; i++) {
    const t = i / (count - 1);
    const base = seaTop !== undefined ? horizon + (seaTop - horizon) * t * 0.7 : horizon + (floor - horizon) * t;
    const far = t < 0.5 && style !== 'minimal';
    const amplitude =
      h * (far ? (motifs.peaks ? 0.3 : 0.18) : style === 'minimal' && i === 0 ? 0.16 : 0.07) * (1 - 0.4 * t);
    const colour = layerColour(palette.layers, seaTop !== undefined ? t * 2 : t * 3);
    if (i === cityAt) skyline(ctx, base + h * 0.03, mix(colour, palette.ink, 0.15), rng(ctx.seed, 50));
    const line =
      style === 'minimal' && i === 0
        ? peaks(rng(ctx.seed, 30), ctx.width, h, base, h * (motifs.peaks ? 0.3 : 0.18))
        : ridge(rng(ctx.seed, 30 + i), ctx.width, h, base, amplitude, ctx.hd ? 7 : 6, far ? 0.56 : 0.32, !far);
    shape(ctx, line.path, colour, 1, r, {
      fill: gradientFill(ctx, colour, base - amplitude, h),
      glow: palette.accents[2],
    });
    if (style === 'sketch') hatch(ctx, line.path, 0.007 + 0.012 * (1 - t), 0.18 + 0.14 * t);
    if (motifs.forest && i >= count - 2 && style !== 'minimal')
      forest(ctx, line.points, colour, i === count - 1 ? 1 : 0.65);
  }
  if (seaTop !== undefined) {
    if (motifs.city) skyline(ctx, seaTop + h * 0.005, mix(palette.layers[2], palette.ink, 0.2), rng(ctx.seed, 50));
    sea(ctx, seaTop, sun);
  }
}

/** The layer colour at a fractional index, between the palette's four. */
function layerColour(layers: readonly string[], at: number): string {
  const low = Math.floor(at);
  const a = layers[low] ?? layers[layers.length - 1] ?? '#000000';
  return mix(a, layers[low + 1] ?? a, at - low);
}

function gradientFill(ctx: Ctx, colour: string, top: number, bottom: number): string | undefined {
  if (ctx.style !== 'default' && ctx.style !== 'watercolor') return undefined;
  const g = id(ctx, 'land');
  ctx.defs.push(
    `<linearGradient id="${g}" gradientUnits="userSpaceOnUse" x1="0" y1="${f(top)}" x2="0" y2="${f(bottom)}"><stop offset="0" stop-color="${mix(colour, ctx.palette.sky[1], 0.15)}"/><stop offset="1" stop-color="${mix(colour, ctx.palette.ink, 0.35)}"/></linearGradient>`,
  );
  return `url(#${g})`;
}

/** A sea from `top` down: a darkening body, wave strokes that widen towards the viewer, the sun's reflection. */
function sea(ctx: Ctx, top: number, [sx]: Pt): void {
  const { width: w, height: h, palette, style } = ctx;
  const r = rng(ctx.seed, 40);
  const g = id(ctx, 'sea');
  const colour = style === 'sketch' ? mix(palette.layers[1], '#ffffff', 0.45) : palette.layers[1];
  ctx.defs.push(
    `<linearGradient id="${g}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(colour, palette.sky[1], 0.35)}"/><stop offset="1" stop-color="${palette.layers[3]}"/></linearGradient>`,
  );
  const body = `M${f(-w * 0.02)} ${f(top)}H${f(w * 1.02)}V${f(h * 1.02)}H${f(-w * 0.02)}Z`;
  shape(ctx, body, colour, 1, r, { fill: `url(#${g})`, glow: palette.accents[1] });
  const rows = ctx.hd ? 14 : 9;
  const lines: string[] = [];
  for (let i = 1; i <= rows; i++) {
    const t = i / rows;
    const y = top + (h - top) * t ** 1.5;
    const amp = ctx.s * (0.002 + 0.01 * t);
    const period = ctx.s * (0.05 + 0.12 * t);
    const offset = r() * period;
    for (let x = -offset; x < w; x += period * between(r, 1.2, 2.2))
      lines.push(`M${f(x)} ${f(y)}q${f(period / 4)} ${f(-amp * 2)} ${f(period / 2)} 0`);
  }
  const d = lines.join('');
  if (style === 'neon') glowStroke(ctx, d, palette.accents[1], 0.5);
  else if (style === 'sketch') pencil(ctx, d, 0.6);
  else
    ctx.body.push(
      `<path d="${d}" fill="none" stroke="${mix(palette.sky[1], '#ffffff', 0.6)}" stroke-opacity="0.5" stroke-width="${f(ctx.s * 0.0035)}" stroke-linecap="round"/>`,
    );
  if (style === 'sketch' || style === 'minimal') return;
  const glints: string[] = [];
  const count = ctx.hd ? 16 : 10;
  for (let i = 0; i < count; i++) {
    const t = (i + 0.5) / count;
    const half = ctx.s * (0.012 + 0.06 * t) * between(r, 0.5, 1.1);
    glints.push(
      `M${f(sx - half + ctx.s * between(r, -0.01, 0.01))} ${f(top + (h - top) * t * 0.85 + ctx.s * 0.006)}h${f(half * 2)}`,
    );
  }
  ctx.body.push(
    `<path d="${glints.join('')}" fill="none" stroke="${mix(palette.sun, '#ffffff', 0.3)}" stroke-opacity="0.75" stroke-width="${f(ctx.s * 0.006)}" stroke-linecap="round"/>`,
  );
}

function forest(ctx: Ctx, points: Pt[], colour: string, scale: number): void {
  const r = rng(ctx.seed, 7 + Math.round(scale * 10));
  const count = Math.round((ctx.hd ? 26 : 14) * scale);
  const dark = mix(colour, ctx.palette.ink, 0.4);
  for (let i = 0; i < count; i++) {
    const x = ctx.width * ((i + between(r, 0.1, 0.9)) / count);
    const size = ctx.s * between(r, 0.05, 0.1) * scale;
    tree(ctx, x, ridgeAt(points, x) + size * 0.2, size, dark, r);
  }
}

/** A conifer: two stacked triangles on a trunk. */
function tree(ctx: Ctx, x: number, y: number, size: number, colour: string, r: Rng): void {
  const w = size * between(r, 0.3, 0.4);
  const d = `M${f(x)} ${f(y - size)}L${f(x + w * 0.7)} ${f(y - size * 0.45)}L${f(x + w * 0.35)} ${f(y - size * 0.45)}L${f(x + w)} ${f(y)}L${f(x - w)} ${f(y)}L${f(x - w * 0.35)} ${f(y - size * 0.45)}L${f(x - w * 0.7)} ${f(y - size * 0.45)}Z`;
  if (ctx.style === 'sketch') {
    ctx.body.push(`<path d="${d}" fill="#ffffff" fill-opacity="0.5"/>`);
    pencil(ctx, d, 0.7);
    return;
  }
  if (ctx.style !== 'neon')
    ctx.body.push(
      `<rect x="${f(x - size * 0.03)}" y="${f(y - size * 0.05)}" width="${f(size * 0.06)}" height="${f(size * 0.18)}" fill="${mix(colour, '#000000', 0.3)}"/>`,
    );
  shape(ctx, d, colour, 1, r, { glow: ctx.palette.accents[2] });
}

/** Blocks of buildings along `base`, a few windows lit. */
export function skyline(ctx: Ctx, base: number, colour: string, r: Rng): void {
  const { s, palette, style } = ctx;
  const blocks: string[] = [];
  const windows: string[] = [];
  const cell = s * 0.016;
  for (let x = -s * 0.02; x < ctx.width; ) {
    const bw = s * between(r, 0.045, 0.1);
    const bh = s * between(r, 0.07, 0.26);
    blocks.push(`M${f(x)} ${f(base - bh)}h${f(bw)}v${f(bh + s * 0.2)}h${f(-bw)}Z`);
    if (r() < 0.25)
      blocks.push(`M${f(x + bw * 0.45)} ${f(base - bh - s * 0.03)}h${f(s * 0.004)}v${f(s * 0.03)}h${f(-s * 0.004)}Z`);
    for (let wy = base - bh + cell; wy < base - cell; wy += cell * 1.6) {
      for (let wx = x + cell * 0.8; wx < x + bw - cell; wx += cell * 1.3)
        if (r() < 0.3) windows.push(`M${f(wx)} ${f(wy)}h${f(cell * 0.6)}v${f(cell * 0.8)}h${f(-cell * 0.6)}Z`);
    }
    x += bw + s * between(r, 0, 0.012);
  }
  shape(ctx, blocks.join(''), colour, 1, r, { glow: palette.accents[0] });
  const lit =
    style === 'sketch' ? palette.ink : style === 'neon' ? palette.accents[1] : mix(palette.sun, '#ffe9a8', 0.5);
  ctx.body.push(`<path d="${windows.join('')}" fill="${lit}" fill-opacity="${op(style === 'sketch' ? 0.45 : 0.85)}"/>`);
}

/** The synthwave floor: distant glowing ridges, a dark plane and a perspective grid. */
export function synthFloor(ctx: Ctx, horizon: number): void {
  const { width: w, height: h, palette } = ctx;
  const far = ridge(
    rng(ctx.seed, 20),
    w,
    horizon,
    horizon - h * 0.05,
    h * (ctx.motifs.peaks ? 0.22 : 0.14),
    ctx.hd ? 7 : 6,
    0.55,
  );
  shape(ctx, far.path, palette.layers[0], 1, rng(ctx.seed, 21), { glow: palette.accents[2] });
  if (ctx.motifs.city) skyline(ctx, horizon, palette.layers[1], rng(ctx.seed, 50));
  ctx.body.push(
    `<rect y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="${palette.layers[3]}"${ctx.withReference ? ' fill-opacity="0.6"' : ''}/>`,
  );
  const lines: string[] = [];
  const rows = ctx.hd ? 16 : 10;
  for (let i = 1; i <= rows; i++) lines.push(`M0 ${f(horizon + (h - horizon) * (i / rows) ** 2)}H${w}`);
  const spokes = ctx.hd ? 24 : 14;
  for (let i = -spokes; i <= spokes; i++)
    lines.push(`M${f(w / 2 + (i * w) / (spokes * 4))} ${f(horizon)}L${f(w / 2 + (i * w * 1.6) / spokes)} ${f(h)}`);
  glowStroke(ctx, lines.join(''), palette.accents[1], 0.7);
  glowStroke(ctx, `M0 ${f(horizon)}H${w}`, palette.accents[0], 1.2);
}

/** Two or three plain triangular peaks standing on a flat band, for the minimal look. */
function peaks(r: Rng, width: number, height: number, base: number, tall: number): { points: Pt[]; path: string } {
  const count = 2 + Math.floor(r() * 2);
  const parts = [`M${f(-width * 0.02)} ${f(base)}H${f(width * 1.02)}V${f(height * 1.02)}H${f(-width * 0.02)}Z`];
  for (let i = 0; i < count; i++) {
    const centre = width * ((i + between(r, 0.3, 0.7)) / count);
    const half = (width / count) * between(r, 0.5, 0.8);
    parts.push(
      `M${f(centre - half)} ${f(base + 1)}L${f(centre)} ${f(base - tall * between(r, 0.55, 1))}L${f(centre + half)} ${f(base + 1)}Z`,
    );
  }
  return {
    points: [
      [0, base],
      [width, base],
    ],
    path: parts.join(''),
  };
}
