import { z } from 'zod';
import { changedWhile, defineRecordKind } from '../../jobs/record-kind.js';
import type { Db } from '../../storage/db/database.js';
import type { ImageRow, MediaStatus, VideoRow } from '../../storage/db/schema.js';
import type { WorkKind } from '../credits/credits.service.js';

const OPEN: readonly MediaStatus[] = ['pending'];

/**
 * Images and videos (both kinds of video) are records of one shape: pending until their job completes them;
 * failing gives back what they held and says 0; a retry holds again what the failure gave back.
 */
export function mediaRecordKind<const Kind extends string, P, R extends ImageRow | VideoRow>(spec: {
  kind: Kind;
  payload: z.ZodType<P>;
  type: 'image' | 'video';
  field: string;
  idOf(payload: P): number;
  find(id: number, db: Db): Promise<R | undefined>;
}) {
  const table = spec.type === 'image' ? 'images' : 'videos';
  const creditKind: WorkKind = spec.type;
  return defineRecordKind({
    kind: spec.kind,
    payload: spec.payload,
    type: spec.type,
    table,
    target: { field: spec.field, id: z.number().int() },
    openStatuses: OPEN,
    failedKeepsCredits: false,
    idOf: spec.idOf,
    find: spec.find,
    held: (row: R) => ({
      accountId: row.account_id,
      amount: row.credits,
      kind: creditKind,
      reference: `${spec.type}:${row.id}`,
    }),
    fail: (row: R, reason: string, at: string, trx: Db) =>
      changedWhile(
        trx.updateTable(table).set({ status: 'failed', error: reason, credits: 0, updated_at: at }),
        row.id,
        OPEN,
      ),
    reopen: (row: R, credits: number, at: string, trx: Db) =>
      changedWhile(trx.updateTable(table).set({ status: 'pending', error: null, credits, updated_at: at }), row.id, [
        'failed',
      ]),
  });
}
