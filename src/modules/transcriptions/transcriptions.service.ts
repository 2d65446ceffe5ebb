import type { TextModels } from '../../engines/providers/registry.js';
import type { TranscriptSegment } from '../../engines/spec/asr-model.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { JobRecordLifecycle } from '../../jobs/job-record-lifecycle.js';
import type { JobHandler } from '../../jobs/worker.js';
import type { Clock } from '../../shared/clock.js';
import { isoNow } from '../../shared/clock.js';
import { type Outcome, UpstreamError, engineFailure, fail, ok } from '../../shared/errors.js';
import { newId } from '../../shared/ids.js';
import type { Db } from '../../storage/db/database.js';
import type { TranscriptionRow } from '../../storage/db/schema.js';
import type { Caller } from '../accounts/accounts.service.js';
import { type CreditsService, newReservation } from '../credits/credits.service.js';
import type { WebhookDelivery, WebhooksService } from '../webhooks/webhooks.service.js';
import { type DerivedField, type TranscriptInput, displayAudioType, fieldsFor } from './derived/fields.js';
import { fieldPrompt } from './derived/field-prompt.js';
import { type TranscriptionJobPayload, transcriptionJob } from './transcription-job.js';
import type { PipelineResult, TranscriptionPipeline } from './transcription-pipeline.js';
import { type TranscriptionRecord, toRecord } from './transcription-record.js';
import type { TranscriptionsRepo } from './transcriptions.repo.js';
import type { Transcript } from './openai-transcript-format.js';
import { type UploadTranscriptionRequest, transcribeUpload } from './upload-transcription.js';

export { TRANSCRIPTION_JOB } from './transcription-job.js';
export type { TranscriptionRecord } from './transcription-record.js';
export const NOT_TRANSCRIBED = 'Audio has not been transcribed yet';

export interface NewTranscription {
  url: string;
  audio_type: string;
  language: string;
  name?: string | undefined;
  detect_speakers: boolean;
  enhanced_quality: boolean;
  webhook_url?: string | undefined;
}

export interface TranscriptionsConfig {
  publicUrl: string;
  creditsPerTranscription: number;
  creditsPerDerivedField: number;
  maxAttempts: number;
  /** How long /v1/audio/transcriptions may take to answer. */
  syncTimeoutMs: number;
  /** What /v1/audio/transcriptions and /translations charge per minute of audio. */
  creditsPerTranscriptionMinute: number;
  /** The media limit, reserved for an upload whose header does not say how long it is. */
  maxMediaSeconds: number;
}

export interface TranscriptionsServiceOptions {
  db: Db;
  repo: TranscriptionsRepo;
  queue: JobQueue;
  pipeline: TranscriptionPipeline;
  credits: CreditsService;
  webhooks: WebhooksService;
  textModels: TextModels;
  config: TranscriptionsConfig;
  clock: Clock;
  onEnqueued?: () => void;
}

export class TranscriptionsService {
  private readonly lifecycle: JobRecordLifecycle<TranscriptionJobPayload, TranscriptionRow, PipelineResult>;
  /** The worker's handler for transcription jobs. */
  readonly job: JobHandler;

  constructor(private readonly deps: TranscriptionsServiceOptions) {
    const { db, repo, queue, pipeline, credits, webhooks, config, clock, onEnqueued } = deps;
    const kind = transcriptionJob({ repo, pipeline, webhooks, maxAttempts: config.maxAttempts, clock });
    this.lifecycle = new JobRecordLifecycle(db, queue, credits, kind, onEnqueued);
    this.job = this.lifecycle.handler;
  }

  /** Charges once, then creates the record and its job in one transaction. */
  async create(caller: Caller, input: NewTranscription): Promise<Outcome<{ uuid: string; dashboard_url: string }>> {
    const id = newId();
    const reservation = newReservation({
      accountId: caller.account.id,
      amount: this.deps.config.creditsPerTranscription,
      kind: 'transcription',
      reference: id,
    });
    const now = isoNow(this.deps.clock);
    const created = await this.lifecycle.create(reservation, async (trx) => {
      await this.deps.repo.insert(
        {
          id,
          account_id: caller.account.id,
          name: input.name?.trim() || nameFromUrl(input.url),
          url: input.url,
          audio_type: displayAudioType(input.audio_type),
          language: input.language,
          detect_speakers: input.detect_speakers ? 1 : 0,
          enhanced_quality: input.enhanced_quality ? 1 : 0,
          status: 'pending',
          progress: 0,
          duration: null,
          model: null,
          error: null,
          content: '',
          segments: '[]',
          derived: '{}',
          credits: reservation.amount,
          webhook_url: input.webhook_url ?? null,
          created_at: now,
          updated_at: now,
        },
        trx,
      );
      return { value: undefined, jobs: [{ transcriptionId: id }] };
    });
    if (!created.ok) return created;
    return ok({ uuid: id, dashboard_url: `${this.deps.config.publicUrl}/dashboard/transcriptions/${id}` });
  }

