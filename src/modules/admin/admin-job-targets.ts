import { RECORD_KINDS } from '../../job-kinds.js';
import { NOOP_JOB } from '../../jobs/noop-jobs.js';
import type { RecordTarget } from '../../jobs/record-kind.js';

/** The record a job makes or works on, named from its payload; `none` for jobs that make no record (noop). */
export type JobTarget = RecordTarget | { type: 'none' };

const NONE: JobTarget = { type: 'none' };
const KINDS = new Map<string, (typeof RECORD_KINDS)[number]>(RECORD_KINDS.map((records) => [records.kind, records]));

/** Undefined when the kind is unknown or the payload names nothing readable. Only ids are read of a payload. */
export function targetOf(kind: string, payloadText: string): JobTarget | undefined {
  if (kind === NOOP_JOB) return NONE;
  const records = KINDS.get(kind);
  if (!records) return undefined;
  try {
    return records.targetOf(JSON.parse(payloadText) as unknown);
  } catch {
    return undefined;
  }
}

/** How a target is named in lists and the audit log: `image:12`, `transcription:<uuid>`. */
export const targetName = (target: JobTarget | undefined): string | null =>
  target === undefined || !('id' in target) ? null : `${target.type}:${target.id}`;
