import { UpstreamError } from '../../shared/errors.js';
import { imageSize } from './image-size.js';
import type { ImageCallOptions, ImageResult } from '../spec/image-model.js';
import type { Warning } from '../spec/warnings.js';

/** Base64 with or without a `data:image/png;base64,` prefix; what is not an image is caught by `pictureResult`. */
export const decodeBase64 = (text: string): Buffer => Buffer.from(text.replace(/^data:[^,]*,/, ''), 'base64');

/** "<prompt>, in the style of <artist>, <style> style", for engines with no option for either. */
export function foldStyle(prompt: string, style: string | undefined, artist: string | undefined): string {
  const styleName = style?.trim();
  const artistName = artist?.trim();
  const extras: string[] = [];
  if (artistName) extras.push(`in the style of ${artistName}`);
  if (styleName) extras.push(/\bstyle$/i.test(styleName) ? styleName : `${styleName} style`);
  if (extras.length === 0) return prompt;
  return [prompt.trim().replace(/[\s.,;:]+$/, ''), ...extras].join(', ');
}

/** Checks that a provider's bytes are a picture, and says so when its size is not the one asked for. */
export function pictureResult(
  data: Buffer,
  options: Pick<ImageCallOptions, 'width' | 'height'>,
  label: string,
  warnings: Warning[] = [],
): ImageResult {
  const info = imageSize(data);
  if (!info) throw new UpstreamError(`${label} returned something that is not an image`, { isRetryable: false });
  if (info.width !== options.width || info.height !== options.height) {
    warnings.push({
      type: 'adjusted-setting',
      setting: 'size',
      message: `the engine made a ${info.width}x${info.height} picture instead of ${options.width}x${options.height}`,
    });
  }
  return { image: { data, mediaType: info.mediaType }, width: info.width, height: info.height, warnings };
}
