import { z } from 'zod';
import { defineOperation } from '../../operations/operation.js';
import { unwrap } from '../../shared/errors.js';
import { SOUND_LIMITS, type SoundsService } from './sounds.service.js';

const { minSeconds, maxSeconds, defaultSeconds, defaultInfluence, maxPromptCharacters } = SOUND_LIMITS;

/** The body of POST /api/generate-sound (the hosted reference's GenerateSoundRequest); the MCP tool takes the same. */
export const generateSoundBody = z.strictObject({
  prompt: z
    .string()
    .max(maxPromptCharacters, `must be at most ${maxPromptCharacters} characters`)
    .refine((p) => p.trim().length > 0, 'must describe the sound')
    .describe(`Text description of the sound effect, at most ${maxPromptCharacters} characters`),
  duration: z
    .number()
    .min(minSeconds, `must be at least ${minSeconds} seconds`)
    .max(maxSeconds, `must be at most ${maxSeconds} seconds`)
    .default(defaultSeconds)
    .describe(`Duration of the sound effect in seconds, ${minSeconds} to ${maxSeconds}`),
  prompt_influence: z
    .number()
    .min(0)
    .max(1)
    .default(defaultInfluence)
    .describe('How closely the output follows the prompt (0.0 = more creative, 1.0 = more literal)'),
});

export function soundOperations(sounds: SoundsService) {
  return {
    generateSound: defineOperation({
      name: 'generate_sound',
      summary: 'Generate a sound effect from a text description; returns a public MP3 URL (synchronous)',
      description: `prompt: at most ${maxPromptCharacters} characters; duration ${minSeconds}-${maxSeconds} s (default ${defaultSeconds}). The prompt's words are counted (used_characters) against the plan's monthly text-to-speech words, as text-to-speech counts its text's words. What the engine could not honour is listed in warnings.`,
      tags: ['speech'],
      idempotent: true,
      input: generateSoundBody,
      output: z.object({
        url: z.string(),
        text: z.string(),
        seconds: z.number().int(),
        status: z.literal('completed'),
        uuid: z.string(),
        duration_seconds: z.number(),
        used_characters: z.number().int(),
        engine: z.string(),
        warnings: z.array(z.string()),
      }),
      errors: [400, 401, 402, 409, 422, 429, 502, 503],
      run: async ({ prompt, duration, prompt_influence }, { caller }) =>
        unwrap(await sounds.generate(caller, { prompt, durationSeconds: duration, promptInfluence: prompt_influence })),
      http: { method: 'POST', path: '/api/generate-sound', operationId: 'generateSoundEffect' },
      tool: {
        description: `Generate a sound effect (rain, wind, waves, fire, footsteps, a door, bells, alarms, engines, crowds, birds, thunder...) from a description; duration ${minSeconds}-${maxSeconds} s (default ${defaultSeconds}). Returns a public MP3 URL. Counts the prompt's words against the monthly speech allowance.`,
      },
    }),
  };
}
