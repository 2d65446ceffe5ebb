import { z } from 'zod';

/** Field types shared by the service's own variables and the providers' (config.ts and each provider's settings). */
export const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
export const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
export const httpUrl = z.url({ protocol: /^https?$/ });