  /** Ends the pipeline's speaker-detection thread. */
  close(): Promise<void> {
    return this.deps.pipeline.close();
  }

  /** An uploaded file transcribed while the request waits (/v1/audio/transcriptions); see transcribeUpload. */
  transcribeNow(caller: Caller, request: UploadTranscriptionRequest): Promise<Outcome<Transcript & { model: string }>> {
    const { pipeline, credits, config } = this.deps;
    return transcribeUpload(
      {
        pipeline,
        credits,
        creditsPerMinute: config.creditsPerTranscriptionMinute,
        maxMediaSeconds: config.maxMediaSeconds,
        timeoutMs: config.syncTimeoutMs,
      },
      caller,
      request,
    );
  }

  async read(
    caller: Caller,
    uuid: string,
  ): Promise<Outcome<TranscriptionRecord & { webhook?: { url: string; deliveries: WebhookDelivery[] } }>> {
    const row = await this.find(caller, uuid);
    if (!row) return fail('not_found', 'Audio not found');
    const webhooks = row.webhook_url ? await this.deps.webhooks.deliveries(`transcription:${row.id}`) : [];
    return ok({
      ...toRecord(row),
      ...(row.webhook_url && { webhook: { url: row.webhook_url, deliveries: webhooks } }),
    });
  }

  async list(caller: Caller, limit: number) {
    const rows = await this.deps.repo.list(caller.account.id, limit);
    return rows.map(toRecord);
  }

  /** Existing content is returned as it is and costs nothing; new fields cost credits each. */
  async derive(
    caller: Caller,
    uuid: string,
    requested: string[] | undefined,
    regenerate: boolean,
  ): Promise<Outcome<Record<string, string>>> {
    const row = await this.find(caller, uuid);
    if (!row) return fail('not_found', 'Audio not found');
    if (row.status === 'failed')
      return fail('conflict', `Audio could not be transcribed: ${row.error ?? 'unknown reason'}`);
    if (row.status !== 'completed') return fail('conflict', NOT_TRANSCRIBED);
    const suited = fieldsFor(row.audio_type);
    const unsuited = (requested ?? []).filter((f) => !suited.includes(f as DerivedField));
    if (unsuited.length > 0) {
      return fail(
        'invalid_input',
        `fields: ${unsuited.join(', ')} cannot be generated for ${row.audio_type} audio (it gives ${suited.join(', ')})`,
      );
    }
    const fields = requested ? [...new Set(requested as DerivedField[])] : suited;
    const existing = JSON.parse(row.derived) as Record<string, string>;
    const missing = fields.filter((f) => regenerate || !existing[f]);
    if (missing.length > 0) {
      const reservation = newReservation({
        accountId: caller.account.id,
        amount: missing.length * this.deps.config.creditsPerDerivedField,
        kind: 'derived',
        reference: row.id,
      });
      const generated = await this.deps.credits.spend(reservation, async (settleIn) => {
        try {
          const transcript = toTranscriptInput(row);
          for (const field of missing) existing[field] = await this.generateField(field, transcript);
        } catch (error) {
          return engineFailure(error, 'Content generation failed');
        }
        await this.deps.db.transaction().execute(async (trx) => {
          await this.deps.repo.saveDerived(row.id, JSON.stringify(existing), isoNow(this.deps.clock), trx);
          await settleIn(trx);
        });
        return ok(undefined);
      });
      if (!generated.ok) return generated;
    }
    return ok(Object.fromEntries(fields.map((f) => [f, existing[f] ?? ''])));
  }

  private async generateField(field: DerivedField, transcript: TranscriptInput): Promise<string> {
    const result = await this.deps.textModels.standard.doGenerate({
      ...(await fieldPrompt(this.deps.textModels.standard, field, transcript)),
      task: { kind: 'derived-field', field, transcript },
    });
    if (!result.text.trim())
      throw new UpstreamError('the text provider returned an empty text', { isRetryable: false });
    return result.text;
  }

  private find(caller: Caller, uuid: string): Promise<TranscriptionRow | undefined> {
    return this.deps.repo.findOwned(caller.account.id, uuid.toLowerCase());
  }
}

function toTranscriptInput(row: TranscriptionRow): TranscriptInput {
  return {
    name: row.name,
    audioType: row.audio_type,
    language: row.language,
    text: row.content,
    segments: JSON.parse(row.segments) as TranscriptSegment[],
  };
}

function nameFromUrl(url: string): string {
  try {
    const last = decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).pop() ?? '');
    return last.replace(/\.[a-z0-9]{1,5}$/i, '') || 'Untitled recording';
  } catch {
    return 'Untitled recording';
  }
}
