import { z } from 'zod';
import { defineOperation, toolArgs } from '../../operations/operation.js';
import { unwrap } from '../../shared/errors.js';
import {
  TRANSCRIPTION_STATUSES,
  appBuilderTranscriptionBody,
  audioRequest,
  audioSchema,
  audioUuid,
  derivedContentBody,
  transcribeToolArgs,
  transcriptionBody,
} from './transcriptions.schemas.js';
import type { TranscriptionsService } from './transcriptions.service.js';
import { openAiTranscriptionOperations } from './openai-transcriptions.operations.js';

const tags = ['transcription'];
/** The spec words these operations' errors "Invalid input" and "Server error". */
const specTexts = { validationPrefix: 'Invalid input', serverErrorText: 'Server error' };
const createErrors = [400, 401, 402, 409, 422, 429] as const;

/** A record's status in the hosted 1.0.5 words. */
const transcriptionStatus = (status: string): (typeof TRANSCRIPTION_STATUSES)[number] =>
  status === 'completed' ? 'done' : status === 'failed' ? 'failed' : 'processing';

export function transcriptionOperations(transcriptions: TranscriptionsService) {
  return {
    ...openAiTranscriptionOperations(transcriptions),
    createTranscription: defineOperation({
      name: 'create_transcription',
      summary: 'Transcribe the audio at a URL (asynchronous: poll POST /api/audios)',
      tags,
      idempotent: true,
      input: transcriptionBody,
      output: z.object({ uuid: z.string(), dashboard_url: z.string() }),
      errors: createErrors,
      run: async (body, { caller }) => unwrap(await transcriptions.create(caller, body)),
      http: { method: 'POST', path: '/api/transcriptions', ...specTexts },
      tool: [
        {
          name: 'transcribe_audio',
          description:
            'Transcribe the audio or video at a public URL (paid plans; asynchronous): language by English name (default English), detect_speakers (default true), name. Returns its uuid at once: poll get_transcription with it as audio_id every 15 to 30 s until status is completed; report a failed job rather than submitting it again.',
          args: toolArgs(transcribeToolArgs, (args) => args),
          pending: () => true,
        },
        {
          hidden: true,
          description:
            'Transcribe the audio at a URL (meeting, podcast, interview...). Returns its uuid at once; poll get_transcription until status is completed.',
          pending: () => true,
        },
      ],
    }),
    getTranscription: defineOperation({
      name: 'get_transcription',
      summary: 'Read a transcription: status, content and segments once ready, and derived content so far',
      tags,
      description:
        'The record at the top level with transcription_status (processing, done or failed), as the hosted 1.0.5 answers, and again under `audio` as the spec and 1.0.4 clients read it.',
      input: audioRequest,
      output: audioSchema.extend({
        transcription_status: z
          .enum(TRANSCRIPTION_STATUSES)
          .describe('done: complete, even with empty content (no speech); failed: final; processing: poll again'),
        audio: audioSchema,
      }),
      errors: [400, 401, 404, 429],
      run: async ({ audio_id: id }, { caller }) => {
        const audio = unwrap(await transcriptions.read(caller, id));
        return { ...audio, transcription_status: transcriptionStatus(audio.status), audio };
      },
      http: {
        method: 'POST',
        path: '/api/audios',
        operationId: 'getTranscriptionResult',
        serverErrorText: 'Could not check transcription status.',
      },
      tool: {
        result: ({ audio }) => ({ audio }),
        description:
          'Read a transcription by audio_id (the uuid transcribe_audio returned), with the same account: status and progress, then content (empty until completed), timed segments and any derived content. Poll every 15 to 30 s while pending or processing; a failed one says why: report it, do not resubmit on your own.',
        pending: ({ audio }) => audio.status !== 'completed' && audio.status !== 'failed',
      },
    }),
    // The helpers the hosted service's app builder generates call these two: `{audioUrl, language}` in, `{id, status}`
    // out, then `GET ?id=` until status leaves processing. Same records as the documented operations above.
    createTranscriptionAppBuilder: defineOperation({
      name: 'create_transcription_app_builder',
      summary:
        'Transcribe the audio at a URL, in the shape the hosted app builder helpers use (poll GET /api/get-transcription)',
      tags,
      idempotent: true,
      input: appBuilderTranscriptionBody,
      output: z.object({
        id: z.string(),
        uuid: z.string(),
        status: z.literal('processing'),
        dashboard_url: z.string(),
      }),
      errors: createErrors,
      run: async (body, { caller }) => {
        const created = unwrap(await transcriptions.create(caller, body));
        return {
          id: created.uuid,
          uuid: created.uuid,
          status: 'processing' as const,
          dashboard_url: created.dashboard_url,
        };
      },
      http: { method: 'POST', path: '/api/create-transcription', ...specTexts },
    }),
    getTranscriptionAppBuilder: defineOperation({
      name: 'get_transcription_app_builder',
      summary:
        'Read a transcription in the shape the hosted app builder helpers use: status processing, completed or failed, then text',
      tags,
      input: z.object({ id: audioUuid }),
      output: z.object({
        id: z.string(),
        status: z.enum(['processing', 'completed', 'failed']),
        text: z.string().optional(),
        language: z.string(),
        error: z.string().optional(),
        audio: audioSchema,
      }),
      errors: [400, 401, 404, 429],
      run: async ({ id }, { caller }) => {
        const audio = unwrap(await transcriptions.read(caller, id));
        const status = audio.status === 'pending' ? 'processing' : audio.status;
        return {
          id: audio.uuid,
          status,
          ...(status === 'completed' && { text: audio.content }),
          language: audio.language,
          ...(audio.error && { error: audio.error }),
          audio,
        };
      },
      http: { method: 'GET', path: '/api/get-transcription' },
    }),
    listTranscriptions: defineOperation({
      name: 'list_transcriptions',
      summary: 'Your transcriptions, newest first',
      tags,
      input: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
      output: z.object({ transcriptions: z.array(audioSchema) }),
      errors: [400, 401, 429],
      run: async ({ limit }, { caller }) => ({ transcriptions: await transcriptions.list(caller, limit) }),
      http: { method: 'GET', path: '/api/transcriptions' },
    }),
    generateAudioContent: defineOperation({
      name: 'generate_audio_content',
      summary: 'Derived content (summary, notes...) from a ready transcription',
      description:
        'Existing content is returned as it is unless force (or regenerate) is true. 409 "Audio has not been transcribed yet" until ready.',
      tags,
      input: derivedContentBody,
      output: z.object({ success: z.literal(true), data: z.record(z.string(), z.string()) }),
      errors: [400, 401, 402, 404, 409, 429, 502],
      run: async ({ audio_id: id, fields, regenerate }, { caller }) => ({
        success: true as const,
        data: unwrap(await transcriptions.derive(caller, id, fields, regenerate)),
      }),
      http: { method: 'POST', path: '/api/generate-audio-content' },
      tool: {
        description:
          'Derived content from a completed transcription (audio_id: its uuid; synchronous): summary, title, keywords, action items, show notes, SOAP notes... (all fields suited to its type when `fields` is omitted). New fields cost credits; an error until the transcription is completed (see get_transcription).',
        result: ({ data }) => data,
      },
    }),
  };
}
