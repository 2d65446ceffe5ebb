import { z } from 'zod';
import { bool } from '../../../config-fields.js';
import type { ProviderEnv } from '../../providers/provider-env.js';
import { DEBIAN_MODEL_DIR } from './pruned-dictionary.js';

const env = z.object({
  ATELIER_POCKETSPHINX_PATH: z.string().min(1).default('pocketsphinx_continuous'),
  ATELIER_POCKETSPHINX_MODEL_DIR: z.string().min(1).default(DEBIAN_MODEL_DIR),
  ATELIER_ASR_LOCAL: bool.default(true),
});

export const pocketsphinxEnv = {
  name: 'pocketsphinx' as const,
  env,
  settings: (e: z.output<typeof env>) => ({
    asr: {
      pocketsphinxPath: e.ATELIER_POCKETSPHINX_PATH,
      pocketsphinxModelDir: e.ATELIER_POCKETSPHINX_MODEL_DIR,
      local: e.ATELIER_ASR_LOCAL,
    },
  }),
} satisfies ProviderEnv<
  typeof env.shape,
  { asr: { pocketsphinxPath: string; pocketsphinxModelDir: string; local: boolean } }
>;
