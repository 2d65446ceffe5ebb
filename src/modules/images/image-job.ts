import { z } from 'zod';
import type { CatalogueImageModel } from '../../engines/registry.js';
import { IMAGE_EXTENSIONS } from '../../engines/spec/image-model.js';
import type { ModelCatalogue } from '../../engines/model-catalogue.js';
import type { JobKind } from '../../jobs/job-kinds.js';
import type { RecordKind } from '../../jobs/job-record-lifecycle.js';
import { type Clock, isoNow } from '../../shared/clock.js';
import { UpstreamError } from '../../shared/errors.js';
import { newId } from '../../shared/ids.js';
import type { GuardOptions } from '../../shared/net/guarded-http.js';
import type { BlobStore } from '../../storage/blob/blob-store.js';
import type { ImageRow } from '../../storage/db/schema.js';
import type { ImageCompletion, ImagesRepo } from './images.repo.js';
import { fetchReferenceImage } from './reference-image.js';

export const IMAGE_JOB = 'image.generate' satisfies JobKind;

export const imageJobPayload = z.object({ imageId: z.number().int() });
export type ImageJobPayload = z.infer<typeof imageJobPayload>;

export interface ImageJobDeps {
  repo: ImagesRepo;
  models: ModelCatalogue<CatalogueImageModel>;
  blobs: BlobStore;
  guard: GuardOptions;
  maxAttempts: number;
  clock: Clock;
  settled: () => void;
}

/** One image, one job: the engine's picture goes to the blob store, the record says where. */
export function imageJob({
  repo,
  models,
  blobs,
  guard,
  maxAttempts,
  clock,
  settled,
}: ImageJobDeps): RecordKind<ImageJobPayload, ImageRow, ImageCompletion> {
  return {
    kind: IMAGE_JOB,
    payload: imageJobPayload,
    maxAttempts,
    load: ({ imageId }) => repo.find(imageId),
    isOpen: (row) => row.status === 'pending',
    async run(_payload, row, signal) {
      const model = models.find(row.requested_model);
      if (!model)
        throw new UpstreamError(`The model "${row.requested_model}" is no longer offered here`, { isRetryable: false });
      const referenceImage =
        row.reference_url && model.engine.supportsReferenceImage
          ? await fetchReferenceImage(row.reference_url, guard)
          : undefined;
      const result = await model.engine.doGenerate({
        prompt: row.prompt,
        style: row.style ?? undefined,
        artist: row.artist ?? undefined,
        width: row.width,
        height: row.height,
        hd: row.hd === 1,
        seed: row.seed,
        referenceImage,
        abortSignal: signal,
      });
      const key = `images/${newId()}.${IMAGE_EXTENSIONS[result.image.mediaType]}`;
      await blobs.put(key, result.image.data);
      const warnings = [...new Set([...(JSON.parse(row.warnings) as string[]), ...result.warnings])];
      return {
        blob_key: key,
        model: model.engine.modelId,
        engine: model.engine.provider,
        width: result.width,
        height: result.height,
        warnings: JSON.stringify(warnings),
        updated_at: isoNow(clock),
      };
    },
    complete: (row, changes, trx) => repo.complete(row.id, changes, trx),
    fail: (row, reason, trx) => repo.fail(row.id, reason, isoNow(clock), trx),
    refund: (row) => ({ accountId: row.account_id, amount: row.credits, kind: 'image', reference: `image:${row.id}` }),
    settled,
  };
}
