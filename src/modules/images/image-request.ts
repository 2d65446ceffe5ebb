/** How one image request is made with one model: its size, style and reference picture, and what cannot be honoured. Pure. */
import { BACKGROUND_ACTIONS, GENERATIVE_ACTIONS } from '../../engines/media/image-actions.js';
import type { ImageAction, ImageEditor, ImageModel } from '../../engines/spec/image-model.js';
import {
  type ImageResolution,
  MAX_SIDE,
  RESOLUTION_SIDES,
  type Size,
  inBounds,
  nearestSize,
  parseDimensions,
  ratioSize,
  sizeText,
} from './image-dimensions.js';
import type { Warning } from '../../engines/spec/warnings.js';

export { IMAGE_ACTIONS, type ImageAction } from '../../engines/spec/image-model.js';
/** What `image` gets when the request names no action. */
export const EDIT_ACTION: ImageAction = 'Edit Image with AI';

/**
 * The hosted reference's `editModel` values: 1.0.4's (its `gpt-image-1`, dropped by 1.0.5, still taken), then
 * those 1.0.5 added. The service picks one when the request names none (`editModelFor`).
 */
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
  'Nano Banana 2 Lite',
  'Grok Imagine 2.0',
  'Muse Image',
  'OpenAI GPT Image 1.5',
  'OpenAI GPT Image 1',
  'OpenAI GPT Image 2 Low',
  'OpenAI GPT Image 2 Medium',
  'OpenAI GPT Image 2 High',
  'OpenAI GPT Image 2.5 Flare Low',
  'OpenAI GPT Image 2.5 Flare Medium',
  'OpenAI GPT Image 2.5 Flare High',
  'OpenAI GPT Image 2.5 Sunburst Medium',
  'OpenAI GPT Image 2.5 Sunburst High',
  'Seedream 5.0 Pro',
  'FLUX.2 [max]',
  'Mai Image 2.5',
] as const;
export type EditModel = (typeof EDIT_MODELS)[number];

/** The model that makes a picture when the request names none (the hosted 1.0.5 default). */
export const DEFAULT_IMAGE_MODEL = 'Nano Banana 2';

/**
 * Who edits when the request names no `editModel`: the request's own `model` when it names one (as clients written
 * before 1.0.5 do), else the hosted 1.0.5 defaults: "OpenAI GPT Image 2 Medium" for a picture with no action,
 * "Qwen Image" for an explicit "Edit Image with AI", the default model for the other actions.
 */
export function editModelFor(ask: {
  model?: string | undefined;
  editModel?: string | undefined;
  action?: ImageAction | undefined;
}): string {
  if (ask.editModel) return ask.editModel;
  if (ask.model) return ask.model;
  if (!ask.action) return 'OpenAI GPT Image 2 Medium';
  return ask.action === EDIT_ACTION ? 'Qwen Image' : DEFAULT_IMAGE_MODEL;
}

/** The `resolution` of a ratio when the request gives none, for the models whose default is not 1K (hosted 1.0.5). */
const DEFAULT_RESOLUTIONS: Record<string, ImageResolution> = { 'Nano Banana Pro': '2K', 'Nano Banana Flash': '2K' };

/** What a request says about the pictures, before a model is chosen. */
export interface ImageAsk {
  /** DEFAULT_IMAGE_MODEL when absent. */
  model?: string | undefined;
  style?: string | undefined;
  /** WIDTHxHEIGHT or an aspect ratio (checked by the route). */
  dimensions?: string | undefined;
  resolution?: ImageResolution | undefined;
  /** An http(s) URL (checked by the route). */
  image?: string | undefined;
  /** `images`: several pictures, parsed; they override `image`. */
  images?: readonly string[] | undefined;
  action?: ImageAction | undefined;
  /** One of EDIT_MODELS from the API; any catalogue name from the OpenAI layer. */
  editModel?: string | undefined;
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
  warnings: Warning[];
}

const DEFAULT_SIZE: Size = { width: 1024, height: 1024 };

