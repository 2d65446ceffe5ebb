import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ImagesService } from '../../modules/images/images.service.js';
import { generateImageBody } from '../../modules/images/images.schemas.js';
import { unwrap } from '../../shared/errors.js';
import { IDEMPOTENCY_NOTE, callerOf, errors, idempotencyHeader, paidCreation, secured } from '../route-helpers.js';
import { recordId } from '../../shared/media-fields.js';

export const imageRecordSchema = z.object({
  id: z.number().int(),
  image_url: z.string().nullable().describe('Null while the image is pending or when it failed'),
  model: z.string().describe('What made the picture; the builtin engine says builtin-sketch'),
  engine: z.string().describe('The engine that made it: builtin, openai-compatible or automatic1111'),
  prompt: z.string(),
  used_credits: z.number(),
  created_at: z.string(),
  status: z.enum(['pending', 'completed', 'failed']),
  error: z.string().optional().describe('Why it failed; its credits were refunded'),
  width: z.number().int(),
  height: z.number().int(),
  requested_model: z.string(),
  style: z.string().nullable(),
  artist: z.string().nullable(),
  hd: z.boolean(),
  warnings: z.array(z.string()),
});

export function imageRoutes(app: FastifyInstance, images: ImagesService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['images'];

  api.post(
    '/api/generate-image',
    {
      ...paidCreation,
      schema: {
        tags,
        summary: 'Generate images (asynchronous: poll GET /api/get-image, or wait with waitForResult)',
        description:
          'Returns one record per output. image_url is null until the image is ready; status says pending, completed or failed (with error, and the credits refunded). ' +
          IDEMPOTENCY_NOTE,
        security: secured,
        headers: idempotencyHeader,
        body: generateImageBody,
        response: { 200: z.array(imageRecordSchema), ...errors(400, 401, 402, 409, 422, 429) },
      },
    },
    async (request) => unwrap(await images.create(callerOf(request), request.body)),
  );

  api.get(
    '/api/get-image',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Read an image record by id',
        description:
          'Poll every 15 to 30 seconds while image_url is null and status is pending; status failed is final.',
        security: secured,
        querystring: z.object({ imageId: recordId('the id from the image-creation response') }),
        response: { 200: imageRecordSchema, ...errors(400, 401, 404, 429) },
      },
    },
    async (request) => unwrap(await images.read(callerOf(request), request.query.imageId)),
  );

  api.get(
    '/api/images',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Your images, newest first',
        security: secured,
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(20),
          before: recordId('an id: list the images older than it').optional(),
        }),
        response: { 200: z.object({ images: z.array(imageRecordSchema) }), ...errors(400, 401, 429) },
      },
    },
    async (request) => ({ images: await images.list(callerOf(request), request.query.limit, request.query.before) }),
  );

  api.get(
    '/api/image-models',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'The image models offered here, their family, what serves each, and their price in credits',
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
                credits: z.number(),
                hd_credits: z.number(),
                sizes: z.array(z.string()).nullable(),
                reference_images: z.boolean(),
              }),
            ),
          }),
          ...errors(401, 429),
        },
      },
    },
    async () => ({ models: images.catalogue() }),
  );
}
