import { z } from 'zod';
import type { ProviderEnv } from '../../providers/provider-env.js';

const env = z.object({
  ATELIER_FLITE_PATH: z.string().min(1).default('flite'),
});

export const fliteEnv = {
  name: 'flite' as const,
  env,
  settings: (e: z.output<typeof env>) => ({ tts: { flitePath: e.ATELIER_FLITE_PATH } }),
} satisfies ProviderEnv<typeof env.shape, { tts: { flitePath: string } }>;