/** "digital_illustration" -> "digital illustration". */
const humanStyle = (style: string) => style.replace(/[_/]+/g, ' ').replace(/\s+/g, ' ').trim();

export function planImages(model: ImageModelTraits, ask: ImageAsk): ImagePlan {
  const warnings: Warning[] = [];
  const size = fitSize(model, wantedSize(model, ask, warnings), ask.dimensions, warnings);

  let style = ask.style;
  const recraftStyle = ask.recraftStyle?.trim();
  if (recraftStyle && recraftStyle.toLowerCase() !== 'any') {
    if (model.family === 'recraft') style = style ? `${style}, ${humanStyle(recraftStyle)}` : humanStyle(recraftStyle);
    else ignored(warnings, 'recraftStyle', `${model.name} is not a Recraft model`);
  }

  if (ask.editModel) ignored(warnings, 'editModel', 'no image given');
  if (/\bvector\b/i.test(model.name))
    warnings.push({
      type: 'adjusted-setting',
      setting: 'model',
      details: `${model.name} makes vector (SVG) pictures; the engines here make raster ones (PNG, JPEG or WebP)`,
    });
  return { ...size, style, referenceUrl: undefined, warnings };
}

/** A catalogue model as choosing an editor needs it. */
export interface EditModelTraits extends ImageModelTraits {
  engine: Pick<ImageModel, 'provider' | 'modelId' | 'editActions'>;
}

/**
 * Who does `action` to the picture. A dedicated background remover comes first for Remove Background; the
 * edit model's own engine (an edits endpoint, img2img) for every other action it can do; then the builtin
 * filters; for Replace Background without an engine that does it, the remover's cut-out goes over a
 * background the edit model draws (`composite`). Nothing else stands in: the answer then says what could.
 */
type EditorLike = Pick<ImageEditor, 'provider' | 'modelId' | 'editActions' | 'fallback'>;

export type EditChoice<E extends EditorLike> =
  /** The edit model's own engine edits. */
  | { ok: true; byModel: true; editor: EditModelTraits['engine']; composite: false }
  /** Another editor; `composite`: its cut-out goes over a background the edit model draws. */
  | { ok: true; byModel: false; editor: E; composite: boolean }
  | { ok: false; message: string };

export function chooseEditor<E extends EditorLike>(
  action: ImageAction,
  model: EditModelTraits,
  editors: readonly E[],
): EditChoice<E> {
  // Offline stand-ins of lesser reach (the classical background cut) come after every other way.
  const ordered = [...editors.filter((e) => !e.fallback), ...editors.filter((e) => e.fallback)];
  const dedicated = editors.find((e) => !e.fallback && e.editActions.includes(action));
  if (action === 'Remove Background' && dedicated)
    return { ok: true, byModel: false, editor: dedicated, composite: false };
  if (model.engine.editActions?.includes(action))
    return { ok: true, byModel: true, editor: model.engine, composite: false };
  const other = ordered.find((e) => e.editActions.includes(action));
  if (other) return { ok: true, byModel: false, editor: other, composite: false };
  const remover = ordered.find((e) => e.editActions.includes('Remove Background'));
  if (action === 'Replace Background' && remover) return { ok: true, byModel: false, editor: remover, composite: true };
  return { ok: false, message: noEngineMessage(action, model) };
}

const EDIT_ENGINES =
  'an OpenAI-compatible server with /v1/images/edits (ATELIER_IMAGE_OPENAI_BASE_URL) or a Stable Diffusion web UI for img2img (ATELIER_IMAGE_A1111_BASE_URL)';

function noEngineMessage(action: ImageAction, model: EditModelTraits): string {
  const served = `${model.name} is served here by the ${model.engine.provider} engine, which does not edit pictures`;
  const route = `serve it with ${EDIT_ENGINES} (ATELIER_IMAGE_ROUTES=${model.family ?? model.name}=openai-compatible or =automatic1111), or choose an editModel that one of them serves`;
  if (BACKGROUND_ACTIONS.includes(action)) {
    return (
      `action: "${action}" needs a background removal engine, and none runs offline here (no segmentation model): ` +
      'set ATELIER_IMAGE_REMBG_URL to a rembg server (POST /api/remove), or serve editModel with an OpenAI-compatible ' +
      `server with /v1/images/edits (ATELIER_IMAGE_OPENAI_BASE_URL; ATELIER_IMAGE_ROUTES=${model.family ?? model.name}=openai-compatible)`
    );
  }
  const what = GENERATIVE_ACTIONS.includes(action) ? 'needs a generative model that edits pictures' : 'needs an engine';
  return `action: "${action}" ${what}; ${served}: ${route}`;
}

