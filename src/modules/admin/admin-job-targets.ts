import { NOOP_JOB } from '../../jobs/noop-jobs.js';
import type { RecordTarget } from '../../jobs/record-kind.js';

/** The record a job makes or works on, named from its payload; `none` for jobs that make no record (noop). */
export type JobTarget = RecordTarget | { type: 'none' };

/** A kind of record made by jobs, as the admin area reads it: its job kind and the record a payload names. */
export interface TargetedKind {
  readonly kind: string;
  targetOf(payload: unknown): RecordTarget | undefined;
}

const NONE: JobTarget = { type: 'none' };

/**
 * Names the record of a job of any of `kinds` (the list in src/job-kinds.ts, which the composition root gives):
 * undefined when the kind is unknown or the payload names nothing readable. Only ids are read of a payload.
 */
export function jobTargets(
  kinds: readonly TargetedKind[],
): (kind: string, payloadText: string) => JobTarget | undefined {
  const byKind = new Map(kinds.map((records) => [records.kind, records]));
  return (kind, payloadText) => {
    if (kind === NOOP_JOB) return NONE;
    const records = byKind.get(kind);
    if (!records) return undefined;
    try {
      return records.targetOf(JSON.parse(payloadText) as unknown);
    } catch {
      return undefined;
    }
  };
}

/** How a target is named in lists and the audit log: `image:12`, `transcription:<uuid>`. */
export const targetName = (target: JobTarget | undefined): string | null =>
  target === undefined || !('id' in target) ? null : `${target.type}:${target.id}`;
