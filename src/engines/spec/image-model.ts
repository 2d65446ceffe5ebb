/** The image engine interface (after the Vercel AI SDK image-model spec): one picture per call. */
import type { Warning } from './warnings.js';

export type ImageMediaType = 'image/png' | 'image/jpeg' | 'image/webp';

/** File name extensions for stored pictures. */
export const IMAGE_EXTENSIONS: Record<ImageMediaType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

export interface ReferenceImage {
  data: Buffer;
  mediaType: ImageMediaType;
}

export interface ImageCallOptions {
  prompt: string;
  /** A style name ("watercolor", "photorealistic"...); engines without a style option fold it into the prompt. */
  style?: string | undefined;
  /** An artist whose manner to follow; folded into the prompt like the style. */
  artist?: string | undefined;
  width: number;
  height: number;
  /** Finer detail where the engine has such a switch (DALL-E 3 `quality: hd`, more steps elsewhere). */
  hd: boolean;
  /** Same seed, same options -> the same picture, where the engine is deterministic. */
  seed: number;
  /** For image-to-image; engines that cannot use it ignore it and say so in `warnings`. */
  referenceImage?: ReferenceImage | undefined;
  abortSignal?: AbortSignal | undefined;
  /** Options for one provider only, keyed by provider name; other providers ignore them. */
  providerOptions?: Record<string, Record<string, unknown>>;
}

export interface ImageResult {
  image: { data: Buffer; mediaType: ImageMediaType };
  width: number;
  height: number;
  /** Options this model could not honour: reported, never thrown. */
  warnings: Warning[];
}

/** The hosted reference's `action` values: what to do with a picture the request gives. */
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

export interface ImageEditOptions {
  action: ImageAction;
  /** What the client wants done (the new background, the look, the light...). */
  prompt: string;
  image: ReferenceImage;
  /** The size wanted; filters and background removers keep the picture's own size. */
  width: number;
  height: number;
  seed: number;
  abortSignal?: AbortSignal | undefined;
}

/** Something that changes a given picture: a model's edit endpoint, a filter, a background remover. */
export interface ImageEditor {
  readonly provider: string;
  readonly modelId: string;
  /** The actions this editor can do. */
  readonly editActions: readonly ImageAction[];
  doEdit(options: ImageEditOptions): Promise<ImageResult>;
}

export interface ImageModel {
  /** `builtin`, `openai-compatible`, `automatic1111`. */
  readonly provider: string;
  /** The server a remote engine calls, as configured (it may carry credentials: never show it whole); absent for engines in this process. */
  readonly baseUrl?: string;
  /** The model as records show it; the builtin one names itself so nobody takes it for a diffusion model. */
  readonly modelId: string;
  readonly supportsReferenceImage: boolean;
  doGenerate(options: ImageCallOptions): Promise<ImageResult>;
  /** The actions the model's engine can do to a given picture (its edit endpoint, img2img); none without. */
  readonly editActions?: readonly ImageAction[];
  doEdit?(options: ImageEditOptions): Promise<ImageResult>;
}
