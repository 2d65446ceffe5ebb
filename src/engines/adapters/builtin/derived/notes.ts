import type { Analysis, Sentence } from './analysis.js';
import { durationPhrase } from '../../../../shared/durations.js';
import { asSentence, truncate } from './format.js';
import { topSentences } from './select.js';

const DAY =
  '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|eod|eow|end of (?:the )?(?:day|week|month)|next (?:week|month)|the end of)';

/** Each match of a strong cue counts twice: "I'll send it by Friday" outranks "it will be fine". */
const STRONG_ACTION = new RegExp(
  [
    "\\b(?:i|we|you|they|he|she)(?:'ll| will| shall)\\b",
    '\\bneeds? to\\b',
    "\\blet's\\b",
    "\\b(?:i'm|we're|you're|i am|we are|you are) going to\\b",
    '\\bmust\\b',
    '\\b(?:have|has) to\\b',
    `\\bby ${DAY}\\b`,
    '\\bdeadline\\b',
    '\\bdue\\b',
    '\\bassign(?:ed|ing)?\\b',
    '\\bfollow[- ]?up\\b',
    '\\baction items?\\b',
    '\\b(?:can|could|would) you\\b',
    '\\bmake sure\\b',
    "\\b(?:i'd|i would) like you to\\b",
    '\\bhomework\\b',
    '\\bplease\\b',
  ].join('|'),
  'gi',
);
const WEAK_ACTION =
  /\b(?:will|should|going to|gonna|plan to|to-?do|send|schedule|set up|book|draft|review|update|prepare|share|email|finali[sz]e|reach out|circle back)\b/gi;
const DECISION =
  /\b(?:decide[ds]?|decision|agree[ds]?|agreed|conclude[ds]?|settled|priority|important|key|so we|the plan|approve[ds]?|recommend(?:s|ed)?)\b/gi;
