import sharp from 'sharp';
import type { ImageResult } from '../../engines/spec/image-model.js';

/** Replace Background with a remover: the cut-out (alpha = subject) over a new background, at the cut-out's size. */
export async function overBackground(cut: ImageResult, background: ImageResult): Promise<ImageResult> {
  const { width, height } = cut;
  const base = await sharp(background.image.data).resize(width, height, { fit: 'cover' }).removeAlpha().toBuffer();
  const data = await sharp(base)
    .composite([{ input: cut.image.data }])
    .png()
    .toBuffer();
  return {
    image: { data, mediaType: 'image/png' },
    width,
    height,
    warnings: [
      ...cut.warnings.filter((w) => !(w.type === 'unsupported-setting' && w.setting === 'prompt')),
      ...background.warnings,
    ],
  };
}
