import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkText, normalizeText } from './chunker.js';

const sentence = (i: number) => `Sentence number ${i} talks about the harbour lighthouse and its keeper.`;

describe('chunkText', () => {
  it('keeps a short text whole, and gives nothing for blank text', () => {
    expect(chunkText('  Hello there.  ')).toEqual([{ position: 0, text: 'Hello there.' }]);
    expect(chunkText(' \n\n\t ')).toEqual([]);
  });

  it('packs paragraphs into passages of at most the size, numbered in order', () => {
    const paragraphs = Array.from({ length: 30 }, (_, i) => `Paragraph ${i}. ${sentence(i)}`);
    const chunks = chunkText(paragraphs.join('\n\n'), { size: 300, overlap: 60 });
    expect(chunks.length).toBeGreaterThan(5);
    chunks.forEach((chunk, i) => {
      expect(chunk.position).toBe(i);
      expect(chunk.text.length).toBeLessThanOrEqual(300);
    });
    // Whole paragraphs where they fit: a passage starts at a paragraph or at the carried-over sentence.
    for (const chunk of chunks.slice(1)) expect(chunk.text).toMatch(/^(Paragraph \d+\.|Sentence number \d+)/);
    const all = chunks.map((c) => c.text).join('\n');
    for (const p of paragraphs) expect(all).toContain(p);
  });

  it('splits a long paragraph at sentence ends and carries about the overlap into the next passage', () => {
    const text = Array.from({ length: 40 }, (_, i) => sentence(i)).join(' ');
    const chunks = chunkText(text, { size: 800, overlap: 100 });
    expect(chunks.length).toBeGreaterThan(2);
    for (const [i, chunk] of chunks.entries()) {
      expect(chunk.text.length).toBeLessThanOrEqual(800);
      expect(chunk.text).toMatch(/\.$/);
      if (i === 0) continue;
      // The next passage starts with the previous one's last whole sentences (each about 70 characters).
      const previous = chunks[i - 1]?.text ?? '';
      expect(chunk.text).toMatch(/^Sentence number \d+/);
      const carried = chunk.text.slice(0, chunk.text.indexOf('.') + 1);
      expect(previous.endsWith(carried) || previous.includes(`${carried} `)).toBe(true);
      expect(previous.length - previous.indexOf(carried)).toBeLessThanOrEqual(150);
    }
  });

  it('splits an overlong sentence between words, never inside one', () => {
    const words = Array.from({ length: 600 }, (_, i) => `word${i}`);
    const chunks = chunkText(words.join(' '), { size: 200, overlap: 40 });
    const known = new Set(words);
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(200);
      for (const w of chunk.text.split(' ')) expect(known.has(w), w).toBe(true);
    }
    const overlapping = chunks.slice(1).filter((c, i) => c.text.split(' ')[0] !== chunks[i]?.text.split(' ').at(-1));
    expect(overlapping.length).toBeGreaterThan(0);
    expect(chunks.at(-1)?.text.endsWith('word599')).toBe(true);
  });

  it('cuts only a single word longer than a whole passage', () => {
    const url = `https://example.com/${'x'.repeat(500)}`;
    const chunks = chunkText(`See ${url} for more.`, { size: 200, overlap: 50 });
    expect(chunks.every((c) => c.text.length <= 200)).toBe(true);
    expect(chunks.map((c) => c.text).join('')).toContain('x'.repeat(300));
  });

  it('normalises line breaks and spaces', () => {
    expect(normalizeText('a\r\nb\rc   d\t\te \n\n\n\n f')).toBe('a\nb\nc d e\n\nf');
  });

  it('property: passages fit, never start or end inside a word, and lose no word', () => {
    const word = fc.stringMatching(/^[a-z]{1,12}$/);
    const punctuation = fc.constantFrom('', '', '', '.', ',', '!', '?');
    const token = fc.tuple(word, punctuation).map(([w, p]) => w + p);
    const separator = fc.constantFrom(' ', ' ', ' ', ' ', '\n', '\n\n', '  ');
    const text = fc
      .array(fc.tuple(token, separator), { minLength: 1, maxLength: 400 })
      .map((parts) => parts.map(([t, s]) => t + s).join(''));
    const options = fc.record({ size: fc.integer({ min: 40, max: 900 }), overlap: fc.integer({ min: 0, max: 150 }) });
    fc.assert(
      fc.property(text, options, (input, opts) => {
        const chunks = chunkText(input, opts);
        const tokens = normalizeText(input).split(/\s+/).filter(Boolean);
        const known = new Set(tokens);
        let covered = 0;
        for (const chunk of chunks) {
          expect(chunk.text.length).toBeLessThanOrEqual(opts.size);
          expect(chunk.text).toBe(chunk.text.trim());
          const inChunk = chunk.text.split(/\s+/);
          // Every whitespace-separated piece is a whole token of the text: no word was cut.
          for (const piece of inChunk) expect(known.has(piece), piece).toBe(true);
          covered += inChunk.length;
        }
        expect(covered).toBeGreaterThanOrEqual(tokens.length);
        // In order: the text's tokens appear as a subsequence of the passages' tokens.
        const flat = chunks.flatMap((c) => c.text.split(/\s+/));
        let at = 0;
        for (const piece of flat) if (piece === tokens[at]) at += 1;
        expect(at).toBe(tokens.length);
      }),
      { numRuns: 300 },
    );
  });
});
