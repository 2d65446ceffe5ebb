import { z } from 'zod';
import { UpstreamError } from '../../../shared/errors.js';
import { decodeBase64, foldStyle, pictureResult } from '../../remote-image.js';
import { type RetryPolicy, withRetries } from '../../retry.js';
import type { ImageCallOptions, ImageModel, ImageResult } from '../../spec/image-model.js';
import { bearer, callUpstream, joinUrl, postJson, readBytes } from '../../upstream-call.js';

export interface OpenAICompatibleImageConfig {
  /** Base URL including the version segment, e.g. https://api.openai.com/v1. */
  baseUrl: string;
  apiKey?: string | undefined;
  /** e.g. dall-e-3, or whatever LocalAI or stable-diffusion.cpp's server calls its model; records show it as the model id. */
  model: string;
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

/** Any server with POST {baseUrl}/images/generations: OpenAI (DALL-E), LocalAI, stable-diffusion.cpp's server. */
export class OpenAICompatibleImageModel implements ImageModel {
  readonly provider = 'openai-compatible';
  readonly modelId: string;
  /** The generations endpoint takes no input picture. */
  readonly supportsReferenceImage = false;
  private readonly fetch: typeof fetch;

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
        ? { quality: options.hd ? 'high' : 'auto' }
        : { response_format: 'b64_json', quality: options.hd ? 'hd' : 'standard' }),
      ...(nativeStyle && { style: nativeStyle }),
    });
    const signal = options.abortSignal;
    const json = await withRetries(() => this.post(body, signal), this.config.retry, signal);
    const parsed = generationsSchema.safeParse(json);
    if (!parsed.success) throw unexpected();
    const first = parsed.data.data?.[0];
    let data: Buffer;
    if (first?.b64_json) data = decodeBase64(first.b64_json);
    else if (first?.url) data = await this.download(first.url, signal);
    else throw new UpstreamError(`${LABEL} returned no image`, { isRetryable: false });

    const warnings = options.referenceImage ? ['this engine cannot use a reference image; it was ignored'] : [];
    return pictureResult(data, options, LABEL, warnings);
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
