import { canMakeVideos } from '../../config.js';
import type { ModelCatalogue } from '../../engines/media/model-catalogue.js';
import type { CatalogueVideoModel } from '../../engines/providers/registry.js';
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
import type { TalkingVideoModel } from '../../engines/spec/talking-video-model.js';
import type { AvatarModel, TalkingResolution } from '../../engines/spec/talking-video-model.js';
import type { SpeechService } from '../speech/speech.service.js';
import type { TalkingInputs } from './talking-inputs.js';
import { DEFAULT_CAPTION_COLOR, type TalkingColumn, creditsToHold, talkingColumn } from './talking-request.js';
import { type TalkingJobPayload, talkingVideoJob } from './talking-video-job.js';
import { VIDEO_JOB, type VideoJobPayload, videoJob } from './video-job.js';
import { TALKING_VIDEO_JOB } from './talking-video-job.js';
import { uploadedBlobKey } from '../images/reference-image.js';
import type { VideoCompletion, VideosRepo, NewVideoRow } from './videos.repo.js';
import type { ReferenceMedia } from './reference-media.js';
import { storedWarnings } from '../../engines/spec/warning-text.js';
import {
  FREE_PLAN_REFUSAL,
  type LimitsMode,
  type VideoAsked,
  checkVideoRequest,
  freePlanRefusal,
} from './video-request-check.js';
import type { Warning } from '../../engines/spec/warnings.js';

export { VIDEO_JOB } from './video-job.js';
export { TALKING_VIDEO_JOB } from './talking-video-job.js';
/** The hosted reference's default model. */
export const DEFAULT_VIDEO_MODEL = 'Kling 1.0';

export interface NewVideo extends VideoAsked {
  prompt: string;
}

export interface NewTalkingVideo {
  image?: string | undefined;
  video?: string | undefined;
  text?: string | undefined;
  voiceID?: string | undefined;
  audio?: string | undefined;
  avatarModel?: AvatarModel | undefined;
  resolution: TalkingResolution;
  generateCaptions?: boolean | undefined;
  captionColor?: string | undefined;
}

/** What talking videos are made with. */
export interface TalkingVideosDeps {
  engine: TalkingVideoModel;
  speech: SpeechService;
  inputs: TalkingInputs;
  creditsPerSecond: number;
}

export interface VideosConfig {
  maxAttempts: number;
  /** How each model's limits are held (ATELIER_VIDEO_LIMITS). */
  limits: LimitsMode;
  /** The longest clip made here (ATELIER_VIDEO_MAX_SECONDS). */
  maxSeconds: number;
  /** Fetches and probes reference clips and audio. */
  references: ReferenceMedia;
  guard: GuardOptions;
  talking: TalkingVideosDeps;
}

/** Video generation: one record and one durable job per clip. */
/** What every new video record starts with, whatever made it. */
type PendingFields =
  | 'account_id'
  | 'seed'
  | 'status'
  | 'error'
  | 'blob_key'
  | 'width'
  | 'height'
  | 'credits'
  | 'created_at'
  | 'updated_at';

export interface VideosServiceOptions {
  db: Db;
  repo: VideosRepo;
  queue: JobQueue;
  models: ModelCatalogue<CatalogueVideoModel>;
  credits: CreditsService;
  blobs: BlobStore;
  config: VideosConfig;
  clock: Clock;
  onEnqueued?: () => void;
}

export class VideosService {
  private readonly lifecycle: JobRecordLifecycle<VideoJobPayload, VideoRow, VideoCompletion>;
  private readonly talkingLifecycle: JobRecordLifecycle<TalkingJobPayload, VideoRow, VideoCompletion>;
  private readonly talking: TalkingVideosDeps;
  /** The worker's handler for video jobs. */
  readonly job: JobHandler;
  /** The worker's handler for talking-video jobs: the same records, the same lifecycle, its own work. */
  readonly talkingJob: JobHandler;

  constructor(private readonly deps: VideosServiceOptions) {
    const { db, repo, queue, models, credits, blobs, config, clock, onEnqueued } = deps;
    this.lifecycle = new JobRecordLifecycle(
      db,
      queue,
      credits,
      videoJob({
        repo,
        models,
        blobs,
        guard: config.guard,
        media: config.references,
        maxAttempts: config.maxAttempts,
        clock,
      }),
      onEnqueued,
    );
    this.job = this.lifecycle.handler;
    this.talking = config.talking;
    this.talkingLifecycle = new JobRecordLifecycle(
      db,
      queue,
      credits,
      talkingVideoJob({
        repo,
        ...config.talking,
        credits,
        blobs,
        maxAttempts: config.maxAttempts,
        clock,
      }),
      onEnqueued,
    );
    this.talkingJob = this.talkingLifecycle.handler;
  }

