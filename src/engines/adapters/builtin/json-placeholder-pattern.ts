/**
 * A string a regular expression (a JSON Schema pattern) likely accepts, read off the expression itself: the
 * first alternative of each choice, the first of a few plain characters each class or escape accepts, and
 * each quantifier's least count plus `extra` (which callers raise to meet a minLength). Lookarounds and
 * backreferences are skipped, so the caller tests the result. Linear in the pattern's length; undefined
 * past `MAX_LENGTH` characters or where the expression cannot be read.
 */
export function exampleOf(pattern: string, extra = 0): string | undefined {
  try {
    const reader = { pattern, at: 0, extra };
    const text = alternatives(reader);
    return reader.at === pattern.length ? text : undefined;
  } catch {
    return undefined;
  }
}

const MAX_LENGTH = 256;
/** Characters tried, in order, for a class or an escape: what reads plainest first. */
const PLAIN = ['a', '0', 'A', 'x', '1', '_', '-', '.', ' ', '@', '/', ':', '+', '#', '!', 'z', 'Z', '9'];

interface Reader {
  pattern: string;
  at: number;
  extra: number;
}

class Unreadable extends Error {}

/** The first of `a|b|c` (the others read past). */
function alternatives(reader: Reader): string {
  const first = sequence(reader);
  while (reader.pattern[reader.at] === '|') {
    reader.at++;
    sequence(reader);
  }
  return first;
}

function sequence(reader: Reader): string {
  let text = '';
  for (let c = reader.pattern[reader.at]; c !== undefined && c !== '|' && c !== ')'; c = reader.pattern[reader.at]) {
    const atom = readAtom(reader);
    const copies = quantifier(reader);
    if (text.length + atom.length * copies > MAX_LENGTH) throw new Unreadable();
    text += atom.repeat(copies);
  }
  return text;
}

function readAtom(reader: Reader): string {
  const { pattern } = reader;
  const c = pattern[reader.at++];
  if (c === '^' || c === '$') return '';
  if (c === '.') return 'a';
  if (c === '(') {
    const lookaround = /^\?<?[=!]/.test(pattern.slice(reader.at, reader.at + 3));
    if (pattern.startsWith('?:', reader.at)) reader.at += 2;
    else if (lookaround) reader.at += pattern[reader.at + 1] === '<' ? 3 : 2;
    else if (pattern.startsWith('?<', reader.at)) {
      const close = pattern.indexOf('>', reader.at);
      if (close === -1) throw new Unreadable();
      reader.at = close + 1;
    }
    const inner = alternatives(reader);
    if (pattern[reader.at++] !== ')') throw new Unreadable();
    return lookaround ? '' : inner;
  }
  if (c === '[') {
    const start = reader.at - 1;
    reader.at = classEnd(pattern, reader.at);
    return plainChar(pattern.slice(start, reader.at));
  }
  if (c === '\\') {
    const escaped = pattern[reader.at++];
    if (escaped === undefined || /[1-9k]/.test(escaped)) throw new Unreadable();
    if (escaped === 'b' || escaped === 'B') return '';
    let end = reader.at;
    if ((escaped === 'p' || escaped === 'P') && pattern[end] === '{') end = pattern.indexOf('}', end) + 1;
    else if (escaped === 'u' && pattern[end] === '{') end = pattern.indexOf('}', end) + 1;
    else if (escaped === 'u') end += 4;
    else if (escaped === 'x') end += 2;
    else if (escaped === 'c') end += 1;
    if (end <= 0) throw new Unreadable();
    const expression = pattern.slice(reader.at - 2, end);
    reader.at = end;
    return /^\w$/.test(escaped) ? plainChar(expression) : escaped;
  }
  if (c === undefined || c === '*' || c === '+' || c === '?' || c === ')') throw new Unreadable();
  return c;
}

/** Where a character class that starts at `start` (after its `[`) ends, past its `]`. */
function classEnd(pattern: string, start: number): number {
  let i = start;
  if (pattern[i] === '^') i++;
  if (pattern[i] === ']') i++;
  for (; i < pattern.length; i++) {
    if (pattern[i] === '\\') i++;
    else if (pattern[i] === ']') return i + 1;
  }
  throw new Unreadable();
}

/** The first plain character a one-character expression (a class, an escape) accepts, tested against it. */
function plainChar(expression: string): string {
  let regex: RegExp;
  try {
    regex = new RegExp(`^${expression}$`, 'u');
  } catch {
    // Some clients write classes only valid without the u flag ([\w-.]).
    regex = new RegExp(`^${expression}$`);
  }
  const found = PLAIN.find((c) => regex.test(c));
  if (found === undefined) throw new Unreadable();
  return found;
}

/** How many copies the quantifier after an atom asks for (1 without one). */
function quantifier(reader: Reader): number {
  const { pattern } = reader;
  const c = pattern[reader.at];
  let copies = 1;
  if (c === '*' || c === '?' || c === '+') {
    reader.at++;
    copies = c === '+' ? 1 + reader.extra : c === '*' ? reader.extra : 0;
  } else if (c === '{') {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(reader.at, reader.at + 24));
    if (!match) return 1;
    reader.at += match[0].length;
    const least = Number(match[1]);
    const most = match[2] === undefined ? least : match[3] ? Number(match[3]) : Number.POSITIVE_INFINITY;
    copies = Math.min(least + reader.extra, most);
  }
  if (pattern[reader.at] === '?') reader.at++;
  if (copies > MAX_LENGTH) throw new Unreadable();
  return copies;
}
