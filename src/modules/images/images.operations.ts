import { z } from 'zod';
import { defineOperation, toolArgs } from '../../operations/operation.js';
import { AppError, storageFaultError, unwrap } from '../../shared/errors.js';
import { catalogueEntry, olderThanQuery, recordId } from '../../shared/media-fields.js';
import {
  GET_IMAGE_ERRORS,
  generateImageBody,
  generateImageToolArgs,
  imageIdField,
  imageRecordSchema,
} from './images.schemas.js';
import type { ImagesService } from './images.service.js';
import { warningText } from '../../engines/spec/warning-text.js';

const tags = ['images'];

export function imageOperations(images: ImagesService) {
  return {
    generateImage: defineOperation({
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
          'Generate images from a prompt (paid plans; synchronous, can take minutes): model from the image catalogue (default "Nano Banana 2"; e.g. "DALL-E 3", "FLUX.2 [max]"), dimensions WIDTHxHEIGHT (default 1024x1024) or a ratio, outputs (default 1), style, resolution 0.5K, 1K, 2K or 4K (made at 2K), source_images (up to 10 URLs) to edit a picture or make one from it (with action, e.g. Colorize). Uses image credits. Returns the image records with image_url; one still pending (or with waitForResult false) has an id to poll with get_image every 15 to 30 s.',
        args: toolArgs(
          generateImageToolArgs,
          ({ source_images: sources, image, ...rest }) => ({ ...rest, image: image ?? sources?.[0] }),
          (created, { source_images: sources, image }) => {
            const unused = (sources?.length ?? 0) - (image ? 0 : 1);
            const note = warningText({
              type: 'unsupported-setting',
              setting: 'source_images',
              details: `the engines here work from one picture; ${unused} more were not used`,
            });
            return { images: created, ...(unused > 0 && { warnings: [note] }) };
          },
        ),
        pending: (created) => created.some((image) => image.status === 'pending'),
        pictures: (created) => created,
      },
    }),
    getImage: defineOperation({
      name: 'get_image',
      summary: 'Read an image record by id',
      description: 'Poll every 15 to 30 seconds while image_url is null and status is pending; status failed is final.',
      tags,
      input: z.object({ imageId: imageIdField.describe('the id from the image-creation response') }),
      output: imageRecordSchema,
      errors: [400, 401, 404, 429],
      run: async ({ imageId }, { caller }) => {
        try {
          return unwrap(await images.read(caller, imageId));
        } catch (error) {
          // The hosted text for a record that could not be read; a busy or full database keeps its own answer.
          if (error instanceof AppError) throw error;
          throw storageFaultError(error) ?? new AppError('internal', GET_IMAGE_ERRORS.unreadable);
        }
      },
      http: { method: 'GET', path: '/api/get-image' },
      tool: {
        description:
          'Read an image record by image_id (the id generate_image returned): image_url once status is completed, error once failed; while pending, poll every 15 to 30 s.',
        args: toolArgs(
          z.object({
            image_id: recordId('the id generate_image returned').optional(),
            imageId: recordId('the same as image_id, by its older name').optional(),
          }),
          ({ image_id: id, imageId }) => ({ imageId: id ?? imageId ?? 0 }), // one is there: `needs`
        ),
        needs: [[['image_id'], ['imageId']]],
        pending: (image) => image.status === 'pending',
        pictures: (image) => [image],
      },
    }),
    listImages: defineOperation({
      name: 'list_images',
      summary: 'Your images, newest first',
      tags,
      input: olderThanQuery('images'),
      output: z.object({ images: z.array(imageRecordSchema) }),
      errors: [400, 401, 429],
      run: async ({ limit, before }, { caller }) => ({ images: await images.list(caller, limit, before) }),
      http: { method: 'GET', path: '/api/images' },
    }),
    listImageModels: defineOperation({
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
            edit_actions_if_separable: z
              .array(z.string())
              .describe(
                'The `action` values done here offline only when the picture allows (Remove and Replace Background by classical segmentation: a subject on a plain or graded background); other pictures answer 422',
              ),
          }),
        ),
      }),
      errors: [401, 429],
      run: () => ({ models: images.catalogue() }),
      http: { method: 'GET', path: '/api/image-models' },
    }),
  };
}
