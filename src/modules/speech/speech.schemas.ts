import { z } from 'zod';

/** A voice setting's value (voiceSettings in a request, defaults in the settings list). */
export const settingValue = z.union([z.number(), z.boolean()]);

/** The body of POST /api/generate-text-to-speech; the MCP tool takes the same. */
export const speechBody = (maxCharacters: number) =>
  z.strictObject({
    voiceID: z
      .string()
      .min(1)
      .max(200)
      .describe('An id from GET /api/get-text-to-speech-voices, or one of your custom voices'),
    text: z
      .string()
      .min(1)
      .max(maxCharacters * 2)
      .describe(`Text to speak, at most ${maxCharacters} characters`),
    voiceSettings: z
      .record(z.string().max(50), settingValue)
      .optional()
      .describe('See GET /api/get-text-to-speech-voice-settings'),
  });

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
