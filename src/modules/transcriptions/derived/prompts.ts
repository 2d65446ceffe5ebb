import type { TranscriptSegment } from '../../../engines/spec/asr-model.js';
import type { ChatMessage } from '../../../engines/spec/text-model.js';
import type { DerivedField, TranscriptInput } from './fields.js';
import { durationPhrase, formatTimestamp } from '../../../shared/durations.js';

/** The transcript part of a prompt stays under this many characters; the middle goes first. */
export const TRANSCRIPT_BUDGET = 60_000;
/** A line longer than this (a transcript without segments) is cut so the head and tail can be kept. */
const MAX_LINE = 2_000;

interface Context {
  kind: string;
  /** "episode", "meeting", "session"... */
  noun: string;
  stamp: string;
}

const NOTE_RULE =
  'Use only what the transcript supports, write "Not discussed in this session." under a section with nothing to report, and do not invent diagnoses.';

const BRIEFS: Record<DerivedField, { label: string; instruction: (c: Context) => string }> = {
  summary: {
    label: 'a summary',
    instruction: (c) =>
      `Summarise this ${c.kind} in one paragraph of 3 to 5 sentences: its main points, decisions and outcomes.`,
  },
  title: {
    label: 'a title',
    instruction: (c) =>
      `Write one title for this ${c.kind}: Title Case, under 80 characters, on a single line, without quotation marks.`,
  },
  description: {
    label: 'a short description',
    instruction: (c) =>
      `Describe this ${c.kind} in 1 or 2 sentences: what kind of recording it is, what it covers, how long it is and how many people speak.`,
  },
  keywords: {
    label: 'keywords',
    instruction: () =>
      'List the 5 to 10 keyphrases that best describe the content, on one line, separated by commas, lower case except proper nouns.',
  },
  action_items: {
    label: 'a list of action items',
    instruction: () =>
      'List every action item agreed or requested, one per line as "- [ ] task (owner: name)", naming the owner when the transcript says who will do it and keeping any deadline. If there are none, write "No explicit action items were stated." and list 2 or 3 possible follow-ups.',
  },
  show_notes: {
    label: 'podcast show notes',
    instruction: (c) =>
      `Write show notes with three parts: "## Episode Summary" (one paragraph), "## Topics Covered" (bullets, each starting with the ${c.stamp} timestamp where the topic begins, taken from the transcript) and "## Key Quotes" (2 or 3 verbatim quotes with their speaker).`,
  },
  twitterThread: {
    label: 'a social media thread',
    instruction: () =>
      'Write a thread of 4 to 7 posts separated by blank lines. Start each post with its number as "1/N". Each post, number included, must be at most 280 characters. The first post is a hook that names the subject.',
  },
  article: {
    label: 'an article',
    instruction: () =>
      'Write an article: a title line starting with "# ", an introduction paragraph, 3 or 4 sections with "## " headings, and a conclusion under "## Conclusion".',
  },
  newsletter: {
    label: 'a newsletter',
    instruction: (c) =>
      `Write a newsletter: a "Subject:" line, a greeting, the highlights as bullets, a short paragraph headed "In this ${c.noun}", and a sign-off.`,
  },
  questions: {
    label: 'a list of questions',
    instruction: () =>
      'List the questions that were asked in the recording (with the speaker when known), then 3 open questions for discussion about its main topics.',
  },
  linkedin_post: {
    label: 'a LinkedIn post',
    instruction: () =>
      'Write a LinkedIn post of 3 to 6 short paragraphs: a hook, 3 takeaways as bullets, a closing question, and 3 to 5 relevant hashtags on the last line.',
  },
  timestamped_overview: {
    label: 'a timestamped overview',
    instruction: (c) =>
      `Write an overview of 5 to 10 lines, one per section in order, each as "${c.stamp} Section title: one-sentence description". Use only timestamps that appear in the transcript, where each section begins.`,
  },
  topics_and_bullets: {
    label: 'topics with bullet points',
    instruction: () =>
      'Group the content into 3 to 6 topics: for each, a "## " heading followed by 2 to 4 bullet points.',
  },
  progress_note: {
    label: 'a therapy progress note',
    instruction: () =>
      `Write a progress note with the sections "## Session Details", "## Presenting Concerns", "## Interventions", "## Progress" and "## Plan". ${NOTE_RULE}`,
  },
  soap_note: {
    label: 'a SOAP note',
    instruction: () =>
      `Write a SOAP note with the sections "## Subjective", "## Objective", "## Assessment" and "## Plan". ${NOTE_RULE}`,
  },
  dap_note: {
    label: 'a DAP note',
    instruction: () => `Write a DAP note with the sections "## Data", "## Assessment" and "## Plan". ${NOTE_RULE}`,
  },
};