/** Running the meeting is not a task: "let's get started". */
const META = /\blet's (?:get started|start|begin|wrap up|wrap it up|move on|dive in|kick off|recap|get into)\b/gi;
const ADDRESSED = /\b(?:(?:can|could|would|will) you|you(?:'ll| will| need to| should| have to))\b/i;

function cues(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

/** Who should act: the speaker, or for "could you…" the next other speaker to answer. */
function owner(a: Analysis, s: Sentence): string | undefined {
  if (!s.speaker || !ADDRESSED.test(s.text)) return s.speaker;
  const reply = a.sentences.slice(s.index + 1, s.index + 4).find((x) => x.speaker && x.speaker !== s.speaker);
  return reply?.speaker ?? s.speaker;
}

const line = (s: Sentence, max = 220): string => truncate(asSentence(s.text), max);

export function actionItems(a: Analysis): string {
  const scored = a.sentences
    .filter((s) => s.wordCount >= 4 && (!s.text.trim().endsWith('?') || ADDRESSED.test(s.text)))
    .map((s) => ({ s, score: 2 * cues(s.text, STRONG_ACTION) + cues(s.text, WEAK_ACTION) - 2 * cues(s.text, META) }))
    .filter((x) => x.score >= 2)
    .sort(
      (x, y) =>
        y.score - x.score || (a.salience[y.s.index] ?? 0) - (a.salience[x.s.index] ?? 0) || x.s.index - y.s.index,
    )
    .slice(0, 12)
    .map((x) => x.s)
    .sort((x, y) => x.index - y.index);
  if (scored.length) {
    return scored
      .map((s) => {
        const who = owner(a, s);
        return `- [ ] ${line(s)}${who ? ` (owner: ${who})` : ''}`;
      })
      .join('\n');
  }
  const decisive = a.sentences.filter((s) => cues(s.text, DECISION) > 0);
  const followUps = topSentences(a, 3, decisive.length ? decisive : a.sentences);
  return [
    'No explicit action items were stated.',
    'Possible follow-ups:',
    ...followUps.map((s) => `- ${line(s)}`),
  ].join('\n');
}

export function questions(a: Analysis): string {
  const asked = a.sentences.filter((s) => s.text.trim().endsWith('?') && s.wordCount >= 3);
  const unique = asked.filter((s, i) => asked.findIndex((x) => x.text.toLowerCase() === s.text.toLowerCase()) === i);
  const picked = unique.length > 10 ? topSentences(a, 10, unique) : unique;
  const [first, second, third] = [0, 1, 2].map(
    (i) => a.keyphrases[i]?.text ?? a.keyphrases[0]?.text ?? 'what was said',
  );
  return [
    'Questions raised in the recording:',
    ...(picked.length
      ? picked.map((s) => `- ${truncate(asSentence(s.text), 240)}${s.speaker ? ` (${s.speaker})` : ''}`)
      : ['- No questions were asked in the recording.']),
    '',
    'Questions for discussion:',
    `- What were the most important points made about ${first}?`,
    `- What should happen next about ${second}?`,
    `- What remains unresolved about ${third}?`,
  ].join('\n');
}

type Category = 'subjective' | 'objective' | 'assessment' | 'plan' | 'intervention' | 'progress';

const CUES: Record<Category, RegExp> = {
  subjective:
    /\bi (?:feel|felt|am|was|get|keep|can't|cannot|don't|worry|struggle|want)\b|\bi'm\b|\bi've been\b|\bfeel(?:s|ing)?\b|\b(?:anxious|anxiety|sad|depressed|stressed|overwhelmed|tired|exhausted|worried|angry|lonely|panic(?:ky)?|afraid|scared|frustrated|hopeless|guilty|ashamed|numb)\b/gi,
  objective:
    /\b\d+(?:\.\d+)?\b|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twice|once|every)\s+(?:times?|hours?|nights?|days?|weeks?|minutes?|seconds?|months?|mornings?)\b/gi,
  assessment:
    /\bi think\b|\bit seems\b|\bseems? like\b|\bsounds? like\b|\bappears?\b|\bpatterns?\b|\bsuggests?\b|\bi(?:'m)? notic(?:e|ing)\b|\btends? to\b|\binsight\b|\bconnection\b|\bmakes sense\b|\bwhat i'm hearing\b|\bi wonder\b/gi,
  plan: /\bplan\b|\bjournal\b|\bshould\b|\bneeds? to\b|\bhomework\b|\bgoals?\b|\bnext (?:week|session|time)\b|\bbefore (?:we meet|our next)\b|\bpractice\b|\btry\b|\bgoing to\b|\bwill\b|'ll\b|\blet's\b|\bschedule\b|\bfollow up\b|\bcommit\b/gi,
  intervention:
    /\blet's\b|\bwhat if\b|\bhow about\b|\btry\b|\bpractice\b|\bexercise\b|\btechnique\b|\bbreath(?:e|ing)?\b|\bgrounding\b|\breframe\b|\bexplore\b|\bjournal(?:ing)?\b|\bimagine\b|\bnotice\b/gi,
  progress:
    /\bbetter\b|\bworse\b|\bimprov\w*|\bprogress\b|\bhelped\b|\bhelping\b|\bmanaged\b|\beasier\b|\bharder\b|\bless\b|\bsince (?:last|we)\b|\blast (?:week|session|time)\b|\bstill\b|\bagain\b/gi,
};

const NOT_DISCUSSED = '- Not discussed in this session.';

/** The speaker who talks most about their own feelings, when several speak: the client. */
function client(a: Analysis): string | undefined {
  if (a.speakers.length < 2) return undefined;
  const score = (sp: string): number =>
    a.sentences
      .filter((s) => s.speaker === sp)
      .reduce((n, s) => n + cues(s.text, CUES.subjective) - (s.text.endsWith('?') ? 1 : 0), 0);
  return [...a.speakers].sort((x, y) => score(y) - score(x) || x.localeCompare(y))[0];
}

/** Only the client reports feelings and only the clinician intervenes, when the speakers tell them apart. */
function applies(c: Category, s: Sentence, clientSpeaker: string | undefined): boolean {
  if (!clientSpeaker || !s.speaker) return true;
  if (c === 'subjective') return s.speaker === clientSpeaker;
  if (c === 'intervention') return s.speaker !== clientSpeaker;
  return true;
}

/** Each sentence goes to its best-cued category; ties go to the category listed first. Questions state nothing. */
function classify(a: Analysis, order: readonly Category[]): Map<Category, Sentence[]> {
  const buckets = new Map<Category, Sentence[]>(order.map((c) => [c, []]));
  const clientSpeaker = client(a);
  for (const s of a.sentences) {
    if (s.wordCount < 4 || s.text.endsWith('?')) continue;
    let top: Category | undefined;
    let topScore = 0;
    for (const c of order) {
      const score = applies(c, s, clientSpeaker) ? cues(s.text, CUES[c]) : 0;
      if (score > topScore) [top, topScore] = [c, score];
    }
    if (top) buckets.get(top)?.push(s);
  }
  return buckets;
}

function bullets(a: Analysis, pool: readonly Sentence[] | undefined, max = 4): string[] {
  const picked = topSentences(a, max, pool ?? []);
  return picked.map((s) => `- ${s.speaker ? `${s.speaker}: ` : ''}${line(s)}`);
}

/** Measured facts: the part of "Objective"/"Data" that needs no interpretation. */
function facts(a: Analysis): string {
  const parts: string[] = [];
  if (a.duration > 0) parts.push(`Session length ${durationPhrase(a.duration)}`);
  if (a.speakers.length) {
    const share = a.speakers.map((sp) => ({
      sp,
      words: a.sentences.filter((s) => s.speaker === sp).reduce((n, s) => n + s.wordCount, 0),
    }));
    const total = share.reduce((n, x) => n + x.words, 0) || 1;
    parts.push(
      `${a.speakers.length} speaker${a.speakers.length > 1 ? 's' : ''} (${share.map((x) => `${x.sp} ${Math.round((100 * x.words) / total)}% of words`).join(', ')})`,
    );
  }
  parts.push(`${a.segments.length} transcribed segment${a.segments.length === 1 ? '' : 's'}`);
  return `- ${parts.join('; ')}.`;
}

function section(heading: string, lines: string[]): string {
  return [`## ${heading}`, ...(lines.length ? lines : [NOT_DISCUSSED])].join('\n');
}

export function clinicalNote(field: 'progress_note' | 'soap_note' | 'dap_note', a: Analysis): string {
  if (field === 'soap_note') {
    const b = classify(a, ['plan', 'assessment', 'subjective', 'objective']);
    return [
      section('Subjective', bullets(a, b.get('subjective'))),
      section('Objective', [facts(a), ...bullets(a, b.get('objective'), 3)]),
      section('Assessment', bullets(a, b.get('assessment'))),
      section('Plan', bullets(a, b.get('plan'))),
    ].join('\n\n');
  }
  if (field === 'dap_note') {
    const b = classify(a, ['plan', 'assessment', 'subjective', 'objective']);
    const data = [...(b.get('subjective') ?? []), ...(b.get('objective') ?? [])];
    return [
      section('Data', [facts(a), ...bullets(a, data, 5)]),
      section('Assessment', bullets(a, b.get('assessment'))),
      section('Plan', bullets(a, b.get('plan'))),
    ].join('\n\n');
  }
  const b = classify(a, ['plan', 'intervention', 'progress', 'subjective']);
  return [
    section('Session Details', [facts(a)]),
    section('Session Summary', bullets(a, a.sentences, 3)),
    section('Presenting Concerns', bullets(a, b.get('subjective'))),
    section('Interventions', bullets(a, b.get('intervention'))),
    section('Progress', bullets(a, b.get('progress'))),
    section('Plan', bullets(a, b.get('plan'))),
  ].join('\n\n');
}
