import { z } from 'zod';
import { UpstreamError } from '../../../shared/errors.js';
import { decodeBase64, foldStyle, pictureResult } from '../../media/remote-image.js';
import { type RetryPolicy, withRetries } from '../../calls/retry.js';
import { ACTION_RECIPES } from '../../media/image-actions.js';
import {
  IMAGE_ACTIONS,
  IMAGE_EXTENSIONS,
  type ImageAction,
  type ImageCallOptions,
  type ImageEditOptions,
  type ImageModel,
  type ImageResult,
} from '../../spec/image-model.js';
import { bearer, callUpstream, joinUrl, postJson, readBytes, readJson } from '../../calls/upstream-call.js';
import type { Warning } from '../../spec/warnings.js';
import { openAICompatibleEnv } from './settings.js';

export interface OpenAICompatibleImageConfig {
  /** Base URL including the version segment, e.g. https://api.openai.com/v1. */
  baseUrl: string;
  apiKey?: string | undefined;
  /** e.g. dall-e-3, or whatever LocalAI or stable-diffusion.cpp's server calls its model; records show it as the model id. */
  model: string;
  /** A gpt-image model's quality tier, when the catalogue name is one ("OpenAI GPT Image 2 Medium"); `hd` otherwise. */
  quality?: 'low' | 'medium' | 'high' | undefined;
  timeoutMs: number;
  retry: RetryPolicy;
  fetch?: typeof fetch;
}

const LABEL = 'The image provider';
/** The only values OpenAI's `style` parameter takes; any other style goes into the prompt. */
const NATIVE_STYLES = new Set(['vivid', 'natural']);

const generationsSchema = z.object({
  data: z.array(z.object({ b64_json: z.string().nullish(), url: z.string().nullish() })).nullish(),
});

const unexpected = () => new UpstreamError(`${LABEL} returned an unexpected response`, { isRetryable: false });

/**
 * Any server with POST {baseUrl}/images/generations: OpenAI (DALL-E), LocalAI, stable-diffusion.cpp's server.
 * A given picture goes to POST {baseUrl}/images/edits (multipart: image, prompt, model, size), each action
 * as an instruction in the prompt.
 */
export class OpenAICompatibleImageModel implements ImageModel {
  readonly provider = openAICompatibleEnv.name;
  readonly modelId: string;
  /** The generations endpoint takes no input picture. */
  readonly supportsReferenceImage = false;
  /** Every action, as an instruction to the edits endpoint. */
  readonly editActions: readonly ImageAction[] = IMAGE_ACTIONS;
  private readonly fetch: typeof fetch;

  get baseUrl(): string {
    return this.config.baseUrl;
  }

  constructor(private readonly config: OpenAICompatibleImageConfig) {
    this.modelId = config.model;
    this.fetch = config.fetch ?? globalThis.fetch;
  }

  async doGenerate(options: ImageCallOptions): Promise<ImageResult> {
    const style = options.style?.trim().toLowerCase();
    const nativeStyle = style !== undefined && NATIVE_STYLES.has(style) ? style : undefined;
    const body = JSON.stringify({
      model: this.config.model,
      prompt: foldStyle(options.prompt, nativeStyle ? undefined : options.style, options.artist),
      n: 1,
      size: `${options.width}x${options.height}`,
      // gpt-image models always answer in base64 and name their qualities differently.
      ...(/^gpt-image/i.test(this.config.model)
        ? { quality: this.config.quality ?? (options.hd ? 'high' : 'auto') }
        : { response_format: 'b64_json', quality: options.hd ? 'hd' : 'standard' }),
      ...(nativeStyle && { style: nativeStyle }),
    });
    const signal = options.abortSignal;
    const json = await withRetries(() => this.post(body, signal), this.config.retry, signal);
    const parsed = generationsSchema.safeParse(json);
    if (!parsed.success) throw unexpected();
    const data = await this.picture(parsed.data.data?.[0], signal);

    const warnings: Warning[] = options.referenceImage
      ? [
          {
            type: 'unsupported-setting',
            setting: 'referenceImage',
            message: 'this engine cannot use a reference image; it was ignored',
          },
        ]
      : [];
    return pictureResult(data, options, LABEL, warnings);
  }

