import type { StyleRules } from './style-rules.js';

/**
 * A composition's text shaped by a brand voice's measurable rules (style-rules.ts), deterministically: the words to
 * avoid replaced by a plain word (the usual marketing clichés) or removed, then its prose sentences split (at a
 * conjunction, a semicolon or a comma) or joined toward the sentence length. Headings, list items and lines that
 * end without a full stop are left as they are. Says what it did, for the output's first line.
 */
export function applyStyle(text: string, rules: StyleRules): { text: string; notes: string[] } {
  const notes: string[] = [];
  let shaped = text;
  if (rules.avoid.length > 0) {
    const { text: cleaned, replaced } = avoidWords(shaped, rules.avoid);
    shaped = cleaned;
    notes.push(
      replaced.length > 0
        ? `words to avoid taken out (${replaced.join(', ')})`
        : `words to avoid (${rules.avoid.slice(0, 5).join(', ')}${rules.avoid.length > 5 ? '...' : ''}) not used`,
    );
  }
  if (rules.sentences) {
    const before = averageSentenceWords(shaped);
    shaped = shapeSentences(shaped, rules.sentences);
    const after = averageSentenceWords(shaped);
    const aim = `${rules.sentences.mode === 'under' ? 'under' : 'about'} ${rules.sentences.words} words`;
    notes.push(
      before === undefined || after === undefined
        ? `sentence length ${aim} (no prose sentences to shape)`
        : `sentences ${aim} (average ${before} → ${after} words)`,
    );
  }
  return { text: shaped, notes };
}

/** Plain words for the clichés the offline style profile names as words to avoid. */
const PLAIN_WORDS: Record<string, string> = {
  leverage: 'use',
  utilize: 'use',
  synergy: 'teamwork',
  'cutting-edge': 'modern',
  revolutionary: 'new',
  'game-changer': 'big step',
  seamless: 'smooth',
  'world-class': 'excellent',
  'best-in-class': 'leading',
  disrupt: 'change',
  robust: 'sturdy',
  innovative: 'new',
};

const CAPITALISE = '\u0001';

/** Each word or phrase to avoid, in any case, as a whole word: replaced, or removed with its article fixed. */
function avoidWords(text: string, avoid: string[]): { text: string; replaced: string[] } {
  const replaced: string[] = [];
  let result = text;
  for (const word of avoid) {
    const plain = PLAIN_WORDS[word];
    const replacement = plain !== undefined && !avoid.includes(plain) ? plain : '';
    const pattern = new RegExp(
      `(?<![\\p{L}\\p{N}'’-])(?:(a|an)\\s+)?(${escapeForPattern(word).replace(/ /g, '\\s+')})(?![\\p{L}\\p{N}-])`,
      'giu',
    );
    let found = false;
    result = result.replace(
      pattern,
      (match: string, article: string | undefined, written: string, offset: number, all: string) => {
        found = true;
        const capital = startsUpper(article ?? written);
        const rest = all.slice(offset + match.length);
        const next = replacement || /^\s*([\p{L}\p{N}]+)/u.exec(rest)?.[1] || '';
        const fixedArticle = article ? `${articleFor(next)} ` : '';
        const out = `${fixedArticle}${replacement}`;
        if (out === '') return capital ? CAPITALISE : '';
        return capital ? out.charAt(0).toUpperCase() + out.slice(1) : out;
      },
    );
    if (found) replaced.push(replacement ? `${word} → ${replacement}` : word);
  }
  return { text: tidy(result), replaced };
}

/** "an" before a vowel sound, as far as the first letters tell it ("a use", "an hour"). */
function articleFor(next: string): 'a' | 'an' {
  if (/^(?:hour|honest|honou?r|heir)/iu.test(next)) return 'an';
  if (/^(?:u[^aeiou\s][aeiou]|eu|ew|one\b|once)/iu.test(next)) return 'a';
  return /^[aeiou]/iu.test(next) ? 'an' : 'a';
}

/** The spaces and punctuation a removed word leaves behind, and the capital of a sentence whose first word went. */
function tidy(text: string): string {
  return text
    .replace(/[ \t]*\u0001[ \t]*(\p{L})/gu, (_m, letter: string) => letter.toUpperCase())
    .replace(/\u0001/gu, '')
    .replace(/(?<=\S)[ \t]{2,}/g, ' ')
    .replace(/[ \t]+([,.;:!?])/g, '$1')
    .replace(/,([.;:!?])/g, '$1')
    .replace(/[ \t]+$/gm, '');
}

const escapeForPattern = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const startsUpper = (text: string): boolean => {
  const first = text.charAt(0);
  return first !== first.toLowerCase();
};

