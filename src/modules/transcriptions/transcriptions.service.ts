import type { TextModels } from '../../engines/registry.js';
import type { TranscriptSegment } from '../../engines/spec/asr-model.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { JobContext, JobHandler } from '../../jobs/worker.js';
import type { Clock } from '../../shared/clock.js';
import { isoNow } from '../../shared/clock.js';
import { type Outcome, UpstreamError, engineFailure, fail, ok } from '../../shared/errors.js';
import { newId } from '../../shared/ids.js';
import type { Db } from '../../storage/db/database.js';
import type { TranscriptionRow } from '../../storage/db/schema.js';
import type { Caller } from '../accounts/accounts.service.js';
import { type CreditsService, newReservation } from '../credits/credits.service.js';
import type { WebhookDelivery, WebhooksService } from '../webhooks/webhooks.service.js';
import { deriveBuiltin } from './derived/builtin.js';
import { type DerivedField, type TranscriptInput, displayAudioType, fieldsFor } from './derived/fields.js';
import { fieldPrompt } from './derived/field-prompt.js';
import { DETECT_LANGUAGE, type TranscriptionPipeline } from './transcription-pipeline.js';

export const TRANSCRIPTION_JOB = 'transcription.process';
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
}

export class TranscriptionsService implements JobHandler {
  readonly kind = TRANSCRIPTION_JOB;

  constructor(
    private readonly db: Db,
    private readonly queue: JobQueue,
    private readonly pipeline: TranscriptionPipeline,
    private readonly credits: CreditsService,
    private readonly webhooks: WebhooksService,
    private readonly textModels: TextModels,
    private readonly config: TranscriptionsConfig,
    private readonly clock: Clock,
    private readonly onEnqueued: () => void = () => undefined,
  ) {}

