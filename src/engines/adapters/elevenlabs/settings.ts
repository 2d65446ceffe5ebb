import { z } from 'zod';
import { httpUrl } from '../../../config-fields.js';
import type { ProviderEnv } from '../../providers/provider-env.js';

const env = z.object({
  ATELIER_ELEVENLABS_API_KEY: z.string().optional(),
  ATELIER_ELEVENLABS_BASE_URL: httpUrl.default('https://api.elevenlabs.io'),
  ATELIER_ELEVENLABS_MODEL: z.string().min(1).default('eleven_multilingual_v2'),
});

const settings = (e: z.output<typeof env>) => ({
  tts: {
    elevenlabs: e.ATELIER_ELEVENLABS_API_KEY
      ? {
          baseUrl: e.ATELIER_ELEVENLABS_BASE_URL,
          apiKey: e.ATELIER_ELEVENLABS_API_KEY,
          model: e.ATELIER_ELEVENLABS_MODEL,
        }
      : undefined,
  },
});

export const elevenLabsEnv = { name: 'elevenlabs' as const, env, settings } satisfies ProviderEnv<
  typeof env.shape,
  ReturnType<typeof settings>
>;
