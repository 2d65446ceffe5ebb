import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Caller } from '../modules/accounts/accounts.service.js';
import type { ErrorStatus } from '../operations/operation.js';
import { AppError } from '../shared/errors.js';
import './fastify-types.js';

export const errorSchema = z.object({ error: z.string() }).describe('Error');

/** Error responses for the OpenAPI document, by status. */
export function errors(...statuses: ErrorStatus[]) {
  return Object.fromEntries(statuses.map((s) => [s, errorSchema])) as Record<number, typeof errorSchema>;
}

export const openAiErrorSchema = z
  .object({
    error: z.object({
      message: z.string(),
      type: z.string(),
      param: z.string().nullable(),
      code: z.string().nullable(),
    }),
  })
  .describe('OpenAI-style error');

/** Error responses of the OpenAI-compatible routes, by status. */
export function openAiErrors(...statuses: ErrorStatus[]) {
  return Object.fromEntries(statuses.map((s) => [s, openAiErrorSchema])) as Record<number, typeof openAiErrorSchema>;
}

export const secured: { [scheme: string]: string[] }[] = [{ ApiKeyAuth: [] }, { BearerAuth: [] }];

/** Documents (and checks) the header that makes a creation request safe to retry; other headers pass untouched. */
export const idempotencyHeader = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, 'must be 1 to 255 visible ASCII characters')
    .optional()
    .describe(
      'Any unique string, e.g. a UUID: the same key and body within 24 hours returns the first answer and charges once',
    ),
});

/** Route options for an operation that needs a key. */
export const keyRequired = { config: { auth: 'required' as const } };

/** ... and for one that creates paid work, where an Idempotency-Key makes a retry safe. */
export const paidCreation = { config: { auth: 'required' as const, idempotent: true } };

export const IDEMPOTENCY_NOTE =
  'Send an Idempotency-Key header to make a retried request safe: the same key and body within 24 hours returns the first answer (header idempotent-replayed: true) and charges once.';

export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError('unauthorized', 'Invalid API key');
  return request.caller;
}

/** A route's hooks of one kind as an array (route options take one hook or several), to add one of ours to. */
export function hooksOf<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}
