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
  // Added by the hosted interface 1.0.5.
  'Hyper Realistic Photos',
  'Muppets',
  'Halloween',
  'Character Reference',
  'Consistent Character',
  'Style Reference',
  'Style Reference SD3',
  'Find and Replace',
  'Visualize What Happens Next',
] as const;
export type ImageAction = (typeof IMAGE_ACTIONS)[number];

export interface ImageEditOptions {
  action: ImageAction;
  /** What the client wants done (the new background, the look, the light...). */
  prompt: string;
  image: ReferenceImage;
  /**
   * Where to edit (OpenAI's mask: a picture whose transparent pixels mark the part to change); the whole picture
   * when absent. An editor that cannot keep to it edits everything and says so in `warnings`.
   */
  mask?: ReferenceImage | undefined;
  /** The other pictures the request gave (`images`), for editors that work from several. */
  moreImages?: readonly ReferenceImage[] | undefined;
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
  /** Used only when no other editor or model engine can do the action (an offline stand-in of lesser reach). */
  readonly fallback?: boolean;
  /**
   * Whether it can do its work on this picture, asked before the request is accepted by an editor that cannot do
   * every picture: the reason it cannot (the request's 422), else undefined.
   */
  refusal?(image: ReferenceImage, signal?: AbortSignal): Promise<string | undefined>;
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
