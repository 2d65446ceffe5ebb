import { z } from 'zod';
import type { JobKind } from '../../jobs/job-kinds.js';
import type { WorkKind } from '../credits/credits.service.js';

/** The record a job makes or works on, named from its payload; `none` for jobs that make no record (noop). */
export type JobTarget =
  | { type: 'image'; id: number }
  | { type: 'video'; id: number }
  | { type: 'transcription'; id: string }
  | { type: 'webhook_delivery'; id: string }
  | { type: 'none' };

/** What each job kind's payload names. Only ids are read: nothing else of a payload is ever shown. */
const TARGETS: Record<JobKind, (payload: unknown) => JobTarget | undefined> = {
  'image.generate': (p) => idOf(p, 'imageId', z.number().int(), (id) => ({ type: 'image', id })),
  'video.generate': (p) => idOf(p, 'videoId', z.number().int(), (id) => ({ type: 'video', id })),
  'video.talking': (p) => idOf(p, 'videoId', z.number().int(), (id) => ({ type: 'video', id })),
  'transcription.process': (p) =>
    idOf(p, 'transcriptionId', z.string().min(1).max(100), (id) => ({ type: 'transcription', id })),
  'webhook.deliver': (p) =>
    idOf(p, 'deliveryId', z.string().min(1).max(100), (id) => ({ type: 'webhook_delivery', id })),
  noop: () => ({ type: 'none' }),
};

function idOf<T>(
  payload: unknown,
  field: string,
  schema: z.ZodType<T>,
  target: (id: T) => JobTarget,
): JobTarget | undefined {
  const parsed = z.object({ [field]: schema }).safeParse(payload);
  return parsed.success ? target(parsed.data[field] as T) : undefined;
}

/** Undefined when the kind is unknown or the payload names nothing readable. */
export function targetOf(kind: string, payloadText: string): JobTarget | undefined {
  const read = TARGETS[kind as JobKind];
  if (!read) return undefined;
  try {
    return read(JSON.parse(payloadText) as unknown);
  } catch {
    return undefined;
  }
}

/** How a target is named in lists and the audit log: `image:12`, `transcription:<uuid>`. */
export const targetName = (target: JobTarget | undefined): string | null =>
  target === undefined || target.type === 'none' ? null : `${target.type}:${target.id}`;

/** The credits a record holds: charged and refunded under this ledger kind and reference (as the jobs do). */
export function creditsOf(target: JobTarget): { kind: WorkKind; reference: string } | undefined {
  switch (target.type) {
    case 'image':
      return { kind: 'image', reference: `image:${target.id}` };
    case 'video':
      return { kind: 'video', reference: `video:${target.id}` };
    case 'transcription':
      return { kind: 'transcription', reference: target.id };
    default:
      return undefined;
  }
}
