import { describe, expect, it } from 'vitest';
import { cleanSegments } from './clean-segments.js';

describe('cleanSegments', () => {
  it('turns milliseconds into seconds and tidies the text', () => {
    expect(
      cleanSegments(
        [
          { text: '  Good morning,   everyone. ', t0: 0, t1: 1_840 },
          { text: ' Let us start.', t0: 1_840, t1: 3_105 },
        ],
        10,
      ),
    ).toEqual([
      { start: 0, end: 1.84, text: 'Good morning, everyone.' },
      { start: 1.84, end: 3.105, text: 'Let us start.' },
    ]);
  });

  it("drops whisper's marks for what is not speech, and segments left with no word", () => {
    const segments = [
      { text: ' [BLANK_AUDIO]', t0: 0, t1: 2_000 },
      { text: ' (upbeat music)', t0: 2_000, t1: 4_000 },
      { text: ' ♪ ♪', t0: 4_000, t1: 5_000 },
      { text: ' ...', t0: 5_000, t1: 6_000 },
      { text: ' [MUSIC] Welcome back (laughs) to the show.', t0: 6_000, t1: 8_000 },
      { text: ' Ça va? 42 [SPEAKER_TURN]', t0: 8_000, t1: 9_000 },
    ];
    expect(cleanSegments(segments, 10)).toEqual([
      { start: 6, end: 8, text: 'Welcome back to the show.' },
      { start: 8, end: 9, text: 'Ça va? 42' },
    ]);
  });

  it('keeps times inside the audio: ends are clamped, what starts after the end was made up over the padding', () => {
    const segments = [
      { text: ' Hello there.', t0: 300, t1: 18_880 },
      { text: ' Thank you for watching.', t0: 4_000, t1: 6_000 },
      { text: ' Backwards', t0: 1_000, t1: 500 },
    ];
    expect(cleanSegments(segments, 3.5)).toEqual([
      { start: 0.3, end: 3.5, text: 'Hello there.' },
      { start: 1, end: 1, text: 'Backwards' },
    ]);
  });
});
