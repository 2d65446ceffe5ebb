import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DERIVED_FIELDS } from '../../modules/transcriptions/derived/fields.js';
import {
  appBuilderTranscriptionBody,
  audioUuid,
  derivedContentBody,
  transcriptionBody,
} from '../../modules/transcriptions/transcriptions.schemas.js';
import type { TranscriptionsService } from '../../modules/transcriptions/transcriptions.service.js';
import type { WebhooksService } from '../../modules/webhooks/webhooks.service.js';
import { unwrap } from '../../shared/errors.js';
import { IDEMPOTENCY_NOTE, callerOf, errors, idempotencyHeader, secured } from '../route-helpers.js';

const segmentSchema = z.object({
  start: z.number(),
  end: z.number(),
  text: z.string(),
  speaker: z.string().optional(),
});
const audioSchema = z
  .object({
    uuid: z.string(),
    name: z.string(),
    url: z.string().describe('The audio file the transcription was made from'),
    content: z.string(),
    segments: z.array(segmentSchema),
    audio_type: z.string(),
    language: z.string(),
    created_at: z.string(),
    status: z.enum(['pending', 'processing', 'completed', 'failed']),
    error: z.string().optional(),
    duration: z.number().nullable(),
    progress: z.number(),
    detect_speakers: z.boolean(),
    enhanced_quality: z.boolean(),
    model: z.string().nullable(),
    webhook: z
      .object({
        url: z.string(),
        deliveries: z.array(
          z.object({
            id: z.string(),
            event: z.string(),
            url: z.string(),
            status: z.string(),
            attempts: z.array(
              z.object({ at: z.string(), status: z.number().optional(), error: z.string().optional() }),
            ),
          }),
        ),
      })
      .optional(),
  })
  .extend(
    Object.fromEntries(DERIVED_FIELDS.map((f) => [f, z.string().optional()])) as Record<
      (typeof DERIVED_FIELDS)[number],
      z.ZodOptional<z.ZodString>
    >,
  );

/** The spec words this operation's errors "Invalid input" and "Server error". */
const specTexts = {
  auth: 'required' as const,
  validationPrefix: 'Invalid input',
  serverErrorText: 'Server error',
  idempotent: true,
};

export function transcriptionRoutes(
  app: FastifyInstance,
  transcriptions: TranscriptionsService,
  webhooks: WebhooksService,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['transcription'];

  api.post(
    '/api/transcriptions',
    {
      config: specTexts,
      schema: {
        tags,
        summary: 'Transcribe the audio at a URL (asynchronous: poll POST /api/audios)',
        description: IDEMPOTENCY_NOTE,
        security: secured,
        headers: idempotencyHeader,
        body: transcriptionBody,
        response: {
          200: z.object({ uuid: z.string(), dashboard_url: z.string() }),
          ...errors(400, 401, 402, 409, 422, 429),
        },
      },
    },
    async (request) => unwrap(await transcriptions.create(callerOf(request), request.body)),
  );

  api.post(
    '/api/audios',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Read a transcription: status, content and segments once ready, and derived content so far',
        security: secured,
        body: z.strictObject({ audio_id: audioUuid }),
        response: { 200: z.object({ audio: audioSchema }), ...errors(400, 401, 404, 429) },
      },
    },
    async (request) => ({ audio: unwrap(await transcriptions.read(callerOf(request), request.body.audio_id)) }),
  );

  // The helpers the hosted service's app builder generates call these two: `{audioUrl, language}` in, `{id, status}` out,
  // then `GET ?id=` until status leaves processing. Same records as the documented operations above.
  api.post(
    '/api/create-transcription',
    {
      config: specTexts,
      schema: {
        tags,
        summary:
          'Transcribe the audio at a URL, in the shape the hosted app builder helpers use (poll GET /api/get-transcription)',
        security: secured,
        headers: idempotencyHeader,
        body: appBuilderTranscriptionBody,
        response: {
          200: z.object({
            id: z.string(),
            uuid: z.string(),
            status: z.literal('processing'),
            dashboard_url: z.string(),
          }),
          ...errors(400, 401, 402, 409, 422, 429),
        },
      },
    },
    async (request) => {
      const created = unwrap(await transcriptions.create(callerOf(request), request.body));
      return {
        id: created.uuid,
        uuid: created.uuid,
        status: 'processing' as const,
        dashboard_url: created.dashboard_url,
      };
    },
  );

  api.get(
    '/api/get-transcription',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary:
          'Read a transcription in the shape the hosted app builder helpers use: status processing, completed or failed, then text',
        security: secured,
        querystring: z.object({ id: audioUuid }),
        response: {
          200: z.object({
            id: z.string(),
            status: z.enum(['processing', 'completed', 'failed']),
            text: z.string().optional(),
            language: z.string(),
            error: z.string().optional(),
            audio: audioSchema,
          }),
          ...errors(400, 401, 404, 429),
        },
      },
    },
    async (request) => {
      const audio = unwrap(await transcriptions.read(callerOf(request), request.query.id));
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
  );

  api.get(
    '/api/transcriptions',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Your transcriptions, newest first',
        security: secured,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
        response: { 200: z.object({ transcriptions: z.array(audioSchema) }), ...errors(400, 401, 429) },
      },
    },
    async (request) => ({ transcriptions: await transcriptions.list(callerOf(request), request.query.limit) }),
  );

  api.post(
    '/api/generate-audio-content',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Derived content (summary, notes...) from a ready transcription',
        description:
          'Existing content is returned as it is unless force (or regenerate) is true. 409 "Audio has not been transcribed yet" until ready.',
        security: secured,
        body: derivedContentBody,
        response: {
          200: z.object({ success: z.literal(true), data: z.record(z.string(), z.string()) }),
          ...errors(400, 401, 402, 404, 409, 429, 502),
        },
      },
    },
    async (request) => {
      const { audio_id, fields, regenerate } = request.body;
      return {
        success: true as const,
        data: unwrap(await transcriptions.derive(callerOf(request), audio_id, fields, regenerate)),
      };
    },
  );

  const secretSchema = {
    200: z.object({ secret: z.string(), header: z.string(), scheme: z.string() }),
    ...errors(401, 429),
  };
  const scheme = 'HMAC-SHA256 over "<t>.<body>" with this secret; header value "t=<unix seconds>,v1=<hex digest>"';
  api.get(
    '/api/webhook-secret',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['account'],
        summary: 'The secret that signs your webhooks',
        security: secured,
        response: secretSchema,
      },
    },
    async (request) => ({
      secret: await webhooks.secret(callerOf(request).account.id),
      header: 'x-atelier-signature',
      scheme,
    }),
  );
  api.post(
    '/api/webhook-secret/rotate',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['account'],
        summary: 'Replace the webhook signing secret',
        security: secured,
        response: secretSchema,
      },
    },
    async (request) => ({
      secret: await webhooks.secret(callerOf(request).account.id, true),
      header: 'x-atelier-signature',
      scheme,
    }),
  );
}