  /** Charges once, then creates the record and its job in one transaction. */
  async create(caller: Caller, input: NewTranscription): Promise<Outcome<{ uuid: string; dashboard_url: string }>> {
    const id = newId();
    const reservation = newReservation({ accountId: caller.account.id, amount: this.config.creditsPerTranscription, kind: 'transcription', reference: id });
    const now = isoNow(this.clock);
    const created = await this.credits.spend(reservation, async (settleIn) => {
      await this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('transcriptions')
          .values({
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
          })
          .execute();
        await this.queue.enqueue({ kind: TRANSCRIPTION_JOB, payload: { transcriptionId: id }, maxAttempts: this.config.maxAttempts }, trx);
        // From here the record holds the credits (a failed job gives them back).
        await settleIn(trx);
      });
      return ok(undefined);
    });
    if (!created.ok) return created;
    this.onEnqueued();
    return ok({ uuid: id, dashboard_url: `${this.config.publicUrl}/dashboard/transcriptions/${id}` });
  }

  async read(caller: Caller, uuid: string): Promise<Outcome<TranscriptionRecord & { webhook?: { url: string; deliveries: WebhookDelivery[] } }>> {
    const row = await this.find(caller, uuid);
    if (!row) return fail('not_found', 'Audio not found');
    const webhooks = row.webhook_url ? await this.webhooks.deliveries(`transcription:${row.id}`) : [];
    return ok({ ...toRecord(row), ...(row.webhook_url && { webhook: { url: row.webhook_url, deliveries: webhooks } }) });
  }

  async list(caller: Caller, limit: number) {
    const rows = await this.db
      .selectFrom('transcriptions')
      .selectAll()
      .where('account_id', '=', caller.account.id)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toRecord);
  }

  /** Existing content is returned as it is and costs nothing; new fields cost credits each. */
  async derive(caller: Caller, uuid: string, requested: string[] | undefined, regenerate: boolean): Promise<Outcome<Record<string, string>>> {
    const row = await this.find(caller, uuid);
    if (!row) return fail('not_found', 'Audio not found');
    if (row.status === 'failed') return fail('conflict', `Audio could not be transcribed: ${row.error ?? 'unknown reason'}`);
    if (row.status !== 'completed') return fail('conflict', NOT_TRANSCRIBED);
    const suited = fieldsFor(row.audio_type);
    const unsuited = (requested ?? []).filter((f) => !suited.includes(f as DerivedField));
    if (unsuited.length > 0) {
      return fail('invalid_input', `fields: ${unsuited.join(', ')} cannot be generated for ${row.audio_type} audio (it gives ${suited.join(', ')})`);
    }
    const fields = requested ? [...new Set(requested as DerivedField[])] : suited;
    const existing = JSON.parse(row.derived) as Record<string, string>;
    const missing = fields.filter((f) => regenerate || !existing[f]);
    if (missing.length > 0) {
      const reservation = newReservation({ accountId: caller.account.id, amount: missing.length * this.config.creditsPerDerivedField, kind: 'derived', reference: row.id });
      const generated = await this.credits.spend(reservation, async (settleIn) => {
        try {
          const transcript = toTranscriptInput(row);
          for (const field of missing) existing[field] = await this.generateField(field, transcript);
        } catch (error) {
          return engineFailure(error, 'Content generation failed');
        }
        await this.db.transaction().execute(async (trx) => {
          await trx.updateTable('transcriptions').set({ derived: JSON.stringify(existing), updated_at: isoNow(this.clock) }).where('id', '=', row.id).execute();
          await settleIn(trx);
        });
        return ok(undefined);
      });
      if (!generated.ok) return generated;
    }
    return ok(Object.fromEntries(fields.map((f) => [f, existing[f] ?? ''])));
  }

  async run({ payload, signal }: JobContext): Promise<void> {
    const { transcriptionId } = payload as { transcriptionId: string };
    const row = await this.db.selectFrom('transcriptions').selectAll().where('id', '=', transcriptionId).executeTakeFirst();
    if (!row || row.status === 'completed' || row.status === 'failed') return;
    await this.update(row.id, { status: 'processing', progress: 5, error: null });
    const result = await this.pipeline.run({
      url: row.url,
      language: row.language,
      detectSpeakers: row.detect_speakers === 1,
      enhancedQuality: row.enhanced_quality === 1,
      signal,
      onProgress: (progress) => this.update(row.id, { progress }),
    });
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('transcriptions')
        .set({
          status: 'completed',
          progress: 100,
          content: result.segments.map((s) => s.text).join(' '),
          segments: JSON.stringify(result.segments),
          duration: result.duration,
          model: result.model,
          ...(row.language.trim().toLowerCase() === DETECT_LANGUAGE && result.language && { language: result.language }),
          updated_at: isoNow(this.clock),
        })
        .where('id', '=', row.id)
        .execute();
      await this.notify(row, 'transcription.completed', trx);
    });
  }

  /** Failed for good: the record says why, the credits come back, once (the status change is conditional). */
  async onGiveUp(payload: unknown, reason: string): Promise<void> {
    const { transcriptionId } = payload as { transcriptionId: string };
    const row = await this.db.selectFrom('transcriptions').selectAll().where('id', '=', transcriptionId).executeTakeFirst();
    if (!row) return;
    const changed = await this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('transcriptions')
        .set({ status: 'failed', error: reason, updated_at: isoNow(this.clock) })
        .where('id', '=', row.id)
        .where('status', 'in', ['pending', 'processing'])
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      await this.notify({ ...row, status: 'failed', error: reason }, 'transcription.failed', trx);
      return true;
    });
    if (changed) await this.credits.refund({ accountId: row.account_id, amount: row.credits, kind: 'transcription', reference: row.id });
  }

  private async generateField(field: DerivedField, transcript: TranscriptInput): Promise<string> {
    const result = await this.textModels.standard.doGenerate({
      ...(await fieldPrompt(this.textModels.standard, field, transcript)),
      providerOptions: { builtin: { text: deriveBuiltin(field, transcript) } },
    });
    if (!result.text.trim()) throw new UpstreamError('the text provider returned an empty text', { isRetryable: false });
    return result.text;
  }

  private async notify(row: TranscriptionRow, event: string, trx: Db): Promise<void> {
    if (!row.webhook_url) return;
    const fresh = (await trx.selectFrom('transcriptions').selectAll().where('id', '=', row.id).executeTakeFirst()) ?? row;
    await this.webhooks.enqueue({ accountId: row.account_id, subject: `transcription:${row.id}`, event, url: row.webhook_url, payload: { audio: toRecord(fresh) } }, trx);
  }

  private async update(id: string, changes: Partial<Pick<TranscriptionRow, 'status' | 'progress' | 'error'>>): Promise<void> {
    await this.db.updateTable('transcriptions').set({ ...changes, updated_at: isoNow(this.clock) }).where('id', '=', id).execute();
  }

  private find(caller: Caller, uuid: string): Promise<TranscriptionRow | undefined> {
    return this.db.selectFrom('transcriptions').selectAll().where('id', '=', uuid.toLowerCase()).where('account_id', '=', caller.account.id).executeTakeFirst();
  }
}

export type TranscriptionRecord = ReturnType<typeof toRecord>;

/** The record as POST /api/audios shows it: the spec's fields, derived content by field name, and status. */
function toRecord(row: TranscriptionRow) {
  const done = row.status === 'completed';
  return {
    uuid: row.id,
    name: row.name,
    url: row.url,
    content: done ? row.content : '',
    segments: done ? (JSON.parse(row.segments) as TranscriptSegment[]) : [],
    audio_type: row.audio_type,
    language: row.language,
    created_at: row.created_at,
    ...(JSON.parse(row.derived) as Partial<Record<DerivedField, string>>),
    status: row.status,
    ...(row.error && { error: row.error }),
    duration: row.duration,
    progress: row.progress,
    detect_speakers: row.detect_speakers === 1,
    enhanced_quality: row.enhanced_quality === 1,
    model: row.model,
  };
}

function toTranscriptInput(row: TranscriptionRow): TranscriptInput {
  return { name: row.name, audioType: row.audio_type, language: row.language, text: row.content, segments: JSON.parse(row.segments) as TranscriptSegment[] };
}

function nameFromUrl(url: string): string {
  try {
    const last = decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).pop() ?? '');
    return last.replace(/\.[a-z0-9]{1,5}$/i, '') || 'Untitled recording';
  } catch {
    return 'Untitled recording';
  }
}
