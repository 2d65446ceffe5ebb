import { z } from 'zod';
import { flagField, wholeNumberField } from '../../shared/body-fields.js';
import { mediaUrl, optionalText } from '../../shared/media-fields.js';
import { MAX_SIDE, MIN_SIDE, inBounds, parseDimensions } from './image-dimensions.js';
import { EDIT_MODELS, IMAGE_ACTIONS } from './image-request.js';

const dimensions = z
  .string()
  .trim()
  .max(50)
  .refine(
    (text) => parseDimensions(text) !== undefined,
    'must be WIDTHxHEIGHT (e.g. 1024x1024) or an aspect ratio (e.g. 16:9)',
  )
  .refine((text) => {
    const parsed = parseDimensions(text);
    return parsed?.kind !== 'size' || inBounds(parsed);
  }, `each side must be ${MIN_SIDE} to ${MAX_SIDE} pixels`);

/** The body of POST /api/generate-image (the hosted reference's ImageGenerationRequest); the MCP tool takes the same. */
export const generateImageBody = z.strictObject({
  prompt: z.string().trim().min(1).max(4000),
  model: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .describe(
      'A name from GET /api/image-models, e.g. "DALL-E 3", "FLUX.2 [pro]", "Nano Banana 2"; case and punctuation do not matter',
    ),
  style: optionalText(100).describe('e.g. watercolor, photorealistic, pixel art, neon'),
  artist: optionalText(100),
  dimensions: dimensions
    .optional()
    .describe(
      'WIDTHxHEIGHT (each side 64 to 2048, e.g. 1024x1024, 1792x1024) or an aspect ratio (1:1, 16:9, 9:16, 21:9, 1:8...). ' +
        'A ratio becomes a size whose long side is 1024 (resolution 1K, the default) or 2048 (2K). A size the model cannot make becomes its nearest one, with a warning. Default 1024x1024',
    ),
  useHD: flagField.default(false),
  image: mediaUrl
    .optional()
    .describe(
      'A picture (http(s) URL, PNG, JPEG or WebP) to edit as `action` says; without it the prompt makes a new picture',
    ),
  action: z
    .enum(IMAGE_ACTIONS)
    .optional()
    .describe(
      'What to do with `image` (needs `image`); default "Edit Image with AI". Colorize, Relight, Stylization and Sketch to Image run offline as image filters (engine builtin-filter) when the edit model has no editing engine; ' +
        'Remove and Replace Background need a background removal server (ATELIER_IMAGE_REMBG_URL) or an OpenAI-compatible edits endpoint; the others need a model served by an engine that edits (OpenAI-compatible /images/edits, Stable Diffusion web UI img2img), else the answer is 422 saying what could',
    ),
  editModel: z
    .enum(EDIT_MODELS)
    .optional()
    .describe('The catalogue model that edits `image` (names resolve as `model` does); `model` when absent'),
  outputs: wholeNumberField(1, 4).default(1),
  resolution: z
    .enum(['1K', '2K'])
    .optional()
    .describe('For an aspect ratio (or no dimensions): a long side of 1024 (1K) or 2048 (2K) pixels'),
  recraftStyle: z
    .string()
    .trim()
    .max(100)
    .default('any')
    .describe('Recraft models: a style such as realistic_image or digital_illustration; "any" leaves it to the prompt'),
  waitForResult: flagField.default(false).describe('Wait a bounded time for the images before answering'),
});

/** The model the generate_image tool uses when the agent names none (the hosted tool's model is optional). */
export const TOOL_IMAGE_MODEL = 'Nano Banana 2';

/**
 * The generate_image tool's arguments (the hosted MCP server's): the body, with `model` optional, the answer
 * waited for (the hosted tool is synchronous) and `source_images`, the pictures to edit.
 */
export const generateImageToolArgs = generateImageBody.extend({
  prompt: generateImageBody.shape.prompt.meta({ examples: ['A lighthouse at dusk, watercolor'] }),
  model: generateImageBody.shape.model
    .default(TOOL_IMAGE_MODEL)
    .describe(
      `A name from GET /api/image-models, e.g. "Nano Banana 2" (the default here), "FLUX.2 [max]", "Seedream 5.0 Pro"; case and punctuation do not matter`,
    ),
  source_images: z
    .array(mediaUrl)
    .min(1)
    .max(10)
    .optional()
    .describe(
      'Pictures (http(s) URLs, up to 10) to edit or to make the new one from (image-to-image), as `action` says; the engines here work from the first one',
    ),
  waitForResult: flagField.default(true).describe('Wait a bounded time for the images before answering (default true)'),
});

/** An image record as the API returns it. */
export const imageRecordSchema = z.object({
  id: z.number().int(),
  image_url: z.string().nullable().describe('Null while the image is pending or when it failed'),
  model: z.string().describe('What made the picture; the builtin engine says builtin-sketch'),
  engine: z
    .string()
    .describe(
      'The engine that made it: builtin, openai-compatible, automatic1111, builtin-filter (image filters) or rembg',
    ),
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
  action: z.string().optional().describe('What was done to the given picture, for an edit'),
  edit_model: z.string().nullable().optional().describe('The catalogue model asked to edit it, for an edit'),
});
