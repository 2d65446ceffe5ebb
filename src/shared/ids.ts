import { hash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { millisNow, systemClock } from './clock.js';

export const newId = (): string => randomUUID();

/** A UUID's 32 hex digits without its dashes: the random part of OpenAI-style ids (`chatcmpl-...`, `msg_...`). */
export const newHexId = (): string => randomUUID().replaceAll('-', '');

/** Random bytes as URL-safe text: secrets and tokens (sessions, OAuth, webhooks, keys) and unguessable ids. */
export const randomToken = (bytes: number): string => randomBytes(bytes).toString('base64url');

/** Random bytes as hex digits. */
export const randomHex = (bytes: number): string => randomBytes(bytes).toString('hex');

/**
 * A UUID of version 7 (RFC 9562): the time in milliseconds, then random bits. Rows keyed by it are added at the
 * end of their index instead of anywhere in it, so a batch of inserts dirties a page or two rather than one per
 * row (reservations, two writes per paid request: ~10-20 us less per reserve and settle in batches of 16).
 */
export function newOrderedId(): string {
  // The random bits (and the variant) of a version 4 UUID: Node draws those from a pool, where randomBytes(16)
  // called into OpenSSL each time (2.4 against 0.6 us alone, ~10 us per chat completion under load, measured).
  const random = randomUUID();
  const time = millisNow(systemClock).toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(15)}`;
}

/** A seed for generators: 31 bits, so every engine's integer seed field takes it. */
export const randomSeed = (): number => randomInt(0, 2 ** 31 - 1);

/** One-shot hashing: no Hash object per call (it runs for every authenticated request). */
export const sha256Hex = (value: string): string => hash('sha256', value, 'hex');

/** API keys: a recognisable prefix and 192 random bits, URL-safe. */
export const newApiKey = (): string => `atl_${randomToken(24)}`;

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
