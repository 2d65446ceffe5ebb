/** Small text helpers shared by the builtin derivations and the prompts. */

/** "[mm:ss]" style time; hours are shown when `withHours` so every line of one output has the same width. */
export function formatTimestamp(seconds: number, withHours = false): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  if (withHours || h > 0) return `${h}:${String(m).padStart(2, '0')}:${ss}`;
  return `${String(m).padStart(2, '0')}:${ss}`;
}

/** "45-second", "12-minute", "2-hour 5-minute": an adjective for "a ... meeting". */
export function durationAdjective(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))}-second`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) return `${minutes}-minute`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h}-hour` : `${h}-hour ${m}-minute`;
}

/** "45 seconds", "1 minute", "1 hour 5 minutes". */
export function durationPhrase(seconds: number): string {
  const unit = (n: number, name: string): string => `${n} ${name}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return unit(Math.max(1, Math.round(seconds)), 'second');
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return unit(minutes, 'minute');
  const m = minutes % 60;
  return m ? `${unit(Math.floor(minutes / 60), 'hour')} ${unit(m, 'minute')}` : unit(minutes / 60, 'hour');
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
