import { describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '../../../spec/asr-model.js';
import { analyse, rankKeyphrases, textRank } from './analysis.js';
import type { TranscriptInput } from '../../../spec/text-task.js';
import { formatTimestamp } from '../../../../shared/durations.js';
import { titleCase, truncate } from './format.js';
import { splitSentences } from './sentences.js';

const input = (segments: TranscriptSegment[]): TranscriptInput => ({
  name: 'x',
  audioType: 'Meeting',
  language: 'English',
  text: segments.map((s) => s.text).join(' '),
  segments,
});

describe('splitSentences', () => {
  it('carries a sentence across segments of one speaker and times the next one inside its segment', () => {
    const sentences = splitSentences([
      { start: 0, end: 3, text: 'We need to move the', speaker: 'Speaker 1' },
      { start: 3, end: 7, text: 'launch date. Also the budget', speaker: 'Speaker 1' },
      { start: 7, end: 9, text: 'is fine.', speaker: 'Speaker 1' },
    ]);
    expect(sentences.map((s) => s.text)).toEqual(['We need to move the launch date.', 'Also the budget is fine.']);
    expect(sentences[0]?.start).toBe(0);
    expect(sentences[0]?.atSegmentStart).toBe(true);
    expect(sentences[1]?.start).toBeGreaterThan(3);
    expect(sentences[1]?.start).toBeLessThan(7);
    expect(sentences[1]?.atSegmentStart).toBe(false);
  });

  it('ends a sentence when the speaker changes, and keeps abbreviations and decimals whole', () => {
    const sentences = splitSentences([
      { start: 0, end: 4, text: 'Dr. Smith said revenue was 3.5 million and', speaker: 'Speaker 1' },
      { start: 4, end: 6, text: 'Right. Exactly.', speaker: 'Speaker 2' },
    ]);
    expect(sentences.map((s) => s.text)).toEqual(['Dr. Smith said revenue was 3.5 million and', 'Right.', 'Exactly.']);
  });

  it('cuts unpunctuated text into about 20-word windows at increasing times', () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const sentences = splitSentences([{ start: 10, end: 40, text: words }]);
    expect(sentences).toHaveLength(3);
    expect(sentences.map((s) => s.wordCount)).toEqual([20, 20, 20]);
    expect(sentences.map((s) => s.start)).toEqual([10, 20, 30]);
  });

  it('merges tiny unpunctuated utterances and marks spoken questions', () => {
    const sentences = splitSentences([
      { start: 0, end: 1, text: 'okay so' },
      { start: 1, end: 3, text: 'the shipment arrived late again' },
      { start: 3, end: 5, text: 'why did that happen' },
      { start: 5, end: 9, text: 'the carrier lost the pallet in the depot' },
    ]);
    expect(sentences.map((s) => s.text)).toEqual([
      'okay so the shipment arrived late again',
      'why did that happen?',
      'the carrier lost the pallet in the depot',
    ]);
  });

  it('splits at CJK full stops', () => {
    expect(splitSentences([{ start: 0, end: 2, text: '今天开会。预算已确定！' }]).map((s) => s.text)).toEqual([
      '今天开会。',
      '预算已确定！',
    ]);
  });
});

describe('textRank', () => {
  it('ranks the sentence that connects the others highest, deterministically', () => {
    const sets = [
      new Set(['budget', 'launch']),
      new Set(['budget', 'launch', 'hiring', 'design']),
      new Set(['hiring', 'design']),
      new Set(['weather']),
    ];
    const scores = textRank(sets);
    expect(scores.indexOf(Math.max(...scores))).toBe(1);
    expect(scores[3]).toBeCloseTo(0.15);
    expect(textRank(sets)).toEqual(scores);
    expect(textRank([])).toEqual([]);
  });
});

describe('rankKeyphrases', () => {
  it('puts repeated phrases first and never returns stop words', () => {
    const sentences = splitSentences([
      { start: 0, end: 5, text: 'The marketing budget is tight. We really need to review the marketing budget.' },
      { start: 5, end: 9, text: 'Honestly the marketing budget and the hiring plan are linked.' },
      { start: 9, end: 12, text: 'The hiring plan starts in May.' },
    ]);
    const phrases = rankKeyphrases(sentences).map((k) => k.text);
    expect(phrases.slice(0, 2)).toEqual(['marketing budget', 'hiring plan']);
    for (const p of phrases) expect(p).not.toMatch(/\b(?:the|really|honestly|we)\b/i);
  });
});

describe('analyse', () => {
  it('ranks long transcripts on a sample, giving every sentence a salience', () => {
    const segments = Array.from({ length: 1_000 }, (_, i) => ({
      start: i * 5,
      end: i * 5 + 5,
      text: `Topic ${i % 7} covers warehouse item ${i % 13} and route ${i % 5}.`,
    }));
    const a = analyse(input(segments));
    expect(a.sentences).toHaveLength(1_000);
    expect(a.salience).toHaveLength(1_000);
    expect(a.salience.every((v) => Number.isFinite(v) && v >= 0)).toBe(true);
    expect(a.withHours).toBe(true);
  });

  it('uses the text when there are no segments', () => {
    const a = analyse({
      name: 'x',
      audioType: 'Podcast',
      language: 'English',
      text: 'One idea. Another idea.',
      segments: [],
    });
    expect(a.sentences.map((s) => s.text)).toEqual(['One idea.', 'Another idea.']);
  });
});

describe('format helpers', () => {
  it('formats timestamps, titles and cuts', () => {
    expect(formatTimestamp(75.9)).toBe('01:15');
    expect(formatTimestamp(3_725)).toBe('1:02:05');
    expect(formatTimestamp(5, true)).toBe('0:00:05');
    expect(titleCase('the state of the API in Q3 planning')).toBe('The State of the API in Q3 Planning');
    expect(truncate('one two three four five', 12)).toBe('one two…');
  });
});