/** The messages an LLM receives to write one derived field from a transcript. */
export function fieldMessages(
  field: DerivedField,
  t: TranscriptInput,
  budget: number = TRANSCRIPT_BUDGET,
): ChatMessage[] {
  const brief = BRIEFS[field];
  const kind = t.audioType.trim().toLowerCase() || 'recording';
  const duration = t.segments.reduce((max, s) => Math.max(max, s.end, s.start), 0);
  const withHours = duration >= 3600;
  const context: Context = {
    kind,
    noun: kind === 'podcast' ? 'episode' : kind === 'therapy session' ? 'session' : kind,
    stamp: withHours ? '[h:mm:ss]' : '[mm:ss]',
  };
  const language = t.language.trim() || 'the language of the transcript';
  const system = [
    `You are a professional writer turning the transcript of a ${kind} into ${brief.label}.`,
    `Write in ${language}.`,
    'Stay faithful to the transcript: do not invent names, facts, figures or quotes.',
    'Reply with the finished content only: no preamble, no notes about the instructions.',
  ].join('\n');
  const speakers = new Set(t.segments.flatMap((s) => (s.speaker ? [s.speaker] : []))).size;
  const about = [
    `"${t.name.trim() || 'Untitled'}"`,
    kind,
    duration > 0 ? durationPhrase(duration) : '',
    speakers ? `${speakers} speaker${speakers === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  const user = [
    brief.instruction(context),
    '',
    `Recording: ${about.join(', ')}.`,
    `Transcript (${t.segments.length ? `one line per segment: ${context.stamp} Speaker: text` : 'no timestamps available'}):`,
    fitToBudget(transcriptLines(t, withHours), budget),
  ].join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

export function transcriptLines(t: TranscriptInput, withHours: boolean): string[] {
  if (!t.segments.length) return splitLong(t.text.trim() || '(no speech was transcribed)');
  return t.segments.flatMap((s: TranscriptSegment) => {
    const text = s.text.trim();
    if (!text) return [];
    return splitLong(`[${formatTimestamp(s.start, withHours)}] ${s.speaker ? `${s.speaker}: ` : ''}${text}`);
  });
}

function splitLong(line: string): string[] {
  const out: string[] = [];
  let rest = line;
  while (rest.length > MAX_LINE) {
    const space = rest.lastIndexOf(' ', MAX_LINE);
    const at = space > MAX_LINE / 2 ? space : MAX_LINE;
    out.push(rest.slice(0, at));
    rest = rest.slice(at).trimStart();
  }
  out.push(rest);
  return out;
}

/** Keeps whole lines from the start and the end, and says how much of the middle was left out. */
export function fitToBudget(lines: readonly string[], budget: number): string {
  const full = lines.join('\n');
  if (full.length <= budget) return full;
  const half = budget / 2 - 100;
  const head: string[] = [];
  let used = 0;
  for (const l of lines) {
    if (used + l.length + 1 > half) break;
    head.push(l);
    used += l.length + 1;
  }
  const tail: string[] = [];
  used = 0;
  for (let i = lines.length - 1; i >= head.length; i--) {
    const l = lines[i] as string;
    if (used + l.length + 1 > half) break;
    tail.unshift(l);
    used += l.length + 1;
  }
  const cut = lines.length - head.length - tail.length;
  const note = `[… the middle of the transcript was cut for length: ${cut} line${cut === 1 ? '' : 's'} left out …]`;
  return [...head, note, ...tail].join('\n');
}
