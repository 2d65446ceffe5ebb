import type { ZodType } from 'zod';
import type { JobRow } from '../storage/db/schema.js';
import type { JobHandler } from './worker.js';

/** A job whose payload does not parse: running it again cannot help, so it fails at once with this reason. */
export class JobPayloadError extends Error {
  override name = 'JobPayloadError';
  readonly isRetryable = false;
}

/** One kind of job with its payload's schema: `run` and `onGiveUp` get the parsed payload, never `unknown`. */
export interface TypedJob<P> {
  readonly kind: string;
  readonly payload: ZodType<P>;
  run(payload: P, context: { job: JobRow; signal: AbortSignal }): Promise<void>;
  /** The job has failed for good: leave its record failed with this reason, give back what it cost. */
  onGiveUp(payload: P, reason: string): Promise<void>;
}

/**
 * The worker's handler for a typed job. A payload that does not parse fails the job with a reason that says
 * what is wrong (never a retry, never a crash); its record cannot be named by it, so `onGiveUp` is skipped.
 */
export function typedJob<P>(job: TypedJob<P>): JobHandler {
  const parse = (payload: unknown): { ok: true; value: P } | { ok: false; reason: string } => {
    const parsed = job.payload.safeParse(payload);
    if (parsed.success) return { ok: true, value: parsed.data };
    const issues = parsed.error.issues
      .map((i) => `${i.path.length > 0 ? i.path.join('.') : 'payload'}: ${i.message}`)
      .join('; ');
    return { ok: false, reason: `The ${job.kind} job's payload is not valid (${issues})` };
  };
  return {
    kind: job.kind,
    async run({ job: row, payload, signal }) {
      const parsed = parse(payload);
      if (!parsed.ok) throw new JobPayloadError(parsed.reason);
      await job.run(parsed.value, { job: row, signal });
    },
    async onGiveUp(payload, reason) {
      const parsed = parse(payload);
      if (parsed.ok) await job.onGiveUp(parsed.value, reason);
    },
  };
}
