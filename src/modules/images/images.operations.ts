import { z } from 'zod';
import { defineOperation } from '../../operations/operation.js';
import { unwrap } from '../../shared/errors.js';
import { catalogueEntry, olderThanQuery, recordId } from '../../shared/media-fields.js';
import { generateImageBody, imageRecordSchema } from './images.schemas.js';
import type { ImagesService } from './images.service.js';

const tags = ['images'];

export function imageOperations(images: ImagesService) {
  return [
    defineOperation({
      name: 'generate_image',
      summary: 'Generate images (asynchronous: poll GET /api/get-image, or wait with waitForResult)',
      description:
        'Returns one record per output. image_url is null until the image is ready; status says pending, completed or failed (with error, and the credits refunded).',
      tags,
      idempotent: true,
      input: generateImageBody,
      output: z.array(imageRecordSchema),
      errors: [400, 401, 402, 409, 422, 429],
      run: async (body, { caller }) => unwrap(await images.create(caller, body)),
      http: { method: 'POST', path: '/api/generate-image' },
      tool: {
        description:
          'Generate images from a prompt (model names from the image catalogue, e.g. "DALL-E 3", "Stable Diffusion XL", "FLUX.1"). Returns image records; with waitForResult the pictures come back when ready, otherwise poll get_image.',
        result: (created) => ({ images: created }),
        pending: (created) => created.some((image) => image.status === 'pending'),
        pictures: (created) => created,
      },
    }),
    defineOperation({
      name: 'get_image',
      summary: 'Read an image record by id',
      description: 'Poll every 15 to 30 seconds while image_url is null and status is pending; status failed is final.',
      tags,
      input: z.object({ imageId: recordId('the id from the image-creation response') }),
      output: imageRecordSchema,
      errors: [400, 401, 404, 429],
      run: async ({ imageId }, { caller }) => unwrap(await images.read(caller, imageId)),
      http: { method: 'GET', path: '/api/get-image' },
      tool: {
        description: 'Read an image record by id: image_url once status is completed, error once failed.',
        pending: (image) => image.status === 'pending',
        pictures: (image) => [image],
      },
    }),
    defineOperation({
      name: 'list_images',
      summary: 'Your images, newest first',
      tags,
      input: olderThanQuery('images'),
      output: z.object({ images: z.array(imageRecordSchema) }),
      errors: [400, 401, 429],
      run: async ({ limit, before }, { caller }) => ({ images: await images.list(caller, limit, before) }),
      http: { method: 'GET', path: '/api/images' },
    }),
    defineOperation({
      name: 'list_image_models',
      summary: 'The image models offered here, their family, what serves each, and their price in credits',
      tags,
      input: z.object({}),
      output: z.object({
        models: z.array(
          catalogueEntry.extend({
            credits: z.number(),
            hd_credits: z.number(),
            sizes: z.array(z.string()).nullable(),
            reference_images: z.boolean(),
            edit_actions: z
              .array(z.string())
              .describe('The `action` values an edit with this model as editModel can do here; the others answer 422'),
          }),
        ),
      }),
      errors: [401, 429],
      run: () => ({ models: images.catalogue() }),
      http: { method: 'GET', path: '/api/image-models' },
    }),
  ];
}
