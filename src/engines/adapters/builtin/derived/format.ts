/** Small text helpers of the builtin derivations. */

/** "45-second", "12-minute", "2-hour 5-minute": an adjective for "a ... meeting". */
export function durationAdjective(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))}-second`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) return `${minutes}-minute`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h}-hour` : `${h}-hour ${m}-minute`;
}

/** Shortens at a word boundary, marking the cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

/** Capitalised and closed with a full stop: unpunctuated engines give bare lower-case text. */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return trimmed;
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?…]["'”’)\]]*$/.test(capital) ? capital : `${capital}.`;
}

const MINOR = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'but',
  'by',
  'for',
  'in',
  'nor',
  'of',
  'on',
  'or',
  'per',
  'the',
  'to',
  'vs',
  'via',
  'with',
]);

/** Title Case that leaves acronyms and mixed-case words (API, Q3, iPhone) as they are. */
export function titleCase(text: string): string {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((word, i) => {
      if (/[A-Z]/.test(word.slice(1)) || /\d/.test(word)) return word;
      const lower = word.toLowerCase();
      if (i > 0 && MINOR.has(lower)) return lower;
      return lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join(' ');
}

/** "a", "a and b", "a, b and c". */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "#MarketingBudget" from "marketing budget"; empty when nothing usable is left. */
export function hashtag(phrase: string): string {
  const body = phrase
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
  return body ? `#${body}` : '';
}

/** "meeting" → "a meeting", "interview" → "an interview", "8-minute call" → "an 8-minute call". */
export function withArticle(noun: string): string {
  return `${/^(?:[aeiou]|8|1[18](?!\d))/i.test(noun) ? 'an' : 'a'} ${noun}`;
}
