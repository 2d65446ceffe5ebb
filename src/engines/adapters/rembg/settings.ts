import { z } from 'zod';
import { httpUrl } from '../../../config-fields.js';
import type { ProviderEnv } from '../../providers/provider-env.js';

const env = z.object({
  /** rembg's server (`rembg s`): its address, or the full URL of a server with the same shape elsewhere. */
  ATELIER_IMAGE_REMBG_URL: httpUrl.optional(),
  /** Sent as the form field `model` (rembg: u2net, isnet-general-use, birefnet-general...); the server's default otherwise. */
  ATELIER_IMAGE_REMBG_MODEL: z.string().trim().min(1).max(100).optional(),
  ATELIER_IMAGE_REMBG_API_KEY: z.string().optional(),
});

const settings = (e: z.output<typeof env>) => ({
  images: {
    rembg: e.ATELIER_IMAGE_REMBG_URL
      ? { url: e.ATELIER_IMAGE_REMBG_URL, model: e.ATELIER_IMAGE_REMBG_MODEL, apiKey: e.ATELIER_IMAGE_REMBG_API_KEY }
      : undefined,
  },
});

export const rembgEnv = { name: 'rembg' as const, env, settings } satisfies ProviderEnv<
  typeof env.shape,
  ReturnType<typeof settings>
>;
