import { isStopword, words } from '../../../shared/text-terms.js';

/** The first line of every offline profile: what wrote it, so nobody takes it for a model's reading of the samples. */
export const OFFLINE_PROFILE_HEADING =
  'Measured style profile from the offline engine (builtin, no language model): counts taken from the samples, written as instructions.';

/** Words that marketing copy leans on; those the samples never use are named as words to avoid. */
const CLICHES = [
  'leverage',
  'synergy',
  'utilize',
  'cutting-edge',
  'revolutionary',
  'game-changer',
  'seamless',
  'world-class',
  'best-in-class',
  'disrupt',
  'robust',
  'innovative',
] as const;

const FIRST_PERSON = new Set(['i', 'me', 'my', 'mine', 'myself', 'we', 'us', 'our', 'ours', 'ourselves']);
const SECOND_PERSON = new Set(['you', 'your', 'yours', 'yourself', 'yourselves']);
const THIRD_PERSON = new Set([
  'he',
  'him',
  'his',
  'she',
  'her',
  'hers',
  'they',
  'them',
  'their',
  'theirs',
  'it',
  'its',
]);

export interface StyleMeasures {
  sentences: number;
  words: number;
  averageSentenceWords: number;
  /** Flesch reading ease: higher is easier (60 to 70 is plain English). */
  readingEase: number;
  person: 'first' | 'second' | 'third';
  favoured: string[];
  avoided: string[];
  exclamations: number;
  questions: number;
}

/** The measurable parts of a writing style, deterministic for the same samples. */
export function measureStyle(samples: string): StyleMeasures {
  const text = samples.normalize('NFC');
  const sentenceList = text
    .split(/(?<=[.!?])\s+|\n{2,}/u)
    .map((s) => s.trim())
    .filter((s) => words(s).length > 0);
  const all = words(text);
  const sentences = Math.max(1, sentenceList.length);
  const count = Math.max(1, all.length);
  const syllables = all.reduce((sum, word) => sum + syllablesOf(word), 0);
  const averageSentenceWords = all.length / sentences;
  const readingEase = 206.835 - 1.015 * averageSentenceWords - 84.6 * (syllables / count);
  const people = { first: 0, second: 0, third: 0 };
  const frequency = new Map<string, number>();
  for (const word of all) {
    if (FIRST_PERSON.has(word)) people.first += 1;
    else if (SECOND_PERSON.has(word)) people.second += 1;
    else if (THIRD_PERSON.has(word)) people.third += 1;
    if (!isStopword(word) && word.length > 2 && !/^\p{N}+$/u.test(word)) {
      frequency.set(word, (frequency.get(word) ?? 0) + 1);
    }
  }
  const person =
    people.first >= people.second && people.first >= people.third && people.first > 0
      ? 'first'
      : people.second >= people.third && people.second > 0
        ? 'second'
        : 'third';
  const favoured = [...frequency]
    .filter(([, n]) => n > 1)
    .sort(([a, n], [b, m]) => m - n || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, 8)
    .map(([word]) => word);
  const lower = text.toLowerCase();
  const avoided = CLICHES.filter((word) => !lower.includes(word));
  return {
    sentences: sentenceList.length,
    words: all.length,
    averageSentenceWords: round(averageSentenceWords),
    readingEase: round(Math.max(0, Math.min(100, readingEase))),
    person,
    favoured,
    avoided,
    exclamations: (text.match(/!/g) ?? []).length,
    questions: (text.match(/\?/g) ?? []).length,
  };
}

/** Brand-voice instructions from the samples' measures, starting with the line that says what wrote them. */
export function styleProfile(samples: string): string {
  const m = measureStyle(samples);
  if (m.words === 0) return `${OFFLINE_PROFILE_HEADING}\n- The samples hold no words to measure: write plainly.`;
  const lines = [
    OFFLINE_PROFILE_HEADING,
    `- Sentence length: about ${m.averageSentenceWords} words a sentence on average (${m.sentences} sentences, ${m.words} words measured); keep to it.`,
    `- Reading level: Flesch reading ease ${m.readingEase} (${easeLabel(m.readingEase)}); write at that level.`,
    `- Person: write in the ${m.person} person (${PERSON_HINT[m.person]}).`,
    m.favoured.length > 0
      ? `- Favoured words: ${m.favoured.join(', ')}; use them where they fit.`
      : '- Favoured words: none stands out in the samples.',
    `- Words to avoid (the samples never use them): ${m.avoided.join(', ')}.`,
    m.exclamations === 0
      ? '- Punctuation: no exclamation marks.'
      : `- Punctuation: exclamation marks are used (${m.exclamations} in the samples), sparingly.`,
  ];
  if (m.questions > 0) lines.push(`- Questions to the reader are part of the voice (${m.questions} in the samples).`);
  return lines.join('\n');
}

const PERSON_HINT = {
  first: 'we, our, I',
  second: 'you, your: speak to the reader',
  third: 'they, it: about the subject, not to the reader',
} as const;

function easeLabel(ease: number): string {
  if (ease >= 80) return 'very easy';
  if (ease >= 60) return 'plain';
  if (ease >= 40) return 'fairly difficult';
  return 'difficult';
}

/** Vowel groups, less a silent final e: the usual estimate behind the Flesch score. */
function syllablesOf(word: string): number {
  const groups = word.replace(/e$/u, '').match(/[aeiouy]+/gu)?.length ?? 0;
  return Math.max(1, groups);
}

const round = (n: number) => Math.round(n * 10) / 10;
