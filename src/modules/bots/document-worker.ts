import type { BotDocumentKind } from '../../storage/db/schema.js';
import { serveTasks } from '../../shared/untrusted/serve-tasks.js';
import type { DocumentLimits } from './document-limits.js';
import { documentText } from './document-text.js';

/** One document to read, as it crosses to the worker thread. */
export interface ReadTask {
  kind: BotDocumentKind;
  data: Uint8Array | string;
  filename: string;
  limits: DocumentLimits;
}

/** An Outcome cannot cross threads (its error is an AppError): plain fields instead. */
export type ReadResult =
  | { ok: true; text: string }
  | { ok: false; code: 'invalid_input' | 'payload_too_large' | 'unsupported_media_type'; message: string };

serveTasks<ReadTask, ReadResult>(async ({ kind, data, filename, limits }) => {
  const bytes = typeof data === 'string' ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const outcome = await documentText(kind, bytes, filename, limits);
  if (outcome.ok) return { ok: true, text: outcome.value };
  const code = outcome.error.code;
  return {
    ok: false,
    code: code === 'payload_too_large' || code === 'unsupported_media_type' ? code : 'invalid_input',
    message: outcome.error.message,
  };
});
