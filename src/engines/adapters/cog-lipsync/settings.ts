import { z } from 'zod';
import { httpUrl, int } from '../../../config-fields.js';
import type { ProviderEnv } from '../../providers/provider-env.js';

const inputName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'expected an input name such as face or source_image');

const env = z.object({
  /** A Cog prediction server (`cog serve`, or a Cog model's Docker image): POST {url}/predictions. */
  ATELIER_LIPSYNC_COG_URL: httpUrl.optional(),
  ATELIER_LIPSYNC_API_KEY: z.string().optional(),
  /** The model's input names: Wav2Lip's Cog model takes face and audio; SadTalker's source_image and driven_audio. */
  ATELIER_LIPSYNC_FACE_INPUT: inputName.default('face'),
  ATELIER_LIPSYNC_AUDIO_INPUT: inputName.default('audio'),
  ATELIER_LIPSYNC_TIMEOUT_MS: int(10_000, 3_600_000).default(900_000),
});

const settings = (e: z.output<typeof env>) => ({
  talkingVideos: {
    cog: e.ATELIER_LIPSYNC_COG_URL
      ? {
          baseUrl: e.ATELIER_LIPSYNC_COG_URL,
          apiKey: e.ATELIER_LIPSYNC_API_KEY,
          faceInput: e.ATELIER_LIPSYNC_FACE_INPUT,
          audioInput: e.ATELIER_LIPSYNC_AUDIO_INPUT,
          timeoutMs: e.ATELIER_LIPSYNC_TIMEOUT_MS,
        }
      : undefined,
  },
});

export const cogLipSyncEnv = {
  name: 'cog-lipsync' as const,
  env,
  settings,
} satisfies ProviderEnv<typeof env.shape, ReturnType<typeof settings>>;
