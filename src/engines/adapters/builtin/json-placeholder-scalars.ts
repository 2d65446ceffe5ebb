import { exampleOf } from './json-placeholder-pattern.js';

/** Strings and numbers for placeholderFor: the plainest value that meets a schema's constraints. */

export type Schema = Record<string, unknown>;

/** Regular expressions and the candidates they accept, for one placeholder (a schema repeats its patterns). */
export type PatternCache = Map<string, { regex: RegExp | undefined; accepted?: string[] }>;

/** Longest string made: a minLength beyond it cannot be met. */
const MAX_LENGTH = 10_000;

/** Format -> its example, the nth distinct one for uniqueItems. */
const FORMATS: Record<string, (n: number) => string> = {
  'date-time': (n) => `${date(n)}T00:00:00Z`,
  date,
  time: (n) => `00:00:${two(n % 60)}Z`,
  email: (n) => `user${n || ''}@example.com`,
  'idn-email': (n) => `user${n || ''}@example.com`,
  uri: url,
  url,
  iri: url,
  'uri-reference': url,
  'iri-reference': url,
  'uri-template': url,
  uuid: (n) => `00000000-0000-4000-8000-${String(n % 1e12).padStart(12, '0')}`,
  ipv4: (n) => `127.0.0.${1 + (n % 254)}`,
  ipv6: (n) => `::${(n + 1).toString(16)}`,
  hostname: (n) => (n ? `host${n}.example.com` : 'example.com'),
  'idn-hostname': (n) => (n ? `host${n}.example.com` : 'example.com'),
  duration: (n) => `P${n}D`,
  'json-pointer': (n) => (n ? `/${n}` : ''),
  'relative-json-pointer': (n) => String(n),
  regex: (n) => (n ? `a{${n}}` : '.*'),
  byte: (n) => 'AAAA'.repeat(n),
};

function date(n: number): string {
  return `1970-${two(1 + (Math.floor(n / 28) % 12))}-${two(1 + (n % 28))}`;
}

function url(n: number): string {
  return `https://example.com/${n || ''}`;
}

function two(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * The format's example, else a string that says what it is (the property's name), fitted to minLength and
 * maxLength; with a pattern, the first of a few candidates it accepts.
 */
export function stringFor(schema: Schema, hint: string, variant: number, cache: PatternCache): string {
  const min = Math.min(whole(schema.minLength) ?? 0, MAX_LENGTH);
  const max = whole(schema.maxLength) ?? Number.POSITIVE_INFINITY;
  const format = typeof schema.format === 'string' && Object.hasOwn(FORMATS, schema.format) ? schema.format : '';
  const formatted = format ? FORMATS[format]?.(variant) : undefined;
  const plain = fitted(hint || 'string', variant, min, max);
  if (typeof schema.pattern !== 'string') return formatted ?? plain;
  return matching(schema.pattern, min, max, variant, [formatted, plain], cache) ?? formatted ?? plain;
}

/** `base` with the variant's number, cut to `max` and padded to `min` characters (code points, as JSON Schema counts). */
function fitted(base: string, variant: number, min: number, max: number): string {
  const suffix = variant ? String(variant) : '';
  const text =
    suffix.length > max
      ? suffix.slice(suffix.length - max)
      : Array.from(base)
          .slice(0, Math.min(max - suffix.length, 64))
          .join('') + suffix;
  const length = Array.from(text).length;
  return length < min ? text + 'x'.repeat(min - length) : text;
}

const CHARS = ['a', '0', 'A', 'x', '1', '-', '_', '.', ' ', 'z', 'Z', '9'];
const SAMPLES = [
  'a0',
  'A0',
  'Aa0',
  'Aa0!Aa0!',
  'a-a',
  'a_a',
  'a.a',
  'a b',
  'a/b',
  'a:b',
  'a@b.co',
  'user@example.com',
  'https://example.com/',
  '1970-01-01',
  '1970-01-01T00:00:00Z',
  '00:00',
  '00:00:00',
  '#000000',
  '+10000000000',
  '127.0.0.1',
  '00000000-0000-4000-8000-000000000000',
  'true',
  '0.0',
];

/** The first candidate `pattern` accepts within the length bounds (the `variant`th one for uniqueItems), if any. */
function matching(
  pattern: string,
  min: number,
  max: number,
  variant: number,
  own: (string | undefined)[],
  cache: PatternCache,
): string | undefined {
  const key = `${min}:${pattern}`;
  let entry = cache.get(key);
  if (!entry) {
    entry = { regex: compile(pattern) };
    cache.set(key, entry);
  }
  const { regex } = entry;
  if (!regex) return undefined;
  const limit = safeLength(pattern);
  const fits = (text: string) => {
    const length = Array.from(text).length;
    return length >= min && length <= max && text.length <= limit && regex.test(text);
  };
  const mine = own.find((text) => text !== undefined && fits(text));
  if (mine !== undefined) return mine;
  entry.accepted ??= [...new Set(candidates(pattern, min, limit))].filter(
    (text) => Array.from(text).length >= min && regex.test(text),
  );
  const accepted = entry.accepted.filter((text) => Array.from(text).length <= max);
  return accepted[variant] ?? accepted[0];
}

/**
 * The longest candidate to test against a client's pattern. A backtracking regular expression can take
 * exponential time in the input's length where it quantifies a group, and time growing with the power of
 * its quantifiers and alternatives otherwise: the candidates are kept short enough that no test runs long
 * (about a million steps at worst).
 */
