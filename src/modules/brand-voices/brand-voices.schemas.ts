import { z } from 'zod';

export const BRAND_VOICE_LIMITS = {
  name: 100,
  instructions: 10_000,
  samples: 20_000,
  url: 2_000,
  /** Brand voices one account may keep. */
  perAccount: 50,
  /** What an engine is given of the instructions, as on the hosted service. */
  applied: 2_000,
} as const;

export const DRAFTED_BY = ['model', 'offline profile'] as const;
export type DraftedBy = (typeof DRAFTED_BY)[number];

export const brandVoiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  instructions: z.string(),
  samples: z.string().nullable(),
  url: z.string().nullable(),
  default: z.boolean().describe("The account's default brand voice: applied where none is named"),
  drafted_by: z
    .enum(DRAFTED_BY)
    .nullable()
    .describe(
      'What drafted the instructions from the samples or the page: the language model, or the offline measured profile; null when written',
    ),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BrandVoice = z.infer<typeof brandVoiceSchema>;

export interface BrandVoiceInput {
  name: string;
  instructions?: string | undefined;
  samples?: string | undefined;
  url?: string | undefined;
  default?: boolean | undefined;
}

export interface BrandVoiceUpdate {
  name?: string | undefined;
  instructions?: string | undefined;
  samples?: string | null | undefined;
  url?: string | null | undefined;
  default?: boolean | undefined;
}
