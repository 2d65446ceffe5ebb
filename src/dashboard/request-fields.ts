import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../shared/errors.js';

/**
 * A text field of a form or a query as a page reads it: what the browser sent, or '' when it sent none or
 * something else than one piece of text (a repeated query parameter, a number in a JSON body).
 */
export const text = z.string().catch('');

/**
 * The fields a page reads from a form or a query, each with what it reads when the field is missing or does not
 * parse. The form parser hands text only, but a request may carry JSON or no body at all: what is not an object
 * of fields reads as an empty form, which each page already answers (its 400 page, its error message).
 */
export function fieldsOf<S extends Record<string, z.ZodCatch>>(shape: S) {
  const fields = z.object(shape);
  return fields.catch(() => fields.parse({}));
}

/** The path's parameters: the router hands text, so a path they do not fit is a page that does not exist. */
export function pathOf<S extends z.ZodObject>(schema: S, request: FastifyRequest): z.output<S> {
  const parsed = schema.safeParse(request.params);
  if (!parsed.success) throw new AppError('not_found', 'There is no such page');
  return parsed.data;
}

/** The path of a page about one thing, named by its id. */
export const idPath = z.object({ id: z.string() });
