import { z } from 'zod';
import type { Warning } from '../../engines/spec/warnings.js';
import { defineOperation } from '../../operations/operation.js';
import { AppError, unwrap } from '../../shared/errors.js';
import { TRANSCRIPT_FORMATS, type Transcript, formatTranscript } from './openai-transcript-format.js';
import type { TranscriptionsService } from './transcriptions.service.js';
import { TRANSCRIPTION_MODEL_ALIASES } from './upload-transcription.js';

/** OpenAI's limit on an uploaded file. */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** The form's fields (multipart/form-data, beside the `file` part), as OpenAI's clients send them. */
export const openAiTranscriptionFields = z.strictObject({
  model: z
    .string()
    .min(1)
    .max(200)
    .describe(
      `${Object.keys(TRANSCRIPTION_MODEL_ALIASES).join(', ')} (gpt-4o-transcribe: the enhanced engine when one is configured)`,
    ),
  language: z
    .string()
    .max(50)
    .optional()
    .describe('ISO-639-1 code (en, fr...) or a name; absent: detected where an engine can, else English'),
  prompt: z.string().max(4_096).optional(),
  temperature: z.coerce.number().min(0).max(1).optional(),
  response_format: z.enum(TRANSCRIPT_FORMATS).default('json'),
  'timestamp_granularities[]': z
    .array(z.enum(['segment', 'word']))
    .max(2)
    .optional(),
  'include[]': z.array(z.literal('logprobs')).max(1).optional(),
  stream: flag.optional(),
});

export type OpenAiTranscriptionFields = z.output<typeof openAiTranscriptionFields>;

/** The upload as the route reads it: the fields, parsed, and the file. */
export interface TranscriptionUpload extends OpenAiTranscriptionFields {
  file?: Buffer;
}

/** What the engines here do not take, said rather than dropped. */
export function ignoredFields(fields: OpenAiTranscriptionFields): Warning[] {
  const named = (['prompt', 'temperature', 'include[]'] as const).filter((name) => fields[name] !== undefined);
  return named.map((setting) => ({
    type: 'unsupported-setting',
    setting,
    message: `${setting} is not supported by the transcription engines here and was ignored`,
  }));
}

/**
 * The file and the fields of an input: the route reads the form (the fields checked by openAiTranscriptionFields),
 * a JSON body has no file and is refused here.
 */
export function uploadOf(input: unknown): { file: Buffer; fields: OpenAiTranscriptionFields } {
  const file = typeof input === 'object' && input !== null && 'file' in input ? input.file : undefined;
  if (!Buffer.isBuffer(file) || file.length === 0)
    throw new AppError(
      'invalid_input',
      'file: is required: send the audio as the file part of a multipart/form-data body',
      {},
      'file',
    );
  return { file, fields: input as OpenAiTranscriptionFields };
}

export type AudioTask = Transcript['task'];

function description(task: AudioTask): string {
  return (
    `${task === 'translate' ? "OpenAI's translations: the text in English whatever the language spoken, on an engine that translates (whisper, a remote OpenAI-compatible one); an engine that transcribes only (pocketsphinx) is a 400 that names it. language, if given, is the language spoken." : "OpenAI's transcriptions."} ` +
    `multipart/form-data with a file (at most 25 MB; probed with the media limits before it is decoded) and the fields below. ` +
    'Done while the request waits (ATELIER_ASR_SYNC_TIMEOUT_MS) and billed by audio duration (ATELIER_CREDITS_PER_TRANSCRIPTION_MINUTE): the probed duration is reserved before decoding, the decoded one charged, all given back if it fails; the upload is not kept. ' +
    'response_format json, text, srt, vtt or verbose_json (segments, and words with timestamp_granularities[]=word: word times are shared out within each segment). ' +
    'With stream=true: server-sent events transcript.text.delta (one per piece the engine transcribes) and transcript.text.done. ' +
    'prompt, temperature and include[] are accepted and named in x-atelier-warning headers: the engines here do not take them.'
  );
}

/** The work of both routes; the HTTP route streams and sets the media type itself. */
export function runTranscription(
  transcriptions: TranscriptionsService,
  caller: Parameters<TranscriptionsService['transcribeNow']>[0],
  task: AudioTask,
  upload: { file: Buffer; fields: OpenAiTranscriptionFields },
  signal: AbortSignal,
  onText?: (delta: string) => void,
) {
  const { file, fields } = upload;
  return transcriptions.transcribeNow(caller, {
    data: file,
    model: fields.model,
    language: fields.language,
    task,
    signal,
    onText,
  });
}

function operation(transcriptions: TranscriptionsService, task: AudioTask) {
  const path = task === 'translate' ? 'translations' : 'transcriptions';
  return defineOperation({
    name: task === 'translate' ? 'create_audio_translation' : 'create_audio_transcription',
    summary: `${task === 'translate' ? 'Translation to English' : 'Transcription'} of an uploaded file in the OpenAI format`,
    description: description(task),
    tags: ['transcription'],
    input: openAiTranscriptionFields.nullish(),
    output: z.looseObject({ text: z.string() }).describe('json and verbose_json; text, srt and vtt are text'),
    errors: [400, 401, 402, 413, 429, 502, 503],
    run: async (input, { caller }) => {
      const upload = uploadOf(input);
      const transcript = unwrap(
        await runTranscription(transcriptions, caller, task, upload, new AbortController().signal),
      );
      const { fields } = upload;
      const { body } = formatTranscript(transcript, fields.response_format, fields['timestamp_granularities[]'] ?? []);
      return typeof body === 'string' ? { text: body } : (body as { text: string });
    },
    http: {
      method: 'POST',
      path: `/api/audio/${path}`,
      aliases: [`/v1/audio/${path}`],
      operationId: task === 'translate' ? 'createAudioTranslation' : 'createAudioTranscription',
      openaiErrors: true,
      bodyLimit: MAX_UPLOAD_BYTES + 1024 * 1024,
      ownRoute: true,
    },
  });
}

export function openAiTranscriptionOperations(transcriptions: TranscriptionsService) {
  return {
    createAudioTranscription: operation(transcriptions, 'transcribe'),
    createAudioTranslation: operation(transcriptions, 'translate'),
  };
}
