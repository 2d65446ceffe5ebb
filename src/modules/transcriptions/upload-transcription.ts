import { type MediaFacts, MediaRefusedError } from '../../engines/audio/probe-media.js';
import { type Outcome, engineFailure, fail, ok } from '../../shared/errors.js';
import { newId } from '../../shared/ids.js';
import type { Caller } from '../accounts/accounts.service.js';
import { type CreditsService, newReservation } from '../credits/credits.service.js';
import { type Transcript, transcriptText } from './openai-transcript-format.js';
import { DETECT_LANGUAGE, NoEngineError, type TranscriptionPipeline } from './transcription-pipeline.js';

/** OpenAI's transcription model names: each picks the standard engine or the enhanced one (ATELIER_ASR_ENHANCED...). */
export const TRANSCRIPTION_MODEL_ALIASES: Readonly<Record<string, 'standard' | 'enhanced'>> = {
  'whisper-1': 'standard',
  'gpt-4o-mini-transcribe': 'standard',
  'gpt-4o-transcribe': 'enhanced',
};

export interface UploadTranscriptionRequest {
  data: Buffer;
  model: string;
  /** An ISO-639-1 code (OpenAI's) or a name; absent: detected where an engine can, else English. */
  language: string | undefined;
  task: 'transcribe' | 'translate';
  /** The client left, or anything else that stops the work. */
  signal: AbortSignal;
  /** Partial text, piece by piece as the engine makes it. */
  onText?: ((delta: string) => void) | undefined;
}

export interface UploadTranscriptionDeps {
  pipeline: TranscriptionPipeline;
  credits: CreditsService;
  /** Credits per minute of audio (ATELIER_CREDITS_PER_TRANSCRIPTION_MINUTE); a charge is rounded up to a whole credit. */
  creditsPerMinute: number;
  /** The media limit: what a file whose header does not say its length is reserved for (decoding stops there). */
  maxMediaSeconds: number;
  /** How long a request may take to answer. */
  timeoutMs: number;
}

/** What `seconds` of audio cost: by the minute, rounded up to a whole credit. */
export const transcriptionCost = (seconds: number, creditsPerMinute: number): number =>
  Math.ceil((Math.round(seconds * 1000) * creditsPerMinute) / 60_000);

/** The probed file's charge could not be reserved: the answer is that refusal. */
class NotReserved extends Error {
  constructor(readonly outcome: Outcome<never>) {
    super('not reserved');
  }
}

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** A language as the pipeline takes it (an English name) from OpenAI's ISO code or a name; undefined: not one. */
function languageName(given: string): string | undefined {
  const trimmed = given.trim();
  if (/^[a-z]{2,3}$/i.test(trimmed)) {
    try {
      return languageNames.of(trimmed.toLowerCase());
    } catch {
      return undefined;
    }
  }
  return /^[\p{L} ()-]{2,50}$/u.test(trimmed) ? trimmed : undefined;
}

/**
 * An uploaded file transcribed (or translated to English) while the request waits (within `timeoutMs`), through the
 * same pipeline as the transcription jobs (probed against the media limits, decoded by ffmpeg, pieces to the engine).
 * Billed by audio duration: the probed duration is reserved before decoding, the decoded duration settled after
 * (never more than reserved), everything given back if it fails. Nothing is stored: the file lives in memory and in
 * a temporary folder removed when decoding ends; the ledger row is the only trace.
 */
export async function transcribeUpload(
  deps: UploadTranscriptionDeps,
  caller: Caller,
  request: UploadTranscriptionRequest,
): Promise<Outcome<Transcript & { model: string }>> {
  const choice = TRANSCRIPTION_MODEL_ALIASES[request.model];
  if (!choice)
    return fail(
      'invalid_input',
      `model: '${request.model}' is not a transcription model here; use one of ${Object.keys(TRANSCRIPTION_MODEL_ALIASES).join(', ')}`,
      {},
      'model',
    );
  const enhanced = choice === 'enhanced';
  const asked = request.language === undefined ? undefined : languageName(request.language);
  if (request.language !== undefined && !asked)
    return fail(
      'invalid_input',
      `language: '${request.language}' is not an ISO-639-1 code or a language name`,
      {},
      'language',
    );
  const translate = request.task === 'translate';
  const detects = deps.pipeline.pickEngine(DETECT_LANGUAGE, enhanced, { translate });
  const language = asked ?? (detects ? DETECT_LANGUAGE : 'English');
  const reservation = newReservation({
    accountId: caller.account.id,
    amount: 0,
    kind: 'transcription',
    reference: newId(),
  });
  let reserved = false;
  const reserve = async (facts: MediaFacts) => {
    reservation.amount = transcriptionCost(facts.durationSeconds ?? deps.maxMediaSeconds, deps.creditsPerMinute);
    const outcome = await deps.credits.reserve(reservation);
    if (!outcome.ok) throw new NotReserved(outcome);
    reserved = true;
  };
  const timeout = AbortSignal.timeout(deps.timeoutMs);
  const signal = AbortSignal.any([request.signal, timeout]);
  let outcome: Outcome<Transcript & { model: string }>;
  try {
    const result = await deps.pipeline.run({
      url: 'upload:',
      data: request.data,
      language,
      detectSpeakers: false,
      enhancedQuality: enhanced,
      translate,
      onProbed: reserve,
      signal,
      onProgress: async () => undefined,
      onSegments: (segments) => request.onText?.(transcriptText(segments)),
    });
    const heard = result.language ?? (language === DETECT_LANGUAGE ? 'English' : language);
    outcome = ok({
      task: request.task,
      language: translate ? 'English' : heard,
      duration: result.duration,
      segments: result.segments,
      model: result.model,
    });
  } catch (error) {
    outcome = failureOf(error, timeout.aborted, deps.timeoutMs);
  }
  if (!reserved) return outcome;
  if (outcome.ok)
    await deps.credits.settle(reservation, transcriptionCost(outcome.value.duration, deps.creditsPerMinute));
  else await deps.credits.release(reservation);
  return outcome;
}

function failureOf(error: unknown, timedOut: boolean, timeoutMs: number): Outcome<never> {
  if (error instanceof NotReserved) return error.outcome;
  if (timedOut)
    return fail('upstream', `The transcription took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`);
  if (error instanceof MediaRefusedError)
    return fail('invalid_input', `file: ${error.message.replace('the file at the URL', 'the file')}`, {}, 'file');
  if (error instanceof NoEngineError) return fail('invalid_input', error.message, {}, error.param);
  return engineFailure(error, 'Transcription failed', 'The transcription engine is not available');
}