  catalogue() {
    return this.deps.models.models.map((m) => ({
      name: m.name,
      aliases: [...m.aliases],
      family: m.family ?? null,
      engine: m.engine.provider,
      model: m.engine.modelId,
      credits_per_second: m.creditsPerSecond,
      limits: m.limits ?? null,
    }));
  }

  async create(caller: Caller, input: NewVideo) {
    const model = this.deps.models.find(input.model);
    if (!canMakeVideos(caller.plan) && !model?.limits?.freePlan)
      return fail(
        'forbidden',
        model?.limits
          ? FREE_PLAN_REFUSAL
          : `Video generation needs a paid plan; the ${caller.plan.name} plan does not include it`,
      );
    if (!model)
      return fail(
        'invalid_input',
        `model: unknown model "${input.model}"; available: ${this.deps.models.names().join(', ')}`,
      );
    const checked = checkVideoRequest(model, input, this.deps.config.limits, this.deps.config.maxSeconds);
    if (!checked.ok) return checked;
    const asked = checked.value;
    if (!canMakeVideos(caller.plan)) {
      const refusal = freePlanRefusal(model, asked);
      if (refusal) return fail('forbidden', refusal);
    }
    const amount = model.creditsPerSecond * asked.durationSeconds;
    const now = isoNow(this.deps.clock);
    const { references } = asked;
    const hasReferences =
      references.tailImage !== undefined ||
      references.referenceImages.length + references.referenceVideos.length + references.referenceAudios.length > 0;
    return this.enqueue(caller, this.lifecycle, amount, now, {
      prompt: input.prompt,
      requested_model: input.model,
      model: model.engine.modelId,
      engine: model.engine.provider,
      duration: asked.durationSeconds,
      aspect_ratio: asked.aspectRatio,
      resolution: asked.resolution ?? null,
      generate_audio: asked.generateAudio === undefined ? null : asked.generateAudio ? 1 : 0,
      image_url: input.image ?? null,
      inputs: hasReferences ? JSON.stringify(references) : null,
      warnings: storedWarnings(asked.warnings),
    });
  }

  /**
   * A talking video: a face (image or video) and speech (text + voiceID, or audio). Checked here: the plan,
   * the combination and the voice; the media are fetched and checked by the job (a refusal fails the video
   * with the reason and gives its credits back).
   */
  async createTalking(caller: Caller, input: NewTalkingVideo) {
    if (!canMakeVideos(caller.plan))
      return fail(
        'forbidden',
        `Talking video generation needs a paid plan; the ${caller.plan.name} plan does not include it`,
      );
    if (!input.image && !input.video) return fail('invalid_input', 'Image or video is required');
    if (input.image && input.video) return fail('invalid_input', 'Give image or video, not both');
    if (!input.audio) {
      if (!input.text) return fail('invalid_input', 'Text (with voiceID) or audio is required');
      if (!input.voiceID) return fail('invalid_input', 'voiceID is required with text when there is no audio');
    }
    if (input.voiceID && !(await this.talking.speech.hasVoice(caller.account.id, input.voiceID)))
      return fail('invalid_input', `Unknown voiceID: ${input.voiceID}. See GET /api/get-text-to-speech-voices`);
    const { engine, creditsPerSecond } = this.talking;
    const amount = creditsToHold(input, creditsPerSecond);
    const now = isoNow(this.deps.clock);
    const talking: TalkingColumn = {
      ...(input.video && { video: input.video }),
      ...(input.audio && { audio: input.audio }),
      ...(input.voiceID && !input.audio && { voiceID: input.voiceID }),
      ...(input.avatarModel && { avatarModel: input.avatarModel }),
      generateCaptions: input.generateCaptions === true,
      captionColor: input.captionColor
        ? `#${input.captionColor.replace(/^#/, '').toUpperCase()}`
        : DEFAULT_CAPTION_COLOR,
    };
    const warnings: Warning[] =
      input.audio && input.voiceID
        ? [
            {
              type: 'unsupported-setting',
              setting: 'voiceID',
              details: 'the audio was used as it is, so the voice was not needed',
            },
          ]
        : [];
    return this.enqueue(caller, this.talkingLifecycle, amount, now, {
      kind: 'talking',
      prompt: input.text ?? '',
      requested_model: input.avatarModel ?? 'premium',
      model: engine.modelId,
      engine: engine.provider,
      // How long it is, and its shape, are known once it is made.
      duration: 0,
      aspect_ratio: '',
      resolution: input.resolution,
      generate_audio: 1,
      image_url: input.image ?? null,
      talking: JSON.stringify(talking),
      warnings: storedWarnings(warnings),
    });
  }

