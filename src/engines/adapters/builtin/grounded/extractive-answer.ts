import { isStopword, words } from '../../../../shared/text-terms.js';
import type { GroundingSource } from '../../../spec/text-task.js';
import { sentences, stem } from './sentences.js';

/**
 * The offline answer (the builtin engine has no language model): the sentences of the retrieved
 * passages that share the most meaningful words with the question, quoted with their source, or a
 * plain statement that the knowledge base has nothing on it.
 */

export interface ExtractiveAnswer {
  text: string;
  /** 1-based places in `passages` of the passages quoted, ascending: [1] in the text is passages[0]. */
  sources: number[];
  /** False when nothing relevant was found (the text says so). */
  found: boolean;
}

export interface ExtractiveAnswerOptions {
  /** The bot's welcome message, offered when the knowledge base has nothing on the question. */
  welcomeMessage?: string | null | undefined;
  /** At most this many sentences (2 to 4 is readable); default 4. */
  maxSentences?: number;
}

export const NOTHING_FOUND = 'I could not find anything about that in my knowledge base.';
const MAX_SENTENCE_CHARACTERS = 400;

interface Candidate {
  passage: number;
  index: number;
  text: string;
  score: number;
}

export function extractiveAnswer(
  question: string,
  passages: readonly GroundingSource[],
  options: ExtractiveAnswerOptions = {},
): ExtractiveAnswer {
  const maxSentences = Math.max(1, options.maxSentences ?? 4);
  const terms = new Set(
    words(question)
      .filter((w) => !isStopword(w))
      .map(stem),
  );
  const candidates = terms.size === 0 ? [] : rankSentences(terms, passages);
  if (candidates.length === 0) {
    const welcome = options.welcomeMessage?.trim();
    return { text: welcome ? `${NOTHING_FOUND}\n\n${welcome}` : NOTHING_FOUND, sources: [], found: false };
  }
  const best = candidates[0]?.score ?? 0;
  // The best two whatever their score, then more while they are at least half as good as the best.
  const chosen = candidates
    .filter((c, rank) => rank < Math.min(2, maxSentences) || (rank < maxSentences && c.score >= best / 2))
    .slice(0, maxSentences);
  chosen.sort((a, b) => a.passage - b.passage || a.index - b.index);
  return {
    text: chosen.map((c) => `${clip(c.text)} [${c.passage + 1}]`).join(' '),
    sources: [...new Set(chosen.map((c) => c.passage + 1))].sort((a, b) => a - b),
    found: true,
  };
}

/** Sentences sharing at least one meaningful word with the question, best first, each text once. */
function rankSentences(terms: Set<string>, passages: readonly GroundingSource[]): Candidate[] {
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  passages.forEach((p, passage) => {
    const titleTerms = new Set(words(p.title).map(stem));
    const titleBonus = [...terms].some((t) => titleTerms.has(t)) ? 0.1 : 0;
    sentences(p.passage).forEach((text, index) => {
      const key = text.toLowerCase().replace(/\s+/g, ' ');
      if (seen.has(key)) return;
      const sentenceTerms = new Set(words(text).map(stem));
      const matched = [...terms].filter((t) => sentenceTerms.has(t)).length;
      if (matched === 0) return;
      seen.add(key);
      // A passage may start in the middle of a sentence (the overlap with the one before): a fragment counts less.
      const fragment = index === 0 && /^[\p{Ll}]/u.test(text) ? 0.6 : 1;
      const coverage = matched / terms.size;
      const density = matched / Math.max(4, sentenceTerms.size);
      const score = (coverage + 0.25 * density + titleBonus + 0.05 / (passage + 1)) * fragment;
      candidates.push({ passage, index, text, score });
    });
  });
  return candidates.sort((a, b) => b.score - a.score || a.passage - b.passage || a.index - b.index);
}

function clip(sentence: string): string {
  if (sentence.length <= MAX_SENTENCE_CHARACTERS) return sentence;
  const cut = sentence.lastIndexOf(' ', MAX_SENTENCE_CHARACTERS);
  return `${sentence.slice(0, cut > 0 ? cut : MAX_SENTENCE_CHARACTERS)}…`;
}
