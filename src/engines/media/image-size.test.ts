import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageSize } from './image-size.js';

const canvas = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 200, g: 80, b: 40, alpha: 0.5 } } });

describe('imageSize', () => {
  it('reads a PNG', async () => {
    expect(imageSize(await canvas(64, 48).png().toBuffer())).toEqual({ width: 64, height: 48, mediaType: 'image/png' });
  });

  it('reads baseline and progressive JPEGs, skipping the segments before the frame header', async () => {
    expect(imageSize(await canvas(40, 30).jpeg().toBuffer())).toEqual({
      width: 40,
      height: 30,
      mediaType: 'image/jpeg',
    });
    expect(imageSize(await canvas(1000, 7).jpeg({ progressive: true }).toBuffer())).toEqual({
      width: 1000,
      height: 7,
      mediaType: 'image/jpeg',
    });
    const withExif = await canvas(33, 21)
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'Atelier test' } } })
      .toBuffer();
    expect(withExif.includes('Exif')).toBe(true);
    expect(imageSize(withExif)).toEqual({ width: 33, height: 21, mediaType: 'image/jpeg' });
  });

  it('reads lossy (VP8), lossless (VP8L) and extended (VP8X) WebP', async () => {
    const lossy = await canvas(50, 20).webp().toBuffer();
    const lossless = await canvas(51, 19).webp({ lossless: true }).toBuffer();
    const extended = await canvas(300, 200, 4).webp().toBuffer();
    expect(lossy.toString('latin1', 12, 16)).toBe('VP8 ');
    expect(lossless.toString('latin1', 12, 16)).toBe('VP8L');
    expect(extended.toString('latin1', 12, 16)).toBe('VP8X');
    expect(imageSize(lossy)).toEqual({ width: 50, height: 20, mediaType: 'image/webp' });
    expect(imageSize(lossless)).toEqual({ width: 51, height: 19, mediaType: 'image/webp' });
    expect(imageSize(extended)).toEqual({ width: 300, height: 200, mediaType: 'image/webp' });
  });

  it('refuses anything else, and headers cut short', async () => {
    const gif = await canvas(4, 4).gif().toBuffer();
    expect(imageSize(gif)).toBeUndefined();
    expect(imageSize(Buffer.alloc(0))).toBeUndefined();
    expect(imageSize(Buffer.from('{"error":"not an image"}'))).toBeUndefined();
    expect(imageSize(Buffer.from('<html>nope</html>'))).toBeUndefined();
    for (const image of [
      await canvas(8, 8).png().toBuffer(),
      await canvas(8, 8).jpeg().toBuffer(),
      await canvas(8, 8).webp().toBuffer(),
    ]) {
      expect(imageSize(image.subarray(0, 12))).toBeUndefined();
    }
    // A JPEG that ends before its frame header, and one whose segment lengths lead nowhere.
    const jpeg = await canvas(8, 8).jpeg().toBuffer();
    expect(imageSize(jpeg.subarray(0, 30))).toBeUndefined();
    expect(imageSize(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a]))).toBeUndefined();
    expect(imageSize(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08]))).toBeUndefined();
  });

  it('refuses a zero size', async () => {
    const png = await canvas(8, 8).png().toBuffer();
    png.writeUInt32BE(0, 16);
    expect(imageSize(png)).toBeUndefined();
  });
});
