import type { CatalogueImageModel } from '../../engines/providers/registry.js';
import type { ModelCatalogue } from '../../engines/media/model-catalogue.js';
import type { ImageAction, ImageEditor } from '../../engines/spec/image-model.js';
import { CompletionSignal, waitUntilSettled } from '../../jobs/completion-signal.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { JobRecordLifecycle } from '../../jobs/job-record-lifecycle.js';
import type { JobHandler } from '../../jobs/worker.js';
import { type Clock, isoNow } from '../../shared/clock.js';
import { type Outcome, UpstreamError, fail, ok } from '../../shared/errors.js';
import { fetchReferenceImage } from './reference-image.js';
import { newId, randomSeed } from '../../shared/ids.js';
import type { GuardOptions } from '../../shared/net/guarded-http.js';
import type { BlobStore } from '../../storage/blob/blob-store.js';
import type { Db } from '../../storage/db/database.js';
import type { ImageRow } from '../../storage/db/schema.js';
import type { Caller } from '../accounts/accounts.service.js';
import { type CreditsService, newReservation } from '../credits/credits.service.js';
import { type ImageJobPayload, imageJob } from './image-job.js';
import type { ImageCompletion, ImageView, ImagesRepo, NewImageRow } from './images.repo.js';
import {
  DEFAULT_IMAGE_MODEL,
  EDIT_ACTION,
  IMAGE_ACTIONS,
  type ImageAsk,
  chooseEditor,
  editModelFor,
  ignoredForAnEdit,
  ignoredSetting,
  planEdit,
  planImages,
} from './image-request.js';
import type { Warning } from '../../engines/spec/warnings.js';
import { storedWarnings } from '../../engines/spec/warning-text.js';

/** The hosted 1.0.5 text of get-image's 404, for a missing record and another account's alike. */
export const IMAGE_NOT_FOUND = 'Image missing or not accessible to this account.';
export { IMAGE_JOB } from './image-job.js';

/** A request for images, as POST /api/generate-image and the MCP tool take it. */
export interface NewImages extends ImageAsk {
  prompt: string;
  artist?: string | undefined;
  useHD: boolean;
  outputs: number;
  waitForResult: boolean;
  /** An uploaded mask (OpenAI's edits: transparent where the picture may change), by its upload reference. */
  mask?: string | undefined;
  /** What the caller's own layer (the OpenAI image API) could not honour: stored on the records with the rest. */
  warnings?: readonly Warning[] | undefined;
}

export interface ImagesConfig {
  maxAttempts: number;
  /** How long waitForResult may hold a request. */
  waitMs: number;
  guard: GuardOptions;
}

export interface ImagesServiceOptions {
  db: Db;
  repo: ImagesRepo;
  queue: JobQueue;
  models: ModelCatalogue<CatalogueImageModel>;
  /** Editors that are no catalogue model: the builtin filters, a background removal server. */
  editors: readonly ImageEditor[];
  credits: CreditsService;
  blobs: BlobStore;
  config: ImagesConfig;
  clock: Clock;
  onEnqueued?: () => void;
  /** Wakes the requests that wait for an image (waitForResult); shared by a cluster's processes. */
  settled?: CompletionSignal;
}

/** Image generation: records and their jobs are created together; each image is one durable job. */
export class ImagesService {
  private readonly lifecycle: JobRecordLifecycle<ImageJobPayload, ImageRow, ImageCompletion>;
  /** The worker's handler for image jobs. */
  readonly job: JobHandler;

  private readonly settled: CompletionSignal;

  constructor(private readonly deps: ImagesServiceOptions) {
    const { db, repo, queue, models, editors, credits, blobs, config, clock, onEnqueued } = deps;
    this.settled = deps.settled ?? new CompletionSignal();
    const kind = imageJob({
      repo,
      models,
      editors,
      blobs,
      guard: config.guard,
      maxAttempts: config.maxAttempts,
      clock,
      settled: () => this.settled.notify(),
    });
    this.lifecycle = new JobRecordLifecycle(db, queue, credits, kind, onEnqueued);
    this.job = this.lifecycle.handler;
  }

