import { hash, randomBytes, randomInt, randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

/** A seed for generators: 31 bits, so every engine's integer seed field takes it. */
export const randomSeed = (): number => randomInt(0, 2 ** 31 - 1);

/** One-shot hashing: no Hash object per call (it runs for every authenticated request). */
export const sha256Hex = (value: string): string => hash('sha256', value, 'hex');

/** API keys: a recognisable prefix and 192 random bits, URL-safe. */
export const newApiKey = (): string => `atl_${randomBytes(24).toString('base64url')}`;

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
