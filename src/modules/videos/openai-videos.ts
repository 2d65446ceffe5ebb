import { type AspectRatio, type VideoResolution, nearestAspectRatio } from '../../engines/spec/video-model.js';
import { IMAGE_EXTENSIONS } from '../../engines/spec/image-model.js';
import { AppError, unwrap } from '../../shared/errors.js';
import { newId } from '../../shared/ids.js';
import type { BlobStore } from '../../storage/blob/blob-store.js';
import type { VideoRow } from '../../storage/db/schema.js';
import type { Caller } from '../accounts/accounts.service.js';
import { type ModelAliases, aliasTarget } from '../images/openai-model-aliases.js';
import { uploadedBlobKey, uploadedPictureRef } from '../images/reference-image.js';
import { checkedUpload } from '../images/uploaded-file.js';
import { OPENAI_DEFAULT_VIDEO_MODEL, type OpenAiVideo, type OpenAiVideoBody } from './openai-videos.schemas.js';
import type { VideosService } from './videos.service.js';

/** OpenAI's default size and length. */
const DEFAULT_SIZE = '720x1280';
const DEFAULT_SECONDS = 4;
const LONG_SIDES: Record<string, number> = {
  '360p': 640,
  '480p': 854,
  '720p': 1280,
  '768p': 1366,
  '1080p': 1920,
  '2k': 1920,
  '4k': 1920,
};

const ID_PREFIX = 'video_';
/** `video_` and the record's id in 12 digits: opaque to clients, as OpenAI's ids are, and all of one length. */
export const openAiVideoIdOf = (id: number): string => `${ID_PREFIX}${String(id).padStart(12, '0')}`;
const recordIdOf = (id: string): number => Number(id.slice(ID_PREFIX.length));

const unixSeconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

const notFound = () => new AppError('not_found', 'Video not found', {}, 'id');

/**
 * OpenAI's video API (/v1/videos) over the video records: POST is VideosService.create (the same job, credits
 * and ledger as POST /api/generate-video), the others read, page, download and delete the caller's records.
 */
export class OpenAiVideos {
  constructor(
    private readonly videos: VideosService,
    private readonly blobs: BlobStore,
    private readonly aliases: ModelAliases,
  ) {}

  async create(caller: Caller, body: OpenAiVideoBody): Promise<OpenAiVideo> {
    const { aspectRatio, resolution } = shapeOf(body.size ?? DEFAULT_SIZE);
    const image = await this.reference(body.input_reference);
    const created = await this.videos.create(caller, {
      prompt: body.prompt,
      model: aliasTarget(this.aliases, body.model ?? OPENAI_DEFAULT_VIDEO_MODEL),
      durationSeconds: body.seconds ?? DEFAULT_SECONDS,
      aspectRatio,
      resolution,
      image,
    });
    const uploaded = image && uploadedBlobKey(image);
    if (!created.ok && uploaded) await this.blobs.delete(uploaded);
    const { id } = unwrap(created);
    return this.retrieve(caller, openAiVideoIdOf(id));
  }

  async retrieve(caller: Caller, id: string): Promise<OpenAiVideo> {
    return this.toOpenAi(await this.owned(caller, id));
  }

  async list(caller: Caller, query: { after?: string | undefined; limit: number; order: 'asc' | 'desc' }) {
    const rows = await this.videos.page(
      caller,
      query.limit + 1,
      query.order,
      query.after ? recordIdOf(query.after) : undefined,
    );
    const data = await Promise.all(rows.slice(0, query.limit).map((row) => this.toOpenAi(row)));
    return {
      object: 'list' as const,
      data,
      first_id: data[0]?.id ?? null,
      last_id: data.at(-1)?.id ?? null,
      has_more: rows.length > query.limit,
    };
  }

  /** The MP4 of a completed video; before that a 409 in OpenAI's words. */
  async content(caller: Caller, id: string): Promise<Buffer> {
    const row = await this.owned(caller, id);
    if (row.status !== 'completed')
      throw new AppError('conflict', `Video is not ready yet (status ${(await this.toOpenAi(row)).status})`, {}, 'id');
    const data = await this.videos.content(row);
    if (!data) throw new AppError('not_found', 'The video file is no longer stored', {}, 'id');
    return data;
  }

  async delete(caller: Caller, id: string) {
    unwrap(await this.videos.delete(caller, recordIdOf(id)));
    return { id, object: 'video.deleted' as const, deleted: true as const };
  }

  private async owned(caller: Caller, id: string): Promise<VideoRow> {
    const row = await this.videos.findOwned(caller, recordIdOf(id));
    if (!row) throw notFound();
    return row;
  }

  /** An uploaded first frame, checked and stored; a URL as it is (the job fetches it through the SSRF guard). */
  private async reference(given: OpenAiVideoBody['input_reference']): Promise<string | undefined> {
    if (!given) return undefined;
    if (!Array.isArray(given)) return given.image_url;
    const [file] = given;
    if (!file) return undefined;
    const info = await checkedUpload(file, 'input_reference');
    const key = `video-uploads/${newId()}.${IMAGE_EXTENSIONS[info.mediaType]}`;
    await this.blobs.put(key, file.data);
    return uploadedPictureRef(key);
  }

  private async toOpenAi(row: VideoRow): Promise<OpenAiVideo> {
    const status =
      row.status === 'pending' ? ((await this.videos.isRunning(row.id)) ? 'in_progress' : 'queued') : row.status;
    const warnings = JSON.parse(row.warnings) as string[];
    return {
      id: openAiVideoIdOf(row.id),
      object: 'video',
      model: row.requested_model,
      status,
      progress: status === 'completed' ? 100 : 0,
      created_at: unixSeconds(row.created_at),
      completed_at: row.status === 'pending' ? null : unixSeconds(row.updated_at),
      expires_at: null,
      prompt: row.prompt,
      seconds: String(row.duration),
      size: row.width && row.height ? `${row.width}x${row.height}` : plannedSize(row),
      remixed_from_video_id: null,
      error: row.status === 'failed' ? { code: 'video_generation_failed', message: row.error ?? 'failed' } : null,
      ...(warnings.length > 0 && { warnings }),
    };
  }
}

/** WIDTHxHEIGHT as the nearest aspect ratio the engines know, at 720p (long side up to 1280) or 1080p. */
export function shapeOf(size: string): { aspectRatio: AspectRatio; resolution: VideoResolution } {
  const [width = 720, height = 1280] = size.split('x').map(Number);
  return {
    aspectRatio: nearestAspectRatio(width, height),
    resolution: Math.max(width, height) > 1280 ? '1080p' : '720p',
  };
}

/** The size a pending clip will have: its resolution's long side at its aspect ratio, even sides. */
function plannedSize(row: VideoRow): string {
  const long = LONG_SIDES[row.resolution ?? '720p'] ?? 1280;
  // A "from input" clip's shape is known once its first frame is read: 16:9 until then.
  const [a = 16, b = 9] = /^\d+:\d+$/.test(row.aspect_ratio) ? row.aspect_ratio.split(':').map(Number) : [];
  const short = 2 * Math.round((long * Math.min(a, b)) / Math.max(a, b) / 2);
  return a >= b ? `${long}x${short}` : `${short}x${long}`;
}
