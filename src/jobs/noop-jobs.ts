import type { JobHandler } from './worker.js';

export const NOOP_JOB = 'noop';

/**
 * Jobs that do nothing: nothing in the API creates them; the scaling benchmark (bench/scale.mjs) fills the
 * queue with them to measure claiming, leasing and completing alone, without any engine's work.
 */
export const noopJobs: JobHandler = {
  kind: NOOP_JOB,
  run: async () => undefined,
  onGiveUp: async () => undefined,
};
