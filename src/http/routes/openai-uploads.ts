import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { UploadedFile } from '../../modules/images/uploaded-file.js';
import type { AnyOperation } from '../../operations/operation.js';
import { AppError, storageFaultError } from '../../shared/errors.js';
import { operationRoute } from '../operation-route.js';
import type {} from '@fastify/multipart';

const MAX_FILES = 17;
const MAX_FIELDS = 30;

/**
 * The routes of OpenAI's multipart uploads (image edits and variations, a video's input_reference): a scope of
 * their own that takes multipart bodies, each file part at most `maxFileBytes` (a 413 naming the limit), read
 * and checked against the operation's form schema here, then the same operation as the JSON routes.
 */
export async function openAiUploadRoutes(
  app: FastifyInstance,
  operations: readonly AnyOperation[],
  maxFileBytes: number,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: maxFileBytes,
        files: MAX_FILES,
        fields: MAX_FIELDS,
        parts: MAX_FILES + MAX_FIELDS,
        fieldSize: 40_000,
        headerPairs: 100,
      },
    });
    for (const operation of operations)
      operationRoute(scope, operation, {
        readInput: async (request) =>
          request.isMultipart() ? formInput(operation.input, await readForm(request, maxFileBytes)) : undefined,
      });
  });
}

/**
 * A multipart form as an object: each text field by name, the file parts grouped by name (`image` and `image[]`
 * are one field, as OpenAI's clients send either), `input_reference[image_url]` as it is named.
 */
async function readForm(request: FastifyRequest, maxFileBytes: number): Promise<Record<string, unknown>> {
  const form: Record<string, unknown> = {};
  const files: Record<string, UploadedFile[]> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const field = part.fieldname.replace(/\[\]$/, '');
        const data = await part.toBuffer();
        const sent = files[field] ?? [];
        sent.push({ filename: part.filename, mediaType: part.mimetype, data });
        files[field] = sent;
        continue;
      }
      if (part.valueTruncated) throw new AppError('payload_too_large', `${part.fieldname.slice(0, 50)}: too long`);
      form[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
    }
  } catch (error) {
    throw uploadError(error, maxFileBytes);
  }
  return { ...form, ...files };
}

/** The form checked by the operation's schema; the first problem is a 400 that names its field. */
function formInput(schema: z.ZodType, form: Record<string, unknown>): unknown {
  const parsed = schema.safeParse(form);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  if (issue?.code === 'unrecognized_keys') {
    const [key = ''] = issue.keys;
    throw new AppError('invalid_input', `${key.slice(0, 50)}: unknown field`, {}, key.slice(0, 50));
  }
  const field = issue?.path.map(String).join('.') ?? '';
  const message = issue?.message ?? 'invalid form';
  throw new AppError(
    'invalid_input',
    message.startsWith(`${field}: `) ? message : `${field}: ${message}`,
    {},
    field || undefined,
  );
}

function uploadError(error: unknown, maxFileBytes: number): AppError {
  if (error instanceof AppError) return error;
  const fault = storageFaultError(error);
  if (fault) return fault;
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError(
      'payload_too_large',
      `A file part can be at most ${maxFileBytes} bytes (ATELIER_IMAGE_MAX_REFERENCE_BYTES)`,
    );
  if (code === 'FST_FILES_LIMIT') return new AppError('payload_too_large', `Too many files: at most ${MAX_FILES}`);
  if (code === 'FST_FIELDS_LIMIT')
    return new AppError('payload_too_large', `Too many form fields: at most ${MAX_FIELDS}`);
  if (code === 'FST_PARTS_LIMIT') return new AppError('payload_too_large', 'Too many form parts');
  const message = error instanceof Error ? error.message : 'unreadable';
  return new AppError('invalid_input', `Malformed multipart/form-data body: ${message.slice(0, 200)}`);
}
