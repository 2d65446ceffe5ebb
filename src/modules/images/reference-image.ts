import { checkedPicture } from '../../engines/media/picture-check.js';
import type { ReferenceImage } from '../../engines/spec/image-model.js';
import { UpstreamError } from '../../shared/errors.js';
import { type GuardOptions, GuardedFetchError, guardedDownload } from '../../shared/net/guarded-http.js';
import type { BlobStore } from '../../storage/blob/blob-store.js';

/**
 * A picture uploaded with the request (OpenAI's multipart edits, variations and video references) is kept in the
 * blob store and its record points at it by this scheme; a request's own URLs are http(s) only, so none can name one.
 */
const UPLOADED = 'upload:';

export const uploadedPictureRef = (blobKey: string): string => `${UPLOADED}${blobKey}`;

/** The blob key of an uploaded picture's reference; undefined for a URL. */
export const uploadedBlobKey = (reference: string): string | undefined =>
  reference.startsWith(UPLOADED) ? reference.slice(UPLOADED.length) : undefined;

/** Downloads a picture a request points at, through the SSRF guard, or reads an uploaded one; makes sure it is one. */
export async function fetchReferenceImage(url: string, guard: GuardOptions, blobs: BlobStore): Promise<ReferenceImage> {
  const uploaded = uploadedBlobKey(url);
  const body = uploaded ? await readUpload(uploaded, blobs) : await download(url, guard);
  const size = await checkedPicture(body, 'reference image');
  if (!size) throw new UpstreamError('The reference image is not a PNG, JPEG or WebP picture', { isRetryable: false });
  return { data: body, mediaType: size.mediaType };
}

async function readUpload(key: string, blobs: BlobStore): Promise<Buffer> {
  const data = await blobs.get(key);
  if (!data) throw new UpstreamError('The uploaded picture is no longer stored', { isRetryable: false });
  return data;
}

async function download(url: string, guard: GuardOptions): Promise<Buffer> {
  try {
    return (await guardedDownload(url, guard)).body;
  } catch (error) {
    if (!(error instanceof GuardedFetchError)) throw error;
    throw new UpstreamError(`The reference image could not be downloaded: ${error.message}`, {
      isRetryable: error.isRetryable,
      cause: error,
    });
  }
}
