import { z } from 'zod';
import type { RecordKind } from '../../jobs/job-record-lifecycle.js';
import { type RecordNotices, type RecordOutcome, changedWhile, defineRecordKind } from '../../jobs/record-kind.js';
import { type Clock, isoNow } from '../../shared/clock.js';
import type { Db } from '../../storage/db/database.js';
import type { TranscriptionRow, TranscriptionStatus } from '../../storage/db/schema.js';
import type { WorkKind } from '../credits/credits.service.js';
import type { WebhooksService } from '../webhooks/webhooks.service.js';
import { toRecord } from './transcription-record.js';
import { DETECT_LANGUAGE, type PipelineResult, type TranscriptionPipeline } from './transcription-pipeline.js';
import type { TranscriptionsRepo } from './transcriptions.repo.js';

export const transcriptionJobPayload = z.object({ transcriptionId: z.string().min(1) });
export type TranscriptionJobPayload = z.infer<typeof transcriptionJobPayload>;

const OPEN: readonly TranscriptionStatus[] = ['pending', 'processing'];
const creditKind: WorkKind = 'transcription';

/**
 * A transcription: pending, then processing while its job runs. Failing keeps what it held on the record (the
 * refund is in the ledger); its webhook, if it has one, hears how it ended.
 */
export const TRANSCRIPTION_RECORDS = defineRecordKind({
  kind: 'transcription.process',
  payload: transcriptionJobPayload,
  type: 'transcription',
  table: 'transcriptions',
  target: { field: 'transcriptionId', id: z.string().min(1).max(100) },
  openStatuses: OPEN,
  failedKeepsCredits: true,
  idOf: (payload: TranscriptionJobPayload) => payload.transcriptionId,
  find: (id: string, db: Db): Promise<TranscriptionRow | undefined> =>
    db.selectFrom('transcriptions').selectAll().where('id', '=', id).executeTakeFirst(),
  held: (row: TranscriptionRow) => ({
    accountId: row.account_id,
    amount: row.credits,
    kind: creditKind,
    reference: row.id,
  }),
  fail: (row: TranscriptionRow, reason: string, at: string, trx: Db) =>
    changedWhile(
      trx.updateTable('transcriptions').set({ status: 'failed', error: reason, updated_at: at }),
      row.id,
      OPEN,
    ),
  reopen: (row: TranscriptionRow, credits: number, at: string, trx: Db) =>
    changedWhile(
      trx.updateTable('transcriptions').set({ status: 'pending', error: null, progress: 0, credits, updated_at: at }),
      row.id,
      ['failed'],
    ),
  async notify(row: TranscriptionRow, outcome: RecordOutcome, trx: Db, notices: RecordNotices) {
    if (!row.webhook_url) return;
    const fresh = (await TRANSCRIPTION_RECORDS.find(row.id, trx)) ?? row;
    await notices.enqueue(
      {
        accountId: row.account_id,
        subject: `transcription:${row.id}`,
        event: `transcription.${outcome}`,
        url: row.webhook_url,
        payload: { audio: toRecord(fresh) },
      },
      trx,
    );
  },
});
export const TRANSCRIPTION_JOB = TRANSCRIPTION_RECORDS.kind;

export interface TranscriptionJobDeps {
  repo: TranscriptionsRepo;
  pipeline: TranscriptionPipeline;
  webhooks: WebhooksService;
  maxAttempts: number;
  clock: Clock;
}

/** One recording, one job: download, decode, recognise; the record's webhook hears how it ended. */
export function transcriptionJob({
  repo,
  pipeline,
  webhooks,
  maxAttempts,
  clock,
}: TranscriptionJobDeps): RecordKind<TranscriptionJobPayload, TranscriptionRow, PipelineResult, WorkKind> {
  const update = (id: string, changes: Partial<Pick<TranscriptionRow, 'status' | 'progress' | 'error'>>) =>
    repo.update(id, { ...changes, updated_at: isoNow(clock) });
  return {
    ...TRANSCRIPTION_RECORDS,
    maxAttempts,
    clock,
    notices: webhooks,
    async run(_payload, row, signal) {
      await update(row.id, { status: 'processing', progress: 5, error: null });
      return pipeline.run({
        url: row.url,
        language: row.language,
        detectSpeakers: row.detect_speakers === 1,
        enhancedQuality: row.enhanced_quality === 1,
        signal,
        onProgress: (progress) => update(row.id, { progress }),
      });
    },
    complete: (row, result, trx) =>
      repo.complete(
        row.id,
        {
          content: result.segments.map((s) => s.text).join(' '),
          segments: JSON.stringify(result.segments),
          duration: result.duration,
          model: result.model,
          ...(row.language.trim().toLowerCase() === DETECT_LANGUAGE &&
            result.language && { language: result.language }),
          updated_at: isoNow(clock),
        },
        trx,
      ),
  };
}
