import { z } from 'zod';

/** A voice as the voice list shows it (the spec's Voice, plus provider, gender and custom). */
export const voiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  language: z.string(),
  accent: z.string().optional(),
  provider: z.string(),
  gender: z.string().optional(),
  custom: z.boolean(),
});
