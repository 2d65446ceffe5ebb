/**
 * The measurable parts of a brand voice's instructions that the builtin engine (no language model) can honour:
 * a sentence length, a grammatical person and words to avoid. Everything else in the instructions (tone, reading
 * level, favoured words...) needs a model; the engine says which parts it applied.
 *
 * Read, one clause at a time (a line, or a sentence of a line), case-insensitive:
 * - sentence length: the offline style profile's "Sentence length: about N words a sentence", and "Keep sentences
 *   under N words", "at most / no more than / fewer than / less than / below N words (a|per) sentence",
 *   "Sentences of about N words", "about N words a sentence", "average sentence length of N words". "under"-like
 *   forms are a limit (longer sentences are split); "about"-like forms a target (longer ones split, short ones
 *   joined). N is kept between 4 and 60.
 * - person: "Write in the first person", "Use the second person", "Person: write in the third person",
 *   "first-person" (a clause that says never/don't/avoid with it is passed over).
 * - words to avoid: the style profile's "Words to avoid (...): a, b, c.", and "Avoid: a, b", "Banned words: a, b",
 *   "Forbidden words: ...", "Avoid the words a, b", "Never use the word(s) a and b", "Don't use / Do not use the
 *   words ...", "Never use: ...". Items are split at commas, semicolons, slashes, "and" and "or"; each is a word or
 *   a phrase of up to three words.
 */
export interface StyleRules {
  sentences?: { words: number; mode: 'about' | 'under' };
  person?: Person;
  avoid: string[];
}

export type Person = 'first' | 'second' | 'third';

const MIN_SENTENCE = 4;
const MAX_SENTENCE = 60;
const MAX_AVOIDED = 50;

const UNDER =
  /\b(?:sentences?\b[^.\d]{0,40}?\b(?:under|at most|no (?:more|longer) than|fewer than|less than|below|shorter than|up to)\s+(\d{1,3})\s+words|(?:under|at most|no more than|fewer than|less than|below|up to)\s+(\d{1,3})\s+words\s+(?:a|per|in a|in each|each)\s+sentence)/i;
const ABOUT =
  /\b(?:sentence length:?\s*(?:of\s+)?(?:about|around|roughly|approximately|~)?\s*(\d{1,3}(?:\.\d+)?)\s+words|sentences?\s+of\s+(?:about|around|roughly|approximately|~)?\s*(\d{1,3})\s+words|(?:about|around|roughly|approximately|~)\s*(\d{1,3}(?:\.\d+)?)\s+words\s+(?:a|per|in a|in each|each)\s+sentence|average sentence length\s+(?:of\s+)?(?:about\s+)?(\d{1,3}(?:\.\d+)?)(?:\s+words)?)/i;
const PERSON = /\b(first|second|third)[- ]person\b/i;
const NEGATED = /\b(?:never|don'?t|do not|avoid|not in)\b/i;
const AVOID =
  /^(?:[-*•]\s*)?(?:(?<named>(?:banned|forbidden|avoided)\s+words|words\s+to\s+avoid|(?:avoid|never\s+use|never\s+say|don'?t\s+use|do\s+not\s+use)\s+(?:the\s+|these\s+|using\s+the\s+)?words?(?:\s+like)?)|(?<bare>avoid|never\s+use|never\s+say|don'?t\s+use|do\s+not\s+use))\s*(?:\([^)]*\))?\s*(?<colon>:)?\s*(?<items>.*)$/i;
const ITEM = /^\p{L}[\p{L}\p{M}'’-]*(?: \p{L}[\p{L}\p{M}'’-]*){0,2}$/u;

/** The rules the engine can apply, from the instructions (the first match of each part wins; words add up). */
export function readStyleRules(instructions: string): StyleRules {
  const rules: StyleRules = { avoid: [] };
  for (const clause of clausesOf(instructions)) {
    rules.sentences ??= sentenceRule(clause);
    if (!rules.person) {
      const person = PERSON.exec(clause)?.[1]?.toLowerCase() as Person | undefined;
      if (person && !NEGATED.test(clause)) rules.person = person;
    }
    for (const word of avoidedIn(clause)) {
      if (rules.avoid.length < MAX_AVOIDED && !rules.avoid.includes(word)) rules.avoid.push(word);
    }
  }
  return rules;
}

/** Whether the rules hold anything to apply. */
export const hasRules = (rules: StyleRules): boolean =>
  rules.sentences !== undefined || rules.person !== undefined || rules.avoid.length > 0;

/** Lines, and the sentences of a line: a list of words to avoid ends its clause at its full stop. */
function clausesOf(instructions: string): string[] {
  return instructions
    .split(/\r?\n|(?<=[.!?])\s+(?=[-*•]?\s*\p{Lu})/u)
    .map((clause) => clause.trim())
    .filter((clause) => clause !== '');
}

function sentenceRule(clause: string): StyleRules['sentences'] {
  const under = UNDER.exec(clause);
  const limit = under?.[1] ?? under?.[2];
  if (limit) return { words: clamp(Number(limit)), mode: 'under' };
  const about = ABOUT.exec(clause);
  const target = about?.slice(1).find((n) => n !== undefined);
  return target ? { words: clamp(Number(target)), mode: 'about' } : undefined;
}

function avoidedIn(clause: string): string[] {
  const match = AVOID.exec(clause);
  const groups = match?.groups;
  if (!groups || (!groups.named && !groups.colon)) return [];
  return (groups.items ?? '')
    .replace(/[.!]+$/u, '')
    .split(/\s*(?:,|;|\/|\band\b|\bor\b)\s*/iu)
    .map((item) => item.replace(/^[\s"'“”‘’«»]+|[\s"'“”‘’«».]+$/gu, '').toLowerCase())
    .filter((item) => ITEM.test(item) && item.length <= 40 && item !== 'etc');
}

const clamp = (n: number): number => Math.min(MAX_SENTENCE, Math.max(MIN_SENTENCE, Math.round(n)));
