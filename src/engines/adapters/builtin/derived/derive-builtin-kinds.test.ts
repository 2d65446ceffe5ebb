import { describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '../../../spec/asr-model.js';
import { deriveBuiltin } from './derive-builtin.js';
import { fieldsFor } from '../../../../modules/transcriptions/derived/fields.js';
import { DERIVED_FIELDS, type TranscriptInput } from '../../../spec/text-task.js';
import { formatTimestamp } from '../../../../shared/durations.js';

type Line = [number, string, string];

function transcript(audioType: string, lines: Line[], end: number): TranscriptInput {
  const segments: TranscriptSegment[] = lines.map(([start, speaker, text], i) => ({
    start,
    end: lines[i + 1]?.[0] ?? end,
    text,
    speaker,
  }));
  return { name: 'episode-12', audioType, language: 'English', text: segments.map((s) => s.text).join(' '), segments };
}

const HOST = 'Speaker 1';
const GUEST = 'Speaker 2';

const PODCAST = transcript(
  'Podcast',
  [
    [0, HOST, 'Welcome to The Deep Work Show, the podcast about focus and productivity.'],
    [7, HOST, 'Today my guest is a sleep researcher who studies how rest affects our work.'],
    [14, GUEST, 'Thanks for having me, I love talking about sleep.'],
    [18, HOST, "Let's start with the basics: how much sleep do adults actually need?"],
    [24, GUEST, 'Most adults need between seven and nine hours of sleep each night.'],
    [31, GUEST, 'When people sleep less than six hours, their focus drops within a few days.'],
    [39, HOST, 'Why does sleep matter so much for focus?'],
    [43, GUEST, 'During deep sleep the brain consolidates memories and clears out waste products.'],
    [51, GUEST, 'Without enough deep sleep, your working memory and attention both suffer.'],
    [59, HOST, 'A lot of our listeners work late at night on their laptops.'],
    [65, HOST, 'Is screen time before bed really that harmful?'],
    [70, GUEST, 'Bright screens delay the release of melatonin, which pushes your sleep schedule later.'],
    [78, GUEST, 'I recommend dimming screens and lights an hour before bed.'],
    [85, HOST, 'What about caffeine?'],
    [
      88,
      GUEST,
      'Caffeine has a half-life of about six hours, so an afternoon coffee can still affect your sleep at night.',
    ],
    [97, GUEST, 'My rule is no coffee after two in the afternoon.'],
    [103, HOST, "That's a tough rule for a lot of people!"],
    [107, HOST, "Let's talk about naps, are they good for productivity?"],
    [112, GUEST, 'Short naps of twenty minutes can boost alertness without making you groggy.'],
    [120, GUEST, 'Long naps late in the day can make it harder to fall asleep at night.'],
    [127, HOST, 'How should teams think about sleep and productivity?'],
    [132, GUEST, 'Managers should treat sleep as part of performance, not as a personal weakness.'],
    [140, GUEST, 'Teams that respect quiet hours after work report better focus and fewer mistakes.'],
    [148, HOST, 'If listeners remember one thing, what should it be?'],
    [153, GUEST, 'Protect a consistent sleep schedule, because regular sleep is the foundation of deep focus.'],
    [161, HOST, 'Thank you for joining us, and thanks to everyone for listening.'],
  ],
  168,
);

const THERAPIST = 'Speaker 1';
const CLIENT = 'Speaker 2';

const THERAPY = transcript(
  'Therapy Session',
  [
    [0, THERAPIST, 'Welcome back, how have things been since our last session?'],
    [6, CLIENT, 'Honestly, it has been a hard week.'],
    [10, CLIENT, "I've been feeling anxious every morning before work, and I only slept about five hours most nights."],
    [19, THERAPIST, 'That sounds exhausting.'],
    [22, THERAPIST, 'What happens in the mornings when the anxiety starts?'],
    [27, CLIENT, 'My chest gets tight and I keep thinking about everything that could go wrong in the team meeting.'],
    [36, CLIENT, 'On Tuesday I had a panic attack in the parking lot and almost went home.'],
    [44, THERAPIST, "I'm sorry that happened; it sounds like the team meeting is a big trigger for you."],
    [52, CLIENT, 'Yes, I feel like my manager is judging every word I say.'],
    [59, THERAPIST, "It seems like there's a pattern where you predict criticism before anything has happened."],
    [68, CLIENT, "I think that's true, I do that with my family too."],
    [74, THERAPIST, "Let's try the breathing exercise we practiced, four seconds in and six seconds out."],
    [82, CLIENT, 'Okay, I can do that.'],
    [85, THERAPIST, 'Notice how your shoulders feel as you breathe out slowly.'],
    [92, CLIENT, 'That actually helps, my chest feels a little looser.'],
    [98, THERAPIST, 'Good, you were able to calm your body in under two minutes.'],
    [105, CLIENT, 'I did use the breathing on Thursday and the meeting went better than I expected.'],
    [113, THERAPIST, "That's real progress compared with two weeks ago."],
    [118, THERAPIST, 'What do you think made Thursday different?'],
    [123, CLIENT, 'I wrote down what I wanted to say the night before, so I felt prepared.'],
    [
      131,
      THERAPIST,
      'Preparation seems to lower your anxiety, which suggests planning is a strength you can build on.',
    ],
    [140, THERAPIST, "For homework, I'd like you to practice the breathing exercise every morning before work."],
    [148, THERAPIST, 'Please also keep a short journal of the anxious thoughts you notice before meetings.'],
    [155, CLIENT, 'I will try the journal and bring it to our next session.'],
    [
      162,
      THERAPIST,
      'Our goal for next week is to notice the prediction pattern and test it against what actually happens.',
    ],
    [171, CLIENT, 'Thank you, this helped a lot.'],
  ],
  176,
);

const copy = (t: TranscriptInput): TranscriptInput => ({ ...t, segments: t.segments.map((s) => ({ ...s })) });
const contentWords = (text: string): string[] => text.toLowerCase().match(/[a-z]{5,}/g) ?? [];

function headings(text: string): string[] {
  return text
    .split('\n')
    .filter((l) => l.startsWith('## '))
    .map((l) => l.slice(3));
}

function sectionBody(text: string, heading: string): string {
  return text.split(`## ${heading}\n`)[1]?.split('\n\n')[0] ?? '';
}

describe('deriveBuiltin for podcasts and therapy sessions', () => {
  for (const [label, t] of [
    ['podcast', PODCAST],
    ['therapy', THERAPY],
  ] as const) {
    it(`gives every field for the ${label} transcript: non-empty, deterministic and grounded`, () => {
      const vocabulary = new Set(contentWords(t.text));
      for (const field of DERIVED_FIELDS) {
        const out = deriveBuiltin(field, copy(t));
        expect(out.trim(), field).not.toBe('');
        expect(deriveBuiltin(field, copy(t)), field).toBe(out);
        expect(contentWords(out).filter((w) => vocabulary.has(w)).length, field).toBeGreaterThanOrEqual(
          field === 'title' ? 1 : 2,
        );
      }
    });
  }

  it('writes show notes with a summary, timestamped topics and quotes', () => {
    const notes = deriveBuiltin('show_notes', PODCAST);
    expect(headings(notes)).toEqual(['Episode Summary', 'Topics Covered', 'Key Quotes']);
    const starts = new Set(PODCAST.segments.map((s) => formatTimestamp(s.start)));
    const topics = sectionBody(notes, 'Topics Covered').split('\n');
    expect(topics.length).toBeGreaterThanOrEqual(3);
    for (const line of topics) expect(starts.has(/^- \[(\d\d:\d\d)\]/.exec(line)?.[1] ?? '')).toBe(true);
    const quotes = sectionBody(notes, 'Key Quotes').split('\n');
    expect(quotes.length).toBeGreaterThanOrEqual(2);
    for (const q of quotes) expect(PODCAST.text).toContain(/“(.+)”/.exec(q)?.[1] ?? 'missing');
  });

  it('writes a thread of numbered posts within 280 characters, opening with the title', () => {
    const posts = deriveBuiltin('twitterThread', PODCAST).split('\n\n');
    expect(posts.length).toBeGreaterThanOrEqual(4);
    expect(posts.length).toBeLessThanOrEqual(7);
    expect(posts[0]).toContain(deriveBuiltin('title', PODCAST));
    for (const p of posts) expect(p.length).toBeLessThanOrEqual(280);
  });

  it('writes an article, a newsletter and a LinkedIn post with their parts', () => {
    const article = deriveBuiltin('article', PODCAST);
    expect(article.startsWith(`# ${deriveBuiltin('title', PODCAST)}\n\n`)).toBe(true);
    const sections = headings(article);
    expect(sections[sections.length - 1]).toBe('Conclusion');
    expect(sections.length - 1).toBeGreaterThanOrEqual(3);
    expect(sections.length - 1).toBeLessThanOrEqual(4);

    const newsletter = deriveBuiltin('newsletter', PODCAST);
    expect(newsletter).toMatch(/^Subject: \S/);
    expect(newsletter).toContain('Hi there,');
    expect(newsletter).toContain('\nIn this episode\n');
    expect(newsletter.match(/^- /gm)?.length).toBeGreaterThanOrEqual(3);

    const post = deriveBuiltin('linkedin_post', PODCAST);
    const paragraphs = post.split('\n\n');
    expect(paragraphs.length).toBeGreaterThanOrEqual(3);
    expect(paragraphs.length).toBeLessThanOrEqual(6);
    expect(post.match(/^• /gm)).toHaveLength(3);
    const tags = (paragraphs[paragraphs.length - 1] ?? '').split(' ');
    expect(tags.length).toBeGreaterThanOrEqual(3);
    expect(tags.length).toBeLessThanOrEqual(5);
    for (const tag of tags) expect(tag).toMatch(/^#[\p{L}\p{N}]+$/u);
  });

  it('lists the questions asked on the podcast', () => {
    const out = deriveBuiltin('questions', PODCAST);
    expect(out).toContain('Why does sleep matter so much for focus? (Speaker 1)');
    expect(out).toContain('Is screen time before bed really that harmful?');
  });

  it('fills SOAP, DAP and progress notes under their standard headings', () => {
    const soap = deriveBuiltin('soap_note', THERAPY);
    expect(headings(soap)).toEqual(['Subjective', 'Objective', 'Assessment', 'Plan']);
    expect(sectionBody(soap, 'Subjective')).toContain("I've been feeling anxious every morning before work");
    expect(sectionBody(soap, 'Objective')).toMatch(/Session length 3 minutes; 2 speakers/);
    expect(sectionBody(soap, 'Assessment')).toContain('pattern where you predict criticism');
    expect(sectionBody(soap, 'Plan')).toContain('For homework');

    const dap = deriveBuiltin('dap_note', THERAPY);
    expect(headings(dap)).toEqual(['Data', 'Assessment', 'Plan']);
    expect(sectionBody(dap, 'Data')).toContain('Speaker 2:');
    expect(sectionBody(dap, 'Plan')).toContain('journal');

    const progress = deriveBuiltin('progress_note', THERAPY);
    expect(headings(progress)).toEqual([
      'Session Details',
      'Session Summary',
      'Presenting Concerns',
      'Interventions',
      'Progress',
      'Plan',
    ]);
    expect(progress).not.toContain('Not discussed in this session.');
    expect(sectionBody(progress, 'Interventions')).toContain('breath');
  });

  it('says a section was not discussed instead of leaving it empty', () => {
    const soap = deriveBuiltin(
      'soap_note',
      transcript('Therapy Session', [[0, CLIENT, 'The weather was lovely on the coast.']], 4),
    );
    expect(sectionBody(soap, 'Assessment')).toBe('- Not discussed in this session.');
    expect(sectionBody(soap, 'Plan')).toBe('- Not discussed in this session.');
  });

  it('produces every field the table lists for each kind', () => {
    for (const t of [PODCAST, THERAPY]) {
      for (const field of fieldsFor(t.audioType)) expect(deriveBuiltin(field, t).length).toBeGreaterThan(20);
    }
  });
});
