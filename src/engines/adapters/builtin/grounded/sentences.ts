/** What the extractive answer splits passages into, and how it matches a question's words with theirs. */

/** A light English stemmer, enough for "lighthouses" to meet "lighthouse" and "opening" to meet "opens". */
export function stem(word: string): string {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('ing') && word.length > 5) return word.slice(0, -3);
  if (word.endsWith('ed') && word.length > 4) return word.slice(0, -2);
  if (word.endsWith('es') && /(x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Sentence ends: after . ! ? (and their CJK forms) followed by space, or at a line break. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?\u2026\u3002\uff01\uff1f]["'\u201d\u2019)\]]?)\s+|\n+/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
