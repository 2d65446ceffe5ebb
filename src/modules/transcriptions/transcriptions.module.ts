import type { Config } from '../../config.js';
import type { TextModels } from '../../engines/providers/registry.js';
import type { SwappableAsrModels } from '../../engines/swapping/swappable-asr-models.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Clock } from '../../shared/clock.js';
import type { GuardOptions } from '../../shared/net/guarded-http.js';
import type { Db } from '../../storage/db/database.js';
import { processTempDir } from '../../storage/temp-dir.js';
import type { CreditsService } from '../credits/credits.service.js';
import type { WebhooksService } from '../webhooks/webhooks.service.js';
import { TranscriptionPipeline } from './transcription-pipeline.js';
import { TranscriptionsRepo } from './transcriptions.repo.js';
import { TranscriptionsService } from './transcriptions.service.js';

export interface TranscriptionsModuleOptions {
  db: Db;
  queue: JobQueue;
  asrModels: SwappableAsrModels;
  textModels: TextModels;
  credits: CreditsService;
  webhooks: WebhooksService;
  guard: GuardOptions;
  config: Pick<Config, 'publicUrl' | 'asr' | 'jobs' | 'tempDir'>;
  clock: Clock;
  wakeWorker: () => void;
}

/** Transcriptions: media decoded and transcribed by a durable job, then derived fields on demand. */
export function createTranscriptionsModule(options: TranscriptionsModuleOptions) {
  const { db, queue, asrModels, textModels, credits, webhooks, guard, config, clock, wakeWorker } = options;
  const pipeline = new TranscriptionPipeline(asrModels, {
    ffmpegPath: config.asr.ffmpegPath,
    decodeTimeoutMs: config.asr.timeoutMs,
    guard,
    tempDir: processTempDir(config.tempDir),
    mediaLimits: {
      ffprobePath: config.asr.ffprobePath,
      maxSeconds: config.asr.maxMediaSeconds,
      maxStreams: config.asr.maxMediaStreams,
    },
  });
  return {
    transcriptions: new TranscriptionsService({
      db,
      repo: new TranscriptionsRepo(db),
      queue,
      pipeline,
      credits,
      webhooks,
      textModels,
      config: {
        publicUrl: config.publicUrl,
        creditsPerTranscription: config.asr.creditsPerTranscription,
        creditsPerDerivedField: config.asr.creditsPerDerivedField,
        maxAttempts: config.jobs.maxAttempts,
        syncTimeoutMs: config.asr.syncTimeoutMs,
        creditsPerTranscriptionMinute: config.asr.creditsPerTranscriptionMinute,
        maxMediaSeconds: config.asr.maxMediaSeconds,
      },
      clock,
      onEnqueued: wakeWorker,
    }),
  };
}
