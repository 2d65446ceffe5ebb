import type { CatalogueImageModel } from '../../engines/registry.js';
import { IMAGE_EXTENSIONS } from '../../engines/spec/image-model.js';
import type { ModelCatalogue } from '../../engines/model-catalogue.js';
import { CompletionSignal, waitUntilSettled } from '../../jobs/completion-signal.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { JobContext, JobHandler } from '../../jobs/worker.js';
import { type Clock, isoNow } from '../../shared/clock.js';
import { type Outcome, UpstreamError, fail, ok } from '../../shared/errors.js';
import { newId, randomSeed } from '../../shared/ids.js';
import type { GuardOptions } from '../../shared/net/guarded-http.js';
import type { BlobStore } from '../../storage/blob/blob-store.js';
import type { Db } from '../../storage/db/database.js';
import type { ImageRow } from '../../storage/db/schema.js';
import type { Caller } from '../accounts/accounts.service.js';
import { type CreditsService, newReservation } from '../credits/credits.service.js';
import type { ImagesRepo, NewImageRow } from './images.repo.js';
import { type ImageAsk, planImages } from './image-request.js';
import { fetchReferenceImage } from './reference-image.js';

export const IMAGE_JOB = 'image.generate';

/** A request for images, as POST /api/generate-image and the MCP tool take it. */
export interface NewImages extends ImageAsk {
  prompt: string;
  artist?: string | undefined;
  useHD: boolean;
  outputs: number;
  waitForResult: boolean;
}

export interface ImagesConfig {
  maxAttempts: number;
  /** How long waitForResult may hold a request. */
  waitMs: number;
  guard: GuardOptions;
}

/** Image generation: records and their jobs are created together; each image is one durable job. */
export class ImagesService implements JobHandler {
  readonly kind = IMAGE_JOB;
  private readonly settled = new CompletionSignal();

  constructor(
    private readonly db: Db,
    private readonly repo: ImagesRepo,
    private readonly queue: JobQueue,
    private readonly models: ModelCatalogue<CatalogueImageModel>,
    private readonly credits: CreditsService,
    private readonly blobs: BlobStore,
    private readonly config: ImagesConfig,
    private readonly clock: Clock,
    private readonly onEnqueued: () => void = () => undefined,
  ) {}

  catalogue() {
    return this.models.models.map((m) => ({
      name: m.name,
      aliases: [...m.aliases],
      family: m.family ?? null,
      engine: m.engine.provider,
      model: m.engine.modelId,
      credits: m.credits,
      hd_credits: m.hdCredits,
      sizes: m.sizes?.map((s) => `${s.width}x${s.height}`) ?? null,
      reference_images: m.engine.supportsReferenceImage,
    }));
  }

  async create(caller: Caller, input: NewImages): Promise<Outcome<ImageRecord[]>> {
    const model = this.models.find(input.model);
    if (!model) return fail('invalid_input', `model: unknown model "${input.model}"; available: ${this.models.names().join(', ')}`);
    const plan = planImages({ name: model.name, family: model.family, sizes: model.sizes, supportsReferenceImage: model.engine.supportsReferenceImage }, input);
    const price = input.useHD ? model.hdCredits : model.credits;
    const now = isoNow(this.clock);
    const rows: NewImageRow[] = Array.from({ length: input.outputs }, () => ({
      account_id: caller.account.id,
      prompt: input.prompt,
      style: plan.style ?? null,
      artist: input.artist ?? null,
      requested_model: input.model,
      model: model.engine.modelId,
      engine: model.engine.provider,
      width: plan.width,
      height: plan.height,
      hd: input.useHD ? 1 : 0,
      seed: randomSeed(),
      reference_url: plan.referenceUrl ?? null,
      status: 'pending',
      error: null,
      blob_key: null,
      warnings: JSON.stringify(plan.warnings),
      credits: price,
      created_at: now,
      updated_at: now,
    }));
    const reservation = newReservation({ accountId: caller.account.id, amount: price * input.outputs, kind: 'image', reference: `batch:${newId()}` });
    const created = await this.credits.spend(reservation, async (settleIn) =>
      ok(
        await this.db.transaction().execute(async (trx) => {
          const ids = await this.repo.insert(rows, trx);
          for (const imageId of ids) await this.queue.enqueue({ kind: IMAGE_JOB, payload: { imageId }, maxAttempts: this.config.maxAttempts }, trx);
          // From here the records hold the credits (a failed job gives its share back).
          await settleIn(trx);
          return ids;
        }),
      ),
    );
    if (!created.ok) return created;
    this.onEnqueued();
    const ids = created.value;
    const load = () => this.repo.findMany(ids);
    const found = input.waitForResult ? await waitUntilSettled(this.settled, load, (r) => r.every((row) => row.status !== 'pending'), this.config.waitMs) : await load();
    return ok(found.map((row) => this.toRecord(row)));
  }

  async read(caller: Caller, id: number): Promise<Outcome<ImageRecord>> {
    const row = await this.repo.findOwned(caller.account.id, id);
    return row ? ok(this.toRecord(row)) : fail('not_found', 'Image not found');
  }

  async list(caller: Caller, limit: number, before: number | undefined): Promise<ImageRecord[]> {
    return (await this.repo.list(caller.account.id, limit, before)).map((row) => this.toRecord(row));
  }

  async run({ payload, signal }: JobContext): Promise<void> {
    const { imageId } = payload as { imageId: number };
    const row = await this.repo.find(imageId);
    if (!row || row.status !== 'pending') return;
    const model = this.models.find(row.requested_model);
    if (!model) throw new UpstreamError(`The model "${row.requested_model}" is no longer offered here`, { isRetryable: false });
    const referenceImage = row.reference_url && model.engine.supportsReferenceImage ? await fetchReferenceImage(row.reference_url, this.config.guard) : undefined;
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
    await this.blobs.put(key, result.image.data);
    const warnings = [...new Set([...(JSON.parse(row.warnings) as string[]), ...result.warnings])];
    await this.repo.complete(row.id, { blob_key: key, model: model.engine.modelId, engine: model.engine.provider, width: result.width, height: result.height, warnings: JSON.stringify(warnings), updated_at: isoNow(this.clock) });
    this.settled.notify();
  }

  async onGiveUp(payload: unknown, reason: string): Promise<void> {
    const { imageId } = payload as { imageId: number };
    const row = await this.repo.find(imageId);
    if (row && (await this.repo.fail(row.id, reason, isoNow(this.clock)))) {
      await this.credits.refund({ accountId: row.account_id, amount: row.credits, kind: 'image', reference: `image:${row.id}` });
    }
    this.settled.notify();
  }

  /** The spec's record (id, image_url, model, prompt, used_credits, created_at) and what tells a slow image from a failed one. */
  private toRecord(row: ImageRow) {
    return {
      id: row.id,
      image_url: row.status === 'completed' && row.blob_key ? this.blobs.publicUrl(row.blob_key) : null,
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
    };
  }
}

export type ImageRecord = ReturnType<ImagesService['toRecord']>;
