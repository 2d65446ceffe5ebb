/**
 * Splits a document into overlapping passages for retrieval. Boundaries follow the text's own
 * structure: paragraphs first, then lines, then sentences, then words; a passage never ends or starts
 * inside a word (only a single "word" longer than a whole passage, such as a long URL, is cut).
 */

export interface ChunkOptions {
  /** Most characters in a passage. */
  size: number;
  /** About how many characters of a passage's end begin the next one. */
  overlap: number;
}

export interface Chunk {
  /** Its place in the document, from 0. */
  position: number;
  text: string;
}

export const DEFAULT_CHUNKING: ChunkOptions = { size: 800, overlap: 100 };

interface Unit {
  text: string;
  /** What joins it to the unit before: a paragraph break, a line break or a space. */
  separator: string;
}

const SENTENCE_END = /(?<=[.!?\u2026\u3002\uff01\uff1f]["'\u201d\u2019)\]]?)\s+/u;

/** Line breaks made uniform, runs of spaces folded, blank-line runs made single blank lines. */
export function normalizeText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function chunkText(text: string, options: ChunkOptions = DEFAULT_CHUNKING): Chunk[] {
  const size = Math.max(20, options.size);
  const overlap = Math.max(0, Math.min(options.overlap, Math.floor(size / 2)));
  const units = toUnits(normalizeText(text), size);
  const chunks: string[] = [];
  let current = '';
  for (const unit of units) {
    if (current === '') {
      current = unit.text;
    } else if (current.length + unit.separator.length + unit.text.length <= size) {
      current += unit.separator + unit.text;
    } else {
      chunks.push(current);
      // No overlap before the rest of a cut word: it would glue onto the carried text.
      const carried = unit.separator === '' ? '' : tail(current, overlap);
      current =
        carried && carried.length + unit.separator.length + unit.text.length <= size
          ? carried + unit.separator + unit.text
          : unit.text;
    }
  }
  if (current !== '') chunks.push(current);
  return chunks.map((chunk, position) => ({ position, text: chunk }));
}

/** Pieces no longer than `size`, each at the coarsest boundary that makes it fit. */
function toUnits(text: string, size: number): Unit[] {
  const units: Unit[] = [];
  const split = (
    piece: string,
    separator: string,
    levels: ((s: string) => { parts: string[]; separator: string })[],
  ) => {
    if (piece.length <= size || levels.length === 0) {
      if (piece.length <= size) units.push({ text: piece, separator });
      else
        for (const [i, part] of hardSplit(piece, size).entries())
          units.push({ text: part, separator: i === 0 ? separator : '' });
      return;
    }
    const [level, ...finer] = levels;
    if (!level) return;
    const { parts, separator: inner } = level(piece);
    for (const [i, part] of parts.entries()) split(part, i === 0 ? separator : inner, finer);
  };
  const paragraphs = text.split('\n\n').filter((p) => p.trim() !== '');
  const levels = [
    (s: string) => ({ parts: s.split('\n').filter(Boolean), separator: '\n' }),
    (s: string) => ({ parts: s.split(SENTENCE_END).filter(Boolean), separator: ' ' }),
    (s: string) => ({ parts: s.split(' ').filter(Boolean), separator: ' ' }),
  ];
  for (const [i, paragraph] of paragraphs.entries()) split(paragraph, i === 0 ? '' : '\n\n', levels);
  return units;
}

/** A word longer than a passage: cut, since there is no boundary to keep. */
function hardSplit(word: string, size: number): string[] {
  const parts: string[] = [];
  for (let start = 0; start < word.length; start += size) parts.push(word.slice(start, start + size));
  return parts;
}

/**
 * The end of a passage to repeat at the start of the next: its last whole sentences when they are not
 * much longer than the overlap (up to half again), else its last whole words within the overlap.
 */
function tail(text: string, overlap: number): string {
  if (overlap === 0) return '';
  const sentenceFrom = Math.max(0, text.length - Math.floor(overlap * 1.5));
  const sentenceStart =
    sentenceFrom === 0
      ? 0
      : findBoundary(text, sentenceFrom, /[.!?\u2026\u3002\uff01\uff1f]["'\u201d\u2019)\]]?\s+|\n+/gu);
  if (sentenceStart !== undefined && text.length - sentenceStart <= Math.floor(overlap * 1.5))
    return text.slice(sentenceStart);
  if (text.length <= overlap) return text;
  const wordStart = findBoundary(text, text.length - overlap, /\s+/g);
  return wordStart === undefined ? '' : text.slice(wordStart);
}

/** The first position at or after `from` where a match of `boundary` ends, if any text follows it. */
function findBoundary(text: string, from: number, boundary: RegExp): number | undefined {
  boundary.lastIndex = Math.max(0, from - 1);
  for (let match = boundary.exec(text); match; match = boundary.exec(text)) {
    const end = match.index + match[0].length;
    if (end >= from && end < text.length) return end;
  }
  return undefined;
}
