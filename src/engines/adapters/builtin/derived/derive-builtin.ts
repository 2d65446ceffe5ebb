import { type Analysis, type Sentence, analyse } from './analysis.js';
import { actionItems, clinicalNote, questions } from './notes.js';
import { formatTimestamp } from '../../../../shared/durations.js';
import type { DerivedField, TranscriptInput } from '../../../spec/text-task.js';
import { asSentence, durationAdjective, hashtag, joinList, titleCase, truncate, withArticle } from './format.js';
import { best, labelFor, sections, topSentences, topics } from './select.js';

/**
 * The offline version of a derived field: extractive (TextRank, RAKE) and deterministic, so every
 * word it prints comes from the transcript or from a fixed frame around it.
 */
export function deriveBuiltin(field: DerivedField, t: TranscriptInput): string {
  const a = analyse(t);
  if (!a.sentences.length) return nothingTranscribed(field, t);
  switch (field) {
    case 'summary':
      return summary(a);
    case 'title':
      return title(t, a);
    case 'description':
      return description(t, a);
    case 'keywords':
      return keywords(a).join(', ');
    case 'action_items':
      return actionItems(a);
    case 'show_notes':
      return showNotes(a);
    case 'twitterThread':
      return twitterThread(t, a);
    case 'article':
      return article(t, a);
    case 'newsletter':
      return newsletter(t, a);
    case 'questions':
      return questions(a);
    case 'linkedin_post':
      return linkedinPost(t, a);
    case 'timestamped_overview':
      return overview(a)
        .map((e) => `[${e.time}] ${e.label}`)
        .join('\n');
    case 'topics_and_bullets':
      return topicsAndBullets(a);
    case 'progress_note':
    case 'soap_note':
    case 'dap_note':
      return clinicalNote(field, a);
    default:
      return exhaustive(field);
  }
}

function exhaustive(field: never): string {
  throw new Error(`Unknown derived field: ${String(field)}`);
}

function nothingTranscribed(field: DerivedField, t: TranscriptInput): string {
  if (field === 'title')
    return t.name.trim() ? truncate(titleCase(t.name), 79) : `Untitled ${t.audioType || 'Recording'}`;
  if (field === 'keywords') return t.audioType.toLowerCase() || 'recording';
  return `No speech was transcribed in this ${t.audioType.toLowerCase() || 'recording'}, so there is nothing to draw from.`;
}

const kind = (t: TranscriptInput): string => t.audioType.trim().toLowerCase() || 'recording';
const quote = (s: Sentence, max = 240): string => truncate(asSentence(s.text), max);
const summaryCount = (a: Analysis): number => Math.min(5, Math.max(3, Math.round(a.sentences.length / 10)));

function summary(a: Analysis): string {
  return topSentences(a, summaryCount(a))
    .map((s) => quote(s, 400))
    .join(' ');
}

function keywords(a: Analysis, max = 10): string[] {
  const phrases = a.keyphrases.slice(0, max).map((k) => k.text);
  if (phrases.length) return phrases;
  // Only stop words were said ("Yeah, okay."): the longest words are all there is.
  const said = [...new Set(a.sentences.flatMap((s) => s.text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []))];
  return said.sort((x, y) => y.length - x.length || x.localeCompare(y)).slice(0, 5);
}

function title(t: TranscriptInput, a: Analysis): string {
  const phrases = a.keyphrases.slice(0, 3).map((k) => titleCase(k.text));
  const wordsIn = phrases.join(' ').split(' ').length;
  if (phrases.length >= 2 || (phrases.length === 1 && wordsIn >= 2)) {
    for (let k = phrases.length; k >= 1; k--) {
      const candidate = joinList(phrases.slice(0, k));
      if (candidate.length < 80) return candidate;
    }
  }
  const lead = best(a) ?? a.sentences[0];
  const fromSentence = lead ? titleCase(lead.text.replace(/[.!?…]+$/, '')) : '';
  if (fromSentence) return truncate(fromSentence, 79);
  return truncate(titleCase(t.name), 79) || `Untitled ${t.audioType}`;
}

function description(t: TranscriptInput, a: Analysis): string {
  const length = a.duration > 0 ? `${durationAdjective(a.duration)} ` : '';
  const who =
    a.speakers.length > 1
      ? ` between ${a.speakers.length} speakers`
      : a.speakers.length === 1
        ? ' with one speaker'
        : '';
  const covers = a.keyphrases.length ? ` covering ${joinList(keywords(a, 3))}` : '';
  const opening = withArticle(`${length}${kind(t)}`);
  const first = `${opening.charAt(0).toUpperCase()}${opening.slice(1)}${who}${covers}.`;
  const lead = best(a);
  return lead ? `${first} Key point: “${quote(lead, 180)}”` : first;
}

interface OverviewEntry {
  time: string;
  start: number;
  topic: string | undefined;
  label: string;
}

function overview(a: Analysis): OverviewEntry[] {
  const wanted = Math.min(10, Math.max(5, Math.round(a.sentences.length / 6)));
  const used = new Set<string>();
  return sections(a, wanted).map((part) => {
    const first = part[0] as Sentence;
    const topic = labelFor(a, part, used)?.text;
    const lead = best(a, part) ?? first;
    const label = `${topic ? `${titleCase(topic)}: ` : ''}${quote(lead, 140)}`;
    return { time: formatTimestamp(first.start, a.withHours), start: first.start, topic, label };
  });
}

