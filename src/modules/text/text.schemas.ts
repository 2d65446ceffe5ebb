import { z } from 'zod';
import { flagField, wholeNumberField } from '../../shared/body-fields.js';
import { FIELD_LIMITS, LENGTHS } from '../presets/preset-types.js';

const MAX_OUTPUTS = 10;

const text = (max: number, description: string) => z.string().max(max).describe(description).optional();

const outputsSchema = wholeNumberField(1, MAX_OUTPUTS);

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
  suffix: text(FIELD_LIMITS.suffix, 'End section text (Fill the Gaps)'),
});
export type GenerateBody = z.output<typeof generateBodySchema>;

/** The spec's `{id, name}` (name is the generated text); some clients read the same text as `text`. */
export const generatedOutputSchema = z.object({ id: z.number().int(), name: z.string(), text: z.string() });
export type GeneratedOutput = z.infer<typeof generatedOutputSchema>;

export const storedOutputSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  preset: z.string(),
  model: z.string(),
  created_at: z.string(),
});
export type StoredOutput = z.infer<typeof storedOutputSchema>;
