import sharp, { type OutputInfo, type OverlayOptions } from 'sharp';
import { UpstreamError } from '../../../shared/errors.js';
import type { ImageCallOptions, ImageModel, ImageResult } from '../../spec/image-model.js';
import { captionSvg, type CaptionColours } from './image-caption.js';
import { sceneSvg, type SceneOptions } from './image-composition.js';
import {
  motifsOf,
  paletteFor,
  pictureSeed,
  rng,
  styleFromText,
  wordsOf,
  type Palette,
  type StyleName,
} from './image-palette.js';
import { NEON_DARK, PAPER } from './image-shapes.js';
import type { Warning } from '../../spec/warnings.js';

const MAX_SIDE = 4096;
const NAMELESS_STYLES = /^(default|none|auto|any|standard|natural|vivid)$/i;

interface Raw {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * The offline image engine: no model, no network. It draws a seeded abstract landscape whose colours
 * come from the prompt's words and whose look comes from the style, captions it with the prompt and
 * labels it as a builtin sketch. Same options, same bytes.
 */
export class BuiltinImageModel implements ImageModel {
  readonly provider = 'builtin';
  readonly modelId = 'builtin-sketch';
  readonly supportsReferenceImage = true;

  async doGenerate(options: ImageCallOptions): Promise<ImageResult> {
    const { width, height, hd, abortSignal: signal } = options;
    checkSide('width', width);
    checkSide('height', height);
    signal?.throwIfAborted();

    const warnings: Warning[] = [];
    const named = options.style?.trim() ?? '';
    const namedStyle = named && !NAMELESS_STYLES.test(named) ? styleFromText(named) : undefined;
    if (named && !NAMELESS_STYLES.test(named) && !namedStyle)
      warnings.push({
        type: 'unsupported-setting',
        setting: 'style',
        message: `The builtin engine has no "${named}" style; it drew the picture in its default look`,
      });
    const style: StyleName = namedStyle ?? styleFromText(options.prompt, true) ?? 'default';
    if (options.artist?.trim())
      warnings.push({
        type: 'unsupported-setting',
        setting: 'artist',
        message: "The builtin engine cannot follow an artist's manner; the artist only varies the composition",
      });

    const seed = pictureSeed(options.seed, options.prompt, options.style, options.artist);
    const words = wordsOf(options.prompt);
    const motifs = motifsOf(words);
    const palette = paletteFor(words, motifs, seed);
    const scene: SceneOptions = {
      width,
      height,
      style,
      palette,
      motifs,
      hd,
      seed,
      withReference: options.referenceImage !== undefined,
    };

    // Two looks are drawn small and enlarged: pixel art without smoothing, so each drawn pixel becomes
    // a block; watercolor with smoothing, which softens every edge for less than a blur would cost.
    const s = Math.min(width, height);
    const scale =
      style === 'pixel' ? 1 / Math.max(2, Math.round(s / (hd ? 160 : 110))) : style === 'watercolor' ? 0.6 : 1;
    const sw = Math.max(1, Math.round(width * scale));
    const sh = Math.max(1, Math.round(height * scale));

    const base = options.referenceImage
      ? await reference(options.referenceImage.data, sw, sh, style, palette)
      : undefined;
    signal?.throwIfAborted();
    const shapes = { input: Buffer.from(sceneSvg(scene, sw, sh)) };
    // Video keyframes get their captions from the video engine, and no label: the clip has its own model name.
    const captioned = options.providerOptions?.builtin?.caption !== false;
    const caption = captioned
      ? [{ input: Buffer.from(captionSvg(width, height, options.prompt, captionColours(style, palette))) }]
      : [];
    const grain = hd && style !== 'pixel' ? [texture(seed, style)] : [];

    // One sharp pipeline resizes, then composites. A small scene is rasterised on its own first: given
    // an SVG, sharp would re-render it at the larger size instead of enlarging the pixels.
    let image = base ? sharp(base.data, { raw: base.info }) : sharp(shapes.input);
    let overlays = base ? [shapes, ...grain, ...caption] : [...grain, ...caption];
    if (sw !== width || sh !== height) {
      const flat = await (base ? image.composite([shapes]) : image)
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      signal?.throwIfAborted();
      image = sharp(flat.data, { raw: rawInfo(flat.info) }).resize(width, height, {
        fit: 'fill',
        kernel: style === 'pixel' ? 'nearest' : 'linear',
      });
      overlays = [...grain, ...caption];
    }
    image = image.composite(overlays);
    // Grain defeats deflate, so hd pictures are compressed less hard to keep them quick.
    const data = await image
      .removeAlpha()
      .png({ compressionLevel: grain.length > 0 ? 4 : 6, adaptiveFiltering: false })
      .toBuffer();
    return { image: { data, mediaType: 'image/png' }, width, height, warnings };
  }
}

function checkSide(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 1 || value > MAX_SIDE)
    throw new Error(`The ${name} must be a whole number of pixels from 1 to ${MAX_SIDE}, not ${value}`);
}

/** The reference picture as the background: covering the frame, softened, in the style's tones. */
async function reference(
  data: Buffer,
  width: number,
  height: number,
  style: StyleName,
  palette: Palette,
): Promise<Raw> {
  try {
    // Linear is half the cost of lanczos when enlarging, and the background is softened anyway.
    let image = sharp(data)
      .autoOrient()
      .resize(width, height, { fit: 'cover', kernel: 'linear' })
      .flatten({ background: palette.sky[1] });
    if (style === 'sketch') image = image.greyscale().linear(0.6, 100);
    if (style === 'neon') image = image.modulate({ brightness: 0.45, saturation: 1.3 });
    image = image.blur(Math.max(0.4, Math.min(width, height) / 900));
    const result = await image.toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
    return { data: result.data, info: rawInfo(result.info) };
  } catch (error) {
    throw new UpstreamError('The reference image could not be read as an image', { isRetryable: false, cause: error });
  }
}

function rawInfo(info: OutputInfo): Raw['info'] {
  const channels = info.channels;
  if (channels !== 1 && channels !== 2 && channels !== 3 && channels !== 4)
    throw new Error(`Unexpected channel count ${channels}`);
  return { width: info.width, height: info.height, channels };
}

/** hd grain: a small tile of faint light and dark specks laid over the whole picture. */
function texture(seed: number, style: StyleName): OverlayOptions {
  const size = 128;
  const r = rng(seed, 77);
  const strength = style === 'sketch' || style === 'watercolor' ? 20 : 11;
  const data = Buffer.alloc(size * size * 4);
  for (let i = 0; i < size * size; i++) {
    const v = r() < 0.5 ? 0 : 255;
    data[i * 4] = v;
    data[i * 4 + 1] = v;
    data[i * 4 + 2] = v;
    data[i * 4 + 3] = Math.floor(r() * strength);
  }
  return { input: data, raw: { width: size, height: size, channels: 4 }, tile: true };
}

function captionColours(style: StyleName, palette: Palette): CaptionColours {
  switch (style) {
    case 'sketch':
      return { band: PAPER, bandOpacity: 0.88, text: '#222222' };
    case 'watercolor':
      return { band: PAPER, bandOpacity: 0.78, text: palette.ink };
    case 'neon':
      return { band: NEON_DARK, bandOpacity: 0.7, text: '#f4ecff' };
    case 'minimal':
      return { band: palette.ink, bandOpacity: 0.85, text: '#ffffff' };
    default:
      return { band: palette.ink, bandOpacity: 0.62, text: '#ffffff' };
  }
}
