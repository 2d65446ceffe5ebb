import { z } from 'zod';
import type { ProviderEnv } from '../../providers/provider-env.js';

/** The offline engines read no variable: they are always there. */
export const builtinEnv = {
  name: 'builtin' as const,
  env: z.object({}),
  settings: () => ({}),
  missingImageSetting: () => undefined,
} satisfies ProviderEnv<Record<never, never>, Record<never, never>>;