  /** The server the engine of the model named `name` calls, when it is remote (the admin's engines page). */
  baseUrlOf(name: string): string | undefined {
    return this.deps.models.models.find((m) => m.name === name)?.engine.baseUrl;
  }

  catalogue() {
    const certain = this.deps.editors.filter((editor) => !editor.fallback);
    const canEdit = (action: ImageAction, m: CatalogueImageModel, editors: readonly ImageEditor[]) =>
      chooseEditor(action, { ...m, supportsReferenceImage: false }, editors).ok;
    return this.deps.models.models.map((m) => ({
      name: m.name,
      aliases: [...m.aliases],
      family: m.family ?? null,
      engine: m.engine.provider,
      model: m.engine.modelId,
      credits: m.credits,
      hd_credits: m.hdCredits,
      sizes: m.sizes?.map((s) => `${s.width}x${s.height}`) ?? null,
      reference_images: m.engine.supportsReferenceImage,
      // What an edit with this model as editModel does: its engine's own actions, else the editors' (filters, rembg);
      // then what an offline stand-in does when the picture allows (the classical background cut).
      edit_actions: IMAGE_ACTIONS.filter((action) => canEdit(action, m, certain)),
      edit_actions_if_separable: IMAGE_ACTIONS.filter(
        (action) => !canEdit(action, m, certain) && canEdit(action, m, this.deps.editors),
      ),
    }));
  }

  async create(caller: Caller, input: NewImages): Promise<Outcome<ImageRecord[]>> {
    const modelName = input.model ?? DEFAULT_IMAGE_MODEL;
    const model = this.deps.models.find(modelName);
    if (!model)
      return fail(
        'invalid_input',
        `model: unknown model "${modelName}"; available: ${this.deps.models.names().join(', ')}`,
      );
    const [image, ...unused] = input.images ?? (input.image ? [input.image] : []);
    // Hosted 1.0.5 defaults `model` (its examples of edits leave it out); a new picture here still needs one named.
    if (!input.model && !image)
      return fail(
        'invalid_input',
        `model: is required to make a new picture (e.g. "${DEFAULT_IMAGE_MODEL}"); only an edit (image or images) may leave it out`,
      );
    if (input.action && !image)
      return fail('invalid_input', 'action: needs image (or images), the URL of the picture to work on');
    if (input.mask && !image) return fail('invalid_input', 'mask: needs the picture it masks');
    const planned = image ? this.planEdit(input, image) : this.planGeneration(model, input);
    if (!planned.ok) return planned;
    const { plan, price, engine, edit } = planned.value;
    if (edit && image) {
      const refused = await this.refusalOf(edit.editor, image);
      if (refused) return fail('unprocessable', refused);
    }
    const warnings = [...(input.warnings ?? []), ...plan.warnings];
    if (input.images && input.image) warnings.push(ignoredSetting('image', 'images overrides it'));
    if (unused.length > 0)
      warnings.push(ignoredSetting('images', `the engines here edit one picture; ${unused.length} more were not used`));
    const now = isoNow(this.deps.clock);
    const rows: NewImageRow[] = Array.from({ length: input.outputs }, () => ({
      account_id: caller.account.id,
      prompt: input.prompt,
      style: plan.style ?? null,
      artist: input.artist ?? null,
      requested_model: modelName,
      model: engine.modelId,
      engine: engine.provider,
      width: plan.width,
      height: plan.height,
      hd: input.useHD ? 1 : 0,
      seed: randomSeed(),
      reference_url: image ?? null,
      action: edit?.action ?? null,
      edit_model: edit?.model ?? null,
      status: 'pending',
      error: null,
      blob_key: null,
      warnings: storedWarnings(warnings),
      credits: price,
      created_at: now,
      updated_at: now,
    }));
    const reservation = newReservation({
      accountId: caller.account.id,
      amount: price * input.outputs,
      kind: 'image',
      reference: `batch:${newId()}`,
    });
    const created = await this.lifecycle.create(reservation, async (trx) => {
      const ids = await this.deps.repo.insert(rows, trx);
      return {
        value: ids,
        jobs: ids.map((imageId) => ({ imageId, blobName: newId(), ...(input.mask && { mask: input.mask }) })),
      };
    });
    if (!created.ok) return created;
    const ids = created.value;
    const load = () => this.deps.repo.findMany(ids);
    const found = input.waitForResult
      ? await waitUntilSettled(
          this.settled,
          load,
          (r) => r.every((row) => row.status !== 'pending'),
          this.deps.config.waitMs,
        )
      : await load();
    return ok(found.map((row) => this.toRecord(row)));
  }

