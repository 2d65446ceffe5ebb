import type { FastifyRequest } from 'fastify';
import type { NewDocument } from '../../modules/bots/knowledge.service.js';
import { KNOWLEDGE_LIMITS } from '../../modules/bots/knowledge.service.js';
import { AppError, storageFaultError } from '../../shared/errors.js';
import type {} from '@fastify/multipart';

/** The limits @fastify/multipart enforces on a document upload (registered with the bot routes). */
export const UPLOAD_LIMITS = {
  fileSize: KNOWLEDGE_LIMITS.fileBytes,
  files: 1,
  fields: 5,
  parts: 6,
  fieldSize: 4_096,
  headerPairs: 100,
};

const FIELDS = new Set(['title']);

const LIMIT_MESSAGES: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: `file: can be at most 10 MB (${UPLOAD_LIMITS.fileSize} bytes)`,
  FST_FILES_LIMIT: 'file: send one file per request',
  FST_FIELDS_LIMIT: `Too many form fields: at most ${UPLOAD_LIMITS.fields}`,
  FST_PARTS_LIMIT: `Too many form parts: at most ${UPLOAD_LIMITS.parts}`,
};

/** Reads a multipart/form-data document upload: one file part and an optional `title` field. */
export async function readUpload(request: FastifyRequest): Promise<NewDocument> {
  let title: string | undefined;
  let file: { filename: string; mediaType: string; data: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        file = { filename: part.filename, mediaType: part.mimetype, data: await part.toBuffer() };
        continue;
      }
      if (!FIELDS.has(part.fieldname))
        throw new AppError(
          'invalid_input',
          `unknown field "${part.fieldname.slice(0, 50)}": send a file and, if you like, a title`,
        );
      const value = typeof part.value === 'string' ? part.value.trim() : '';
      if (part.valueTruncated || value.length > KNOWLEDGE_LIMITS.title)
        throw new AppError('invalid_input', `title: must be at most ${KNOWLEDGE_LIMITS.title} characters`);
      title = value || undefined;
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (!file)
    throw new AppError('invalid_input', 'file: is required: send the document as a file part of the multipart form');
  return { title, source: { file } };
}

/** Limits become 413s that name the limit; a malformed form is the client's 400, never a 500. */
function uploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const fault = storageFaultError(error);
  if (fault) return fault;
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const limit = LIMIT_MESSAGES[code];
  if (limit) return new AppError('payload_too_large', limit);
  const message = error instanceof Error ? error.message : 'unreadable';
  return new AppError('invalid_input', `Malformed multipart/form-data body: ${message.slice(0, 200)}`);
}
