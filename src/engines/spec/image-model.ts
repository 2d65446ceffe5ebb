/** The image engine interface (after the Vercel AI SDK image-model spec): one picture per call. */

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
  warnings: string[];
}

export interface ImageModel {
  /** `builtin`, `openai-compatible`, `automatic1111`. */
  readonly provider: string;
  /** The model as records show it; the builtin one names itself so nobody takes it for a diffusion model. */
  readonly modelId: string;
  readonly supportsReferenceImage: boolean;
  doGenerate(options: ImageCallOptions): Promise<ImageResult>;
}
