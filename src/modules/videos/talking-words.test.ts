import { describe, expect, it } from 'vitest';
import { audibleSpan, estimateWordTimings } from './talking-words.js';

/** 0.5 s of silence, 1 s of tone, 0.5 s of silence, at 8 kHz. */
function speechLike() {
  const rate = 8000;
  const pcm = Buffer.alloc(rate * 2 * 2);
  for (let i = rate / 2; i < rate * 1.5; i++) pcm.writeInt16LE(Math.round(8000 * Math.sin(i / 5)), i * 2);
  return { pcm, sampleRate: rate };
}

describe('word timings for captions', () => {
  it('finds where the sound is', () => {
    const span = audibleSpan(speechLike());
    expect(span.start).toBeCloseTo(0.5, 1);
    expect(span.end).toBeCloseTo(1.5, 1);
  });

  it('shares the sound out by word length, pausing after punctuation, in order and within the span', () => {
    const words = estimateWordTimings('Hi, extraordinary day. Yes', { start: 0.5, end: 2.5 });
    expect(words.map((w) => w.word)).toEqual(['Hi,', 'extraordinary', 'day.', 'Yes']);
    expect(words[0]?.start).toBe(0.5);
    expect(words.at(-1)?.end).toBeCloseTo(2.5, 5);
    for (const [i, w] of words.entries()) {
      expect(w.end).toBeGreaterThan(w.start);
      if (i > 0) expect(w.start).toBeGreaterThanOrEqual(words[i - 1]?.end ?? 0);
    }
    const length = (i: number) => (words[i]?.end ?? 0) - (words[i]?.start ?? 0);
    expect(length(1)).toBeGreaterThan(3 * length(0));
    expect(estimateWordTimings('   ', { start: 0, end: 1 })).toEqual([]);
  });
});