const SENTENCE_SPLIT = /(?<=[.!?]["'”’)\]]?)\s+(?=["'“‘([]?\p{Lu})/u;
const PROSE_LINE = /^(?![ \t]*(?:[#>|*•-]|\d+[.)]\s))[ \t]*\S.*[.!?]["'”’)\]]?[ \t]*$/u;

/** Each prose line's sentences toward the rule's length. */
function shapeSentences(text: string, rule: NonNullable<StyleRules['sentences']>): string {
  return text
    .split('\n')
    .map((line) => {
      if (!PROSE_LINE.test(line)) return line;
      const indent = /^[ \t]*/.exec(line)?.[0] ?? '';
      const sentences = line.trim().split(SENTENCE_SPLIT);
      const split = sentences.flatMap((s) =>
        splitLong(s, rule.mode === 'under' ? rule.words : Math.ceil(rule.words * 1.5)),
      );
      const shaped = rule.mode === 'about' ? joinShort(split, rule.words) : split;
      return indent + shaped.join(' ');
    })
    .join('\n');
}

const wordsIn = (text: string): number => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/**
 * Where a long sentence may become two, in order of preference: ", and" / ", so" (dropped), before ", but" / ", yet",
 * a semicolon, a dash, then a bare comma; the break nearest the middle that leaves both parts 4 words or more.
 */
const BARE_COMMA = /,\s+/gu;
const BREAKS: RegExp[] = [/,\s+(?:and|so)\s+/giu, /,\s+(?=(?:but|yet)\s)/giu, /;\s+/gu, /\s+—\s+/gu, BARE_COMMA];
/** A sentence opening with a subordinate clause: its first comma ends that clause, not a sentence. */
const SUBORDINATE =
  /^["'“‘(]?(?:when|if|as|while|although|though|because|since|after|before|once|unless|until|whether|where|in the end)\b/iu;
const MIN_PART = 4;

/** The sentence in pieces of at most `max` words, where it has places to break; as it is where it has none. */
function splitLong(sentence: string, max: number): string[] {
  if (wordsIn(sentence) <= max) return [sentence];
  const total = wordsIn(sentence);
  for (const pattern of BREAKS) {
    let best: { at: number; length: number; distance: number } | undefined;
    for (const match of sentence.matchAll(pattern)) {
      const at = match.index;
      const first = wordsIn(sentence.slice(0, at));
      if (first < MIN_PART || total - first < MIN_PART) continue;
      if (pattern === BARE_COMMA && SUBORDINATE.test(sentence) && !sentence.slice(0, at).includes(',')) continue;
      const distance = Math.abs(first - total / 2);
      if (!best || distance < best.distance) best = { at, length: match[0].length, distance };
    }
    if (best) {
      const head = `${sentence.slice(0, best.at).replace(/[,;:\s]+$/u, '')}.`;
      const tail = capitalise(sentence.slice(best.at + best.length));
      return [...splitLong(head, max), ...splitLong(tail, max)];
    }
  }
  return [sentence];
}

/** Neighbouring short sentences joined in pairs with ", and" while the two stay within the target. */
function joinShort(sentences: string[], target: number): string[] {
  const out: string[] = [];
  let joined = false;
  for (const sentence of sentences) {
    const last = out.at(-1);
    // Two at most: "a, and b, and c" reads worse than the short sentences did.
    if (!joined && last !== undefined && canJoin(last, sentence, target)) {
      out[out.length - 1] = `${last.slice(0, -1)}, and ${lowerFirst(sentence)}`;
      joined = true;
    } else {
      out.push(sentence);
      joined = false;
    }
  }
  return out;
}

function canJoin(last: string, sentence: string, target: number): boolean {
  return (
    /[\p{L}\p{N}]\.$/u.test(last) &&
    /^\p{Lu}(?:\p{Ll}|\s)/u.test(sentence) &&
    wordsIn(last) < target * 0.75 &&
    wordsIn(last) + wordsIn(sentence) <= Math.ceil(target * 1.25)
  );
}

/** A sentence joined to another loses its capital, unless its first word is I or an acronym (PDF, iPhone...). */
function lowerFirst(sentence: string): string {
  const first = /^\S+/u.exec(sentence)?.[0] ?? '';
  const keep = first === 'I' || /^I['’]/u.test(first) || /^.[^\p{Ll}]*\p{Lu}/u.test(first.replace(/[^\p{L}]/gu, ''));
  return keep ? sentence : sentence.charAt(0).toLowerCase() + sentence.slice(1);
}
const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** The average words a sentence of the prose lines, to one decimal; undefined without prose. */
function averageSentenceWords(text: string): number | undefined {
  const sentences = text
    .split('\n')
    .filter((line) => PROSE_LINE.test(line))
    .flatMap((line) => line.trim().split(SENTENCE_SPLIT));
  if (sentences.length === 0) return undefined;
  const words = sentences.reduce((sum, s) => sum + wordsIn(s), 0);
  return Math.round((words / sentences.length) * 10) / 10;
}
