import type { TranscriptSegment } from '../../../engines/spec/asr-model.js';

/** Every piece of content that can be derived from a transcript, in display order. */
export const DERIVED_FIELDS = [
  'summary',
  'title',
  'description',
  'keywords',
  'action_items',
  'show_notes',
  'twitterThread',
  'article',
  'newsletter',
  'questions',
  'linkedin_post',
  'timestamped_overview',
  'topics_and_bullets',
  'progress_note',
  'soap_note',
  'dap_note',
] as const;

export type DerivedField = (typeof DERIVED_FIELDS)[number];

/** What the derivations read: one finished transcription. */
export interface TranscriptInput {
  name: string;
  /** Display form: "Meeting", "Therapy Session"... */
  audioType: string;
  /** Language name: English, French... */
  language: string;
  text: string;
  segments: TranscriptSegment[];
}

const COMMON: readonly DerivedField[] = ['summary', 'title', 'description', 'keywords'];
const TAIL: readonly DerivedField[] = ['linkedin_post', 'timestamped_overview', 'topics_and_bullets'];

const BY_KIND: Record<string, readonly DerivedField[]> = {
  meeting: [...COMMON, 'action_items', ...TAIL],
  podcast: [...COMMON, 'show_notes', 'twitterThread', 'article', 'newsletter', 'questions', ...TAIL],
  'therapy session': [...COMMON, ...TAIL, 'progress_note', 'soap_note', 'dap_note'],
};

function words(raw: string): string[] {
  return raw
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** The fields produced for one kind of recording; kinds without their own list get the common ones. */
export function fieldsFor(audioType: string): DerivedField[] {
  return [...(BY_KIND[words(audioType).join(' ')] ?? [...COMMON, ...TAIL])];
}

/** "therapy_session" → "Therapy Session": the form stored on records and shown to people. */
export function displayAudioType(raw: string): string {
  return words(raw)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
