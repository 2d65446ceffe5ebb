import { z } from 'zod';
import { bool } from '../../../config-fields.js';
import type { ProviderEnv } from '../../provider-env.js';

const env = z.object({
  ATELIER_POCKETSPHINX_PATH: z.string().min(1).default('pocketsphinx_continuous'),
  ATELIER_ASR_LOCAL: bool.default(true),
});

export const pocketsphinxEnv = {
  name: 'pocketsphinx',
  env,
  settings: (e: z.output<typeof env>) => ({
    asr: { pocketsphinxPath: e.ATELIER_POCKETSPHINX_PATH, local: e.ATELIER_ASR_LOCAL },
  }),
} satisfies ProviderEnv<typeof env.shape, { asr: { pocketsphinxPath: string; local: boolean } }>;
