import { UpstreamError } from '../../../shared/errors.js';
import { imageSize } from '../../media/image-size.js';
import { type RetryPolicy, withRetries } from '../../calls/retry.js';
import {
  IMAGE_EXTENSIONS,
  type ImageAction,
  type ImageEditOptions,
  type ImageEditor,
  type ImageResult,
} from '../../spec/image-model.js';
import { bearer, callUpstream, readBytes } from '../../calls/upstream-call.js';
import type { Warning } from '../../spec/warnings.js';
import { rembgEnv } from './settings.js';

export interface RembgConfig {
  /** rembg's server address (POST /api/remove is added), or the full URL of an endpoint of the same shape. */
  url: string;
  /** The segmentation model the server should use (form field `model`); its default otherwise. */
  model?: string | undefined;
  apiKey?: string | undefined;
  timeoutMs: number;
  retry: RetryPolicy;
  fetch?: typeof fetch;
}

const LABEL = 'The background removal server';

/** The endpoint: a bare address gets rembg's own path. */
export function rembgEndpoint(url: string): string {
  const parsed = new URL(url);
  if (parsed.pathname === '/' || parsed.pathname === '') parsed.pathname = '/api/remove';
  return parsed.href;
}

/**
 * A background removal server of rembg's kind: `POST /api/remove` with the picture as the multipart field
 * `file` (and `model`), answering the cut-out as a PNG with an alpha channel. It removes backgrounds only;
 * Replace Background puts its cut-out over a new background (see the image job).
 */
export class RembgEditor implements ImageEditor {
  readonly provider = rembgEnv.name;
  readonly modelId: string;
  /** Replace Background is its cut-out over a new background (the image job composes it). */
  readonly editActions: readonly ImageAction[] = ['Remove Background'];
  private readonly fetch: typeof fetch;
  private readonly endpoint: string;

  constructor(private readonly config: RembgConfig) {
    this.modelId = config.model ? `rembg ${config.model}` : 'rembg';
    this.fetch = config.fetch ?? globalThis.fetch;
    this.endpoint = rembgEndpoint(config.url);
  }

  async doEdit(options: ImageEditOptions): Promise<ImageResult> {
    const signal = options.abortSignal;
    const data = await withRetries(() => this.post(options), this.config.retry, signal);
    const info = imageSize(data);
    if (!info) throw new UpstreamError(`${LABEL} returned something that is not an image`, { isRetryable: false });
    const warnings: Warning[] = [
      {
        type: 'unsupported-setting',
        setting: 'prompt',
        details: 'not used: the background removal server takes no instructions',
      },
      ...(options.mask
        ? [{ type: 'unsupported-setting' as const, setting: 'mask', details: 'ignored: the whole background is cut' }]
        : []),
    ];
    return { image: { data, mediaType: info.mediaType }, width: info.width, height: info.height, warnings };
  }

  private post(options: ImageEditOptions): Promise<Buffer> {
    const { image } = options;
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(image.data)], { type: image.mediaType }),
      `image.${IMAGE_EXTENSIONS[image.mediaType]}`,
    );
    if (this.config.model) form.append('model', this.config.model);
    return callUpstream({
      fetch: this.fetch,
      url: this.endpoint,
      method: 'POST',
      headers: { accept: 'image/png', ...bearer(this.config.apiKey) },
      body: form,
      timeoutMs: this.config.timeoutMs,
      signal: options.abortSignal,
      label: LABEL,
      statusText: {
        401: `${LABEL} rejected the credentials`,
        404: `${LABEL} has no background removal endpoint at this address (rembg's server answers POST /api/remove)`,
      },
      read: readBytes,
    });
  }
}
