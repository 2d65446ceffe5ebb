import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { imageSize } from '../engines/media/image-size.js';
import { AppError, storageFaultError } from '../shared/errors.js';
import type { BlobStore } from '../storage/blob/blob-store.js';

/** Pictures up to this size also go back as image content an agent can look at. */
const INLINE_IMAGE_BYTES = 1024 * 1024;

/** A result as text an agent reads (pretty JSON), plus the same as structured content. */
export function jsonResult(value: unknown, extra: CallToolResult['content'] = []): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(value, null, 2) }, ...extra],
    ...(value !== null &&
      typeof value === 'object' &&
      !Array.isArray(value) && { structuredContent: value as Record<string, unknown> }),
  };
}

/** An expected failure (bad input, no credits, not ready, not found): a tool result, with the HTTP API's message. */
export const errorResult = (message: string): CallToolResult => ({
  isError: true,
  content: [{ type: 'text', text: message }],
});

/**
 * Runs a tool body so that every failure is a tool result: denials keep their message, anything
 * unexpected is reported without internals (and logged).
 */
export async function guarded(
  run: () => Promise<CallToolResult>,
  log: (error: unknown) => void,
): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) return errorResult(error.message);
    log(error);
    const fault = storageFaultError(error);
    if (fault) return errorResult(fault.message);
    return errorResult('Internal server error');
  }
}

/** Completed pictures small enough to send (at most `max` of them), as image content. */
export async function inlinePictures(
  blobs: BlobStore,
  pictures: readonly { status: string; image_url: string | null }[],
  max = Number.POSITIVE_INFINITY,
): Promise<CallToolResult['content']> {
  const content: CallToolResult['content'] = [];
  for (const picture of pictures) {
    if (content.length >= max) break;
    const key = picture.status === 'completed' && picture.image_url ? blobs.keyOf(picture.image_url) : undefined;
    const data = key ? await blobs.get(key) : undefined;
    const mediaType = data && data.length <= INLINE_IMAGE_BYTES ? imageSize(data)?.mediaType : undefined;
    if (data && mediaType) content.push({ type: 'image', data: data.toString('base64'), mimeType: mediaType });
  }
  return content;
}
