import type { ChatAudioFormat, ChatImageMediaType } from '../../engines/spec/text-model.js';

/** Pictures (image_url parts) a request can carry, by URL or inline. */
export const MAX_IMAGES = 20;
/** Audio clips (input_audio parts) a request can carry. */
export const MAX_AUDIO_CLIPS = 20;
/**
 * Base64 characters of pictures and audio a request can carry, inline ones and downloaded ones (as they
 * go upstream) together: 20 MiB, about 15 MiB of media.
 */
export const MAX_MEDIA_BASE64 = 20 * 1024 * 1024;
/** An http(s) picture URL's length. */
export const MAX_IMAGE_URL = 4_096;

export const IMAGE_MEDIA_TYPES: readonly ChatImageMediaType[] = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
export const AUDIO_FORMATS = ['mp3', 'wav', 'webm', 'mp4'] as const satisfies readonly ChatAudioFormat[];

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Standard base64 (padding optional, no spaces or line breaks). */
export const isBase64 = (data: string): boolean => data.length % 4 !== 1 && BASE64.test(data);

/** Base64 characters `bytes` bytes take. */
export const base64Length = (bytes: number): number => Math.ceil(bytes / 3) * 4;

/** The picture format `bytes` start like (their magic numbers), if one taken here. */
export function sniffImage(bytes: Buffer): ChatImageMediaType | undefined {
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.readUInt32BE(4) === 0x0d0a1a0a)
    return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.toString('latin1', 0, 6))) return 'image/gif';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  return undefined;
}

export type ParsedDataUri = { ok: true; mediaType: ChatImageMediaType; data: string } | { ok: false; problem: string };

/**
 * A `data:image/<png|jpeg|webp|gif>;base64,<data>` URI, checked: the media type, the encoding, and that
 * the data starts like a picture of one of those formats. The media type returned is the one the data
 * has (a JPEG sent as image/png goes on as image/jpeg).
 */
export function parseImageDataUri(uri: string): ParsedDataUri {
  const comma = uri.indexOf(',');
  const header = comma === -1 ? uri : uri.slice(0, comma);
  const match = /^data:([^;,]*)((?:;[^;,]*)*)$/i.exec(header);
  if (!match || comma === -1)
    return { ok: false, problem: 'is not a valid data URI (expected data:image/png;base64,...)' };
  const declared = (match[1] ?? '').toLowerCase();
  if (!(IMAGE_MEDIA_TYPES as readonly string[]).includes(declared)) {
    return {
      ok: false,
      problem: `data URIs must be ${IMAGE_MEDIA_TYPES.join(', ')}${declared ? ` (not ${declared})` : ''}`,
    };
  }
  if (!(match[2] ?? '').toLowerCase().split(';').includes('base64'))
    return { ok: false, problem: 'data URIs must be base64-encoded (data:image/png;base64,...)' };
  const data = uri.slice(comma + 1);
  if (data.length === 0) return { ok: false, problem: 'the data URI holds no data' };
  if (!isBase64(data)) return { ok: false, problem: 'the data URI is not valid base64' };
  // 16 base64 characters are 12 bytes: enough for every signature above.
  const mediaType = sniffImage(Buffer.from(data.slice(0, 16), 'base64'));
  if (!mediaType) return { ok: false, problem: 'the data URI does not hold a PNG, JPEG, WebP or GIF picture' };
  return { ok: true, mediaType, data };
}
