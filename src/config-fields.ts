import { z } from 'zod';

/** Field types shared by the service's own variables and the providers' (config.ts and each provider's settings). */
export const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
export const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
export const httpUrl = z.url({ protocol: /^https?$/ });

/** A configuration the service refuses to start with; the message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Stops the start with the lines of what is wrong. */
export const invalidConfiguration = (...problems: string[]): ConfigError =>
  new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);

/** A regex group matching any of `names` (`(a|b)`), for values that name one of a list. */
export const oneOf = (names: readonly string[]): string =>
  `(${names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`;
