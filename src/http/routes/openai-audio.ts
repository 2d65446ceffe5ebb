import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Warning } from '../../engines/spec/warnings.js';
import { warningTexts } from '../../engines/spec/warning-text.js';
import { type OpenAiSpeechBody, speechStreamRequest } from '../../modules/speech/openai-speech.operations.js';
import type { SpeechService } from '../../modules/speech/speech.service.js';
import type { AnyOperation } from '../../operations/operation.js';
import { transcriptText } from '../../modules/transcriptions/openai-transcript-format.js';
import { formatTranscript } from '../../modules/transcriptions/openai-transcript-format.js';
import {
  MAX_UPLOAD_BYTES,
  type TranscriptionUpload,
  ignoredFields,
  openAiTranscriptionFields,
  runTranscription,
  uploadOf,
} from '../../modules/transcriptions/openai-transcriptions.operations.js';
import type { TranscriptionsService } from '../../modules/transcriptions/transcriptions.service.js';
import { AppError, storageFaultError, unwrap } from '../../shared/errors.js';
import { openAiError } from '../error-handler.js';
import { operationRoute } from '../operation-route.js';
import { clientGone, streamEvents } from '../sse.js';

/** Warnings as headers: one x-atelier-warning each, in printable ASCII (a header cannot carry more). */
export function warningHeaders(reply: FastifyReply, warnings: readonly Warning[]): void {
  const texts = warningTexts(warnings).map((text) => text.replace(/[^\x20-\x7e]/g, '?').slice(0, 500));
  if (texts.length > 0) reply.header('x-atelier-warning', texts);
}

/** POST /v1/audio/speech (and /api/audio/speech): the audio streams to the client as ffmpeg encodes it. */
export function openAiSpeechRoute(app: FastifyInstance, operation: AnyOperation, speech: SpeechService): void {
  operationRoute(app, operation, {
    handler: async (_request, reply, context, input) => {
      const request = speechStreamRequest(speech, input as OpenAiSpeechBody);
      const answer = unwrap(await speech.stream(context.caller, request, clientGone(reply).signal));
      warningHeaders(reply, answer.warnings);
      reply.header('x-atelier-engine', answer.engine);
      return reply.type(answer.contentType).header('x-atelier-speech-id', answer.uuid).send(answer.audio);
    },
  });
}

/** @fastify/multipart's limits on an upload to transcribe: one file of at most 25 MB and the few fields OpenAI has. */
const TRANSCRIPTION_UPLOAD_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 1,
  fields: 12,
  parts: 13,
  fieldSize: 8_192,
  headerPairs: 100,
};

const UPLOAD_LIMIT_MESSAGES: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: `file: can be at most 25 MB (${MAX_UPLOAD_BYTES} bytes)`,
  FST_FILES_LIMIT: 'file: send one file per request',
  FST_FIELDS_LIMIT: `Too many form fields: at most ${TRANSCRIPTION_UPLOAD_LIMITS.fields}`,
  FST_PARTS_LIMIT: `Too many form parts: at most ${TRANSCRIPTION_UPLOAD_LIMITS.parts}`,
};

const LIST_FIELDS = new Set(['timestamp_granularities[]', 'include[]']);

/** Reads the form: the file part into memory (bounded), the fields checked by the operation's own schema. */
async function readTranscriptionUpload(request: FastifyRequest): Promise<TranscriptionUpload | undefined> {
  if (!request.isMultipart()) return undefined;
  const fields: Record<string, string | string[]> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file')
          throw new AppError(
            'invalid_input',
            `unknown file part "${part.fieldname.slice(0, 50)}": send the audio as "file"`,
            {},
            part.fieldname.slice(0, 50),
          );
        file = await part.toBuffer();
        continue;
      }
      const value = typeof part.value === 'string' ? part.value : '';
      if (part.valueTruncated)
        throw new AppError(
          'invalid_input',
          `${part.fieldname.slice(0, 50)}: at most ${TRANSCRIPTION_UPLOAD_LIMITS.fieldSize} bytes`,
        );
      if (LIST_FIELDS.has(part.fieldname))
        fields[part.fieldname] = [...((fields[part.fieldname] as string[]) ?? []), value];
      else if (part.fieldname in fields)
        throw new AppError('invalid_input', `${part.fieldname.slice(0, 50)}: given more than once`, {}, part.fieldname);
      else fields[part.fieldname] = value;
    }
  } catch (error) {
    throw uploadError(error);
  }
  const parsed = openAiTranscriptionFields.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const param = issue?.path.length ? issue.path.join('.') : issue && 'keys' in issue ? String(issue.keys) : undefined;
    throw new AppError('invalid_input', validationMessageOf(parsed.error), {}, param);
  }
  return { ...parsed.data, ...(file && { file }) };
}

