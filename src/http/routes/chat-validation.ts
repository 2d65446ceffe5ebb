import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { AppError } from '../../shared/errors.js';
import { validationMessage } from '../../shared/validation-message.js';

type Path = (string | number)[];
interface Issue {
  code?: string;
  path?: Path;
  message?: string;
  errors?: Issue[][];
  note?: string;
  options?: unknown[];
  [key: string]: unknown;
}

/** `messages.1.content.0.type` as a client writes it: `messages[1].content[0].type`. */
export const bracketed = (path: Path): string =>
  path
    .map((key, i) => (typeof key === 'number' || /^\d+$/.test(key) ? `[${key}]` : i === 0 ? key : `.${key}`))
    .join('');

/**
 * A chat request's validation failure as one sentence naming the field the way the chat errors do
 * (`messages[1].content[0].type: ...`). Where a union hides the cause (content is a string or parts;
 * a part is one of three types), the cause is named: the branch the value was meant for, or, for a part
 * of a type not taken here, that type.
 */
export function chatValidationError(
  validation: FastifySchemaValidationError[],
  context: string | undefined,
  body: unknown,
): AppError {
  const first = validation[0];
  if (!first) return new AppError('invalid_input', 'Invalid request');
  let path: Path = first.instancePath
    .split('/')
    .filter(Boolean)
    .map((key) => (/^\d+$/.test(key) ? Number(key) : key));
  let issue: Issue = { ...(first.params as Issue), code: first.keyword, message: first.message ?? '' };
  for (;;) {
    if (issue.code !== 'invalid_union' || !Array.isArray(issue.errors)) break;
    if (issue.note === 'No matching discriminator') {
      // `path` already ends at the part's type: zod puts the discriminator issue there.
      const given = valueAt(body, path);
      const where = bracketed(path);
      const taken = (issue.options ?? []).map(String).join(', ');
      const what =
        typeof given === 'string' ? `'${given}' parts are not supported here` : 'a content part needs a type';
      return new AppError('invalid_input', `${where}: ${what} (a part's type is one of ${taken})`, {}, where);
    }
    // Branches the value's own type already rules out (a string given parts, parts given a string).
    const meant = issue.errors.filter(
      (branch) => !branch.every((i) => i.code === 'invalid_type' && (i.path ?? []).length === 0),
    );
    const inner = meant.length === 1 ? meant[0]?.[0] : undefined;
    if (!inner) break;
    path = [...path, ...(inner.path ?? [])];
    issue = inner;
  }
  const dotted = path.join('.');
  const synthetic = {
    ...first,
    instancePath: `/${path.join('/')}`,
    params: { issue: { ...issue, path } },
  } as FastifySchemaValidationError;
  const sentence = validationMessage([synthetic], context);
  if (!dotted || !sentence.startsWith(`${dotted}: `)) return new AppError('invalid_input', sentence);
  const where = bracketed(path);
  return new AppError('invalid_input', `${where}${sentence.slice(dotted.length)}`, {}, where);
}

function valueAt(value: unknown, path: Path): unknown {
  let at = value;
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<string | number, unknown>)[key];
  }
  return at;
}
