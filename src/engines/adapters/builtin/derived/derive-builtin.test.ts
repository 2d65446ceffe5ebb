import { describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '../../../spec/asr-model.js';
import { deriveBuiltin } from './derive-builtin.js';
import { DERIVED_FIELDS, type DerivedField, type TranscriptInput } from '../../../spec/text-task.js';
import { formatTimestamp } from '../../../../shared/durations.js';

/** [start, speaker, text]; each segment ends where the next starts. */
type Line = [number, string | undefined, string];

function transcript(audioType: string, lines: Line[], end: number, name = 'recording-0412'): TranscriptInput {
  const segments: TranscriptSegment[] = lines.map(([start, speaker, text], i) => ({
    start,
    end: lines[i + 1]?.[0] ?? end,
    text,
    ...(speaker ? { speaker } : {}),
  }));
  return { name, audioType, language: 'English', text: segments.map((s) => s.text).join(' '), segments };
}

const A = 'Speaker 1';
const B = 'Speaker 2';

const MEETING = transcript(
  'Meeting',
  [
    [0, A, "Okay, let's get started with the weekly product sync."],
    [6, A, 'The main topic today is the launch plan for the new mobile app.'],
    [12, B, 'Sounds good.'],
    [14, B, 'The beta feedback from last week was mostly positive, but users keep reporting slow login times.'],
    [24, A, 'How slow are we talking about?'],
    [28, B, 'On older Android phones the login screen takes about eight seconds to load.'],
    [36, A, 'That is too slow for a public launch.'],
    [41, B, 'I agree, the login performance has to be fixed before we ship.'],
    [48, A, 'Our engineering team thinks the delay comes from the authentication service.'],
    [56, B, "I'll profile the authentication service this week and share the results on Thursday."],
    [66, A, 'Great, thank you.'],
    [69, A, 'Next, the marketing budget.'],
    [73, A, 'We have forty thousand dollars left in the marketing budget for this quarter.'],
    [82, B, 'Most of the marketing budget should go to the launch campaign on social media.'],
    [90, A, "I'd like to keep part of the budget for influencer partnerships as well."],
    [98, B, 'That makes sense if the influencer partnerships can start before the launch date.'],
    [106, A, 'Can you draft a budget proposal with both options by Friday?'],
    [112, B, "Yes, I'll send the budget proposal to you and finance by Friday."],
    [119, A, 'Perfect.'],
    [121, A, 'Now, about the launch date itself.'],
    [125, A, 'The current plan is to launch the mobile app on March fifteenth.'],
    [132, B, 'If the login fix slips, the launch date will slip too.'],
    [139, A, "Then let's agree on a checkpoint meeting on March first to confirm the launch date."],
    [147, B, 'Good idea, I will schedule the checkpoint meeting and invite the whole team.'],
    [155, A, "What's the status of the hiring plan for the support team?"],
    [161, B, 'We interviewed five candidates for the two support roles.'],
    [167, B, 'Two candidates look strong, and we should make offers next week.'],
    [174, A, 'The support team will need training on the new app before launch day.'],
    [181, B, 'I can prepare the training materials once the beta is stable.'],
    [188, A, 'Please follow up with human resources about the offer letters.'],
    [194, B, 'Will do.'],
    [196, A, 'One more thing on customer feedback.'],
    [200, A, 'The app store reviews from the beta mention confusing onboarding screens.'],
    [208, B, 'Our designer has already sketched a simpler onboarding flow.'],
    [215, A, "Let's review the new onboarding flow in next week's design review."],
    [222, B, "Sounds good, I'll add it to the design review agenda."],
    [
      229,
      A,
      'To recap, login performance, the marketing budget, the launch date and support hiring are our priorities.',
    ],
    [238, B, 'Agreed.'],
    [240, A, 'Thanks everyone, see you next week.'],
    [244, B, 'Thanks, bye.'],
  ],
  247,
);

const ONE_SEGMENT = transcript(
  'Meeting',
  [[0, undefined, 'We should move the quarterly review to Monday so the finance team can attend.']],
  6,
);

/** pocketsphinx: lower case, no punctuation, uneven segments. */
const UNPUNCTUATED = transcript(
  'Interview',
  [
    [0, undefined, 'so thanks for coming in today'],
    [3, undefined, 'tell me a little about your experience with warehouse logistics'],
    [
      8,
      undefined,
      'sure i spent six years running inventory for a regional grocery chain and before that i drove delivery routes for a furniture company which taught me a lot about scheduling and loading trucks efficiently and how small delays add up over a whole week of deliveries',
    ],
    [31, undefined, 'what was the hardest part of running inventory'],
    [
      35,
      undefined,
      'honestly the hardest part was seasonal demand because the holiday weeks doubled our volume and the inventory system could not keep up so we built a spreadsheet forecast',
    ],
    [52, undefined, 'how did the forecast work'],
    [
      55,
      undefined,
      'we compared sales from the last three holiday seasons and ordered stock two weeks earlier for the products that sold out',
    ],
    [66, undefined, 'that sounds useful for our warehouse too'],
    [70, undefined, 'we will follow up next week about the second interview with the warehouse manager'],
  ],
  78,
  'interview',
);

const FIXTURES: [string, TranscriptInput][] = [
  ['meeting', MEETING],
  ['one segment', ONE_SEGMENT],
  ['unpunctuated', UNPUNCTUATED],
];

const copy = (t: TranscriptInput): TranscriptInput => ({ ...t, segments: t.segments.map((s) => ({ ...s })) });
const contentWords = (text: string): string[] => text.toLowerCase().match(/[a-z]{5,}/g) ?? [];

describe('deriveBuiltin', () => {
  for (const [label, t] of FIXTURES) {
    it(`gives every field for the ${label} transcript: non-empty, deterministic and grounded`, () => {
      const vocabulary = new Set(contentWords(t.text));
      for (const field of DERIVED_FIELDS) {
        const out = deriveBuiltin(field, copy(t));
        expect(out.trim(), field).not.toBe('');
        expect(out, field).not.toMatch(/lorem|ipsum|undefined|\bNaN\b|\[object/);
        expect(deriveBuiltin(field, copy(t)), field).toBe(out);
        const shared = contentWords(out).filter((w) => vocabulary.has(w));
        expect(shared.length, field).toBeGreaterThanOrEqual(field === 'title' || field === 'keywords' ? 1 : 2);
      }
    });
  }

  const meeting = (field: DerivedField): string => deriveBuiltin(field, MEETING);

  it('summarises with 3 to 5 sentences taken from the transcript, in order', () => {
    const sentences = meeting('summary').match(/[^.!?]+[.!?]/g) ?? [];
    expect(sentences.length).toBeGreaterThanOrEqual(3);
    expect(sentences.length).toBeLessThanOrEqual(5);
    const positions = sentences.map((s) => MEETING.text.indexOf(s.trim()));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((x, y) => x - y));
  });

  it('finds the planted action items, with their owners', () => {
    const items = meeting('action_items');
    const lines = items.split('\n');
    expect(lines.every((l) => l.startsWith('- [ ] '))).toBe(true);
    expect(items).toContain(
      "I'll profile the authentication service this week and share the results on Thursday. (owner: Speaker 2)",
    );
    expect(items).toContain('Can you draft a budget proposal with both options by Friday? (owner: Speaker 2)');
    expect(items).toContain('schedule the checkpoint meeting');
    expect(items).toContain('Please follow up with human resources about the offer letters. (owner: Speaker 1)');
    expect(items).toContain("Let's review the new onboarding flow");
    expect(items).not.toContain('Sounds good.');
  });

  it('says so when no action was stated, and still offers follow-ups', () => {
    const calm = transcript(
      'Meeting',
      [
        [0, A, 'The quarterly numbers were steady across every region.'],
        [5, B, 'Retail revenue grew slightly while online revenue stayed flat.'],
        [10, A, 'We agreed that the pricing change was the key reason for the retail growth.'],
      ],
      15,
    );
    const out = deriveBuiltin('action_items', calm);
    expect(out.startsWith('No explicit action items were stated.')).toBe(true);
    expect(out).toContain('We agreed that the pricing change was the key reason for the retail growth.');
  });

  it('keeps the keywords to 5-10 comma-separated phrases from the transcript', () => {
    const keywords = meeting('keywords').split(', ');
    expect(keywords.length).toBeGreaterThanOrEqual(5);
    expect(keywords.length).toBeLessThanOrEqual(10);
    for (const k of keywords) expect(MEETING.text.toLowerCase()).toContain(k.toLowerCase());
    expect(keywords).toContain('marketing budget');
  });

  it('titles under 80 characters, in Title Case', () => {
    const title = meeting('title');
    expect(title.length).toBeLessThan(80);
    expect(title).toMatch(/^[A-Z]/);
    expect(title).not.toContain('\n');
  });

  it('describes kind, length and speakers', () => {
    expect(meeting('description')).toMatch(/^A 4-minute meeting between 2 speakers covering .+\./);
  });

  it('starts overview sections at segment starts', () => {
    const starts = new Set(MEETING.segments.map((s) => formatTimestamp(s.start)));
    const lines = meeting('timestamped_overview').split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(5);
    expect(lines.length).toBeLessThanOrEqual(10);
    for (const line of lines) expect(starts.has(/^\[(\d\d:\d\d)\] \S/.exec(line)?.[1] ?? '')).toBe(true);
    expect(lines[0]).toMatch(/^\[00:00\]/);
  });

  it('groups topics with bullets drawn from the transcript', () => {
    const blocks = meeting('topics_and_bullets').split('\n\n');
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    expect(blocks.length).toBeLessThanOrEqual(6);
    for (const block of blocks) {
      const [heading, ...bullets] = block.split('\n');
      expect(heading).toMatch(/^## \S/);
      expect(bullets.length).toBeGreaterThanOrEqual(1);
      expect(bullets.length).toBeLessThanOrEqual(4);
      for (const b of bullets) expect(MEETING.text).toContain(b.replace(/^- /, ''));
    }
  });

  it('keeps every thread post within 280 characters and numbers them', () => {
    for (const t of [MEETING, ONE_SEGMENT, UNPUNCTUATED]) {
      const posts = deriveBuiltin('twitterThread', t).split('\n\n');
      expect(posts.length).toBeGreaterThanOrEqual(4);
      expect(posts.length).toBeLessThanOrEqual(7);
      posts.forEach((p, i) => {
        expect(p.length).toBeLessThanOrEqual(280);
        expect(p.startsWith(`${i + 1}/${posts.length} `)).toBe(true);
      });
    }
  });

  it('lists the questions that were asked, then discussion questions', () => {
    const out = meeting('questions');
    expect(out).toContain("What's the status of the hiring plan for the support team? (Speaker 1)");
    expect(out).toContain('How slow are we talking about?');
    expect(out.split('Questions for discussion:')[1]?.match(/\?/g)).toHaveLength(3);
  });

  it('works on unpunctuated text by windowing it into pseudo-sentences', () => {
    const summary = deriveBuiltin('summary', UNPUNCTUATED);
    const parts = summary.split(/(?<=[.?]) /).map((s) => s.replace(/[.?]$/, '').toLowerCase());
    expect(parts.length).toBeGreaterThanOrEqual(3);
    for (const part of parts) expect(UNPUNCTUATED.text).toContain(part);
    expect(deriveBuiltin('action_items', UNPUNCTUATED)).toContain('follow up next week');
    expect(deriveBuiltin('questions', UNPUNCTUATED)).toContain('- What was the hardest part of running inventory?');
  });

  it('copes with a transcript of fillers only', () => {
    const fillers = transcript(
      'Meeting',
      [
        [0, A, 'Yeah.'],
        [1, B, 'Okay, thanks.'],
        [2, A, 'Yeah.'],
      ],
      3,
    );
    for (const field of DERIVED_FIELDS) {
      const out = deriveBuiltin(field, fillers);
      expect(out.trim(), field).not.toBe('');
      expect(out, field).not.toMatch(/undefined|\bNaN\b/);
    }
    expect(deriveBuiltin('keywords', fillers)).toMatch(/thanks|okay|yeah/);
  });

  it('says plainly that nothing was transcribed for an empty transcript', () => {
    const empty: TranscriptInput = { name: 'call', audioType: 'Meeting', language: 'English', text: '', segments: [] };
    for (const field of DERIVED_FIELDS) expect(deriveBuiltin(field, empty).trim()).not.toBe('');
  });

  it('handles a ~25,000-word transcript in time that grows with its length, not with its square', () => {
    const podcast = (count: number) => {
      const lines: Line[] = [];
      for (let i = 0; lines.length < count; i++) {
        const [, speaker, text] = MEETING.segments.map((s) => [s.start, s.speaker, s.text] as Line)[i % 40] as Line;
        lines.push([i * 9, speaker, i % 3 ? text : `${text.replace(/[.?]$/, '')} in week ${Math.floor(i / 40)}.`]);
      }
      return transcript('Podcast', lines, lines.length * 9);
    };
    /** The CPU time of one run of every field, in microseconds: this process's own, whatever else the machine runs. */
    const timeAll = (input: TranscriptInput) => {
      const started = process.cpuUsage();
      for (const field of DERIVED_FIELDS) expect(deriveBuiltin(field, input).trim()).not.toBe('');
      const used = process.cpuUsage(started);
      return used.user + used.system;
    };
    const long = podcast(2_400);
    const short = podcast(300);
    expect(long.text.split(/\s+/).length).toBeGreaterThan(24_000);
    // The quickest of runs taken in turns: a pause (a collection, a cold cache) slows some runs, never speeds one up.
    timeAll(short);
    let eighth = Number.POSITIVE_INFINITY;
    let whole = Number.POSITIVE_INFINITY;
    for (let run = 0; run < 7; run++) {
      eighth = Math.min(eighth, timeAll(short));
      whole = Math.min(whole, timeAll(long));
    }
    // Eight times the words: about eight times the time if linear (~9.5 measured: n log n), 64 if quadratic.
    expect(whole / eighth).toBeLessThan(16);
    expect(deriveBuiltin('timestamped_overview', long)).toMatch(/^\[0:00:00\]/);
  });
});
