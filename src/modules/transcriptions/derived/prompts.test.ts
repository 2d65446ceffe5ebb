import { describe, expect, it } from 'vitest';
import { DERIVED_FIELDS, type TranscriptInput } from './fields.js';
import { TRANSCRIPT_BUDGET, fieldMessages, fitToBudget } from './prompts.js';

const SHORT: TranscriptInput = {
  name: 'Weekly sync',
  audioType: 'Meeting',
  language: 'French',
  text: 'We need a new launch date. I will send the plan by Friday.',
  segments: [
    { start: 0, end: 4, text: 'We need a new launch date.', speaker: 'Speaker 1' },
    { start: 74, end: 80, text: ' I will send the plan by Friday. ', speaker: 'Speaker 2' },
  ],
};

describe('fieldMessages', () => {
  it('sends a system message and a user message with the instruction and the timestamped transcript', () => {
    const [system, user, ...rest] = fieldMessages('summary', SHORT);
    expect(rest).toEqual([]);
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('professional writer');
    expect(system?.content).toContain('Write in French.');
    expect(system?.content).toContain('content only');
    expect(user?.role).toBe('user');
    expect(user?.content).toContain('Recording: "Weekly sync", meeting, 1 minute, 2 speakers.');
    expect(user?.content).toContain(
      '[00:00] Speaker 1: We need a new launch date.\n[01:14] Speaker 2: I will send the plan by Friday.',
    );
  });

  it('gives each field its own instruction', () => {
    const instructions = DERIVED_FIELDS.map((f) => fieldMessages(f, SHORT)[1]?.content.split('\n')[0] ?? '');
    expect(new Set(instructions).size).toBe(DERIVED_FIELDS.length);
    const instruction = (f: (typeof DERIVED_FIELDS)[number]): string => fieldMessages(f, SHORT)[1]?.content ?? '';
    expect(instruction('soap_note')).toMatch(/Subjective.+Objective.+Assessment.+Plan/);
    expect(instruction('dap_note')).toMatch(/Data.+Assessment.+Plan/);
    expect(instruction('twitterThread')).toContain('at most 280 characters');
    expect(instruction('timestamped_overview')).toContain('[mm:ss]');
    expect(instruction('action_items')).toContain('- [ ]');
  });

  it('switches to hour timestamps for long recordings', () => {
    const long: TranscriptInput = { ...SHORT, segments: [{ start: 3_700, end: 3_710, text: 'Late remark.' }] };
    const user = fieldMessages('timestamped_overview', long)[1]?.content ?? '';
    expect(user).toContain('[1:01:40] Late remark.');
    expect(user).toContain('[h:mm:ss]');
  });

  it('falls back to the plain text when there are no segments', () => {
    const user = fieldMessages('title', { ...SHORT, segments: [] })[1]?.content ?? '';
    expect(user).toContain('no timestamps available');
    expect(user).toContain(SHORT.text);
  });

  it('keeps the start and the end of a long transcript and says the middle was cut', () => {
    const segments = Array.from({ length: 3_000 }, (_, i) => ({
      start: i * 4,
      end: i * 4 + 4,
      text: `Line number ${i} of a long talk about logistics.`,
    }));
    const user = fieldMessages('summary', { ...SHORT, segments })[1]?.content ?? '';
    expect(user.length).toBeLessThan(TRANSCRIPT_BUDGET + 1_000);
    expect(user).toContain('Line number 0 of');
    expect(user).toContain('Line number 2999 of');
    expect(user).toMatch(/\[… the middle of the transcript was cut for length: \d+ lines left out …\]/);
  });

  it('cuts a transcript without segments (one huge text) the same way', () => {
    const text = Array.from({ length: 20_000 }, (_, i) => `w${i}`).join(' ');
    const user = fieldMessages('summary', { ...SHORT, text, segments: [] })[1]?.content ?? '';
    expect(user.length).toBeLessThan(TRANSCRIPT_BUDGET + 1_000);
    expect(user).toContain('w0 w1 w2');
    expect(user).toContain('w19998 w19999');
    expect(user).toContain('middle of the transcript was cut');
  });

  it('leaves a transcript within the budget untouched', () => {
    expect(fitToBudget(['a', 'b'], 10)).toBe('a\nb');
  });
});
