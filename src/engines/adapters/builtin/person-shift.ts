import type { Person } from './style-rules.js';

/**
 * Pronouns of the builtin engine's own wording turned into another grammatical person: first is the brand's "we"
 * (I, me, my become we, us, our), second speaks to the reader (you), third speaks about them (they). Only the
 * text outside a template's {{tags}} is changed: what a user typed is never rewritten. "you" becomes a subject
 * (we, they) at the start of a clause, before a contraction or before a verb it commonly leads; an object (us,
 * them) elsewhere. "I am" and "I was" agree with the plural that takes I's place.
 */
export function shiftTemplatePerson(template: string, person: Person): { text: string; changed: number } {
  let changed = 0;
  const text = template
    .split(/(\{\{\{?[^}]*\}?\}\})/u)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part.replace(
            PRONOUN,
            (match: string, word: string, suffix?: string, space?: string, verb?: string, offset = 0) => {
              const before = part.slice(0, offset);
              const after = part.slice(offset + match.length);
              const shifted = shiftWord(word.toLowerCase(), suffix?.toLowerCase(), person, before, after);
              if (shifted === undefined) return match;
              changed += 1;
              const agreed =
                verb && word.toLowerCase() === 'i'
                  ? `${space}${PLURAL_VERB[verb.toLowerCase()] ?? verb}`
                  : `${space ?? ''}${verb ?? ''}`;
              return `${inCase(word, shifted, before)}${agreed}`;
            },
          ),
    )
    .join('');
  return { text, changed };
}

const PRONOUN =
  /(?<![\p{L}\p{N}'’-])(I|me|my|mine|myself|we|us|our|ours|ourselves|you|your|yours|yourself|yourselves)(?:['’](m|re|ll|ve|d))?(?:(\s+)(am|was)\b)?(?![\p{L}\p{N}'’-])/giu;

const PLURAL_VERB: Record<string, string> = { am: 'are', was: 'were' };

/** Each pronoun in a person's forms, from the pronouns of the other persons ("you" as a subject). */
const TO: Record<Person, Record<string, string>> = {
  first: {
    you: 'we',
    your: 'our',
    yours: 'ours',
    yourself: 'ourselves',
    yourselves: 'ourselves',
    i: 'we',
    me: 'us',
    my: 'our',
    mine: 'ours',
    myself: 'ourselves',
  },
  second: {
    we: 'you',
    us: 'you',
    our: 'your',
    ours: 'yours',
    ourselves: 'yourselves',
    i: 'you',
    me: 'you',
    my: 'your',
    mine: 'yours',
    myself: 'yourself',
  },
  third: {
    you: 'they',
    your: 'their',
    yours: 'theirs',
    yourself: 'themselves',
    yourselves: 'themselves',
    we: 'they',
    us: 'them',
    our: 'their',
    ours: 'theirs',
    ourselves: 'themselves',
    i: 'they',
    me: 'them',
    my: 'their',
    mine: 'theirs',
    myself: 'themselves',
  },
};
const YOU_AS_OBJECT: Record<Person, string> = { first: 'us', second: 'you', third: 'them' };

/** Words "you" leads as the subject: "you can", "you are"... */
const SUBJECT_NEXT =
  /^\s+(?:can|could|will|would|should|shall|may|might|must|are|were|have|had|do|did|need|want|know|get|see|find|make|take|feel|think|probably|already|also|just|often|only|really|still|never|always)\b/iu;
/** What "you" follows at the start of a clause. */
const SUBJECT_BEFORE =
  /(?:^\s*|[.!?:;,—(]\s*|\b(?:and|but|or|so|if|when|that|because|then|before|after|unless|while|once|where|what|how|why|as)\s+)$/iu;
const SENTENCE_START = /(?:^\s*|[.!?]\s+|\n\s*|[#*>-]\s+)$/u;

function shiftWord(
  word: string,
  suffix: string | undefined,
  person: Person,
  before: string,
  after: string,
): string | undefined {
  if (word === 'you' && person !== 'second') {
    const subject = suffix !== undefined || SUBJECT_BEFORE.test(before) || SUBJECT_NEXT.test(after);
    return withSuffix(subject ? (TO[person].you ?? 'you') : YOU_AS_OBJECT[person], suffix);
  }
  const form = TO[person][word];
  if (form === undefined) return undefined;
  if (word === 'i' && suffix === 'm') return `${form}'re`;
  return withSuffix(form, suffix);
}

const withSuffix = (word: string, suffix: string | undefined): string => (suffix ? `${word}'${suffix}` : word);

/** In the case of the word it replaces; "I" is capital only where a sentence starts. */
function inCase(original: string, shifted: string, before: string): string {
  const first = original.charAt(0);
  const capital = original === 'I' ? SENTENCE_START.test(before) : first !== first.toLowerCase();
  return capital ? shifted.charAt(0).toUpperCase() + shifted.slice(1) : shifted;
}