function topicsAndBullets(a: Analysis): string {
  const groups = topics(a, 6, 4);
  if (!groups.length) return ['## Key Points', ...topSentences(a, 4).map((s) => `- ${quote(s, 220)}`)].join('\n');
  return groups
    .map((g) => [`## ${titleCase(g.phrase.text)}`, ...g.sentences.map((s) => `- ${quote(s, 220)}`)].join('\n'))
    .join('\n\n');
}

function speakerSuffix(s: Sentence): string {
  return s.speaker ? ` — ${s.speaker}` : '';
}

function showNotes(a: Analysis): string {
  const summarised = topSentences(a, summaryCount(a));
  const others = a.sentences.filter((s) => !summarised.includes(s) && s.wordCount >= 6);
  const quotes = topSentences(a, 3, others.length ? others : a.sentences);
  return [
    '## Episode Summary',
    summarised.map((s) => quote(s, 400)).join(' '),
    '',
    '## Topics Covered',
    ...overview(a).map((e) => `- [${e.time}] ${e.topic ? titleCase(e.topic) : e.label}`),
    '',
    '## Key Quotes',
    ...quotes.map((s) => `- “${quote(s, 300)}”${speakerSuffix(s)}`),
  ].join('\n');
}

const TWEET_LIMIT = 280;

function twitterThread(t: TranscriptInput, a: Analysis): string {
  const phrases = keywords(a, 3);
  const bodies = [
    `${title(t, a)}: the key points from this ${kind(t)}, in a thread 🧵`,
    ...topSentences(a, 4).map((s) => quote(s, TWEET_LIMIT)),
    `Topics covered: ${joinList(phrases)}. ${phrases.map(hashtag).filter(Boolean).slice(0, 2).join(' ')}`.trim(),
    `What's your take on ${phrases[0] ?? 'this'}? Reply and share your thoughts.`,
  ];
  return bodies
    .map((body, i) => {
      const prefix = `${i + 1}/${bodies.length} `;
      return prefix + truncate(body, TWEET_LIMIT - prefix.length);
    })
    .join('\n\n');
}

function article(t: TranscriptInput, a: Analysis): string {
  const intro = topSentences(a, 2);
  const groups = topics(a, 4, 5);
  const body = groups.length
    ? groups.map((g) => {
        const fresh = g.sentences.filter((s) => !intro.includes(s));
        return `## ${titleCase(g.phrase.text)}\n\n${(fresh.length ? fresh : g.sentences).map((s) => quote(s, 400)).join(' ')}`;
      })
    : [
        `## Highlights\n\n${topSentences(a, 5)
          .map((s) => quote(s, 400))
          .join(' ')}`,
      ];
  const lastThird = a.sentences.slice(Math.floor((a.sentences.length * 2) / 3));
  const closing = best(a, lastThird) ?? intro[intro.length - 1];
  const themes = keywords(a, 3);
  return [
    `# ${title(t, a)}`,
    `This ${kind(t)} explored ${joinList(themes)}. ${intro.map((s) => quote(s, 400)).join(' ')}`,
    ...body,
    `## Conclusion\n\n${closing ? `${quote(closing, 400)} ` : ''}Taken together, the discussion of ${joinList(themes)} sets out where things stand and what comes next.`,
  ].join('\n\n');
}

function newsletterNoun(t: TranscriptInput): string {
  const k = kind(t);
  return k === 'podcast' ? 'episode' : k === 'therapy session' ? 'session' : k;
}

function newsletter(t: TranscriptInput, a: Analysis): string {
  const noun = newsletterNoun(t);
  const highlights = topSentences(a, 4);
  const rest = topSentences(
    a,
    2,
    a.sentences.filter((s) => !highlights.includes(s)),
  );
  return [
    `Subject: ${title(t, a)}`,
    'Hi there,',
    `Here are the highlights from our latest ${noun}:\n${highlights.map((s) => `- ${quote(s, 260)}`).join('\n')}`,
    `In this ${noun}\nWe talked about ${joinList(keywords(a, 4))}. ${(rest.length ? rest : highlights.slice(0, 1)).map((s) => quote(s, 300)).join(' ')}`,
    'Thanks for reading, and see you next time.',
  ].join('\n\n');
}

function linkedinPost(t: TranscriptInput, a: Analysis): string {
  const phrases = keywords(a, 5);
  const lead = best(a) ?? (a.sentences[0] as Sentence);
  const others = topSentences(
    a,
    3,
    a.sentences.filter((s) => s !== lead),
  );
  const takeaways = others.length ? others : [lead];
  const tags = [...new Set([...phrases.map(hashtag), hashtag(t.audioType)].filter(Boolean))].slice(0, 5);
  return [
    `A few takeaways from a recent ${kind(t)} on ${joinList(phrases.slice(0, 2))}.`,
    others.length ? `“${quote(lead, 280)}”` : '',
    `${takeaways.length === 3 ? 'Three things' : 'What'} stood out:\n${takeaways.map((s) => `• ${quote(s, 220)}`).join('\n')}`,
    `How are you approaching ${phrases[0] ?? 'this'}? I'd like to hear your view.`,
    tags.join(' '),
  ]
    .filter(Boolean)
    .join('\n\n');
}
