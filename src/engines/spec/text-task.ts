import type { PresetInputs } from '../../shared/presets/preset-template.js';
import type { PresetDefinition } from '../../shared/presets/preset-types.js';
import type { TranscriptSegment } from './asr-model.js';

/**
 * What a text call is asked to do, as data, beside its messages (`TextCallOptions.task`). An engine with a
 * language model answers the messages, where the service wrote its instructions, and needs no task; an engine
 * without one (the offline builtin) composes its answer from the task. The service never renders an engine's
 * answer for it, so no engine pays for another's.
 */
export type TextTask = PresetOutputTask | DerivedFieldTask | GroundedAnswerTask | StyleProfileTask;

/** Output number `output` (0-based) of a preset (POST /api/generate), from the values its fields resolved to. */
export interface PresetOutputTask {
  kind: 'preset-output';
  /** The whole definition: its `prompt` made the messages, its `builtin` compositions are for an engine without a model. */
  preset: PresetDefinition;
  inputs: PresetInputs;
  output: number;
  /**
   * The brand voice's instructions (its first 2,000 characters), also the first system message: an engine
   * without a model applies what it can measure of them (builtin/style-application.ts).
   */
  brandVoice?: string;
}

/** One piece of content derived from a finished transcription. */
export interface DerivedFieldTask {
  kind: 'derived-field';
  field: DerivedField;
  transcript: TranscriptInput;
}

/**
 * An answer to `question` from the passages retrieved for it (a bot's knowledge base), citing them by number:
 * [1] is `sources[0]`, unless the result's `citedSources` says which of them it cites.
 */
export interface GroundedAnswerTask {
  kind: 'grounded-answer';
  question: string;
  sources: GroundingSource[];
  /** The bot's welcome message, offered when the sources have nothing on the question. */
  welcomeMessage: string | null;
}

/**
 * Brand-voice instructions drafted from writing samples (a brand voice's samples, a page's text): a language model
 * describes the voice; an engine without one measures it (sentence length, reading level, person, favoured words).
 */
export interface StyleProfileTask {
  kind: 'style-profile';
  samples: string;
}

export interface GroundingSource {
  title: string;
  passage: string;
}

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
