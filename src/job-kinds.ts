import { NOOP_JOB } from './jobs/noop-jobs.js';
import { IMAGE_RECORDS } from './modules/images/image-job.js';
import { TRANSCRIPTION_RECORDS } from './modules/transcriptions/transcription-job.js';
import { TALKING_VIDEO_RECORDS } from './modules/videos/talking-video-job.js';
import { VIDEO_RECORDS } from './modules/videos/video-job.js';
import { WEBHOOK_DELIVERIES } from './modules/webhooks/webhook-delivery-record.js';

/**
 * Every kind of record made by jobs, one line each (its definition is its module's). The worker's handlers
 * (jobHandlers in app.ts: a kind without a handler does not compile), /metrics and the admin job area
 * (targets, cancel, retry, refunds, notices) derive from this list.
 */
export const RECORD_KINDS = [
  TRANSCRIPTION_RECORDS,
  WEBHOOK_DELIVERIES,
  IMAGE_RECORDS,
  VIDEO_RECORDS,
  TALKING_VIDEO_RECORDS,
] as const;

/** Every kind of job: the record kinds' and the no-op jobs of the scaling benchmark. */
export const JOB_KINDS = [...RECORD_KINDS.map((records) => records.kind), NOOP_JOB] as const;