function safeLength(pattern: string): number {
  if (/\)(?:[*+?]|\{\d)/.test(pattern)) return 12;
  const branches = pattern.match(/(?<![(\\])[*+?|]|(?<!\\)\{\d/g)?.length ?? 0;
  for (const length of [64, 48, 32, 24, 16, 12, 8, 6]) {
    if (combinations(length + branches, branches) <= 1e6) return length;
  }
  return 4;
}

function combinations(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= k && result <= 1e6; i++) result = (result * (n - k + i)) / i;
  return result;
}

/**
 * Strings read off the pattern, then short strings of the shapes patterns usually ask for (lengths from the
 * pattern's own counts and minLength).
 */
function* candidates(pattern: string, min: number, limit: number): Generator<string> {
  for (const extra of new Set([0, 1, 2, 4, 8, min])) {
    const example = exampleOf(pattern, extra);
    if (example !== undefined) yield example;
  }
  const core = pattern.replace(/^\^/, '').replace(/\$$/, '');
  if (core.length <= limit && !/[\\.*+?()[\]{}|^$]/.test(core)) yield core;
  yield '';
  const counts = [...pattern.matchAll(/\{(\d+)(?:,(\d*))?\}/g)].flatMap((m) => [Number(m[1]), Number(m[2] || m[1])]);
  const lengths = new Set([1, 2, 3, 4, 5, 6, 7, 8, min, ...counts].filter((n) => n >= 1 && n <= limit));
  for (const length of lengths) {
    if (length < min) continue;
    for (const char of CHARS) yield char.repeat(length);
    yield `A${'a'.repeat(length - 1)}`;
    yield `a${'0'.repeat(length - 1)}`;
  }
  for (const sample of SAMPLES) if (sample.length >= min && sample.length <= limit) yield sample;
}

/** Whether `pattern` accepts `text`: false where it does not compile, or `text` is too long to test safely. */
export function accepts(pattern: string, text: string, cache: PatternCache): boolean {
  let entry = cache.get(pattern);
  if (!entry) {
    entry = { regex: compile(pattern) };
    cache.set(pattern, entry);
  }
  return entry.regex !== undefined && text.length <= safeLength(pattern) && entry.regex.test(text);
}

/** JSON Schema patterns are ECMA-262 with the u flag; some clients write ones only valid without it. */
function compile(pattern: string): RegExp | undefined {
  for (const flags of ['u', '']) {
    try {
      return new RegExp(pattern, flags);
    } catch {
      // Not valid with these flags: try the next.
    }
  }
  return undefined;
}

interface Bound {
  value: number;
  exclusive: boolean;
}

/**
 * 0 if it fits; else the nearest value that fits (inside the bounds, a multiple of multipleOf, whole for
 * integers), stepping from the bound 0 is outside of. The nth distinct value for uniqueItems steps on from it.
 */
export function numberFor(schema: Schema, integer: boolean, variant: number): number {
  const lower = bound(schema.minimum, schema.exclusiveMinimum, 1);
  const upper = bound(schema.maximum, schema.exclusiveMaximum, -1);
  const multipleOf = finite(schema.multipleOf);
  const step = multipleOf !== undefined && multipleOf > 0 ? multipleOf : undefined;
  const fits = (x: number) =>
    Number.isFinite(x) &&
    (!lower || (lower.exclusive ? x > lower.value : x >= lower.value)) &&
    (!upper || (upper.exclusive ? x < upper.value : x <= upper.value)) &&
    (!integer || Number.isInteger(x)) &&
    // Ajv's own test of multipleOf.
    (step === undefined || Number.isInteger(x / step));
  const base = nearest(fits, lower, upper, step ?? (integer ? 1 : undefined));
  if (variant === 0) return base;
  const unit = step ?? 1;
  for (const x of [base + variant * unit, base - variant * unit]) if (fits(x)) return x;
  const room = upper ? upper.value - base : lower ? base - lower.value : 0;
  const between = upper ? base + (room * variant) / (variant + 1) : base - (room * variant) / (variant + 1);
  return fits(between) ? between : base;
}

function nearest(fits: (x: number) => boolean, lower?: Bound, upper?: Bound, unit?: number): number {
  if (fits(0)) return 0;
  const up = lower !== undefined && lower.value >= 0;
  const anchor = up ? lower.value : (upper?.value ?? 0);
  if (unit !== undefined) {
    let k = up ? Math.ceil(anchor / unit) : Math.floor(anchor / unit);
    for (let i = 0; i < 200 && Number.isFinite(k); i++, k += up ? 1 : -1) {
      const x = k * unit;
      if (fits(x)) return x;
      const rounded = Number(x.toPrecision(15));
      if (fits(rounded)) return rounded;
    }
    return anchor;
  }
  const other = up ? upper : lower;
  const tries = [anchor, other ? (anchor + other.value) / 2 : anchor, anchor + (up ? 1 : -1)];
  tries.push(anchor + (up ? 1 : -1) * Math.abs(anchor) * 1e-9);
  return tries.find(fits) ?? anchor;
}

/** The stricter of an inclusive and an exclusive bound; `sign` 1 for lower bounds, -1 for upper ones. */
function bound(inclusive: unknown, exclusive: unknown, sign: 1 | -1): Bound | undefined {
  const bounds: Bound[] = [];
  const value = finite(inclusive);
  // Draft 4: exclusiveMinimum/exclusiveMaximum are booleans that make the bound exclusive.
  if (value !== undefined) bounds.push({ value, exclusive: exclusive === true });
  const open = finite(exclusive);
  if (open !== undefined) bounds.push({ value: open, exclusive: true });
  return bounds.reduce<Bound | undefined>((best, b) => {
    if (!best || b.value * sign > best.value * sign) return b;
    return b.value === best.value && b.exclusive ? b : best;
  }, undefined);
}

function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A non-negative whole number, as minLength and the like must be. */
export function whole(value: unknown): number | undefined {
  const n = finite(value);
  return n !== undefined && n >= 0 ? Math.ceil(n) : undefined;
}
