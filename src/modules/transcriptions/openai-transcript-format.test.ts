import { describe, expect, it } from 'vitest';
import { formatTranscript, srt, timedWords, vtt } from './openai-transcript-format.js';

const segments = [
  { start: 0.5, end: 2, text: ' Good morning everyone. ' },
  { start: 3661.25, end: 3662.004, text: 'See you.' },
];
const transcript = { task: 'transcribe' as const, language: 'English', duration: 3663.2, segments };

describe('OpenAI transcript formats', () => {
  it('srt numbers its cues and writes times with a comma', () => {
    expect(srt(segments)).toBe(
      '1\n00:00:00,500 --> 00:00:02,000\nGood morning everyone.\n\n2\n01:01:01,250 --> 01:01:02,004\nSee you.\n',
    );
  });

  it('vtt starts with WEBVTT and writes times with a dot', () => {
    expect(vtt(segments)).toBe(
      'WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nGood morning everyone.\n\n01:01:01.250 --> 01:01:02.004\nSee you.\n',
    );
  });

  it('words share their segment out by length, in order, within it', () => {
    const words = timedWords([segments[0] ?? { start: 0, end: 0, text: '' }]);
    expect(words.map((w) => w.word)).toEqual(['Good', 'morning', 'everyone.']);
    expect(words[0]).toEqual({ word: 'Good', start: 0.5, end: 0.8 });
    expect(words.at(-1)?.end).toBe(2);
  });

  it('json and text carry the text; verbose_json the segments and words asked for', () => {
    expect(formatTranscript(transcript, 'json', []).body).toEqual({
      text: 'Good morning everyone. See you.',
      usage: { type: 'duration', seconds: 3664 },
    });
    expect(formatTranscript(transcript, 'text', [])).toEqual({
      type: 'text/plain; charset=utf-8',
      body: 'Good morning everyone. See you.\n',
    });
    const wordsOnly = formatTranscript(transcript, 'verbose_json', ['word']).body as Record<string, unknown>;
    expect(wordsOnly).toMatchObject({ task: 'transcribe', language: 'english', duration: 3663.2 });
    expect(wordsOnly.segments).toBeUndefined();
    expect(wordsOnly.words).toHaveLength(5);
    const both = formatTranscript(transcript, 'verbose_json', []).body as { segments: unknown[] };
    expect(both.segments).toHaveLength(2);
  });
});
