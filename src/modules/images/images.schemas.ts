import { z } from 'zod';
import { flagField, wholeNumberField } from '../../shared/body-fields.js';
import { mediaUrl, optionalText } from '../../shared/media-fields.js';
import { IMAGE_RESOLUTIONS, MAX_SIDE, MIN_SIDE, inBounds, parseDimensions } from './image-dimensions.js';
import { DEFAULT_IMAGE_MODEL, EDIT_MODELS, IMAGE_ACTIONS } from './image-request.js';

/** The hosted 1.0.5 texts of GET /api/get-image's errors. */
export const GET_IMAGE_ERRORS = {
  badId: 'Missing or invalid imageId.',
  unreadable: 'Could not retrieve image.',
} as const;

/** GET /api/get-image's `imageId`: a positive whole number (digits in the query); anything else is the hosted 400. */
export const imageIdField = z.union(
  [
    z.int().min(1).max(Number.MAX_SAFE_INTEGER),
    z
      .string()
      .regex(/^[1-9]\d{0,14}$/)
      .transform(Number),
  ],
  { error: () => GET_IMAGE_ERRORS.badId },
);

/** The most pictures `images` may list (the hosted MCP tool's source_images bound). */
export const MAX_IMAGES = 10;

/**
 * `images`: a string holding a JSON-encoded array of picture URLs (hosted 1.0.5: "not a JSON array"), each checked
 * as `image` is; the parsed list.
 */
const imagesField = z
  .string()
  .max(MAX_IMAGES * 2100)
  .transform((text, context) => {
    const fail = (message: string) => {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return fail('must be a string holding a JSON-encoded array of URLs, e.g. "[\\"https://…/a.png\\"]"');
    }
    const urls = z.array(mediaUrl).min(1).max(MAX_IMAGES).safeParse(parsed);
    if (!urls.success)
      return fail(
        `must be a JSON-encoded array of 1 to ${MAX_IMAGES} http(s) URLs (${urls.error.issues[0]?.message ?? 'not valid'})`,
      );
    return urls.data;
  });

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
    .optional()
    .describe(
      `A name from GET /api/image-models, e.g. "${DEFAULT_IMAGE_MODEL}", "OpenAI GPT Image 2.5 Flare Medium", "FLUX.2 [pro]", "DALL-E 3"; case and punctuation do not matter. Required to make a new picture; an edit (image or images) may leave it out (editModel then picks the editor)`,
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
  images: imagesField
    .optional()
    .describe(
      `Pictures for editors that take several: a string holding a JSON-encoded array of 1 to ${MAX_IMAGES} http(s) URLs (not a JSON array); it overrides image. The engines here edit the first one (a warning says so of the others)`,
    ),
  action: z
    .enum(IMAGE_ACTIONS)
    .optional()
    .describe(
      'What to do with `image` (needs `image` or `images`); default "Edit Image with AI". Colorize, Relight, Stylization and Sketch to Image run offline as image filters (engine builtin-filter) when the edit model has no editing engine; ' +
        'Remove Background runs offline by classical segmentation for a subject on a plain or graded background (engine builtin-segmentation), else through a background removal server (ATELIER_IMAGE_REMBG_URL) or an OpenAI-compatible edits endpoint; ' +
        'the others need a model served by an engine that edits (OpenAI-compatible /images/edits, Stable Diffusion web UI img2img), else the answer is 422 saying what could',
    ),
  editModel: z
    .enum(EDIT_MODELS)
    .optional()
    .describe(
      `The catalogue model that edits \`image\` (names resolve as \`model\` does). When absent: \`model\` if the request names one, else "OpenAI GPT Image 2 Medium" with no action, "Qwen Image" for action "Edit Image with AI" and "${DEFAULT_IMAGE_MODEL}" for any other action`,
    ),
  outputs: wholeNumberField(1, 4).default(1),
  resolution: z
    .enum(IMAGE_RESOLUTIONS)
    .optional()
    .describe(
      'For an aspect ratio (or no dimensions): a long side of 512 (0.5K), 1024 (1K, the default; 2K for Nano Banana Pro and Flash) or 2048 (2K) pixels; 4K is made at 2048, with a warning',
    ),
  recraftStyle: z
    .string()
    .trim()
    .max(100)
    .default('any')
    .describe('Recraft models: a style such as realistic_image or digital_illustration; "any" leaves it to the prompt'),
  waitForResult: flagField.default(false).describe('Wait a bounded time for the images before answering'),
});

/** The model the generate_image tool uses when the agent names none (the hosted tool's model is optional). */
export const TOOL_IMAGE_MODEL = DEFAULT_IMAGE_MODEL;

/**
 * The generate_image tool's arguments (the hosted MCP server's): the body, with `model` defaulted, the answer
 * waited for (the hosted tool is synchronous) and `source_images`, the pictures to edit (in place of `images`).
 */
export const generateImageToolArgs = generateImageBody.omit({ images: true }).extend({
  prompt: generateImageBody.shape.prompt.meta({ examples: ['A lighthouse at dusk, watercolor'] }),
  model: generateImageBody.shape.model
    .default(TOOL_IMAGE_MODEL)
    .describe(
      `A name from GET /api/image-models, e.g. "Nano Banana 2" (the default here), "FLUX.2 [max]", "Seedream 5.0 Pro"; case and punctuation do not matter`,
    ),
  source_images: z
    .array(mediaUrl)
    .min(1)
    .max(MAX_IMAGES)
    .optional()
    .describe(
      `Pictures (http(s) URLs, up to ${MAX_IMAGES}) to edit or to make the new one from (image-to-image), as \`action\` says; the engines here work from the first one`,
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