export interface EditPlan extends Size {
  warnings: Warning[];
}

/** The size of an edit: a model's edit makes a size it can; filters and background removers keep the picture's. */
export function planEdit(
  model: ImageModelTraits,
  ask: ImageAsk,
  choice: { byModel: boolean; editor: { provider: string } },
): EditPlan {
  const warnings: Warning[] = [];
  if (choice.byModel) {
    const size = fitSize(model, wantedSize(model, ask, warnings), ask.dimensions, warnings);
    return { ...size, warnings };
  }
  if (ask.dimensions || ask.resolution) {
    const field = ask.dimensions ? 'dimensions' : 'resolution';
    ignored(warnings, field, `${choice.editor.provider} keeps the picture's own size`);
  }
  if (ask.recraftStyle && ask.recraftStyle.toLowerCase() !== 'any') warnings.push(ignoredForAnEdit('recraftStyle'));
  return { ...DEFAULT_SIZE, warnings };
}

/** A setting the request gave that was not used, and why. */
export const ignoredSetting = (setting: string, why: string): Warning => ({
  type: 'unsupported-setting',
  setting,
  details: `ignored: ${why}`,
});

const ignored = (warnings: Warning[], setting: string, why: string) => warnings.push(ignoredSetting(setting, why));

/** A setting an edit has no use for. */
export const ignoredForAnEdit = (setting: string): Warning => ({
  type: 'unsupported-setting',
  setting,
  details: 'ignored for an edit',
});

/** The size the request asks for: pixels, a ratio at the resolution (the model's default one), or the default square. */
function wantedSize(model: ImageModelTraits, ask: ImageAsk, warnings: Warning[]): Size {
  const text = ask.dimensions?.trim();
  const parsed = text ? parseDimensions(text) : undefined;
  if (parsed?.kind === 'size') {
    if (ask.resolution) ignored(warnings, 'resolution', 'dimensions gives the size in pixels');
    return parsed;
  }
  if (!parsed && !ask.resolution) return DEFAULT_SIZE;
  const resolution = ask.resolution ?? DEFAULT_RESOLUTIONS[model.name] ?? '1K';
  const size = parsed ? ratioSize(parsed.width, parsed.height, resolution) : ratioSize(1, 1, resolution);
  if (RESOLUTION_SIDES[resolution] > MAX_SIDE)
    warnings.push({
      type: 'adjusted-setting',
      setting: 'resolution',
      details: `${resolution} asks for ${RESOLUTION_SIDES[resolution]} pixels on the long side; the engines here make at most ${MAX_SIDE}: it made ${sizeText(size)}`,
    });
  return size;
}

/** The wanted size, or the nearest the model makes (with a warning saying so). */
function fitSize(model: ImageModelTraits, wanted: Size, dimensions: string | undefined, warnings: Warning[]): Size {
  const sizes = model.sizes;
  if (!sizes || sizes.some((s) => s.width === wanted.width && s.height === wanted.height))
    return inBounds(wanted) ? wanted : DEFAULT_SIZE;
  const chosen = nearestSize(wanted, sizes);
  const asked =
    dimensions && parseDimensions(dimensions)?.kind === 'ratio'
      ? `${dimensions.trim()} (${sizeText(wanted)})`
      : sizeText(wanted);
  warnings.push({
    type: 'adjusted-setting',
    setting: 'dimensions',
    details: `${model.name} makes ${sizes.map(sizeText).join(', ')}; it made ${sizeText(chosen)} instead of ${asked}`,
  });
  return { width: chosen.width, height: chosen.height };
}