function validationMessageOf(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      if (issue.code === 'unrecognized_keys') return `unknown field(s): ${issue.keys.join(', ')}`;
      return `${issue.path.join('.') || 'body'}: ${issue.message}`;
    })
    .join('; ');
}

/** Limits become 413s that name the limit; a malformed form is the client's 400, never a 500. */
function uploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const fault = storageFaultError(error);
  if (fault) return fault;
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const limit = UPLOAD_LIMIT_MESSAGES[code];
  if (limit)
    return new AppError('payload_too_large', limit, {}, code === 'FST_REQ_FILE_TOO_LARGE' ? 'file' : undefined);
  const message = error instanceof Error ? error.message : 'unreadable';
  return new AppError('invalid_input', `Malformed multipart/form-data body: ${message.slice(0, 200)}`);
}

/**
 * POST /v1/audio/transcriptions and /translations (and under /api): a multipart upload read here (a scope of its own,
 * so multipart bodies are taken only where expected), the answer in the format asked for, or server-sent events.
 */
export async function openAiTranscriptionRoutes(
  app: FastifyInstance,
  operations: readonly AnyOperation[],
  transcriptions: TranscriptionsService,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: TRANSCRIPTION_UPLOAD_LIMITS });
    for (const operation of operations) {
      const task = operation.name === 'create_audio_translation' ? 'translate' : 'transcribe';
      operationRoute(scope, operation, {
        readInput: readTranscriptionUpload,
        handler: async (_request, reply, context, input) => {
          const upload = uploadOf(input);
          const { fields } = upload;
          warningHeaders(reply, ignoredFields(fields));
          const gone = clientGone(reply).signal;
          if (fields.stream)
            return streamTranscript(reply, gone, (onText) =>
              runTranscription(transcriptions, context.caller, task, upload, gone, onText),
            );
          const transcript = unwrap(await runTranscription(transcriptions, context.caller, task, upload, gone));
          reply.header('x-atelier-engine', transcript.model);
          const { type, body } = formatTranscript(
            transcript,
            fields.response_format,
            fields['timestamp_granularities[]'] ?? [],
          );
          return reply.type(type).send(typeof body === 'string' ? body : JSON.stringify(body));
        },
      });
    }
  });
}

type TranscriptOutcome = Awaited<ReturnType<TranscriptionsService['transcribeNow']>>;

/**
 * transcript.text.delta events as the engine gives text, then transcript.text.done. The stream opens with the first
 * text: a failure before it (a refused file, no credits) is an ordinary error answer.
 */
async function streamTranscript(
  reply: FastifyReply,
  gone: AbortSignal,
  run: (onText: (delta: string) => void) => Promise<TranscriptOutcome>,
): Promise<FastifyReply> {
  const pending: string[] = [];
  let wake: (() => void) | undefined;
  const work = run((delta) => {
    pending.push(delta);
    wake?.();
  });
  const nextText = () =>
    new Promise<void>((resolve) => {
      wake = resolve;
    });
  await Promise.race([work, nextText()]);
  if (pending.length === 0) unwrap(await work);
  await streamEvents(
    reply,
    gone,
    async (send) => {
      let finished: TranscriptOutcome | undefined;
      void work.then((outcome) => {
        finished = outcome;
        wake?.();
      });
      for (;;) {
        const woken = nextText();
        for (const delta of pending.splice(0)) await send({ type: 'transcript.text.delta', delta: `${delta} ` });
        if (finished) break;
        await woken;
      }
      const transcript = unwrap(finished);
      await send({
        type: 'transcript.text.done',
        text: transcriptText(transcript.segments),
        usage: { type: 'duration', seconds: Math.ceil(transcript.duration) },
      });
    },
    (error) =>
      error instanceof AppError
        ? openAiError(error.status, error.message, error.param)
        : openAiError(500, 'Internal server error'),
    { done: false },
  );
  return reply;
}
