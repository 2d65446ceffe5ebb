import { z } from 'zod';
import { FIELD_LIMITS, FIELD_NAMES, type FieldName } from '../../shared/presets/preset-types.js';
import { generateBodySchema } from '../text/text.schemas.js';
import { createUserPresetSchema } from './user-preset.schemas.js';

const inputShape = Object.fromEntries(
  FIELD_NAMES.map((name) => [name, z.string().max(FIELD_LIMITS[name]).optional()]),
) as Record<FieldName, z.ZodOptional<z.ZodString>>;

/**
 * A preset as POST /api/presets takes it, not saved, with sample values of its fields: what the editor's live
 * preview and test run send.
 */
export const presetDraftSchema = createUserPresetSchema.extend({
  inputs: z
    .strictObject(inputShape)
    .default({})
    .describe(
      "Sample values of the draft's fields by name (keywords, tone, length, extra1...extra14, suffix), as generate takes them",
    ),
  language: generateBodySchema.shape.language,
});
export type PresetDraft = z.output<typeof presetDraftSchema>;

const messageSchema = z.object({ role: z.enum(['system', 'user', 'assistant', 'tool']), content: z.string() });

export const draftPreviewSchema = z.object({
  messages: z.array(messageSchema).describe('What the language model would be sent, in order'),
  max_tokens: z.number().int().describe('The most tokens the answer may take'),
});
export type DraftPreview = z.infer<typeof draftPreviewSchema>;

export const draftTestRunSchema = z.object({
  text: z.string(),
  messages: draftPreviewSchema.shape.messages,
  model: z.string().describe('The model that wrote it: the standard text model'),
  credits: z.number().int().describe('What the run cost: one output'),
});
export type DraftTestRun = z.infer<typeof draftTestRunSchema>;
