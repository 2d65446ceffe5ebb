import { describe, expect, it } from 'vitest';
import { answerTask } from './task-answer.js';
import { OFFLINE_PROFILE_HEADING, measureStyle, styleProfile } from './style-profile.js';

const SHORT_YOU = 'You can do it. You will love it. Try it today. Your garden will thank you.';
const LONG_THEY =
  'The committee considered the proposal at considerable length, and they concluded, after a lengthy deliberation involving numerous stakeholders, that its implementation would necessitate additional appropriations. ' +
  'Their recommendation, accordingly, was that the organisation postpone its decision until the subsequent financial year.';

describe('the offline style profile', () => {
  it('measures sentence length, reading level and person', () => {
    const short = measureStyle(SHORT_YOU);
    const long = measureStyle(LONG_THEY);
    expect(short.sentences).toBe(4);
    expect(short.averageSentenceWords).toBe(4);
    expect(short.person).toBe('second');
    expect(long.person).toBe('third');
    expect(long.averageSentenceWords).toBe(20);
    expect(short.readingEase).toBeGreaterThan(long.readingEase);
    expect(measureStyle('We make it. Our team ships it. We love our work.').person).toBe('first');
  });

  it('favours the words the samples repeat, without stopwords, and names cliches the samples never use', () => {
    const m = measureStyle('Honey is gold. Our honey is raw honey. Bees make honey, and bees leverage flowers.');
    expect(m.favoured[0]).toBe('honey');
    expect(m.favoured).toContain('bees');
    expect(m.favoured).not.toContain('and');
    expect(m.avoided).not.toContain('leverage');
    expect(m.avoided).toContain('synergy');
  });

  it('is written as instructions that start by saying what wrote them, the same every time', () => {
    const text = styleProfile(SHORT_YOU);
    expect(text.split('\n')[0]).toBe(OFFLINE_PROFILE_HEADING);
    expect(text).toContain('about 4 words a sentence');
    expect(text).toContain('second person');
    expect(styleProfile(SHORT_YOU)).toBe(text);
    expect(answerTask({ kind: 'style-profile', samples: SHORT_YOU }).text).toBe(text);
    expect(styleProfile('...')).toContain('no words to measure');
  });
});
