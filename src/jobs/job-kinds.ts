import type { JobHandler } from './worker.js';

/**
 * Every kind of job, in one place. The worker is given one handler per kind (jobHandlers, in app.ts: a kind
 * without a handler does not compile), /metrics lists them, and a test checks that whatever the service
 * enqueues is among them.
 */
export const JOB_KINDS = [
  'transcription.process',
  'webhook.deliver',
  'image.generate',
  'video.generate',
  'video.talking',
  'noop',
] as const;

export type JobKind = (typeof JOB_KINDS)[number];

/** The worker's handlers, one per kind; each must say the kind it is given for. */
export function jobHandlers(handlers: Readonly<Record<JobKind, JobHandler>>): JobHandler[] {
  return JOB_KINDS.map((kind) => {
    const handler = handlers[kind];
    if (handler.kind !== kind) throw new Error(`The handler given for ${kind} handles ${handler.kind}`);
    return handler;
  });
}
