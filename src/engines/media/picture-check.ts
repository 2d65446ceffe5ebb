import sharp from 'sharp';
import { UpstreamError } from '../../shared/errors.js';
import { type ImageInfo, imageSize } from './image-size.js';

/** The most pixels a picture given to ffmpeg may have: a small file can claim a huge canvas (a decompression bomb). */
export const PICTURE_MAX_PIXELS = 64_000_000;
const DECODE_SECONDS = 10;

const tooLarge = (what: string, why: string) =>
  new UpstreamError(`The ${what} is a picture too large or corrupt: ${why}`, { isRetryable: false });

/**
 * A picture someone gave (a face, a first frame) checked before a program decodes it: its header's claimed size
 * within PICTURE_MAX_PIXELS, then the whole of it decoded by sharp on libvips' threads (off the event loop, shrunk
 * as it is read, bounded in pixels and time), so that a hostile or broken file fails the job with a message that
 * says so rather than with the program's exit code. Undefined when it is not a PNG, JPEG or WebP at all.
 */
export async function checkedPicture(data: Buffer, what: string): Promise<ImageInfo | undefined> {
  const size = imageSize(data);
  if (!size) return undefined;
  if (size.width * size.height > PICTURE_MAX_PIXELS)
    throw tooLarge(what, `it claims ${size.width}x${size.height} pixels; at most ${PICTURE_MAX_PIXELS} are read`);
  if (!(await decodesWithin(data, PICTURE_MAX_PIXELS)))
    throw tooLarge(what, 'it could not be decoded (cut short, corrupt, or too slow to read)');
  return size;
}

/** sharp on a picture someone gave, bounded as here: at most PICTURE_MAX_PIXELS, DECODE_SECONDS, a corrupt file failing. */
export const boundedSharp = (data: Buffer) =>
  sharp(data, { limitInputPixels: PICTURE_MAX_PIXELS, failOn: 'error' }).timeout({ seconds: DECODE_SECONDS });

/**
 * Whether the whole picture decodes, shrunk as it is read, within `maxPixels` and DECODE_SECONDS: sharp decodes on
 * libvips' threads, off the event loop. A picture cut short, corrupt or too slow to read does not.
 */
export async function decodesWithin(data: Buffer, maxPixels: number): Promise<boolean> {
  try {
    await sharp(data, { limitInputPixels: maxPixels, failOn: 'error', animated: false })
      .timeout({ seconds: DECODE_SECONDS })
      .resize(64, 64, { fit: 'inside' })
      .raw()
      .toBuffer();
    return true;
  } catch {
    return false;
  }
}
