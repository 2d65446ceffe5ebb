import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../../shared/clock.js';
import { isoNow, monotonicMs } from '../../shared/clock.js';
import type { Db } from '../../storage/db/database.js';

export type Claim =
  /** The key is ours: run the request, then `finish` or `abandon`. */
  | { kind: 'proceed' }
  | { kind: 'replay'; statusCode: number; response: string }
  /** The key was used for a different request. */
  | { kind: 'mismatch' }
  /** The first request with this key is still running after the wait. */
  | { kind: 'busy' };

const DAY_MS = 24 * 60 * 60 * 1000;
/** A claim older than this whose request never finished belongs to a process that died. */
const ABANDONED_MS = 10 * 60 * 1000;

/**
 * Idempotency keys (per account): the first request with a key claims it with an insert that only one
 * request can win; duplicates wait for its answer and get the same one. Kept for 24 hours.
 */
export class IdempotencyService {
  private claims = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly waitMs: number,
  ) {}

  async claim(accountId: string, key: string, fingerprint: string): Promise<Claim> {
    if (++this.claims % 1_000 === 0) await this.purgeExpired();
    const started = monotonicMs();
    for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
      const now = this.clock.now().getTime();
      const inserted = await this.db
        .insertInto('idempotency_keys')
        .values({
          account_id: accountId,
          key,
          fingerprint,
          status_code: null,
          response: null,
          created_at: isoNow(this.clock),
        })
        .onConflict((oc) => oc.columns(['account_id', 'key']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return { kind: 'proceed' };

      const row = await this.db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('key', '=', key)
        .executeTakeFirst();
      if (!row) continue;
      const age = now - new Date(row.created_at).getTime();
      if (age > DAY_MS || (row.status_code === null && age > ABANDONED_MS)) {
        await this.release(accountId, key, row.created_at);
        continue;
      }
      if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
      if (row.status_code !== null && row.response !== null)
        return { kind: 'replay', statusCode: row.status_code, response: row.response };
      if (monotonicMs() - started >= this.waitMs) return { kind: 'busy' };
      await sleep(pause);
    }
  }

  async finish(accountId: string, key: string, statusCode: number, response: string): Promise<void> {
    await this.db
      .updateTable('idempotency_keys')
      .set({ status_code: statusCode, response })
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .execute();
  }

  /** The request failed without doing anything paid: the key is free for a retry. */
  async abandon(accountId: string, key: string): Promise<void> {
    await this.db
      .deleteFrom('idempotency_keys')
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .where('status_code', 'is', null)
      .execute();
  }

  private async release(accountId: string, key: string, createdAt: string): Promise<void> {
    await this.db
      .deleteFrom('idempotency_keys')
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .where('created_at', '=', createdAt)
      .execute();
  }

  private async purgeExpired(): Promise<void> {
    const cutoff = new Date(this.clock.now().getTime() - DAY_MS).toISOString();
    await this.db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).execute();
  }
}
