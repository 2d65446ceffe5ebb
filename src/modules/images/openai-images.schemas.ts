import { z } from 'zod';
import { wholeNumberField } from '../../shared/body-fields.js';
import { MAX_SIDE, MIN_SIDE, inBounds, parseDimensions } from './image-dimensions.js';
import { uploadedFiles } from './uploaded-file.js';

/** The most images one request makes here (OpenAI allows 10; the service's batches are smaller). */
export const MAX_IMAGES_PER_REQUEST = 4;
/** The longest prompt the image service takes. */
export const MAX_IMAGE_PROMPT = 4000;

const size = z
  .string()
  .trim()
  .max(20)
  .refine((text) => {
    if (text === 'auto') return true;
    const parsed = parseDimensions(text);
    return parsed?.kind === 'size' && /x/i.test(text) && inBounds(parsed);
  }, `must be auto or WIDTHxHEIGHT, each side ${MIN_SIDE} to ${MAX_SIDE} pixels (e.g. 1024x1024)`)
  .optional();

const imageCount = wholeNumberField(1, MAX_IMAGES_PER_REQUEST)
  .optional()
  .describe(`How many images: 1 to ${MAX_IMAGES_PER_REQUEST} here`);

/** The fields OpenAI's three image routes share; form clients send numbers and flags as text. */
const common = {
  model: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .describe(
      'dall-e-2 (the default), dall-e-3, gpt-image-1 or any name of GET /api/image-models; ATELIER_OPENAI_IMAGE_ALIASES may send a name to another model',
    ),
  n: imageCount,
  size,
  response_format: z.enum(['url', 'b64_json']).optional().describe('url (the default) or b64_json'),
  user: z.string().max(256).optional().describe("The end user's id, for the caller's own tracking; not stored"),
};

/** What only gpt-image models take; the engines here cannot honour a transparent background or another format. */
const pictureOptions = {
  quality: z
    .enum(['auto', 'standard', 'hd', 'low', 'medium', 'high'])
    .optional()
    .describe('hd or high: the HD price and quality where the engine has it; the others: standard'),
  background: z
    .enum(['auto', 'transparent', 'opaque'])
    .optional()
    .describe('transparent: a warning (the engines here make opaque pictures)'),
  output_format: z
    .enum(['png', 'jpeg', 'webp'])
    .optional()
    .describe('The engine decides the format; another than it made gives a warning'),
  output_compression: wholeNumberField(0, 100).optional().describe('Ignored with a warning'),
  stream: z
    .union([z.literal(false), z.literal('false')])
    .optional()
    .describe('Streaming partial images is not offered here: only false'),
  partial_images: wholeNumberField(0, 0).optional().describe('Only 0 (no streaming)'),
};

/** The body of POST /v1/images/generations (OpenAI's CreateImageRequest). */
export const openAiGenerationBody = z.strictObject({
  prompt: z.string().trim().min(1).max(MAX_IMAGE_PROMPT),
  ...common,
  ...pictureOptions,
  style: z.enum(['vivid', 'natural']).optional().describe("DALL-E 3's style; other engines fold it into the prompt"),
  moderation: z.enum(['auto', 'low']).optional().describe('Accepted; no moderation runs here'),
});
export type OpenAiGenerationBody = z.output<typeof openAiGenerationBody>;

/** The form of POST /v1/images/edits: `image` (or `image[]`) and an optional `mask`, multipart. */
export const openAiEditForm = z.strictObject({
  image: uploadedFiles('image', 16),
  mask: uploadedFiles('mask', 1).optional(),
  prompt: z.string().trim().min(1).max(MAX_IMAGE_PROMPT),
  ...common,
  ...pictureOptions,
  input_fidelity: z.enum(['high', 'low']).optional().describe('Accepted; the engines here have no such switch'),
});
export type OpenAiEditForm = z.output<typeof openAiEditForm>;

/** The form of POST /v1/images/variations: one `image`, multipart. */
export const openAiVariationForm = z.strictObject({
  image: uploadedFiles('image', 1),
  ...common,
});
export type OpenAiVariationForm = z.output<typeof openAiVariationForm>;

/** OpenAI's ImagesResponse, with what could not be honoured in `warnings`. */
export const openAiImagesResponse = z.object({
  created: z.number().int().describe('Unix seconds'),
  data: z.array(
    z.object({
      url: z.string().optional().describe('With response_format url: where the picture is served'),
      b64_json: z.string().optional().describe('With response_format b64_json: the picture in base64'),
      revised_prompt: z.string().optional().describe('The prompt the engine was given'),
    }),
  ),
  output_format: z.enum(['png', 'jpeg', 'webp']).optional(),
  size: z.string().optional(),
  warnings: z
    .array(z.string())
    .optional()
    .describe('An Atelier addition: what could not be honoured (also on the records at GET /api/images)'),
});
export type OpenAiImagesResponse = z.input<typeof openAiImagesResponse>;
