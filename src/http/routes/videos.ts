import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { generateVideoBody } from '../../modules/videos/videos.schemas.js';
import type { VideosService } from '../../modules/videos/videos.service.js';
import { unwrap } from '../../shared/errors.js';
import { IDEMPOTENCY_NOTE, callerOf, errors, idempotencyHeader, paidCreation, secured } from '../route-helpers.js';
import { recordId } from '../../shared/media-fields.js';

const videoSchema = z.object({
  id: z.number().int(),
  prompt: z.string(),
  url: z.string().describe('Empty until the video is ready'),
  model: z.string(),
  engine: z.string().describe('The engine that makes it: ffmpeg'),
  requested_model: z.string(),
  status: z.enum(['processing', 'completed', 'failed']),
  error: z.string().optional().describe('Why it failed; its credits were refunded'),
  created_at: z.string(),
  request: z.object({
    duration: z.string(),
    aspectRatio: z.string(),
    isTextToVideo: z.boolean(),
    isImageToVideo: z.boolean(),
    resolution: z.string().optional(),
    generateAudio: z.boolean().optional(),
  }),
  used_credits: z.number(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  warnings: z.array(z.string()),
});

export function videoRoutes(app: FastifyInstance, videos: VideosService, maxSeconds: number): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['videos'];

  api.post(
    '/api/generate-video',
    {
      ...paidCreation,
      schema: {
        tags,
        summary: 'Generate a video (asynchronous: poll GET /api/get-video); paid plans only',
        description: `Credits are reserved per second of video and refunded if it fails. ${IDEMPOTENCY_NOTE}`,
        security: secured,
        headers: idempotencyHeader,
        body: generateVideoBody(maxSeconds),
        response: {
          200: z.object({
            id: z.number().int(),
            prompt: z.string(),
            image_url: z.literal(''),
            model: z.string(),
            is_video: z.literal(true),
            created_at: z.string(),
            status: z.literal('processing'),
            used_credits: z.number(),
            requested_model: z.string(),
            engine: z.string(),
          }),
          ...errors(400, 401, 402, 403, 409, 422, 429),
        },
      },
    },
    async (request) => {
      const { duration, ...rest } = request.body;
      return unwrap(await videos.create(callerOf(request), { ...rest, durationSeconds: duration }));
    },
  );

  api.get(
    '/api/get-video',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Read a video by id',
        description: 'Poll while status is processing; completed gives url, failed gives error.',
        security: secured,
        querystring: z.object({ video_id: recordId('the id from the video-creation response') }),
        response: { 200: z.object({ video: videoSchema }), ...errors(400, 401, 404, 429) },
      },
    },
    async (request) => ({ video: unwrap(await videos.read(callerOf(request), request.query.video_id)) }),
  );

  api.get(
    '/api/videos',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Your videos, newest first',
        security: secured,
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(20),
          before: recordId('an id: list the videos older than it').optional(),
        }),
        response: { 200: z.object({ videos: z.array(videoSchema) }), ...errors(400, 401, 429) },
      },
    },
    async (request) => ({ videos: await videos.list(callerOf(request), request.query.limit, request.query.before) }),
  );

  api.get(
    '/api/video-models',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'The video models offered here and their price in credits per second',
        security: secured,
        response: {
          200: z.object({
            models: z.array(
              z.object({
                name: z.string(),
                aliases: z.array(z.string()),
                family: z.string().nullable(),
                engine: z.string(),
                model: z.string(),
                credits_per_second: z.number(),
              }),
            ),
          }),
          ...errors(401, 429),
        },
      },
    },
    async () => ({ models: videos.catalogue() }),
  );
}
