import { type Rng, between, fnv1a, mulberry32 } from '../../../shared/seeded-random.js';
/**
 * Seeds, colours and styles for the builtin image engine: everything that turns a prompt into numbers
 * before any shape is drawn. Pure functions, no I/O.
 */

export type StyleName = 'default' | 'watercolor' | 'pixel' | 'minimal' | 'neon' | 'sketch';

export interface Palette {
  /** Sky gradient, top to bottom. */
  sky: [string, string];
  sun: string;
  /** Land (or sea) layers, far to near. */
  layers: [string, string, string, string];
  accents: [string, string, string, string];
  /** Dark colour for the caption band. */
  ink: string;
  night: boolean;
}

/** Features of the prompt that change the composition rather than the colours. */
export interface Motifs {
  water: boolean;
  forest: boolean;
  night: boolean;
  city: boolean;
  peaks: boolean;
}

// --- hashing and randomness ---------------------------------------------------------------------

/** FNV-1a with a final avalanche: a stable, well-mixed 32-bit hash of a string. */
export function hashString(text: string): number {
  return avalanche(fnv1a(text));
}

function avalanche(x: number): number {
  let h = x >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The seed of a picture: the caller's seed mixed with the prompt, style and artist. */
export function pictureSeed(
  seed: number,
  prompt: string,
  style: string | undefined,
  artist: string | undefined,
): number {
  const s = Number.isFinite(seed) ? Math.trunc(seed) >>> 0 : 0;
  const high = Number.isFinite(seed) ? Math.trunc(seed / 4294967296) >>> 0 : 0;
  const text = hashString(`${prompt}\u0000${style ?? ''}\u0000${artist ?? ''}`);
  return avalanche(text ^ avalanche(s ^ Math.imul(high, 0x9e3779b1)));
}

/** mulberry32, its seed mixed first: good enough for placing shapes. `salt` gives independent streams. */
export function rng(seed: number, salt = 0): Rng {
  return mulberry32(avalanche(seed ^ Math.imul(salt + 1, 0x9e3779b9)));
}

export { between, type Rng };

export function pick<T>(r: Rng, items: readonly [T, ...T[]]): T {
  return items[Math.floor(r() * items.length)] ?? items[0];
}

// --- colours -------------------------------------------------------------------------------------

type Rgb = [number, number, number];

function toRgb(hex: string): Rgb {
  const v = Number.parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function toHex([r, g, b]: Rgb): string {
  const c = (x: number) =>
    Math.max(0, Math.min(255, Math.round(x)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** `a` moved a fraction `t` of the way towards `b`. */
export function mix(a: string, b: string, t: number): string {
  const x = toRgb(a);
  const y = toRgb(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

export function hsl(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n: number) => 255 * (l / 100 - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1)));
  return toHex([f(0), f(8), f(4)]);
}

/** The hue of a colour in degrees. */
export function hueOf(hex: string): number {
  const [r, g, b] = toRgb(hex).map((v) => v / 255) as Rgb;
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

/** A grey of the same lightness (Rec. 709 luma). */
export function grey(hex: string): string {
  const [r, g, b] = toRgb(hex);
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return toHex([y, y, y]);
}

// --- palettes from words -------------------------------------------------------------------------

interface NamedPalette {
  words: string[];
  palette: Palette;
}

const p = (
  sky: [string, string],
  sun: string,
  layers: Palette['layers'],
  accents: Palette['accents'],
  ink: string,
  night = false,
): Palette => ({
  sky,
  sun,
  layers,
  accents,
  ink,
  night,
});

const PALETTES: NamedPalette[] = [
  {
    words: ['sunset', 'sunrise', 'dusk', 'dawn', 'twilight', 'evening', 'tropical', 'beach'],
    palette: p(
      ['#2b1d4e', '#f59a68'],
      '#ffd98a',
      ['#c0647f', '#8a3f6d', '#552859', '#2a1538'],
      ['#ff7f6b', '#ffb86b', '#f25f8f', '#ffe29a'],
      '#1e1030',
    ),
  },
  {
    words: ['red', 'fire', 'desert', 'sand', 'dune', 'mars', 'canyon', 'lava', 'crimson', 'dragon'],
    palette: p(
      ['#f8dcb0', '#ec8f5e'],
      '#fff3d1',
      ['#df9462', '#c4643f', '#9c3f2c', '#5e1f1a'],
      ['#e63946', '#f4a261', '#9d0208', '#ffba08'],
      '#3a1410',
    ),
  },
  {
    words: [
      'ocean',
      'sea',
      'blue',
      'water',
      'lake',
      'river',
      'wave',
      'harbor',
      'harbour',
      'ship',
      'boat',
      'whale',
      'fish',
      'underwater',
      'coast',
    ],
    palette: p(
      ['#0b3d6e', '#8ccbea'],
      '#f6f1cf',
      ['#5aa9d6', '#2f7fb8', '#1d5a93', '#0d3566'],
      ['#48cae4', '#90e0ef', '#0077b6', '#f1faee'],
      '#06223f',
    ),
  },
  {
    words: [
      'forest',
      'green',
      'tree',
      'jungle',
      'meadow',
      'garden',
      'leaf',
      'moss',
      'grass',
      'wood',
      'park',
      'fern',
      'valley',
    ],
    palette: p(
      ['#dcefd5', '#9ccca3'],
      '#fdf6c8',
      ['#82b886', '#4f8f5f', '#2f6b45', '#17442c'],
      ['#a7c957', '#f2e8cf', '#6a994e', '#ffd166'],
      '#10291b',
    ),
  },
  {
    words: ['night', 'space', 'star', 'galaxy', 'midnight', 'cosmic', 'universe', 'nebula', 'moon', 'dark', 'planet'],
    palette: p(
      ['#050816', '#26356b'],
      '#f3f0dc',
      ['#34487f', '#24355f', '#17234a', '#0b1330'],
      ['#8ab4ff', '#c3a6ff', '#5ee7df', '#ffe8a3'],
      '#050816',
      true,
    ),
  },
  {
    words: ['snow', 'winter', 'ice', 'frost', 'white', 'glacier', 'arctic', 'cold'],
    palette: p(
      ['#e3edf6', '#a9c4dc'],
      '#ffffff',
      ['#cbdae8', '#9fb6cc', '#6f8aa6', '#3f5670'],
      ['#ffffff', '#8ecae6', '#bde0fe', '#577590'],
      '#1d2a3a',
    ),
  },
  {
    words: ['pink', 'flower', 'rose', 'blossom', 'cherry', 'candy', 'love', 'spring', 'petal', 'peach'],
    palette: p(
      ['#ffe5ec', '#ffbfd0'],
      '#fff3b0',
      ['#ffb3c6', '#f77f9f', '#c9184a', '#7a0f2e'],
      ['#ff8fab', '#ffd6a5', '#cdb4db', '#a2d2ff'],
      '#4a0a22',
    ),
  },
  {
    words: ['gold', 'golden', 'yellow', 'summer', 'sun', 'sunny', 'wheat', 'honey', 'lemon', 'field'],
    palette: p(
      ['#fff3c4', '#ffcf5c'],
      '#fffbe6',
      ['#f4c95d', '#e09f3e', '#b5651d', '#6b3e12'],
      ['#ffb703', '#fb8500', '#8ecae6', '#219ebc'],
      '#3b2207',
    ),
  },
  {
    words: ['purple', 'violet', 'lavender', 'dream', 'magic', 'fantasy', 'fairy', 'mystic', 'wizard', 'castle'],
    palette: p(
      ['#2d1b4e', '#b79ce0'],
      '#ffe6fa',
      ['#9d7cc8', '#7353a8', '#4e3585', '#2b1a52'],
      ['#e0aaff', '#ff9ecd', '#c77dff', '#7b2cbf'],
      '#1a0d33',
    ),
  },
  {
    words: [
      'grey',
      'gray',
      'city',
      'urban',
      'fog',
      'rain',
      'storm',
      'street',
      'cloud',
      'industrial',
      'robot',
      'building',
    ],
    palette: p(
      ['#4a5563', '#b3bcc6'],
      '#eef1f3',
      ['#8d99a6', '#6b7785', '#4b5663', '#2e3640'],
      ['#f2c14e', '#e76f51', '#d8e2dc', '#2a9d8f'],
      '#1a1f26',
    ),
  },
  {
    words: ['autumn', 'fall', 'orange', 'pumpkin', 'harvest', 'fox', 'copper', 'rust', 'cozy', 'coffee'],
    palette: p(
      ['#fde2c4', '#f2a25c'],
      '#fff4dc',
      ['#e9a15b', '#cf6a2a', '#a0461d', '#5e2b14'],
      ['#e76f51', '#f4a261', '#e9c46a', '#6d2e46'],
      '#2e150a',
    ),
  },
];

const NIGHT_WORDS = new Set([
  'night',
  'midnight',
  'moon',
  'moonlight',
  'moonlit',
  'star',
  'starry',
  'dark',
  'nocturnal',
]);
const WATER_WORDS = new Set([
  'ocean',
  'sea',
  'water',
  'lake',
  'river',
  'wave',
  'harbor',
  'harbour',
  'ship',
  'boat',
  'beach',
  'coast',
  'whale',
  'fish',
  'underwater',
  'surf',
  'island',
]);
const FOREST_WORDS = new Set(['forest', 'tree', 'jungle', 'wood', 'pine', 'park', 'garden', 'fern']);
const CITY_WORDS = new Set([
  'city',
  'urban',
  'street',
  'building',
  'skyline',
  'town',
  'downtown',
  'skyscraper',
  'tower',
  'metropoli',
  'cyberpunk',
  'village',
]);
const PEAK_WORDS = new Set([
  'mountain',
  'peak',
  'alp',
  'alpine',
  'summit',
  'volcano',
  'cliff',
  'rocky',
  'rock',
  'canyon',
  'himalaya',
]);

/** Lower-case words with a plural "s" dropped, so "waves" and "trees" count as "wave" and "tree". */
export function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[a-z]+/g) ?? []).map((w) =>
    w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w,
  );
}

export function motifsOf(words: string[]): Motifs {
  return {
    water: words.some((w) => WATER_WORDS.has(w)),
    forest: words.some((w) => FOREST_WORDS.has(w)),
    night: words.some((w) => NIGHT_WORDS.has(w)),
    city: words.some((w) => CITY_WORDS.has(w)),
    peaks: words.some((w) => PEAK_WORDS.has(w)),
  };
}

/** The palette with the most words in the prompt (the earliest on a tie); hashed hues when none match. */
export function paletteFor(words: string[], motifs: Motifs, seed: number): Palette {
  let best: { palette: Palette; score: number; first: number } | undefined;
  for (const { words: keys, palette } of PALETTES) {
    const hits = words.map((w, i) => (keys.includes(w) ? i : -1)).filter((i) => i >= 0);
    const first = hits[0];
    if (first === undefined) continue;
    if (!best || hits.length > best.score || (hits.length === best.score && first < best.first))
      best = { palette, score: hits.length, first };
  }
  const palette = best?.palette ?? hashedPalette(seed);
  return motifs.night && !palette.night ? darken(palette) : palette;
}

function hashedPalette(seed: number): Palette {
  const r = rng(seed, 101);
  const h = Math.floor(r() * 360);
  const turn = pick(r, [150, 180, 210, 120] as const);
  const s = between(r, 45, 70);
  return p(
    [hsl(h + 20, s * 0.6, 84), hsl(h, s, 70)],
    hsl(h + turn, 85, 88),
    [hsl(h - 10, s * 0.7, 62), hsl(h - 20, s * 0.75, 47), hsl(h - 30, s * 0.8, 33), hsl(h - 40, s * 0.85, 19)],
    [hsl(h + turn, 75, 62), hsl(h + turn + 30, 70, 72), hsl(h + 40, 65, 58), hsl(h + turn - 30, 60, 80)],
    hsl(h - 40, s * 0.6, 10),
  );
}

/** The same palette by night: a darker sky and land, a pale moon, stars. */
function darken(palette: Palette): Palette {
  const deep = '#050816';
  const [a, b, c, d] = palette.layers;
  return {
    ...palette,
    sky: [mix(palette.sky[0], deep, 0.8), mix(palette.sky[1], deep, 0.55)],
    sun: '#f3f0dc',
    layers: [mix(a, deep, 0.5), mix(b, deep, 0.55), mix(c, deep, 0.6), mix(d, deep, 0.65)],
    ink: deep,
    night: true,
  };
}

/** Style names as callers write them: the `style` option is matched loosely... */
const STYLES: [RegExp, StyleName][] = [
  [/water ?colou?r|aquarelle|gouache|\bwash/, 'watercolor'],
  [/pixel|\b(8|16)[- ]?bit|retro game|sprite/, 'pixel'],
  [/minimal|\bflat\b|simple|geometric|bauhaus/, 'minimal'],
  [/neon|cyberpunk|synthwave|vaporwave|\bglow|retrowave|outrun/, 'neon'],
  [/sketch|pencil|drawing|charcoal|graphite|\bink\b|line ?art|doodle/, 'sketch'],
];

/** ...and the prompt strictly, so "a car wash" or "a flat tyre" do not change the look. */
const PROMPT_STYLES: [RegExp, StyleName][] = [
  [/\bwater ?colou?rs?\b|\baquarelle\b/, 'watercolor'],
  [/\bpixel[- ]?art\b|\b(8|16)[- ]bit\b/, 'pixel'],
  [/\bminimalis[tm]\b|\bflat (design|illustration|vector)\b/, 'minimal'],
  [/\bneon\b|\bcyberpunk\b|\bsynthwave\b|\bvaporwave\b|\bretrowave\b/, 'neon'],
  [/\b(pencil|charcoal|graphite) (sketch|drawing)\b|\bsketch of\b|\bline art\b/, 'sketch'],
];

/** The look for a style name (or, `fromPrompt`, one named in a prompt); `undefined` when none is known. */
export function styleFromText(text: string, fromPrompt = false): StyleName | undefined {
  const lower = text.toLowerCase();
  return (fromPrompt ? PROMPT_STYLES : STYLES).find(([pattern]) => pattern.test(lower))?.[1];
}