  async doEdit(options: ImageEditOptions): Promise<ImageResult> {
    const signal = options.abortSignal;
    const gptImage = /^gpt-image/i.test(this.config.model);
    const json = await withRetries(() => this.postEdit(options, gptImage), this.config.retry, signal);
    const parsed = generationsSchema.safeParse(json);
    if (!parsed.success) throw unexpected();
    const data = await this.picture(parsed.data.data?.[0], signal);
    const warnings: Warning[] =
      options.action === 'Remove Background' && !gptImage
        ? [
            {
              type: 'other',
              message: `${this.config.model} may not make a transparent background; only gpt-image models are asked for one`,
            },
          ]
        : [];
    return pictureResult(data, options, LABEL, warnings);
  }

  private postEdit(options: ImageEditOptions, gptImage: boolean): Promise<unknown> {
    const { image } = options;
    const form = new FormData();
    form.append(
      'image',
      new Blob([new Uint8Array(image.data)], { type: image.mediaType }),
      `image.${IMAGE_EXTENSIONS[image.mediaType]}`,
    );
    if (options.mask)
      form.append(
        'mask',
        new Blob([new Uint8Array(options.mask.data)], { type: options.mask.mediaType }),
        `mask.${IMAGE_EXTENSIONS[options.mask.mediaType]}`,
      );
    form.append('prompt', ACTION_RECIPES[options.action].instruction(options.prompt).slice(0, 4000));
    form.append('model', this.config.model);
    form.append('n', '1');
    form.append('size', `${options.width}x${options.height}`);
    if (!gptImage) form.append('response_format', 'b64_json');
    if (gptImage && options.action === 'Remove Background') form.append('background', 'transparent');
    if (gptImage && this.config.quality) form.append('quality', this.config.quality);
    return callUpstream({
      fetch: this.fetch,
      url: joinUrl(this.config.baseUrl, '/images/edits'),
      method: 'POST',
      headers: bearer(this.config.apiKey),
      body: form,
      timeoutMs: this.config.timeoutMs,
      signal: options.abortSignal,
      label: LABEL,
      statusText: { 401: `${LABEL} rejected the API key`, 404: `${LABEL} has no /images/edits endpoint` },
      read: (response) => readJson(response, LABEL),
    });
  }

  private async picture(
    first: { b64_json?: string | null | undefined; url?: string | null | undefined } | undefined,
    signal: AbortSignal | undefined,
  ): Promise<Buffer> {
    if (first?.b64_json) return decodeBase64(first.b64_json);
    if (first?.url) return this.download(first.url, signal);
    throw new UpstreamError(`${LABEL} returned no image`, { isRetryable: false });
  }

  private post(body: string, signal: AbortSignal | undefined): Promise<unknown> {
    return postJson({
      fetch: this.fetch,
      url: joinUrl(this.config.baseUrl, '/images/generations'),
      headers: bearer(this.config.apiKey),
      body,
      timeoutMs: this.config.timeoutMs,
      signal,
      label: LABEL,
      statusText: { 401: `${LABEL} rejected the API key` },
    });
  }

  /**
   * Fetches a picture the provider answered with a link to. The operator configured this provider, so its
   * links are followed; the key only goes along to the provider's own origin, never to storage elsewhere
   * (OpenAI links to pre-signed blob URLs that refuse an extra Authorization header anyway).
   */
  private async download(link: string, signal: AbortSignal | undefined): Promise<Buffer> {
    let url: URL;
    try {
      url = new URL(link, this.config.baseUrl);
    } catch {
      throw unexpected();
    }
    if (url.protocol === 'data:') return decodeBase64(link);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw unexpected();
    const sameOrigin = url.origin === originOf(this.config.baseUrl);
    return withRetries(
      () =>
        callUpstream({
          fetch: this.fetch,
          url: url.href,
          method: 'GET',
          headers: { accept: 'image/*', ...(sameOrigin && bearer(this.config.apiKey)) },
          timeoutMs: this.config.timeoutMs,
          signal,
          label: LABEL,
          read: readBytes,
        }),
      this.config.retry,
      signal,
    );
  }
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
