/** Splitting a video prompt into scenes, and wrapping a scene's caption: pure functions. */

export interface Scene {
  /** The words of the prompt this scene shows: its keyframe prompt and its caption. */
  text: string;
}

/** Seconds of clip per scene, roughly: a 5 s clip has two scenes, a 10 s clip four. */
const SECONDS_PER_SCENE = 2.5;
const MAX_SCENES = 6;

/** At most this many scenes for `durationSeconds`: max(1, min(6, round(duration / 2.5))). */
export const maxScenesFor = (durationSeconds: number): number =>
  Math.max(1, Math.min(MAX_SCENES, Math.round(durationSeconds / SECONDS_PER_SCENE)));

const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'st',
  'mt',
  'prof',
  'sr',
  'jr',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'no',
  'approx',
  'ca',
]);

const words = (text: string): number => (text.trim() === '' ? 0 : text.trim().split(/\s+/).length);

/** Sentences, keeping their punctuation; "Dr." or an initial ("J.") does not end one. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const paragraph of text.split(/\n+/)) {
    const pieces = paragraph.split(/(?<=[.!?…]["'”’)\]]*)\s+(?=\S)/);
    let current = '';
    for (const piece of pieces) {
      current = current === '' ? piece : `${current} ${piece}`;
      const lastWord = (current.match(/(\S+)$/)?.[1] ?? '').replace(/\.$/, '').toLowerCase();
      const abbreviation = current.endsWith('.') && (ABBREVIATIONS.has(lastWord) || /^[a-z]$/i.test(lastWord));
      if (!abbreviation) {
        sentences.push(current.trim());
        current = '';
      }
    }
    if (current.trim() !== '') sentences.push(current.trim());
  }
  return sentences.filter((sentence) => sentence !== '');
}

/**
 * Clauses of one sentence at explicit sequence marks: before "then" (", then", "and then", "; then")
 * and after ";". A piece of fewer than two words is not split off ("since then the city grew").
 */
export function splitClauses(sentence: string): string[] {
  const marks = /(?<=;)\s+|(?<=,)\s+(?=(?:and\s+)?then\s)|\s+(?=(?:and\s+)?then\s)/gi;
  const clauses: string[] = [];
  let start = 0;
  for (const match of sentence.matchAll(marks)) {
    const cut = match.index;
    const before = sentence.slice(start, cut);
    const after = sentence.slice(cut + match[0].length);
    if (words(before) >= 2 && words(after) >= 2) {
      clauses.push(before.trim());
      start = cut + match[0].length;
    }
  }
  clauses.push(sentence.slice(start).trim());
  return clauses.filter((clause) => clause !== '');
}

/** A sentence in two at the comma (or else the " and ") nearest its middle, each half of three words or more. */
function splitInTwo(sentence: string): string[] {
  for (const mark of [/(?<=,)\s+/g, /\s+(?=and\s)/g]) {
    let best: { at: number; end: number } | undefined;
    for (const match of sentence.matchAll(mark)) {
      const at = match.index;
      const end = at + match[0].length;
      if (words(sentence.slice(0, at)) < 3 || words(sentence.slice(end)) < 3) continue;
      if (!best || Math.abs(at - sentence.length / 2) < Math.abs(best.at - sentence.length / 2)) best = { at, end };
    }
    if (best) return [sentence.slice(0, best.at).trim(), sentence.slice(best.end).trim()];
  }
  return [sentence];
}

/** Joins neighbouring pieces into `count` groups of about equal length, in order. */
export function mergeInto(pieces: string[], count: number): string[] {
  if (pieces.length <= count) return pieces;
  const cumulative: number[] = [];
  let total = 0;
  for (const piece of pieces) {
    total += piece.length + 1;
    cumulative.push(total);
  }
  const groups: string[] = [];
  let from = 0;
  for (let group = 1; group < count; group++) {
    const target = (total * group) / count;
    // The group ends after piece `end`; leave at least one piece for each group still to come.
    let end = from;
    for (let candidate = from; candidate <= pieces.length - 1 - (count - group); candidate++) {
      if (Math.abs((cumulative[candidate] ?? 0) - target) < Math.abs((cumulative[end] ?? 0) - target)) end = candidate;
    }
    groups.push(pieces.slice(from, end + 1).join(' '));
    from = end + 1;
  }
  groups.push(pieces.slice(from).join(' '));
  return groups;
}

/**
 * The scenes of a clip: one per sentence, or per clause ("..., then ...", "...; ...") when there are
 * fewer sentences than the clip has room for; neighbours are merged when there are more. There are 1 to
 * max(1, min(6, round(duration / 2.5))) scenes, and a one-sentence prompt gives one or two.
 */
export function splitScenes(prompt: string, durationSeconds: number): Scene[] {
  const text = prompt.replace(/[^\S\n]+/g, ' ').trim();
  const sentences = splitSentences(text);
  if (sentences.length === 0) return [{ text: '' }];
  const limit = sentences.length === 1 ? Math.min(2, maxScenesFor(durationSeconds)) : maxScenesFor(durationSeconds);
  let pieces = sentences;
  if (pieces.length < limit) pieces = sentences.flatMap(splitClauses);
  if (pieces.length === 1 && limit >= 2) pieces = splitInTwo(pieces[0] ?? text);
  return mergeInto(pieces, limit).map((scene) => ({ text: scene }));
}

const length = (text: string): number => Array.from(text).length;

/** Greedy wrapping: as many tokens on each line as fit in `width` characters. */
function greedyLines(tokens: readonly string[], width: number): string[] {
  const lines: string[] = [];
  for (const token of tokens) {
    const last = lines[lines.length - 1];
    if (last !== undefined && length(`${last} ${token}`) <= width) lines[lines.length - 1] = `${last} ${token}`;
    else lines.push(token);
  }
  return lines;
}

/**
 * A caption's lines, each at most `maxChars` long (words longer than a line are cut), at most `maxLines`
 * of them, about equally long (the block is drawn left-aligned, so even lines look centred); text that
 * does not fit ends with an ellipsis.
 */
export function wrapCaption(text: string, maxChars: number, maxLines: number): string[] {
  const width = Math.max(4, Math.floor(maxChars));
  const tokens = text
    .replace(/[\s\u0000-\u001f\u007f]+/g, ' ')
    .trim()
    .split(' ')
    .filter((token) => token !== '')
    .flatMap((word) => {
      const chars = Array.from(word);
      const parts: string[] = [];
      for (let i = 0; i < chars.length; i += width) parts.push(chars.slice(i, i + width).join(''));
      return parts;
    });
  let lines = greedyLines(tokens, width);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    const last = Array.from(kept[maxLines - 1] ?? '');
    while (last.length > width - 1) last.pop();
    kept[maxLines - 1] = `${last.join('').trimEnd()}…`;
    return kept;
  }
  // The narrowest width that still needs no more lines.
  const total = length(tokens.join(' '));
  for (let narrower = Math.ceil(total / lines.length); narrower < width && lines.length > 1; narrower++) {
    const balanced = greedyLines(tokens, narrower);
    if (balanced.length === lines.length) {
      lines = balanced;
      break;
    }
  }
  return lines;
}
