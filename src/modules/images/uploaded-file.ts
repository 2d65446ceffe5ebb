import { z } from 'zod';
import { checkedPicture } from '../../engines/media/picture-check.js';
import type { ImageInfo } from '../../engines/media/image-size.js';
import { AppError, UpstreamError } from '../../shared/errors.js';

/** A file part of a multipart/form-data request, as the HTTP side read it (within its size limit). */
export interface UploadedFile {
  filename: string;
  mediaType: string;
  data: Buffer;
}

const isUploadedFile = (value: unknown): value is UploadedFile =>
  typeof value === 'object' && value !== null && 'data' in value && Buffer.isBuffer(value.data);

/** A form's file field: the parts sent under its name (`image` and `image[]` alike), as the HTTP side groups them. */
export const uploadedFiles = (field: string, max: number) =>
  z
    .array(z.custom<UploadedFile>(isUploadedFile, `${field}: must be a file part`))
    .min(1, `${field}: is required as a file part of the multipart form`)
    .max(max, `${field}: at most ${max} file${max === 1 ? '' : 's'}`)
    .meta({ description: `${field}: a file part (PNG, JPEG or WebP)` });

/**
 * An uploaded picture checked before anything uses it: a PNG, JPEG or WebP whose header claims a size within the
 * pixel limit and that decodes (sharp, off the event loop, bounded in pixels and time). Anything else is the
 * client's 400, naming the field.
 */
export async function checkedUpload(file: UploadedFile, field: string): Promise<ImageInfo> {
  let info: ImageInfo | undefined;
  try {
    info = await checkedPicture(file.data, `${field} upload`);
  } catch (error) {
    if (error instanceof UpstreamError) throw new AppError('invalid_input', `${field}: ${error.message}`, {}, field);
    throw error;
  }
  if (!info) throw new AppError('invalid_input', `${field}: must be a PNG, JPEG or WebP picture`, {}, field);
  return info;
}
