/**
 * OpenAI's edit mask: a picture whose fully transparent pixels mark where the picture may change. Read here as
 * weights (1: edit, 0: keep) at the picture's size, or as the white-on-black mask a Stable Diffusion web UI
 * inpaints under. Decoded by sharp (libvips' threads, off the event loop) within the picture limits.
 */
import sharp from 'sharp';
import { UpstreamError } from '../../shared/errors.js';
import { boundedSharp } from './picture-check.js';
import type { ReferenceImage } from '../spec/image-model.js';

/** The mask's alpha at `width`x`height`, one byte a pixel (0: transparent, to edit). */
async function alphaAt(mask: ReferenceImage, width: number, height: number): Promise<Buffer> {
  try {
    return await boundedSharp(mask.data)
      .ensureAlpha()
      .resize(width, height, { fit: 'fill' })
      .extractChannel(3)
      .raw()
      .toBuffer();
  } catch (error) {
    throw new UpstreamError('The mask could not be read as a picture', { isRetryable: false, cause: error });
  }
}

/** Weights from 0 (keep) to 1 (edit), one a pixel. */
export async function editWeights(mask: ReferenceImage, width: number, height: number): Promise<Float32Array> {
  const alpha = await alphaAt(mask, width, height);
  const weights = new Float32Array(width * height);
  for (let i = 0; i < weights.length; i++) weights[i] = 1 - (alpha[i] ?? 255) / 255;
  return weights;
}

/** The area to edit as a PNG, white where the picture may change and black where it stays. */
export async function inpaintMaskPng(mask: ReferenceImage, width: number, height: number): Promise<Buffer> {
  const alpha = await alphaAt(mask, width, height);
  return sharp(alpha, { raw: { width, height, channels: 1 } })
    .negate()
    .png()
    .toBuffer();
}
