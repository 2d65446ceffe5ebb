import type { ImageMediaType } from '../spec/image-model.js';

export interface ImageInfo {
  width: number;
  height: number;
  mediaType: ImageMediaType;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const ascii = (data: Buffer, offset: number, text: string) =>
  data.length >= offset + text.length && data.toString('latin1', offset, offset + text.length) === text;

const sized = (mediaType: ImageMediaType, width: number, height: number): ImageInfo | undefined =>
  width > 0 && height > 0 ? { width, height, mediaType } : undefined;

/**
 * The kind and pixel size of a PNG, JPEG or WebP picture, read from its header (the magic bytes, then
 * PNG's IHDR, JPEG's SOF, WebP's VP8/VP8L/VP8X chunk). Anything else, or a header cut short, is undefined.
 * The JPEG size is the stored one: an EXIF orientation that turns the picture is not applied.
 */
export function imageSize(data: Buffer): ImageInfo | undefined {
  if (data.length >= 24 && data.subarray(0, 8).equals(PNG_SIGNATURE) && ascii(data, 12, 'IHDR')) {
    return sized('image/png', data.readUInt32BE(16), data.readUInt32BE(20));
  }
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return jpegSize(data);
  if (ascii(data, 0, 'RIFF') && ascii(data, 8, 'WEBP')) return webpSize(data);
  return undefined;
}

/** Start-of-frame markers: C0-CF except DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Markers without a length: TEM, RST0-7, SOI. */
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8);

function jpegSize(data: Buffer): ImageInfo | undefined {
  let offset = 2;
  while (offset < data.length) {
    if (data[offset] !== 0xff) return undefined;
    // Any number of 0xFF fill bytes may precede a marker.
    while (data[offset] === 0xff) offset += 1;
    const marker = data[offset];
    offset += 1;
    if (marker === undefined) return undefined;
    if (isStandalone(marker)) continue;
    // End of image or start of scan before any frame header: there is no size to read.
    if (marker === 0xd9 || marker === 0xda) return undefined;
    if (offset + 2 > data.length) return undefined;
    const length = data.readUInt16BE(offset);
    if (length < 2) return undefined;
    if (isStartOfFrame(marker)) {
      // length(2) precision(1) height(2) width(2)
      if (offset + 7 > data.length) return undefined;
      return sized('image/jpeg', data.readUInt16BE(offset + 5), data.readUInt16BE(offset + 3));
    }
    offset += length;
  }
  return undefined;
}

function webpSize(data: Buffer): ImageInfo | undefined {
  // The first chunk header sits at 12; its payload at 20.
  if (ascii(data, 12, 'VP8 ')) {
    // Frame tag (3 bytes), start code 9D 01 2A, then 14-bit width and height (2 scale bits above each).
    if (data.length < 30 || data[23] !== 0x9d || data[24] !== 0x01 || data[25] !== 0x2a) return undefined;
    return sized('image/webp', data.readUInt16LE(26) & 0x3fff, data.readUInt16LE(28) & 0x3fff);
  }
  if (ascii(data, 12, 'VP8L')) {
    // Signature 0x2F, then width-1 and height-1 in 14 bits each, least significant bit first.
    if (data.length < 25 || data[20] !== 0x2f) return undefined;
    const bits = data.readUInt32LE(21);
    return sized('image/webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (ascii(data, 12, 'VP8X')) {
    // Flags (1 byte), reserved (3), then canvas width-1 and height-1 in 24 bits each.
    if (data.length < 30) return undefined;
    return sized('image/webp', data.readUIntLE(24, 3) + 1, data.readUIntLE(27, 3) + 1);
  }
  return undefined;
}
