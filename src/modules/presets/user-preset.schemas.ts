import { z } from 'zod';
import { CATEGORIES, FIELD_LIMITS, type FieldName } from '../../shared/presets/preset-types.js';
import { USER_TEMPLATE_MAX } from '../../shared/presets/user-template.js';

/** How many presets one account may keep. */
export const USER_PRESETS_PER_ACCOUNT = 200;
export const USER_PRESET_MAX_FIELDS = 9;
/** The output kinds of a user preset: text only for now (image and speech will be more values of the same enum). */
export const USER_PRESET_OUTPUTS = ['text'] as const;
export const USER_FIELD_TYPES = ['text', 'textarea', 'select', 'radio', 'checkbox'] as const;

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

const definitionShape = {
  fields: z
    .array(userFieldSchema)
    .min(1)
    .max(USER_PRESET_MAX_FIELDS)
    .meta({ examples: [[{ name: 'keywords', label: 'Topic', type: 'textarea', required: true }]] }),
  output: z.enum(USER_PRESET_OUTPUTS).default('text').describe('What the preset makes: text'),
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
  prompt: definitionShape.prompt.optional(),
  brand_voice: brandVoiceId.nullable().optional().describe('A brand voice id of yours, or null for none'),
});
export type UpdateUserPreset = z.output<typeof updateUserPresetSchema>;

/** What a version holds (user_preset_versions.definition). */
export const userPresetDefinitionSchema = z.object({
  fields: z.array(userFieldSchema),
  output: z.enum(USER_PRESET_OUTPUTS),
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
