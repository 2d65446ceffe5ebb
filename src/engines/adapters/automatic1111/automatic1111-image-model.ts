import { z } from 'zod';
import { UpstreamError } from '../../../shared/errors.js';
import { decodeBase64, foldStyle, pictureResult } from '../../media/remote-image.js';
import { type RetryPolicy, withRetries } from '../../calls/retry.js';
import { ACTION_RECIPES, BACKGROUND_ACTIONS } from '../../media/image-actions.js';
import { inpaintMaskPng } from '../../media/edit-mask.js';
import {
  IMAGE_ACTIONS,
  type ImageAction,
  type ImageCallOptions,
  type ImageEditOptions,
  type ImageModel,
  type ImageResult,
} from '../../spec/image-model.js';
import { bearer, joinUrl, postJson } from '../../calls/upstream-call.js';
import { automatic1111Env } from './settings.js';

export interface Automatic1111ImageConfig {
  /** The web UI's address without any API path, e.g. http://127.0.0.1:7860. */
  baseUrl: string;
  /** Sent as a Bearer token, for deployments behind a proxy that wants one. */
  apiKey?: string | undefined;
  /** HTTP basic auth, as the web UI's --api-auth user:password expects; not together with apiKey. */
  username?: string | undefined;
  password?: string | undefined;
  /** A checkpoint to switch to for each call (`override_settings.sd_model_checkpoint`); the loaded one otherwise. */
  checkpoint?: string | undefined;
  /** The model as records show it, e.g. "Stable Diffusion XL". */
  modelId: string;
  timeoutMs: number;
  retry: RetryPolicy;
  fetch?: typeof fetch;
  /** Sampling steps; 25 by default, 1.6 times as many for `hd`. */
  steps?: number | undefined;
  /** e.g. "DPM++ 2M", "Euler a"; the web UI's default otherwise. */
  sampler?: string | undefined;
}

const LABEL = 'The image provider';
const DEFAULT_STEPS = 25;
const HD_STEP_FACTOR = 1.6;
/** How far img2img may move away from the reference picture: 0 keeps it, 1 ignores it. */
const DENOISING_STRENGTH = 0.6;

const replySchema = z.object({ images: z.array(z.string()).nullish() });

/** The Stable Diffusion web UI API (AUTOMATIC1111, Forge, SD.Next): /sdapi/v1/txt2img and /sdapi/v1/img2img. */
export class Automatic1111ImageModel implements ImageModel {
  readonly provider = automatic1111Env.name;
  readonly modelId: string;
  readonly supportsReferenceImage = true;
  /** img2img repaints the whole picture: it cannot cut a subject out (no transparency, no mask here). */
  readonly editActions: readonly ImageAction[] = IMAGE_ACTIONS.filter((a) => !BACKGROUND_ACTIONS.includes(a));
  private readonly fetch: typeof fetch;
  private readonly steps: number;
  private readonly authorization: Record<string, string>;

  get baseUrl(): string {
    return this.config.baseUrl;
  }

  constructor(private readonly config: Automatic1111ImageConfig) {
    this.modelId = config.modelId;
    this.fetch = config.fetch ?? globalThis.fetch;
    this.steps = config.steps ?? DEFAULT_STEPS;
    if (!Number.isInteger(this.steps) || this.steps < 1)
      throw new Error('Stable Diffusion web UI steps must be a whole number of at least 1');
    this.authorization = authorizationHeader(config);
  }

  /**
   * img2img with the action's instruction and how far it may move from the picture; with a mask, inpainting: only
   * the mask's transparent part is repainted (the web UI's white-on-black mask, the rest kept from the picture).
   */
  async doEdit(options: ImageEditOptions): Promise<ImageResult> {
    const recipe = ACTION_RECIPES[options.action];
    const mask = options.mask ? await inpaintMaskPng(options.mask, options.width, options.height) : undefined;
    return this.draw(
      { ...options, prompt: recipe.instruction(options.prompt), hd: false, referenceImage: options.image },
      recipe.denoisingStrength,
      mask,
    );
  }

  doGenerate(options: ImageCallOptions): Promise<ImageResult> {
    return this.draw(options, DENOISING_STRENGTH);
  }

  private async draw(options: ImageCallOptions, denoisingStrength: number, mask?: Buffer): Promise<ImageResult> {
    const { referenceImage, abortSignal: signal } = options;
    const { checkpoint, sampler } = this.config;
    const body = JSON.stringify({
      prompt: foldStyle(options.prompt, options.style, options.artist),
      negative_prompt: '',
      seed: options.seed,
      width: options.width,
      height: options.height,
      steps: options.hd ? Math.round(this.steps * HD_STEP_FACTOR) : this.steps,
      cfg_scale: 7,
      batch_size: 1,
      n_iter: 1,
      ...(sampler && { sampler_name: sampler }),
      // Keep the checkpoint loaded afterwards: restoring the previous one would reload weights on every call.
      ...(checkpoint && {
        override_settings: { sd_model_checkpoint: checkpoint },
        override_settings_restore_afterwards: false,
      }),
      ...(referenceImage && {
        init_images: [referenceImage.data.toString('base64')],
        denoising_strength: denoisingStrength,
      }),
      ...(referenceImage &&
        mask && {
          mask: mask.toString('base64'),
          mask_blur: 4,
          inpainting_fill: 1,
          inpaint_full_res: false,
          inpainting_mask_invert: 0,
        }),
    });
    const path = referenceImage ? '/sdapi/v1/img2img' : '/sdapi/v1/txt2img';
    const json = await withRetries(() => this.post(path, body, signal), this.config.retry, signal);
    const parsed = replySchema.safeParse(json);
    if (!parsed.success) throw new UpstreamError(`${LABEL} returned an unexpected response`, { isRetryable: false });
    const first = parsed.data.images?.[0];
    if (!first) throw new UpstreamError(`${LABEL} returned no image`, { isRetryable: false });

    return pictureResult(decodeBase64(first), options, LABEL);
  }

  private post(path: string, body: string, signal: AbortSignal | undefined): Promise<unknown> {
    return postJson({
      fetch: this.fetch,
      url: joinUrl(this.config.baseUrl, path),
      headers: this.authorization,
      body,
      timeoutMs: this.config.timeoutMs,
      signal,
      label: LABEL,
      statusText: {
        401: `${LABEL} rejected the credentials`,
        404: `${LABEL} has no Stable Diffusion API at this address (the web UI must run with --api)`,
      },
    });
  }
}

function authorizationHeader({ apiKey, username, password }: Automatic1111ImageConfig): Record<string, string> {
  if (apiKey && (username || password)) {
    throw new Error('Stable Diffusion web UI: give either an API key or a username and password, not both');
  }
  if (password && !username) throw new Error('Stable Diffusion web UI: a password needs a username');
  if (apiKey) return bearer(apiKey);
  if (username) return { authorization: `Basic ${Buffer.from(`${username}:${password ?? ''}`).toString('base64')}` };
  return {};
}
