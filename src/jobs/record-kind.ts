import { type Selectable, type UpdateQueryBuilder, type UpdateResult, sql } from 'kysely';
import { type ZodType, z } from 'zod';
import type { Db } from '../storage/db/database.js';
import type { Database } from '../storage/db/schema.js';

export type RecordOutcome = 'completed' | 'failed';

/** What every record made by a job has: an id, an owner, a status. */
export interface RecordRow {
  id: string | number;
  account_id: string;
  status: string;
}

/** The tables whose rows can be records made by jobs. */
export type RecordTable = {
  [T in keyof Database]: Selectable<Database[T]> extends RecordRow ? T : never;
}[keyof Database];

/** Credits as the ledger names them: charged under this kind and reference, refunded under the same. */
export interface CreditHold<K extends string = string> {
  accountId: string;
  amount: number;
  kind: K;
  reference: string;
}

/** What records made by jobs need of the credits module (CreditsService; app.ts wires it): a refund, once. */
export interface RecordCredits<K extends string = string> {
  refund(refund: CreditHold<K>, trx?: Db): Promise<void>;
}

/** A notice (webhook) sent in the transaction that changes the record it is about. */
export interface RecordNotice {
  accountId: string;
  subject: string;
  event: string;
  url: string;
  payload: unknown;
}

/** What records made by jobs need of the webhooks module (WebhooksService; app.ts wires it). */
export interface RecordNotices {
  enqueue(notice: RecordNotice, trx: Db): Promise<void>;
}

/**
 * One kind of record made by jobs (an image, a video, a transcription, a webhook delivery), defined once: its
 * job kind, payload, record and credits, and how it fails and reopens. The worker (JobRecordLifecycle), the list
 * of job kinds and the admin job area read it; its own work (`run`, `complete`) is added by its module.
 */
export interface RecordKindDefinition<P, R extends RecordRow, K extends string = string> {
  /** Its job's kind. */
  readonly kind: string;
  readonly payload: ZodType<P>;
  /** How the record is named (`image` in `image:12`) and where it lives. */
  readonly type: string;
  readonly table: RecordTable;
  /** The payload's field that names the record and its schema: all the admin area ever reads of a payload. */
  readonly target: { field: string; id: ZodType<R['id']> };
  /** The statuses of a record still to be worked on: only such a record runs, or fails and is refunded. */
  readonly openStatuses: readonly R['status'][];
  /** True when a failed record still says what it held (transcriptions); false when failing sets it to 0. */
  readonly failedKeepsCredits: boolean;
  idOf(payload: P): R['id'];
  find(id: R['id'], db: Db): Promise<R | undefined>;
  /** The credits the record holds; undefined for records that hold none (webhook deliveries). */
  held?(record: R): CreditHold<K>;
  /** Only an open record fails (a conditional update): true once however often it is called, so its refund happens once. */
  fail(record: R, reason: string, at: string, trx: Db): Promise<boolean>;
  /** Only a failed record goes back to pending, holding `credits` again. */
  reopen(record: R, credits: number, at: string, trx: Db): Promise<boolean>;
  /** The notice (webhook) of a completed or failed record, in the transaction that changes it. */
  notify?(record: R, outcome: RecordOutcome, trx: Db, notices: RecordNotices): Promise<void>;
}

/** Whatever its kind, a record a job's payload names, as the admin area reads it. */
export interface RecordTarget {
  readonly type: string;
  readonly table: RecordTable;
  readonly id: string | number;
  load(db: Db): Promise<TargetRecord | undefined>;
}

/** A record as the admin area changes it: given up (cancel) or reopened (retry), as its kind does. */
export interface TargetRecord {
  readonly accountId: string;
  readonly status: string;
  /** What it holds now, under the ledger's kind and reference; undefined for records that hold no credits. */
  readonly held: CreditHold | undefined;
  giveUp(reason: string, at: string, trx: Db, ports: RecordPorts): Promise<number | undefined>;
  /** Back to pending holding what it held again, `recharged` being what a retry took back from the account. */
  reopen(recharged: number, at: string, trx: Db): Promise<boolean>;
}

/** The credits and webhooks modules, as records given up need them; app.ts wires them. */
export interface RecordPorts<K extends string = string> {
  credits: RecordCredits<K>;
  /** Needed by kinds that send notices (`notify`). */
  notices?: RecordNotices | undefined;
}

export type DefinedRecordKind<Kind extends string, P, R extends RecordRow, K extends string> = RecordKindDefinition<
  P,
  R,
  K
> & {
  kind: Kind;
  /** The record a payload names, reading only its id; undefined when the payload names none. */
  targetOf(payload: unknown): RecordTarget | undefined;
};

/** A definition with its job kind kept as a literal (the list of kinds types the worker's handlers), readable by any. */
export function defineRecordKind<const Kind extends string, P, R extends RecordRow, K extends string>(
  kind: RecordKindDefinition<P, R, K> & { kind: Kind },
): DefinedRecordKind<Kind, P, R, K> {
  const idSchema = z.object({ [kind.target.field]: kind.target.id });
  const recordOf = (record: R): TargetRecord => ({
    accountId: record.account_id,
    status: record.status,
    held: kind.held?.(record),
    giveUp: (reason, at, trx, ports) => giveUpRecord(kind, record, reason, at, trx, ports),
    reopen: (recharged, at, trx) =>
      kind.reopen(record, kind.failedKeepsCredits ? (kind.held?.(record).amount ?? 0) : recharged, at, trx),
  });
  return {
    ...kind,
    targetOf(payload) {
      const parsed = idSchema.safeParse(payload);
      if (!parsed.success) return undefined;
      const id: R['id'] = kind.target.id.parse(parsed.data[kind.target.field]);
      return {
        type: kind.type,
        table: kind.table,
        id,
        load: async (db) => {
          const record = await kind.find(id, db);
          return record && recordOf(record);
        },
      };
    },
  };
}

export const isOpen = (kind: { openStatuses: readonly string[] }, record: RecordRow): boolean =>
  kind.openStatuses.includes(record.status);

/**
 * A record given up (its job failed for good, or an administrator cancelled it): the record fails with the
 * reason, its credits come back and its notice goes out, in the caller's transaction, once. The amount
 * refunded; undefined when the record was no longer open.
 */
export async function giveUpRecord<P, R extends RecordRow, K extends string>(
  kind: RecordKindDefinition<P, R, K>,
  record: R,
  reason: string,
  at: string,
  trx: Db,
  ports: RecordPorts<K>,
): Promise<number | undefined> {
  if (!(await kind.fail(record, reason, at, trx))) return undefined;
  const held = kind.held?.(record);
  if (held) await ports.credits.refund(held, trx);
  if (kind.notify) await kind.notify(record, 'failed', trx, noticesOf(kind, ports.notices));
  return held?.amount ?? 0;
}

export function noticesOf(kind: { kind: string }, notices: RecordNotices | undefined): RecordNotices {
  if (!notices) throw new Error(`The ${kind.kind} records send notices: give them the webhooks`);
  return notices;
}

/**
 * Runs `update` on the record only while its status is one of `from`, as `fail` (from the open statuses) and
 * `reopen` (from failed) do: true when it changed, so what follows (a refund, a charge) happens once.
 */
export async function changedWhile<DB, UT extends keyof DB, TB extends keyof DB>(
  update: UpdateQueryBuilder<DB, UT, TB, UpdateResult>,
  id: string | number,
  from: readonly string[],
): Promise<boolean> {
  const result = await update.where(sql.ref('id'), '=', id).where(sql.ref('status'), 'in', from).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
