import type { DerivedField } from '../../../engines/spec/text-task.js';

// The list is the engine spec's, which asks engines for them; which fields a recording gets is the service's.
export { DERIVED_FIELDS, type DerivedField, type TranscriptInput } from '../../../engines/spec/text-task.js';

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
