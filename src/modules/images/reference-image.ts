import { checkedPicture } from '../../engines/media/picture-check.js';
import type { ReferenceImage } from '../../engines/spec/image-model.js';
import { UpstreamError } from '../../shared/errors.js';
import { type GuardOptions, GuardedFetchError, guardedDownload } from '../../shared/net/guarded-http.js';

/** Downloads a picture a request points at, through the SSRF guard, and makes sure it is one. */
export async function fetchReferenceImage(url: string, guard: GuardOptions): Promise<ReferenceImage> {
  let body: Buffer;
  try {
    ({ body } = await guardedDownload(url, guard));
  } catch (error) {
    if (!(error instanceof GuardedFetchError)) throw error;
    throw new UpstreamError(`The reference image could not be downloaded: ${error.message}`, {
      isRetryable: error.isRetryable,
      cause: error,
    });
  }
  const size = await checkedPicture(body, 'reference image');
  if (!size) throw new UpstreamError('The reference image is not a PNG, JPEG or WebP picture', { isRetryable: false });
  return { data: body, mediaType: size.mediaType };
}
