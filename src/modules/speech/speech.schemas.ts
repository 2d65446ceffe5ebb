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

/** The output formats the speech here is made in (the hosted tool also names wav, pcm and other MP3 rates). */
export const SPEECH_OUTPUT_FORMATS = ['mp3_44100_128'] as const;

/** The generate_speech tool's arguments (the hosted MCP server's): speed and output_format at the top. */
export const speechToolArgs = (maxCharacters: number) => {
  const body = speechBody(maxCharacters);
  return z.strictObject({
    text: body.shape.text.meta({ examples: ['Hello from Atelier.'] }),
    voice_id: body.shape.voiceID.meta({ examples: ['espeak-ng:en-us'] }).describe('A voice id from list_voices'),
    speed: z.number().min(0.7).max(1.2).default(1).describe('Speaking rate, 0.7 to 1.2 (default 1.0)'),
    output_format: z
      .enum(SPEECH_OUTPUT_FORMATS, {
        error: () =>
          `must be ${SPEECH_OUTPUT_FORMATS.join(', ')}: the speech here is made as MP3 only (wav, pcm and other MP3 rates are not offered)`,
      })
      .default('mp3_44100_128')
      .describe('mp3_44100_128 (the default and the one format made here)'),
    voice_settings: body.shape.voiceSettings.describe(
      'More settings of the voice, by provider (speed above wins); see GET /api/get-text-to-speech-voice-settings',
    ),
  });
};

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
