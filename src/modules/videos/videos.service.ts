import { canMakeVideos } from '../../config.js';
import type { ModelCatalogue } from '../../engines/model-catalogue.js';
import type { CatalogueVideoModel } from '../../engines/registry.js';
import type { AspectRatio, VideoResolution } from '../../engines/spec/video-model.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { JobRecordLifecycle } from '../../jobs/job-record-lifecycle.js';
import type { JobHandler } from '../../jobs/worker.js';
import { type Clock, isoNow } from '../../shared/clock.js';
import { type Outcome, fail, ok } from '../../shared/errors.js';
import { newId, randomSeed } from '../../shared/ids.js';
import type { GuardOptions } from '../../shared/net/guarded-http.js';
import type { BlobStore } from '../../storage/blob/blob-store.js';
import type { Db } from '../../storage/db/database.js';
import type { VideoRow } from '../../storage/db/schema.js';
import type { Caller } from '../accounts/accounts.service.js';
import { type CreditsService, newReservation } from '../credits/credits.service.js';
import { type VideoJobPayload, videoJob } from './video-job.js';
import type { VideoCompletion, VideosRepo } from './videos.repo.js';

export { VIDEO_JOB } from './video-job.js';
/** The hosted reference's default model. */
export const DEFAULT_VIDEO_MODEL = 'Kling 1.0';

export interface NewVideo {
  prompt: string;
  model: string;
  durationSeconds: number;
  aspectRatio: AspectRatio;
  resolution?: VideoResolution | undefined;
  generateAudio?: boolean | undefined;
  image?: string | undefined;
}

/** Names of models that make video from a picture (the hosted list's "... Image", first-last frame and reference models). */
const FROM_PICTURE = /\b(image|first-last frame|reference)$/i;

export interface VideosConfig {
  maxAttempts: number;
  guard: GuardOptions;
}

/** Video generation: one record and one durable job per clip. */
export class VideosService {
  private readonly lifecycle: JobRecordLifecycle<VideoJobPayload, VideoRow, VideoCompletion>;
  /** The worker's handler for video jobs. */
  readonly job: JobHandler;

  constructor(
    db: Db,
    private readonly repo: VideosRepo,
    queue: JobQueue,
    private readonly models: ModelCatalogue<CatalogueVideoModel>,
    credits: CreditsService,
    private readonly blobs: BlobStore,
    config: VideosConfig,
    private readonly clock: Clock,
    onEnqueued: () => void = () => undefined,
  ) {
    this.lifecycle = new JobRecordLifecycle(
      db,
      queue,
      credits,
      videoJob({ repo, models, blobs, guard: config.guard, maxAttempts: config.maxAttempts, clock }),
      onEnqueued,
    );
    this.job = this.lifecycle.handler;
  }

  catalogue() {
    return this.models.models.map((m) => ({
      name: m.name,
      aliases: [...m.aliases],
      family: m.family ?? null,
      engine: m.engine.provider,
      model: m.engine.modelId,
      credits_per_second: m.creditsPerSecond,
    }));
  }

  async create(caller: Caller, input: NewVideo) {
    if (!canMakeVideos(caller.plan))
      return fail('forbidden', `Video generation needs a paid plan; the ${caller.plan.name} plan does not include it`);
    const model = this.models.find(input.model);
    if (!model)
      return fail(
        'invalid_input',
        `model: unknown model "${input.model}"; available: ${this.models.names().join(', ')}`,
      );
    const amount = model.creditsPerSecond * input.durationSeconds;
    const now = isoNow(this.clock);
    const warnings =
      !input.image && FROM_PICTURE.test(model.name)
        ? [`${model.name} makes video from a picture; none was given, so the clip was made from the prompt`]
        : [];
    const reservation = newReservation({
      accountId: caller.account.id,
      amount,
      kind: 'video',
      reference: `batch:${newId()}`,
    });
    const created = await this.lifecycle.create(reservation, async (trx) => {
      const videoId = await this.repo.insert(
        {
          account_id: caller.account.id,
          prompt: input.prompt,
          requested_model: input.model,
          model: model.engine.modelId,
          engine: model.engine.provider,
          duration: input.durationSeconds,
          aspect_ratio: input.aspectRatio,
          resolution: input.resolution ?? null,
          generate_audio: input.generateAudio === undefined ? null : input.generateAudio ? 1 : 0,
          image_url: input.image ?? null,
          seed: randomSeed(),
          status: 'pending',
          error: null,
          blob_key: null,
          width: null,
          height: null,
          warnings: JSON.stringify(warnings),
          credits: amount,
          created_at: now,
          updated_at: now,
        },
        trx,
      );
      return { value: videoId, jobs: [{ videoId }] };
    });
    if (!created.ok) return created;
    return ok({
      id: created.value,
      prompt: input.prompt,
      image_url: '' as const,
      model: model.engine.modelId,
      is_video: true as const,
      created_at: now,
      status: 'processing' as const,
      used_credits: amount,
      requested_model: input.model,
      engine: model.engine.provider,
    });
  }

  async read(caller: Caller, id: number): Promise<Outcome<VideoRecord>> {
    const row = await this.repo.findOwned(caller.account.id, id);
    return row ? ok(this.toRecord(row)) : fail('not_found', 'Video not found');
  }

  async list(caller: Caller, limit: number, before: number | undefined): Promise<VideoRecord[]> {
    return (await this.repo.list(caller.account.id, limit, before)).map((row) => this.toRecord(row));
  }

  /** The record as GET /api/get-video shows it, under `video`. */
  private toRecord(row: VideoRow) {
    return {
      id: row.id,
      prompt: row.prompt,
      url: row.status === 'completed' && row.blob_key ? this.blobs.publicUrl(row.blob_key) : '',
      model: row.model,
      engine: row.engine,
      requested_model: row.requested_model,
      status: row.status === 'pending' ? ('processing' as const) : row.status,
      ...(row.error && { error: row.error }),
      created_at: row.created_at,
      request: {
        duration: String(row.duration),
        aspectRatio: row.aspect_ratio,
        isTextToVideo: row.image_url === null,
        isImageToVideo: row.image_url !== null,
        ...(row.resolution !== null && { resolution: row.resolution }),
        ...(row.generate_audio !== null && { generateAudio: row.generate_audio === 1 }),
      },
      used_credits: row.credits,
      width: row.width,
      height: row.height,
      warnings: JSON.parse(row.warnings) as string[],
    };
  }
}

export type VideoRecord = ReturnType<VideosService['toRecord']>;
