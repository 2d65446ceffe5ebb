import { z } from 'zod';
import { flagField, wholeNumberField } from '../../shared/body-fields.js';
import { FIELD_LIMITS, LENGTHS } from '../../shared/presets/preset-types.js';
import { imageRecordSchema } from '../images/images.schemas.js';
import { PICTURE_DATA_URL_MAX } from './preset-pictures.js';

const MAX_OUTPUTS = 10;

const text = (max: number, description: string) => z.string().max(max).describe(description).optional();

const outputsSchema = wholeNumberField(1, MAX_OUTPUTS);

/**
 * extra5...extra14: text of at most `max` characters or, for an image field of a preset of yours, a picture's URL,
 * which may be a data:image URL up to PICTURE_DATA_URL_MAX (checked as a picture when the preset runs).
 */
const extra = (max: number, description: string) =>
  z
    .string()
    .max(PICTURE_DATA_URL_MAX)
    .refine((value) => value.length <= max || /^data:image\//i.test(value), {
      message: `must be at most ${max} characters (an image field's picture may be a data:image/...;base64, URL)`,
    })
    .describe(description)
    .optional();

/** extra5...extra14: the hosted MCP server's further template fields, read by user presets' fields (image fields too). */
const extraFields = {
  extra5: extra(FIELD_LIMITS.extra5, 'Context field 5; meaning depends on the preset'),
  extra6: extra(FIELD_LIMITS.extra6, 'Context field 6; meaning depends on the preset'),
  extra7: extra(FIELD_LIMITS.extra7, 'Context field 7; meaning depends on the preset'),
  extra8: extra(FIELD_LIMITS.extra8, 'Context field 8; meaning depends on the preset'),
  extra9: extra(FIELD_LIMITS.extra9, 'Context field 9; meaning depends on the preset'),
  extra10: extra(FIELD_LIMITS.extra10, 'Context field 10; meaning depends on the preset'),
  extra11: extra(FIELD_LIMITS.extra11, 'Context field 11; meaning depends on the preset'),
  extra12: extra(FIELD_LIMITS.extra12, 'Context field 12; meaning depends on the preset'),
  extra13: extra(FIELD_LIMITS.extra13, 'Context field 13; meaning depends on the preset'),
  extra14: extra(FIELD_LIMITS.extra14, 'Context field 14; meaning depends on the preset'),
};

export const generateBodySchema = z.strictObject({
  preset: z.string().min(1).max(100).describe('Preset slug, from GET /api/presets'),
  keywords: text(FIELD_LIMITS.keywords, 'Main input text or topic'),
  tone: text(FIELD_LIMITS.tone, 'Desired tone'),
  length: z.enum(LENGTHS).optional().describe('Output length'),
  outputs: outputsSchema.default(1).describe(`Number of outputs, 1 to ${MAX_OUTPUTS}`),
  language: z
    .string()
    .min(1)
    .max(50)
    .regex(/^\p{L}[\p{L}\p{M} ()'-]*$/u, 'must be a language name, e.g. English')
    .default('English')
    .describe('Output language name'),
  shouldUseGPT4: flagField.default(false).describe('Use the advanced model'),
  extra1: text(FIELD_LIMITS.extra1, 'Context field 1; meaning depends on the preset'),
  extra2: text(FIELD_LIMITS.extra2, 'Context field 2; meaning depends on the preset'),
  extra3: text(FIELD_LIMITS.extra3, 'Context field 3; meaning depends on the preset'),
  extra4: text(FIELD_LIMITS.extra4, 'Context field 4; meaning depends on the preset'),
  ...extraFields,
  suffix: text(FIELD_LIMITS.suffix, 'End section text (Fill the Gaps)'),
  brand_voice: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe(
      "A brand voice id (GET /api/brand-voices): its instructions (the first 2,000 characters) go ahead of the preset's; the account's default brand voice when absent",
    ),
});
export type GenerateBody = z.output<typeof generateBodySchema>;

/**
 * The generate_text tool's arguments (the hosted MCP server's): the body, with the template's other fields also as
 * `extra_fields`, keyed by field name. `keywords` is optional here as in the body: a user's template may have no
 * keywords field, and the preset's own fields say what is required (preset-inputs.ts names the missing one).
 */
export const generateToolArgs = generateBodySchema.extend({
  preset: generateBodySchema.shape.preset.meta({ examples: ['blog-post-intro'] }),
  keywords: z
    .string()
    .trim()
    .max(FIELD_LIMITS.keywords)
    .optional()
    .describe(
      'Main input text or topic: every catalogue template needs it; your own templates say if theirs is required',
    ),
  extra_fields: z
    .strictObject({
      extra1: generateBodySchema.shape.extra1,
      extra2: generateBodySchema.shape.extra2,
      extra3: generateBodySchema.shape.extra3,
      extra4: generateBodySchema.shape.extra4,
      ...extraFields,
      suffix: generateBodySchema.shape.suffix,
    })
    .optional()
    .describe('The template\'s other fields by name, e.g. {"extra1": "..."}; the same as giving them at the top level'),
});

/** What a speech preset's output was spoken into (POST /api/generate-text-to-speech's answer). */
const spokenSchema = z.object({
  uuid: z.string().describe('GET /api/text-to-speech/{uuid} reads the record'),
  url: z.string(),
  used_characters: z.number().int().describe('Words billed against the monthly speech allowance'),
  status: z.literal('completed'),
});

/**
 * The spec's `{id, name}` (name is the generated text); some clients read the same text as `text`. A user preset
 * whose output is an image or speech adds `kind` and what was made; `text` is then the image prompt or the spoken text.
 */
export const generatedOutputSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  text: z.string(),
  kind: z
    .enum(['image', 'speech'])
    .optional()
    .describe('Only for a preset of yours whose output is an image or speech; absent for text'),
  image: imageRecordSchema
    .optional()
    .describe(
      "An image preset's picture, as GET /api/get-image?imageId={image.id} reads it: poll that while status is pending",
    ),
  audio: spokenSchema
    .nullable()
    .optional()
    .describe("A speech preset's recording; null when speaking failed (audio_error says why; the text is kept)"),
  audio_error: z.string().optional().describe('Why the text could not be spoken; its words were not billed'),
});
export type GeneratedOutput = z.infer<typeof generatedOutputSchema>;

export const storedOutputSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  preset: z.string(),
  model: z.string(),
  created_at: z.string(),
  preset_version: z.number().int().optional().describe('The version of your own preset it was made with'),
});
export type StoredOutput = z.infer<typeof storedOutputSchema>;
