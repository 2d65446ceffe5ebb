import { describe, expect, it } from 'vitest';
import { countWords, splitIntoChunks } from './speech-text.js';

describe('countWords', () => {
  it('counts words, not punctuation, spaces or emoji', () => {
    expect(countWords('Hello, world! How are you?')).toBe(5);
    expect(countWords('  \n\t ')).toBe(0);
    expect(countWords('🎉🎉 🚀')).toBe(0);
    expect(countWords("It's 5 o'clock.")).toBe(3);
  });
});

describe('splitIntoChunks', () => {
  it('keeps short texts whole', () => {
    expect(splitIntoChunks('One. Two.', 100)).toEqual(['One. Two.']);
  });

  it('splits at sentence boundaries and never exceeds the limit', () => {
    const text = Array.from({ length: 40 }, (_, i) => `This is sentence number ${i + 1}.`).join(' ');
    const chunks = splitIntoChunks(text, 120);
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(120);
      expect(chunk).toMatch(/\.$/);
    }
    expect(chunks.join(' ')).toBe(text);
  });

  it('cuts a sentence longer than the limit at spaces, or hard when it has none', () => {
    const long = `${'word '.repeat(60).trim()}.`;
    const chunks = splitIntoChunks(long, 50);
    expect(chunks.every((c) => c.length <= 50)).toBe(true);
    expect(chunks.join(' ')).toBe(long);
    expect(splitIntoChunks('x'.repeat(120), 50).map((c) => c.length)).toEqual([50, 50, 20]);
  });
});
