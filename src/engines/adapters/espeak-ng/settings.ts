import { z } from 'zod';
import type { ProviderEnv } from '../../providers/provider-env.js';

const env = z.object({
  ATELIER_ESPEAK_NG_PATH: z.string().min(1).default('espeak-ng'),
});

export const espeakNgEnv = {
  name: 'espeak-ng' as const,
  env,
  settings: (e: z.output<typeof env>) => ({ tts: { espeakNgPath: e.ATELIER_ESPEAK_NG_PATH } }),
} satisfies ProviderEnv<typeof env.shape, { tts: { espeakNgPath: string } }>;
