import { defineOperation } from '../../operations/operation.js';
import { AppError } from '../../shared/errors.js';
import type { OpenAiImages } from './openai-images.js';
import {
  MAX_IMAGES_PER_REQUEST,
  openAiEditForm,
  openAiGenerationBody,
  openAiImagesResponse,
  openAiVariationForm,
} from './openai-images.schemas.js';

const tags = ['images'];

const WAITS =
  'The request waits for the pictures (at most ATELIER_IMAGE_WAIT_MS; past it a 503 with x-should-retry: false names the records, which go on and appear in GET /api/images). ' +
  `Billed as images, like POST /api/generate-image (n up to ${MAX_IMAGES_PER_REQUEST}); the records appear in GET /api/images. What an engine cannot honour is said in warnings.`;

const MULTIPART = 'multipart/form-data: send the picture as a file part';

/** The multipart forms are read by the route (http/routes/openai-images.ts): null here means none was sent. */
const needsForm = (): never => {
  throw new AppError('invalid_input', `body: ${MULTIPART}`);
};

/** OpenAI's image API under /v1 and /api (the hosted /api/images list is a different route: no path collides). */
export function openAiImageOperations(images: OpenAiImages) {
  return {
    createImage: defineOperation({
      name: 'openai_create_image',
      summary: 'Images in the OpenAI format (the official openai client works with baseURL <base>/v1 or <base>/api)',
      description: WAITS,
      tags,
      idempotent: true,
      input: openAiGenerationBody,
      output: openAiImagesResponse,
      errors: [400, 401, 402, 413, 422, 429, 502, 503],
      run: (body, { caller }) => images.generate(caller, body),
      http: {
        method: 'POST',
        path: '/api/images/generations',
        aliases: ['/v1/images/generations'],
        operationId: 'createImage',
        openaiErrors: true,
      },
    }),
    createImageEdit: defineOperation({
      name: 'openai_create_image_edit',
      summary: 'Edit a picture in the OpenAI format (multipart: image or image[], optional mask, prompt)',
      description: `${MULTIPART}. The picture is checked before use (PNG, JPEG or WebP; its size and pixels bounded). ${WAITS}`,
      tags,
      input: openAiEditForm.nullish(),
      output: openAiImagesResponse,
      errors: [400, 401, 402, 413, 422, 429, 502, 503],
      run: (form, { caller }) => (form ? images.edit(caller, form) : needsForm()),
      http: {
        method: 'POST',
        path: '/api/images/edits',
        aliases: ['/v1/images/edits'],
        operationId: 'createImageEdit',
        openaiErrors: true,
        ownRoute: true,
      },
    }),
    createImageVariation: defineOperation({
      name: 'openai_create_image_variation',
      summary: 'Variations of a picture in the OpenAI format (multipart: image)',
      description: `${MULTIPART}. Made by the model's editing engine, asked for a variation; a model whose engine does not edit answers 422 saying what could. ${WAITS}`,
      tags,
      input: openAiVariationForm.nullish(),
      output: openAiImagesResponse,
      errors: [400, 401, 402, 413, 422, 429, 502, 503],
      run: (form, { caller }) => (form ? images.vary(caller, form) : needsForm()),
      http: {
        method: 'POST',
        path: '/api/images/variations',
        aliases: ['/v1/images/variations'],
        operationId: 'createImageVariation',
        openaiErrors: true,
        ownRoute: true,
      },
    }),
  };
}
