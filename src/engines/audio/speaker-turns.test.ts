import { describe, expect, it } from 'vitest';
import { boundaryError, conversation, speakerErrorRate } from '../../../bench/speaker-recordings.mjs';
import { splitAtTurns } from './speaker-segments.js';
import { speakerTurns } from './speaker-turns.js';
import { detectSpeakers } from './speakers.js';

// Conversations of flite voices back to back (no pause between turns), turns of 2-10 s, as bench/speakers.mjs
// makes them; the figures over more of them are the bench's.
const cache = new Map<string, Buffer>();
const turns = 6;

describe('speakerTurns', () => {
  it('tells two voices apart without pauses between turns, and finds where each turn starts', () => {
    const { audio, truth } = conversation({ voices: ['slt', 'rms'], turns, seed: 1, cache });
    const result = speakerTurns(audio);
    expect(result.speakers).toBe(2);
    expect(speakerErrorRate(truth, result.turns)).toBeLessThan(0.05);
    const boundaries = boundaryError(truth, result.turns);
    expect(boundaries.missed).toBe(0);
    expect(boundaries.meanSeconds).toBeLessThan(0.2);
    // Labelling the recogniser's pause-cut pieces whole (the earlier way) hears one speaker here.
    const whole = detectSpeakers(audio, [{ start: 0, end: audio.pcm.length / 2 / audio.sampleRate }]);
    expect(whole.speakers).toBe(1);
  });

  it('tells three voices apart without pauses', () => {
    const { audio, truth } = conversation({ voices: ['slt', 'rms', 'awb'], turns, seed: 2, cache });
    const result = speakerTurns(audio);
    expect(result.speakers).toBe(3);
    expect(speakerErrorRate(truth, result.turns)).toBeLessThan(0.1);
  });

  it('keeps one voice as one speaker, with and without pauses, and is deterministic', () => {
    for (const pauseSeconds of [0, 0.5]) {
      const { audio } = conversation({ voices: ['rms'], turns, seed: 1, pauseSeconds, cache });
      const result = speakerTurns(audio);
      expect(result.speakers, `pause ${pauseSeconds}`).toBe(1);
      expect(speakerTurns(audio)).toEqual(result);
    }
  });

  it('finds nobody in silence', () => {
    expect(speakerTurns({ pcm: Buffer.alloc(16_000 * 4), sampleRate: 16_000 })).toEqual({ turns: [], speakers: 0 });
  });
});

describe('splitAtTurns', () => {
  const turns = [
    { start: 0, end: 2.05, speaker: 0 },
    { start: 2.05, end: 5, speaker: 1 },
  ];

  it('splits a segment at the word where the speaker changes, by the engine-given word times', () => {
    const words = [
      { text: 'so', start: 0.2, end: 0.5 },
      { text: 'that', start: 0.5, end: 1 },
      { text: 'is', start: 1, end: 1.9 },
      { text: 'yes', start: 2.1, end: 2.6 },
      { text: 'right', start: 2.6, end: 3.2 },
    ];
    expect(splitAtTurns([{ start: 0.2, end: 3.2, text: 'so that is yes right', words }], turns)).toEqual([
      { start: 0.2, end: 1.9, text: 'so that is', speaker: 'Speaker 1' },
      { start: 2.1, end: 3.2, text: 'yes right', speaker: 'Speaker 2' },
    ]);
  });

  it('spreads the words of a segment without word times by their length, and labels whole segments', () => {
    const split = splitAtTurns(
      [
        { start: 0, end: 4, text: 'aaaa bbbb cccc dddd' },
        { start: 4.2, end: 4.8, text: 'fine' },
      ],
      turns,
    );
    expect(split.map((s) => [s.text, s.speaker])).toEqual([
      ['aaaa bbbb', 'Speaker 1'],
      ['cccc dddd', 'Speaker 2'],
      ['fine', 'Speaker 2'],
    ]);
    expect(split[2]).toEqual({ start: 4.2, end: 4.8, text: 'fine', speaker: 'Speaker 2' });
  });
});
