import { z } from 'zod';
import { httpUrl } from '../../../config-fields.js';
import type { ProviderEnv } from '../../providers/provider-env.js';

const env = z.object({
  ATELIER_IMAGE_A1111_BASE_URL: httpUrl.optional(),
  ATELIER_IMAGE_A1111_API_KEY: z.string().optional(),
  ATELIER_IMAGE_A1111_BASIC_AUTH: z
    .string()
    .regex(/^[^:]+:.+$/, 'expected user:password')
    .optional(),
});

const settings = (e: z.output<typeof env>) => ({
  images: {
    automatic1111: e.ATELIER_IMAGE_A1111_BASE_URL
      ? {
          baseUrl: e.ATELIER_IMAGE_A1111_BASE_URL,
          apiKey: e.ATELIER_IMAGE_A1111_API_KEY,
          basicAuth: e.ATELIER_IMAGE_A1111_BASIC_AUTH,
        }
      : undefined,
  },
});

export const automatic1111Env = {
  name: 'automatic1111' as const,
  env,
  settings,
  missingImageSetting: (s: ReturnType<typeof settings>) =>
    s.images.automatic1111 ? undefined : 'ATELIER_IMAGE_A1111_BASE_URL',
} satisfies ProviderEnv<typeof env.shape, ReturnType<typeof settings>>;
