import { describe, expect, it } from 'vitest';
import { DERIVED_FIELDS, displayAudioType, fieldsFor } from './fields.js';

const COMMON = ['summary', 'title', 'description', 'keywords'];
const TAIL = ['linkedin_post', 'timestamped_overview', 'topics_and_bullets'];

describe('fieldsFor', () => {
  it('follows the table for each kind of recording', () => {
    expect(fieldsFor('Meeting')).toEqual([...COMMON, 'action_items', ...TAIL]);
    expect(fieldsFor('Podcast')).toEqual([
      ...COMMON,
      'show_notes',
      'twitterThread',
      'article',
      'newsletter',
      'questions',
      ...TAIL,
    ]);
    expect(fieldsFor('Therapy Session')).toEqual([...COMMON, ...TAIL, 'progress_note', 'soap_note', 'dap_note']);
    expect(fieldsFor('Interview')).toEqual([...COMMON, ...TAIL]);
    expect(fieldsFor('')).toEqual([...COMMON, ...TAIL]);
  });

  it('matches the kind case-insensitively on its words', () => {
    for (const raw of ['meeting', 'MEETING', ' Meeting ']) expect(fieldsFor(raw)).toEqual(fieldsFor('Meeting'));
    for (const raw of ['therapy session', 'therapy_session', 'THERAPY-SESSION', 'Therapy  Session']) {
      expect(fieldsFor(raw)).toEqual(fieldsFor('Therapy Session'));
    }
  });

  it('only lists known fields, in DERIVED_FIELDS order, and returns a fresh array', () => {
    for (const kind of ['Meeting', 'Podcast', 'Therapy Session', 'Sales Call']) {
      const fields = fieldsFor(kind);
      const positions = fields.map((f) => DERIVED_FIELDS.indexOf(f));
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect(positions).toEqual([...positions].sort((x, y) => x - y));
    }
    fieldsFor('Meeting').pop();
    expect(fieldsFor('Meeting')).toHaveLength(8);
  });
});

describe('displayAudioType', () => {
  it('capitalises each word and lower-cases the rest', () => {
    expect(displayAudioType('meeting')).toBe('Meeting');
    expect(displayAudioType('therapy session')).toBe('Therapy Session');
    expect(displayAudioType('therapy_session')).toBe('Therapy Session');
    expect(displayAudioType('THERAPY-SESSION')).toBe('Therapy Session');
    expect(displayAudioType('interview')).toBe('Interview');
    expect(displayAudioType('sales call')).toBe('Sales Call');
    expect(displayAudioType('  podcast ')).toBe('Podcast');
  });

  it('gives forms that fieldsFor recognises', () => {
    expect(fieldsFor(displayAudioType('therapy_session'))).toEqual(fieldsFor('therapy session'));
  });
});
