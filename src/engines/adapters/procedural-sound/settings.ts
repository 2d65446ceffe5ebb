import { z } from 'zod';
import { int } from '../../../config-fields.js';
import type { ProviderEnv } from '../../providers/provider-env.js';

/** The offline sound engine borrows lame and the bitrate from text-to-speech; it adds its worker count. */
const env = z.object({
  ATELIER_SOUND_WORKERS: int(1, 16).default(2),
});

export const proceduralSoundEnv = {
  name: 'procedural-sound' as const,
  env,
  settings: (e: z.output<typeof env>) => ({ sound: { workers: e.ATELIER_SOUND_WORKERS } }),
} satisfies ProviderEnv<typeof env.shape, { sound: { workers: number } }>;
