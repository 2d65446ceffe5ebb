import { z } from 'zod';
import type { ModelCatalogue } from '../../engines/media/model-catalogue.js';
import type { CatalogueVideoModel } from '../../engines/providers/registry.js';
import type { RecordKind } from '../../jobs/job-record-lifecycle.js';
import { type Clock, isoNow } from '../../shared/clock.js';
import { UpstreamError } from '../../shared/errors.js';
import { newId } from '../../shared/ids.js';
import type { GuardOptions } from '../../shared/net/guarded-http.js';
import type { BlobStore } from '../../storage/blob/blob-store.js';
import type { VideoRow } from '../../storage/db/schema.js';
import type { WorkKind } from '../credits/credits.service.js';
import { mediaRecordKind } from '../images/media-record-kind.js';
import { fetchReferenceImage } from '../images/reference-image.js';
import type { VideoCompletion, VideosRepo } from './videos.repo.js';
import { storedWarnings } from '../../engines/spec/warning-text.js';
import { imageSize } from '../../engines/media/image-size.js';
import { ENGINE_REFERENCE_LIMITS } from '../../engines/media/video-limits.js';
import { type AspectRatio, type VideoResolution, nearestAspectRatio } from '../../engines/spec/video-model.js';
import type { ReferenceImage } from '../../engines/spec/image-model.js';
import type { ReferenceMedia } from './reference-media.js';
import { videoReferences } from './video-request-check.js';

/** The aspect ratio nearest a picture's shape (16:9 without one). */
function shapeOfPicture(image: ReferenceImage | undefined): AspectRatio {
  const size = image ? imageSize(image.data) : undefined;
  return size ? nearestAspectRatio(size.width, size.height) : '16:9';
}

export const videoJobPayload = z.object({ videoId: z.number().int() });
export type VideoJobPayload = z.infer<typeof videoJobPayload>;

/** A video made by its own job, of one of two kinds: a clip from a prompt (here) or a talking video. */
export const videoRecordKind = <const Kind extends string>(kind: Kind) =>
  mediaRecordKind({
    kind,
    payload: videoJobPayload,
    type: 'video',
    field: 'videoId',
    idOf: (payload) => payload.videoId,
    find: (id, db): Promise<VideoRow | undefined> =>
      db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirst(),
  });

export const VIDEO_RECORDS = videoRecordKind('video.generate');
export const VIDEO_JOB = VIDEO_RECORDS.kind;

export interface VideoJobDeps {
  repo: VideosRepo;
  models: ModelCatalogue<CatalogueVideoModel>;
  blobs: BlobStore;
  /** For pictures (the first and last frames, the reference pictures). */
  guard: GuardOptions;
  /** Reference clips and audio. */
  media: ReferenceMedia;
  maxAttempts: number;
  clock: Clock;
}

/** One clip, one job: the engine's video goes to the blob store, the record says where. */
export function videoJob({
  repo,
  models,
  blobs,
  guard,
  media,
  maxAttempts,
  clock,
}: VideoJobDeps): RecordKind<VideoJobPayload, VideoRow, VideoCompletion, WorkKind> {
  return {
    ...VIDEO_RECORDS,
    maxAttempts,
    clock,
    async run(_payload, row, signal) {
      const model = models.find(row.requested_model);
      if (!model)
        throw new UpstreamError(`The model "${row.requested_model}" is no longer offered here`, { isRetryable: false });
      const image = row.image_url ? await fetchReferenceImage(row.image_url, guard, blobs) : undefined;
      const inputs = row.inputs ? videoReferences.parse(JSON.parse(row.inputs)) : undefined;
      const limits = model.limits ?? ENGINE_REFERENCE_LIMITS;
      const lastFrame = inputs?.tailImage ? await fetchReferenceImage(inputs.tailImage, guard, blobs) : undefined;
      const referencePictures = [];
      for (const picture of inputs?.referenceImages ?? [])
        referencePictures.push(await fetchReferenceImage(picture.url, guard, blobs));
      if (inputs?.referenceVideos.length && limits.referenceVideos)
        await media.checkClips(
          inputs.referenceVideos.map((v) => v.url),
          limits.referenceVideos,
        );
      const soundtrack =
        inputs?.referenceAudios.length && limits.referenceAudios
          ? await media.soundtrack(
              inputs.referenceAudios.map((a) => a.url),
              limits.referenceAudios,
            )
          : undefined;
      // A "from input" model takes its first frame's shape.
      const aspectRatio = row.aspect_ratio === 'input' ? shapeOfPicture(image) : (row.aspect_ratio as AspectRatio);
      const result = await model.engine.doGenerate({
        prompt: row.prompt,
        durationSeconds: row.duration,
        aspectRatio,
        resolution: (row.resolution ?? undefined) as VideoResolution | undefined,
        generateAudio: row.generate_audio === null ? undefined : row.generate_audio === 1,
        image,
        lastFrame,
        referencePictures,
        soundtrack,
        seed: row.seed,
        abortSignal: signal,
      });
      const key = `videos/${newId()}.mp4`;
      await blobs.put(key, result.video.data);
      return {
        blob_key: key,
        model: model.engine.modelId,
        engine: model.engine.provider,
        width: result.width,
        height: result.height,
        warnings: storedWarnings(result.warnings, row.warnings),
        updated_at: isoNow(clock),
        ...(row.aspect_ratio === 'input' && { aspect_ratio: aspectRatio }),
      };
    },
    complete: (row, changes, trx) => repo.complete(row.id, changes, trx),
  };
}
