import { z } from 'zod';

/** Live (not revoked) links a preset may have at once. */
export const LINKS_PER_PRESET = 20;
export const DAILY_CAP_MAX = 10_000;
export const DEFAULT_DAILY_CAP = 50;

const dailyCap = z
  .number()
  .int()
  .min(1)
  .max(DAILY_CAP_MAX)
  .describe(`Runs the link allows per UTC day, paid from your credits (1 to ${DAILY_CAP_MAX})`);
const label = z.string().trim().max(100).describe('A name to tell your links apart');

export const createPresetLinkSchema = z.strictObject({
  daily_cap: dailyCap.default(DEFAULT_DAILY_CAP),
  label: label.optional(),
});
export type CreatePresetLink = z.output<typeof createPresetLinkSchema>;

export const updatePresetLinkSchema = z.strictObject({
  daily_cap: dailyCap.optional(),
  label: label.nullable().optional().describe('A name to tell your links apart; null removes it'),
});
export type UpdatePresetLink = z.output<typeof updatePresetLinkSchema>;

export const presetLinkSchema = z.object({
  id: z.string(),
  preset: z.string().describe("The preset's slug"),
  label: z.string().nullable(),
  daily_cap: z.number().int(),
  used_today: z.number().int().describe('Runs so far this UTC day'),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
});
export type PresetLinkView = z.output<typeof presetLinkSchema>;

export const createdPresetLinkSchema = presetLinkSchema.extend({
  url: z.string().describe('The public page: anyone with it can run the preset, up to the daily cap'),
  token: z.string().describe('The secret part of the URL: shown in this answer only, stored hashed'),
});
export type CreatedPresetLink = z.output<typeof createdPresetLinkSchema>;
