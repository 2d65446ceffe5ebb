const words = new Intl.Segmenter(undefined, { granularity: 'word' });
const sentences = new Intl.Segmenter(undefined, { granularity: 'sentence' });

/** Words as billed (`used_characters`): word-like segments, so punctuation and emoji do not count. */
export function countWords(text: string): number {
  let count = 0;
  for (const segment of words.segment(text)) if (segment.isWordLike) count += 1;
  return count;
}

/**
 * Splits a text into pieces of at most `max` characters at sentence boundaries; a sentence longer than
 * that is cut at the last space before the limit (or hard at the limit when it has none).
 */
export function splitIntoChunks(text: string, max: number): string[] {
  const chunks: string[] = [];
  let current = '';
  const flush = () => {
    if (current.trim()) chunks.push(current.trim());
    current = '';
  };
  for (const { segment } of sentences.segment(text)) {
    if (current.length + segment.length <= max) {
      current += segment;
      continue;
    }
    flush();
    let rest = segment;
    while (rest.length > max) {
      const cut = rest.lastIndexOf(' ', max);
      const at = cut > max / 2 ? cut : max;
      chunks.push(rest.slice(0, at).trim());
      rest = rest.slice(at);
    }
    current = rest;
  }
  flush();
  return chunks.filter(Boolean);
}