  /**
   * Reserves the credits and writes the pending record with its job in one transaction (a clip's or a talking
   * video's lifecycle); answers as the hosted reference's video creation does.
   */
  private async enqueue(
    caller: Caller,
    lifecycle: JobRecordLifecycle<{ videoId: number }, VideoRow, VideoCompletion>,
    amount: number,
    now: string,
    video: Omit<NewVideoRow, PendingFields> & { engine: string },
  ) {
    const reservation = newReservation({
      accountId: caller.account.id,
      amount,
      kind: 'video',
      reference: `batch:${newId()}`,
    });
    const created = await lifecycle.create(reservation, async (trx) => {
      const videoId = await this.deps.repo.insert(
        {
          ...video,
          account_id: caller.account.id,
          seed: randomSeed(),
          status: 'pending',
          error: null,
          blob_key: null,
          width: null,
          height: null,
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
      prompt: video.prompt,
      image_url: '' as const,
      model: video.model,
      is_video: true as const,
      created_at: now,
      status: 'processing' as const,
      used_credits: amount,
      requested_model: video.requested_model,
      engine: video.engine,
    });
  }

  async read(caller: Caller, id: number): Promise<Outcome<VideoRecord>> {
    const row = await this.deps.repo.findOwned(caller.account.id, id);
    return row ? ok(this.toRecord(row)) : fail('not_found', 'Video not found');
  }

  async list(caller: Caller, limit: number, before: number | undefined): Promise<VideoRecord[]> {
    return (await this.deps.repo.list(caller.account.id, limit, before)).map((row) => this.toRecord(row));
  }

  /** One account's video row as stored (OpenAI's video API maps it); another account's is undefined. */
  findOwned(caller: Caller, id: number): Promise<VideoRow | undefined> {
    return this.deps.repo.findOwned(caller.account.id, id);
  }

  page(caller: Caller, limit: number, order: 'asc' | 'desc', after: number | undefined): Promise<VideoRow[]> {
    return this.deps.repo.page(caller.account.id, limit, order, after);
  }

  /** Whether a worker is making the pending video now (else it waits in the queue). */
  isRunning(id: number): Promise<boolean> {
    return this.deps.repo.isRunning(id, [VIDEO_JOB, TALKING_VIDEO_JOB]);
  }

  /** The clip of a completed video, from the blob store. */
  content(row: VideoRow): Promise<Buffer | undefined> {
    return row.blob_key ? this.deps.blobs.get(row.blob_key) : Promise.resolve(undefined);
  }

  /**
   * Deletes a completed or failed video and its clip; a pending one is a 409 (its job still has to settle its
   * credits). Another account's is a 404. An uploaded reference picture goes with it.
   */
  async delete(caller: Caller, id: number): Promise<Outcome<true>> {
    const row = await this.deps.repo.findOwned(caller.account.id, id);
    if (!row) return fail('not_found', 'Video not found');
    if (row.status === 'pending')
      return fail('conflict', 'The video is still being made; delete it once it has completed or failed');
    if (!(await this.deps.repo.deleteFinished(caller.account.id, id))) return fail('not_found', 'Video not found');
    if (row.blob_key) await this.deps.blobs.delete(row.blob_key);
    const upload = row.image_url ? uploadedBlobKey(row.image_url) : undefined;
    if (upload) await this.deps.blobs.delete(upload);
    return ok(true);
  }

  /** The record as GET /api/get-video shows it, under `video`. */
  private toRecord(row: VideoRow) {
    const talking = row.kind === 'talking' ? talkingColumn.safeParse(JSON.parse(row.talking ?? 'null')) : undefined;
    return {
      id: row.id,
      prompt: row.prompt,
      url: row.status === 'completed' && row.blob_key ? this.deps.blobs.publicUrl(row.blob_key) : '',
      model: row.model,
      engine: row.engine,
      requested_model: row.requested_model,
      status: row.status === 'pending' ? ('processing' as const) : row.status,
      ...(row.error && { error: row.error }),
      created_at: row.created_at,
      request: {
        duration: String(row.duration),
        aspectRatio: row.aspect_ratio,
        isTextToVideo: row.kind === 'clip' && row.image_url === null,
        isImageToVideo: row.image_url !== null,
        ...(row.resolution !== null && { resolution: row.resolution }),
        ...(row.generate_audio !== null && { generateAudio: row.generate_audio === 1 }),
        ...(talking?.success && {
          isTalkingVideo: true,
          ...(talking.data.voiceID && { voiceID: talking.data.voiceID }),
          avatarModel: row.requested_model,
          generateCaptions: talking.data.generateCaptions,
          captionColor: talking.data.captionColor,
          hasAudio: talking.data.audio !== undefined,
        }),
      },
      used_credits: row.credits,
      width: row.width,
      height: row.height,
      warnings: JSON.parse(row.warnings) as string[],
    };
  }
}

export type VideoRecord = ReturnType<VideosService['toRecord']>;