  private planGeneration(model: CatalogueImageModel, input: NewImages) {
    const plan = planImages(
      {
        name: model.name,
        family: model.family,
        sizes: model.sizes,
        supportsReferenceImage: model.engine.supportsReferenceImage,
      },
      input,
    );
    const price = input.useHD ? model.hdCredits : model.credits;
    return ok({ plan, price, engine: model.engine, edit: undefined });
  }

  /** An edit of the picture at `image`: `editModel` (else `model`) picks the model, `action` what to do. */
  private planEdit(input: NewImages, image: string) {
    const editName = editModelFor(input);
    const model = this.deps.models.find(editName);
    if (!model)
      return fail(
        'invalid_input',
        `editModel: unknown model "${editName}"; available: ${this.deps.models.names().join(', ')}`,
      );
    const action = input.action ?? EDIT_ACTION;
    const traits = {
      name: model.name,
      family: model.family,
      sizes: model.sizes,
      supportsReferenceImage: model.engine.supportsReferenceImage,
      engine: model.engine,
    };
    const choice = chooseEditor(action, traits, this.deps.editors);
    if (!choice.ok) return fail('unprocessable', choice.message);
    const plan = planEdit(traits, input, choice);
    if (input.useHD) plan.warnings.push(ignoredForAnEdit('useHD'));
    const engine = choice.composite
      ? { provider: choice.editor.provider, modelId: `${choice.editor.modelId} + ${model.engine.modelId}` }
      : { provider: choice.editor.provider, modelId: choice.editor.modelId };
    return ok({
      plan: { ...plan, style: input.style, referenceUrl: image },
      price: model.credits,
      engine,
      edit: { action, model: model.name, editor: choice.byModel ? undefined : choice.editor },
    });
  }

  /**
   * An offline stand-in that cannot do every picture (the classical background cut) is asked before the request is
   * accepted, so a picture it cannot do is the request's 422, not a failed record. A picture that cannot be read
   * now is left to the job, which says why.
   */
  private async refusalOf(editor: ImageEditor | undefined, url: string): Promise<string | undefined> {
    if (!editor?.fallback || !editor.refusal) return undefined;
    try {
      const picture = await fetchReferenceImage(url, this.deps.config.guard, this.deps.blobs);
      return await editor.refusal(picture);
    } catch (error) {
      if (error instanceof UpstreamError) return undefined;
      throw error;
    }
  }

  async read(caller: Caller, id: number): Promise<Outcome<ImageRecord>> {
    const row = await this.deps.repo.findOwned(caller.account.id, id);
    return row ? ok(this.toRecord(row)) : fail('not_found', IMAGE_NOT_FOUND);
  }

  async list(caller: Caller, limit: number, before: number | undefined): Promise<ImageRecord[]> {
    return (await this.deps.repo.list(caller.account.id, limit, before)).map((row) => this.toRecord(row));
  }

  /** The spec's record (id, image_url, model, prompt, used_credits, created_at) and what tells a slow image from a failed one. */
  private toRecord(row: ImageView) {
    return {
      id: row.id,
      image_url: row.status === 'completed' && row.blob_key ? this.deps.blobs.publicUrl(row.blob_key) : null,
      model: row.model,
      engine: row.engine,
      prompt: row.prompt,
      used_credits: row.credits,
      created_at: row.created_at,
      status: row.status,
      ...(row.error && { error: row.error }),
      width: row.width,
      height: row.height,
      requested_model: row.requested_model,
      style: row.style,
      artist: row.artist,
      hd: row.hd === 1,
      warnings: row.warnings === '[]' ? [] : (JSON.parse(row.warnings) as string[]),
      ...(row.action && { action: row.action, edit_model: row.edit_model }),
    };
  }
}

export type ImageRecord = ReturnType<ImagesService['toRecord']>;
