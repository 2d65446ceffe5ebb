import { z } from 'zod';
import type { CatalogueImageModel } from '../../engines/providers/registry.js';
import { foldStyle } from '../../engines/media/remote-image.js';
import {
  IMAGE_ACTIONS,
  IMAGE_EXTENSIONS,
  type ImageAction,
  type ImageEditor,
  type ImageResult,
} from '../../engines/spec/image-model.js';
import type { ModelCatalogue } from '../../engines/media/model-catalogue.js';
import type { RecordKind } from '../../jobs/job-record-lifecycle.js';
import { type Clock, isoNow } from '../../shared/clock.js';
import { UpstreamError } from '../../shared/errors.js';
import { newId } from '../../shared/ids.js';
import type { GuardOptions } from '../../shared/net/guarded-http.js';
import type { BlobStore } from '../../storage/blob/blob-store.js';
import type { ImageRow } from '../../storage/db/schema.js';
import type { WorkKind } from '../credits/credits.service.js';
import type { ImageCompletion, ImagesRepo } from './images.repo.js';
import { chooseEditor } from './image-request.js';
import { mediaRecordKind } from './media-record-kind.js';
import { fetchReferenceImage } from './reference-image.js';
import { overBackground } from './replace-background.js';
import { storedWarnings } from '../../engines/spec/warning-text.js';

/**
 * `blobName`: where the picture goes, chosen (unguessable) when the record is made, so that a job taken over after
 * a crash between storing the picture and completing the record writes the same file again, not a second one.
 */
export const imageJobPayload = z.object({
  imageId: z.number().int(),
  blobName: z
    .string()
    .regex(/^[\w-]{16,64}$/)
    .optional(),
  /** An uploaded mask (OpenAI's edits), by its upload reference: where the edit may change the picture. */
  mask: z.string().max(300).optional(),
});
export type ImageJobPayload = z.infer<typeof imageJobPayload>;

/** An image record: one job each. */
export const IMAGE_RECORDS = mediaRecordKind({
  kind: 'image.generate',
  payload: imageJobPayload,
  type: 'image',
  field: 'imageId',
  idOf: (payload) => payload.imageId,
  find: (id, db): Promise<ImageRow | undefined> =>
    db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst(),
});
export const IMAGE_JOB = IMAGE_RECORDS.kind;

export interface ImageJobDeps {
  repo: ImagesRepo;
  models: ModelCatalogue<CatalogueImageModel>;
  editors: readonly ImageEditor[];
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
  editors,
  blobs,
  guard,
  maxAttempts,
  clock,
  settled,
}: ImageJobDeps): RecordKind<ImageJobPayload, ImageRow, ImageCompletion, WorkKind> {
  async function completion(
    row: ImageRow,
    result: ImageResult,
    model: string,
    engine: string,
    blobName: string,
  ): Promise<ImageCompletion> {
    const key = `images/${blobName}.${IMAGE_EXTENSIONS[result.image.mediaType]}`;
    await blobs.put(key, result.image.data);
    return {
      blob_key: key,
      model,
      engine,
      width: result.width,
      height: result.height,
      warnings: storedWarnings(result.warnings, row.warnings),
      updated_at: isoNow(clock),
    };
  }

  /** The picture at reference_url, changed as `action` says by the editor the request was planned with. */
  async function edit(row: ImageRow, maskRef: string | undefined, signal: AbortSignal) {
    const action = IMAGE_ACTIONS.find((a) => a === row.action) as ImageAction | undefined;
    const model = models.find(row.edit_model ?? row.requested_model);
    if (!action || !model || !row.reference_url)
      throw new UpstreamError(`The model "${row.edit_model ?? row.requested_model}" is no longer offered here`, {
        isRetryable: false,
      });
    const choice = chooseEditor(action, { ...model, supportsReferenceImage: false }, editors);
    if (!choice.ok) throw new UpstreamError(choice.message, { isRetryable: false });
    const image = await fetchReferenceImage(row.reference_url, guard, blobs);
    const mask = maskRef ? await fetchReferenceImage(maskRef, guard, blobs) : undefined;
    const options = {
      action,
      prompt: foldStyle(row.prompt, row.style ?? undefined, row.artist ?? undefined),
      image,
      width: row.width,
      height: row.height,
      seed: row.seed,
      mask,
      abortSignal: signal,
    };
    if (choice.byModel) {
      const doEdit = model.engine.doEdit?.bind(model.engine);
      if (!doEdit) throw new UpstreamError(`${model.name} here cannot edit pictures`, { isRetryable: false });
      return { result: await doEdit(options), model: model.engine.modelId, engine: model.engine.provider };
    }
    const { editor } = choice;
    const cut = await editor.doEdit(choice.composite ? { ...options, action: 'Remove Background' } : options);
    if (!choice.composite) return { result: cut, model: editor.modelId, engine: editor.provider };
    const background = await model.engine.doGenerate({
      prompt: row.prompt,
      style: row.style ?? undefined,
      artist: row.artist ?? undefined,
      width: cut.width,
      height: cut.height,
      hd: false,
      seed: row.seed,
      abortSignal: signal,
    });
    return {
      result: await overBackground(cut, background),
      model: `${editor.modelId} + ${model.engine.modelId}`,
      engine: editor.provider,
    };
  }

  return {
    ...IMAGE_RECORDS,
    maxAttempts,
    clock,
    async run(payload, row, signal) {
      // Jobs queued before the name was chosen at creation get one now.
      const blobName = payload.blobName ?? newId();
      if (row.action) {
        const { result, model, engine } = await edit(row, payload.mask, signal);
        return completion(row, result, model, engine, blobName);
      }
      const model = models.find(row.requested_model);
      if (!model)
        throw new UpstreamError(`The model "${row.requested_model}" is no longer offered here`, { isRetryable: false });
      const referenceImage =
        row.reference_url && model.engine.supportsReferenceImage
          ? await fetchReferenceImage(row.reference_url, guard, blobs)
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
      return completion(row, result, model.engine.modelId, model.engine.provider, blobName);
    },
    complete: (row, changes, trx) => repo.complete(row.id, changes, trx),
    settled,
  };
}
