import { z } from 'zod';
import type { JobKind } from '../../jobs/job-kinds.js';
import type { RecordKind } from '../../jobs/job-record-lifecycle.js';
import { type Clock, isoNow } from '../../shared/clock.js';
import type { TranscriptionRow } from '../../storage/db/schema.js';
import type { WebhooksService } from '../webhooks/webhooks.service.js';
import { toRecord } from './transcription-record.js';
import { DETECT_LANGUAGE, type PipelineResult, type TranscriptionPipeline } from './transcription-pipeline.js';
import type { TranscriptionsRepo } from './transcriptions.repo.js';

export const TRANSCRIPTION_JOB = 'transcription.process' satisfies JobKind;

export const transcriptionJobPayload = z.object({ transcriptionId: z.string().min(1) });
export type TranscriptionJobPayload = z.infer<typeof transcriptionJobPayload>;

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
}: TranscriptionJobDeps): RecordKind<TranscriptionJobPayload, TranscriptionRow, PipelineResult> {
  const update = (id: string, changes: Partial<Pick<TranscriptionRow, 'status' | 'progress' | 'error'>>) =>
    repo.update(id, { ...changes, updated_at: isoNow(clock) });
  return {
    kind: TRANSCRIPTION_JOB,
    payload: transcriptionJobPayload,
    maxAttempts,
    load: ({ transcriptionId }) => repo.find(transcriptionId),
    isOpen: (row) => row.status !== 'completed' && row.status !== 'failed',
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
    fail: (row, reason, trx) => repo.fail(row.id, reason, isoNow(clock), trx),
    refund: (row) => ({ accountId: row.account_id, amount: row.credits, kind: 'transcription', reference: row.id }),
    async notify(row, outcome, trx) {
      if (!row.webhook_url) return;
      const fresh = (await repo.find(row.id, trx)) ?? row;
      await webhooks.enqueue(
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
  };
}
