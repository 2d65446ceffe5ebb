import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_SIDE, MIN_SIDE, inBounds, parseDimensions } from '../../modules/images/image-dimensions.js';
import { EDIT_MODELS, IMAGE_ACTIONS } from '../../modules/images/image-request.js';
import type { ImagesService } from '../../modules/images/images.service.js';
import { flagField, wholeNumberField } from '../../shared/body-fields.js';
import { unwrap } from '../../shared/errors.js';
import { IDEMPOTENCY_NOTE, callerOf, errors, idempotencyHeader, paidCreation, secured } from '../route-helpers.js';
import { mediaUrl, optionalText, recordId } from './media-fields.js';

const dimensions = z
  .string()
  .trim()
  .max(50)
  .refine((text) => parseDimensions(text) !== undefined, 'must be WIDTHxHEIGHT (e.g. 1024x1024) or an aspect ratio (e.g. 16:9)')
  .refine((text) => {
    const parsed = parseDimensions(text);
    return parsed?.kind !== 'size' || inBounds(parsed);
  }, `each side must be ${MIN_SIDE} to ${MAX_SIDE} pixels`);

/** The body of POST /api/generate-image (the hosted reference's ImageGenerationRequest); the MCP tool takes the same. */
export const generateImageBody = z.strictObject({
  prompt: z.string().trim().min(1).max(4000),
  model: z.string().trim().min(1).max(100).describe('A name from GET /api/image-models, e.g. "DALL-E 3", "FLUX.2 [pro]", "Nano Banana 2"; case and punctuation do not matter'),
  style: optionalText(100).describe('e.g. watercolor, photorealistic, pixel art, neon'),
  artist: optionalText(100),
  dimensions: dimensions
    .optional()
    .describe(
      'WIDTHxHEIGHT (each side 64 to 2048, e.g. 1024x1024, 1792x1024) or an aspect ratio (1:1, 16:9, 9:16, 21:9, 1:8...). ' +
        'A ratio becomes a size whose long side is 1024 (resolution 1K, the default) or 2048 (2K). A size the model cannot make becomes its nearest one, with a warning. Default 1024x1024',
    ),
  useHD: flagField.default(false),
  image: mediaUrl.optional().describe('A picture to start from: the model uses it as a reference picture where it can'),
  action: z.enum(IMAGE_ACTIONS).optional().describe('What to do with `image`; default "Edit Image with AI". Only that is offered yet: any other uses the image as a reference picture, with a warning'),
  editModel: z.enum(EDIT_MODELS).optional().describe('The model that edits `image` (default "Nano Banana 2"); not used yet: `model` makes the picture'),
  outputs: wholeNumberField(1, 4).default(1),
  resolution: z.enum(['1K', '2K']).optional().describe('For an aspect ratio (or no dimensions): a long side of 1024 (1K) or 2048 (2K) pixels'),
  recraftStyle: z.string().trim().max(100).default('any').describe('Recraft models: a style such as realistic_image or digital_illustration; "any" leaves it to the prompt'),
  waitForResult: flagField.default(false).describe('Wait a bounded time for the images before answering'),
});

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
        description: 'Poll every 15 to 30 seconds while image_url is null and status is pending; status failed is final.',
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
