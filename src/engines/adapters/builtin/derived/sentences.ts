import type { TranscriptSegment } from '../../../spec/asr-model.js';
import { LY_KEEP, STOP_WORDS } from './stopwords.js';

export interface Sentence {
  index: number;
  text: string;
  /** Seconds: the segment start, or a time interpolated inside a long segment. */
  start: number;
  /** Begins where a segment begins: section boundaries prefer these. */
  atSegmentStart: boolean;
  speaker: string | undefined;
  wordCount: number;
  /** Stems of the content words (stop words removed). */
  terms: ReadonlySet<string>;
}

/** Longest run without a full stop kept as one sentence; longer runs are windowed like unpunctuated text. */
const MAX_WORDS = 60;
/** Unpunctuated text (pocketsphinx) is cut into windows of about this many words. */
const WINDOW_WORDS = 20;
/** Unpunctuated utterances shorter than this are merged with the next one from the same speaker. */
const MIN_WORDS = 8;

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;
// CJK full stops need no following space.
const SENTENCE_END = /[.!?…]+["'”’)\]]*(?=\s|$)|[。！？]+[」』”’）]*/g;
const ABBREVIATIONS = new Set(['mr', 'mrs', 'ms', 'dr', 'prof', 'st', 'vs', 'etc', 'e.g', 'i.e', 'jr', 'sr', 'inc']);

export function words(text: string): string[] {
  return (text.match(WORD) ?? []).map((w) => w.replace(/’/g, "'").replace(/[-']+$/, ''));
}

export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.endsWith("'s")) w = w.slice(0, -2);
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}

/** A word that can carry meaning: not a stop word, not a bare number, not a stray letter. */
export function isContent(word: string): boolean {
  const lower = word.toLowerCase();
  if (STOP_WORDS.has(lower) || STOP_WORDS.has(stem(lower)) || /^\d+$/.test(lower)) return false;
  if (lower.length > 5 && lower.endsWith('ly') && !LY_KEEP.has(lower)) return false;
  return lower.length >= 3 || /\d/.test(word) || /^[A-Z]{2}$/.test(word);
}

export function termsOf(text: string): Set<string> {
  return new Set(words(text).filter(isContent).map(stem));
}

interface Draft {
  text: string;
  start: number;
  atSegmentStart: boolean;
  speaker: string | undefined;
}

/** Sentence-like units of the transcript, in order, with their start times. */
export function splitSentences(segments: readonly TranscriptSegment[]): Sentence[] {
  const all = segments.map((s) => s.text).join(' ');
  const drafts = isPunctuated(all) ? splitPunctuated(segments) : splitUnpunctuated(segments);
  return drafts
    .flatMap((d) => (words(d.text).length > MAX_WORDS ? windows(d) : [d]))
    .map((d) => ({ ...d, text: d.text.replace(/\s+/g, ' ').trim() }))
    .filter((d) => words(d.text).length > 0)
    .map((d, index) => ({ ...d, index, wordCount: words(d.text).length, terms: termsOf(d.text) }));
}

function isPunctuated(text: string): boolean {
  const marks = (text.match(/[.!?…](?=\s|$)|[。！？]/g) ?? []).length;
  return marks > 0 && words(text).length / marks <= 80;
}

function timeAt(seg: TranscriptSegment, fraction: number): number {
  return seg.start + Math.max(0, seg.end - seg.start) * fraction;
}

/** Pieces of one segment's text, each closed by end punctuation except maybe the last. */
function pieces(text: string): { text: string; offset: number; closed: boolean }[] {
  const out: { text: string; offset: number; closed: boolean }[] = [];
  let from = 0;
  const push = (to: number, closed: boolean): void => {
    const raw = text.slice(from, to);
    const piece = raw.trim();
    if (piece) out.push({ text: piece, offset: from + raw.length - raw.trimStart().length, closed });
    from = to;
  };
  for (const m of text.matchAll(SENTENCE_END)) {
    const before = /([\p{L}.]+)$/u.exec(text.slice(from, m.index))?.[1]?.toLowerCase();
    if (m[0] === '.' && before && ABBREVIATIONS.has(before)) continue;
    push(m.index + m[0].length, true);
  }
  push(text.length, false);
  return out;
}

/** Whisper-style segments often end mid-sentence: carry an open sentence into the next segment of the same speaker. */
function splitPunctuated(segments: readonly TranscriptSegment[]): Draft[] {
  const out: Draft[] = [];
  let pending: Draft | undefined;
  const flush = (): void => {
    if (pending) out.push(pending);
    pending = undefined;
  };
  for (const seg of segments) {
    if (pending && pending.speaker !== seg.speaker) flush();
    const text = seg.text.trim();
    for (const piece of pieces(text)) {
      if (pending) pending.text += ` ${piece.text}`;
      else {
        const fraction = text.length ? piece.offset / text.length : 0;
        pending = {
          text: piece.text,
          start: timeAt(seg, fraction),
          atSegmentStart: piece.offset === 0,
          speaker: seg.speaker,
        };
      }
      if (piece.closed) flush();
    }
  }
  flush();
  return out;
}

const QUESTION_START =
  /^(?:what|how|why|when|where|who|which|do|does|did|is|are|was|were|can|could|would|will|should|have|has)$/i;

/** Without punctuation the only cues are segment boundaries, so long segments are cut into word windows. */
function splitUnpunctuated(segments: readonly TranscriptSegment[]): Draft[] {
  const out: Draft[] = [];
  let lastWasQuestion = false;
  for (const seg of segments) {
    // Lower-case engines write the pronoun as "i".
    const tokens = seg.text
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((w) => (/^i(?:'\w+)?$/.test(w) ? `I${w.slice(1)}` : w));
    if (!tokens.length) continue;
    const question = QUESTION_START.test(tokens[0] ?? '') && tokens.length < WINDOW_WORDS;
    const last = out[out.length - 1];
    const short = last && last.speaker === seg.speaker && last.text.split(' ').length < MIN_WORDS;
    if (short && !question && !lastWasQuestion && tokens.length < WINDOW_WORDS) {
      last.text += ` ${tokens.join(' ')}`;
      continue;
    }
    lastWasQuestion = question;
    if (question) {
      out.push({ text: `${tokens.join(' ')}?`, start: seg.start, atSegmentStart: true, speaker: seg.speaker });
      continue;
    }
    const count = Math.max(1, Math.round(tokens.length / WINDOW_WORDS));
    const size = Math.ceil(tokens.length / count);
    for (let from = 0; from < tokens.length; from += size) {
      out.push({
        text: tokens.slice(from, from + size).join(' '),
        start: timeAt(seg, from / tokens.length),
        atSegmentStart: from === 0,
        speaker: seg.speaker,
      });
    }
  }
  return out;
}

/** A run-on sentence cut into windows; they share its start time, as nothing finer is known. */
function windows(d: Draft): Draft[] {
  const tokens = d.text.split(/\s+/).filter(Boolean);
  const count = Math.max(1, Math.round(tokens.length / WINDOW_WORDS));
  const size = Math.ceil(tokens.length / count);
  const out: Draft[] = [];
  for (let from = 0; from < tokens.length; from += size) {
    out.push({ ...d, text: tokens.slice(from, from + size).join(' '), atSegmentStart: d.atSegmentStart && from === 0 });
  }
  return out;
}
