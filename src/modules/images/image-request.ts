/** How one image request is made with one model: its size, style and reference picture, and what cannot be honoured. Pure. */
import { normalizeModelName } from '../../engines/model-catalogue.js';
import {
  type ImageResolution,
  type Size,
  inBounds,
  nearestSize,
  parseDimensions,
  ratioSize,
  sizeText,
} from './image-dimensions.js';

/** The hosted reference's `action` values. */
export const IMAGE_ACTIONS = [
  'Edit Image with AI',
  'Remove Background',
  'Replace Background',
  'Colorize',
  'Relight',
  'Stylization',
  'Realistic Photos',
  'Sketch to Image',
  'Ghiblify',
  'Caricature',
  'Professional Headshot',
] as const;
export type ImageAction = (typeof IMAGE_ACTIONS)[number];
export const EDIT_ACTION: ImageAction = 'Edit Image with AI';

/** The hosted reference's `editModel` values; "Nano Banana 2" is its default. */
export const EDIT_MODELS = [
  'Nano Banana 2',
  'Nano Banana',
  'Nano Banana Pro',
  'Flux Kontext Pro',
  'Flux Kontext Max',
  'Seedream 4.0',
  'Seedream 4.5',
  'Seedream 5.0 Lite',
  'FLUX.2 [pro]',
  'FLUX.2 [flex]',
  'Qwen Image',
  'Grok',
  'Grok Pro',
  'Reve',
  'Reve Fast',
  'Ideogram v3 Character',
  'gpt-image-1',
] as const;
export type EditModel = (typeof EDIT_MODELS)[number];

/** What a request says about the pictures, before a model is chosen. */
export interface ImageAsk {
  model: string;
  style?: string | undefined;
  /** WIDTHxHEIGHT or an aspect ratio (checked by the route). */
  dimensions?: string | undefined;
  resolution?: ImageResolution | undefined;
  /** An http(s) URL (checked by the route). */
  image?: string | undefined;
  action?: ImageAction | undefined;
  editModel?: EditModel | undefined;
  recraftStyle?: string | undefined;
}

/** The model as this needs it. */
export interface ImageModelTraits {
  name: string;
  family: string | undefined;
  sizes: readonly Size[] | undefined;
  supportsReferenceImage: boolean;
}

export interface ImagePlan extends Size {
  style: string | undefined;
  /** The reference picture, when the request gives one (fetched only by an engine that can use it). */
  referenceUrl: string | undefined;
  warnings: string[];
}

const DEFAULT_SIZE: Size = { width: 1024, height: 1024 };

/** "digital_illustration" -> "digital illustration". */
const humanStyle = (style: string) => style.replace(/[_/]+/g, ' ').replace(/\s+/g, ' ').trim();

export function planImages(model: ImageModelTraits, ask: ImageAsk): ImagePlan {
  const warnings: string[] = [];
  const size = fitSize(model, wantedSize(ask, warnings), ask.dimensions, warnings);

  let style = ask.style;
  const recraftStyle = ask.recraftStyle?.trim();
  if (recraftStyle && recraftStyle.toLowerCase() !== 'any') {
    if (model.family === 'recraft') style = style ? `${style}, ${humanStyle(recraftStyle)}` : humanStyle(recraftStyle);
    else warnings.push(`recraftStyle: ignored: ${model.name} is not a Recraft model`);
  }

  const image = ask.image;
  if (!image) {
    if (ask.action) warnings.push('action: ignored: no image given');
    if (ask.editModel) warnings.push('editModel: ignored: no image given');
  } else {
    if (ask.action && ask.action !== EDIT_ACTION) {
      warnings.push(
        `action: "${ask.action}" is not offered here yet; ${model.name} made a new picture using the image as a reference`,
      );
    }
    if (ask.editModel && (ask.action ?? EDIT_ACTION) === EDIT_ACTION) {
      const other =
        normalizeModelName(ask.editModel) !== normalizeModelName(model.name)
          ? ` instead of ${ask.editModel} editing it`
          : '';
      warnings.push(
        `editModel: image editing is not offered here yet; ${model.name} made a new picture using the image as a reference${other}`,
      );
    }
    if (!model.supportsReferenceImage) warnings.push(`${model.name} here cannot use a reference image; it was ignored`);
  }
  return { ...size, style, referenceUrl: image, warnings };
}

/** The size the request asks for: pixels, a ratio at the resolution, or the default square at it. */
function wantedSize(ask: ImageAsk, warnings: string[]): Size {
  const text = ask.dimensions?.trim();
  const parsed = text ? parseDimensions(text) : undefined;
  if (parsed?.kind === 'size') {
    if (ask.resolution) warnings.push('resolution: ignored: dimensions gives the size in pixels');
    return parsed;
  }
  if (parsed?.kind === 'ratio') return ratioSize(parsed.width, parsed.height, ask.resolution);
  return ask.resolution ? ratioSize(1, 1, ask.resolution) : DEFAULT_SIZE;
}

/** The wanted size, or the nearest the model makes (with a warning saying so). */
function fitSize(model: ImageModelTraits, wanted: Size, dimensions: string | undefined, warnings: string[]): Size {
  const sizes = model.sizes;
  if (!sizes || sizes.some((s) => s.width === wanted.width && s.height === wanted.height))
    return inBounds(wanted) ? wanted : DEFAULT_SIZE;
  const chosen = nearestSize(wanted, sizes);
  const asked =
    dimensions && parseDimensions(dimensions)?.kind === 'ratio'
      ? `${dimensions.trim()} (${sizeText(wanted)})`
      : sizeText(wanted);
  warnings.push(
    `dimensions: ${model.name} makes ${sizes.map(sizeText).join(', ')}; it made ${sizeText(chosen)} instead of ${asked}`,
  );
  return { width: chosen.width, height: chosen.height };
}
