import sharp from 'sharp';
import { UpstreamError } from '../../../shared/errors.js';
import { compiledModuleUrl } from '../../../shared/untrusted/compiled-module-url.js';
import { WorkerPool, WorkerTaskError } from '../../../shared/untrusted/worker-pool.js';
import { ANALYSIS_SIDE, type RgbaPicture, type Segmentation } from '../../media/background-removal.js';
import { boundedSharp } from '../../media/picture-check.js';
import type {
  ImageAction,
  ImageEditOptions,
  ImageEditor,
  ImageResult,
  ReferenceImage,
} from '../../spec/image-model.js';
import type { Warning } from '../../spec/warnings.js';

/** Larger pictures are cut at this size on their long side (the API's own bound). */
const MAX_SIDE = 2048;
/** One picture's segmentation: a 2048-pixel picture takes well under a second of CPU. */
const SEGMENT_TIMEOUT_MS = 20_000;

/** Why the offline cut failed, said as the 422 of a missing engine says it: what would do it instead. */
const SEGMENTATION_ADVICE =
  'a subject on a textured or busy background needs a background removal model: set ATELIER_IMAGE_REMBG_URL to a rembg server (POST /api/remove), or edit with a model served by an OpenAI-compatible server with /v1/images/edits';

/**
 * Remove Background offline, honestly: classical segmentation (engines/media/background-removal.ts) of a subject on
 * a plain or simply graded backdrop, on a worker thread with a heap and a time limit. It comes after a background
 * removal server and a model's own edit engine (`fallback`), and says on the record that no learned model was used;
 * a picture it cannot separate fails with the reason and what would do it.
 */
export class BuiltinSegmentationEditor implements ImageEditor {
  readonly provider = 'builtin-segmentation';
  readonly modelId = 'builtin-segmentation';
  readonly editActions: readonly ImageAction[] = ['Remove Background'];
  readonly fallback = true;
  private pool: WorkerPool<RgbaPicture, Segmentation> | undefined;

  async doEdit(options: ImageEditOptions): Promise<ImageResult> {
    const warnings: Warning[] = [
      {
        type: 'other',
        message:
          'no learned model was used: the background was cut out by classical segmentation (colour and edges from the border), which suits a subject on a plain or graded background',
      },
    ];
    if (options.prompt.trim())
      warnings.push({
        type: 'unsupported-setting',
        setting: 'prompt',
        details: 'not used: the cut takes no instructions',
      });
    if (options.mask)
      warnings.push({ type: 'unsupported-setting', setting: 'mask', details: 'ignored: the whole background is cut' });
    const picture = await decode(options.image.data, warnings);
    const segmentation = await this.segment(picture, options.abortSignal);
    if (!segmentation.ok) throw new UpstreamError(refusalText(segmentation.reason), { isRetryable: false });
    // The cut's alpha (the picture's own already folded in) takes the place of the picture's.
    const { width, height, data: rgba } = picture;
    segmentation.alpha.forEach((alpha, pixel) => {
      rgba[pixel * 4 + 3] = alpha;
    });
    const data = await sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength), {
      raw: { width, height, channels: 4 },
    })
      .png()
      .toBuffer();
    return { image: { data, mediaType: 'image/png' }, width, height, warnings };
  }

  /** The segmentation of a small copy (the cut is decided at that size): its refusal, said as the 422 says it. */
  async refusal(image: ReferenceImage, signal?: AbortSignal): Promise<string | undefined> {
    const picture = await decode(image.data, [], ANALYSIS_SIDE);
    const segmentation = await this.segment(picture, signal);
    return segmentation.ok ? undefined : refusalText(segmentation.reason);
  }

  private async segment(picture: RgbaPicture, signal: AbortSignal | undefined): Promise<Segmentation> {
    this.pool ??= new WorkerPool({
      script: compiledModuleUrl('engines/media/background-removal-worker.js'),
      workers: 1,
      queue: 16,
      timeoutMs: SEGMENT_TIMEOUT_MS,
      memoryMb: 256,
    });
    try {
      return await this.pool.run(picture, signal);
    } catch (error) {
      if (!(error instanceof WorkerTaskError)) throw error;
      throw new UpstreamError(`The background could not be cut out offline: the segmentation ${failure(error)}`, {
        isRetryable: error.reason === 'busy',
        cause: error,
      });
    }
  }
}

const refusalText = (reason: string) =>
  `The background could not be cut out offline (no segmentation model here; the classical cut found that ${reason}): ${SEGMENTATION_ADVICE}`;

function failure(error: WorkerTaskError): string {
  switch (error.reason) {
    case 'timeout':
      return 'took too long';
    case 'memory':
      return 'needed too much memory';
    case 'busy':
      return 'queue is full; try again shortly';
    default:
      return `stopped (${error.reason})`;
  }
}

/** RGBA pixels of the picture, turned upright and cut to MAX_SIDE, decoded by sharp within the picture limits. */
async function decode(input: Buffer, warnings: Warning[], side = MAX_SIDE): Promise<RgbaPicture> {
  try {
    const image = boundedSharp(input).rotate();
    const meta = await image.metadata();
    const width = meta.autoOrient?.width ?? meta.width ?? 0;
    const height = meta.autoOrient?.height ?? meta.height ?? 0;
    if (Math.max(width, height) > side) {
      image.resize(side, side, { fit: 'inside' });
      if (side === MAX_SIDE)
        warnings.push({ type: 'other', message: `the picture was scaled down to fit ${MAX_SIDE}x${MAX_SIDE}` });
    }
    const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return {
      data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      width: info.width,
      height: info.height,
    };
  } catch (error) {
    throw new UpstreamError('The picture could not be decoded', { isRetryable: false, cause: error });
  }
}
