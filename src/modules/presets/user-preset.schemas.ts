import { z } from 'zod';
import { CATEGORIES, FIELD_LIMITS, type FieldName } from '../../shared/presets/preset-types.js';
import { USER_TEMPLATE_MAX } from '../../shared/presets/user-template.js';
import { generateImageBody } from '../images/images.schemas.js';

/** How many presets one account may keep. */
export const USER_PRESETS_PER_ACCOUNT = 200;
export const USER_PRESET_MAX_FIELDS = 9;
/**
 * What a user preset makes: text (the text model writes it), image (the rendered template is the image prompt, made by
 * the images service) or speech (the text model writes it, the speech service speaks it).
 */
export const USER_PRESET_OUTPUTS = ['text', 'image', 'speech'] as const;
export type UserPresetOutput = (typeof USER_PRESET_OUTPUTS)[number];
/** `image`: a picture (an http(s) or data:image URL) in an extraN parameter, given to the model beside the prompt. */
export const USER_FIELD_TYPES = ['text', 'textarea', 'select', 'radio', 'checkbox', 'image'] as const;

const fieldNames = Object.keys(FIELD_LIMITS) as [FieldName, ...FieldName[]];

/** A field as a user writes it (and reads it back from POST/PATCH and the versions). */
export const userFieldSchema = z.strictObject({
  name: z
    .enum(fieldNames)
    .describe('The generate parameter it fills: keywords, tone, length, extra1...extra14, suffix'),
  label: z.string().trim().min(1).max(100),
  type: z.enum(USER_FIELD_TYPES),
  required: z.boolean().default(false),
  placeholder: z.string().max(200).optional().describe('text and textarea fields'),
  maxLength: z
    .number()
    .int()
    .min(1)
    .max(FIELD_LIMITS.keywords)
    .optional()
    .describe("text and textarea fields; at most the parameter's own limit"),
  options: z
    .array(z.string().trim().min(1).max(100))
    .min(1)
    .max(20)
    .optional()
    .describe('select and radio fields: 1 to 20 choices'),
  default: z.string().max(FIELD_LIMITS.keywords).optional().describe('A checkbox\'s is "true" or "false"'),
});
export type UserField = z.output<typeof userFieldSchema>;

const slug = z
  .string()
  .min(3)
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters and digits joined by single hyphens');

/** An image preset's settings, each as POST /api/generate-image takes it (the model is checked against the catalogue). */
export const imageSettingsSchema = z.strictObject({
  model: generateImageBody.shape.model
    .optional()
    .describe('A name from GET /api/image-models (checked when the preset is saved); "Nano Banana 2" when absent'),
  dimensions: generateImageBody.shape.dimensions,
  style: z.string().trim().min(1).max(100).optional().describe('e.g. watercolor, photorealistic, pixel art'),
  resolution: generateImageBody.shape.resolution,
});
export type ImageSettings = z.output<typeof imageSettingsSchema>;

const voiceId = z
  .string()
  .min(1)
  .max(200)
  .describe(
    "A speech preset's voice: an id from GET /api/get-text-to-speech-voices or one of your custom voices (checked when the preset is saved); without it, the first voice of the request's language",
  );

const definitionShape = {
  fields: z
    .array(userFieldSchema)
    .min(1)
    .max(USER_PRESET_MAX_FIELDS)
    .meta({ examples: [[{ name: 'keywords', label: 'Topic', type: 'textarea', required: true }]] }),
  output: z
    .enum(USER_PRESET_OUTPUTS)
    .default('text')
    .describe(
      'What the preset makes: text; image (the rendered prompt goes to the image model); speech (the text written is spoken)',
    ),
  image_settings: imageSettingsSchema.optional().describe("An image preset's model, dimensions, style, resolution"),
  voice: voiceId.optional(),
  prompt: z
    .string()
    .min(1)
    .max(USER_TEMPLATE_MAX)
    .describe(
      'A logic-less Mustache template: text, {{name}}, {{#name}}...{{/name}} and {{^name}}...{{/name}} on the fields and language, nested at most 3 deep; every field must be used',
    )
    .meta({ examples: ['Write a short poem in {{language}} about {{keywords}}.'] }),
};

/** A brand voice of the same account (GET /api/brand-voices), the preset's default: checked when set. */
const brandVoiceId = z
  .string()
  .min(1)
  .max(100)
  .describe(
    "The id of one of your brand voices: generate uses it unless the request names one (brand_voice); without it, the account's default brand voice",
  );

export const createUserPresetSchema = z.strictObject({
  slug: slug.optional().describe('Made from the title when left out'),
  title: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .meta({ examples: ['Short poem'] }),
  description: z.string().trim().max(500).default(''),
  category: z.array(z.enum(CATEGORIES)).min(1).max(CATEGORIES.length).default(['Other']),
  ...definitionShape,
  brand_voice: brandVoiceId.optional(),
});
export type CreateUserPreset = z.output<typeof createUserPresetSchema>;

export const updateUserPresetSchema = z.strictObject({
  title: z.string().trim().min(1).max(100).optional(),
  description: z.string().trim().max(500).optional(),
  category: z.array(z.enum(CATEGORIES)).min(1).max(CATEGORIES.length).optional(),
  fields: definitionShape.fields.optional(),
  output: z.enum(USER_PRESET_OUTPUTS).optional(),
  image_settings: imageSettingsSchema.nullable().optional().describe('null removes them'),
  voice: voiceId.nullable().optional().describe('null removes it'),
  prompt: definitionShape.prompt.optional(),
  brand_voice: brandVoiceId.nullable().optional().describe('A brand voice id of yours, or null for none'),
});
export type UpdateUserPreset = z.output<typeof updateUserPresetSchema>;

/** What a version holds (user_preset_versions.definition). */
export const userPresetDefinitionSchema = z.object({
  fields: z.array(userFieldSchema),
  output: z.enum(USER_PRESET_OUTPUTS),
  image_settings: imageSettingsSchema.optional(),
  voice: z.string().optional(),
  prompt: z.string(),
  /** Versions written before brand voices were a preset's setting have none. */
  brand_voice: z.string().nullable().default(null),
});
export type UserPresetDefinition = z.output<typeof userPresetDefinitionSchema>;

export const userPresetSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.array(z.enum(CATEGORIES)),
  isFree: z.boolean(),
  custom: z.literal(true),
  version: z.number().int(),
  fields: z.array(userFieldSchema),
  output: z.enum(USER_PRESET_OUTPUTS),
  image_settings: imageSettingsSchema.optional(),
  voice: z.string().optional(),
  prompt: z.string(),
  brand_voice: z.string().nullable().describe('The brand voice id generate uses unless the request names one'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserPresetView = z.input<typeof userPresetSchema>;

export const userPresetVersionSchema = userPresetDefinitionSchema.extend({
  version: z.number().int(),
  created_at: z.string(),
});
export type UserPresetVersionView = z.input<typeof userPresetVersionSchema>;

/** The path parameters of a route on one of the caller's presets (/api/presets/{slug}/...). */
export const ownPresetParams = z.object({
  slug: z.string().min(1).max(100).describe('The slug of one of your presets'),
});
