import { sql } from 'kysely';
import type { Db } from './database.js';

type Work<T> = (trx: Db) => Promise<T>;
interface Pending {
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: write units that arrive while a commit is under way share the next transaction, each
 * inside its own savepoint so that one failing unit is rolled back alone. A caller's promise settles
 * only after the commit that holds its unit, so nothing is acknowledged before it is durable.
 * Measured here: one SQLite commit per request cost ~100 us of a ~120 us generate request.
 */
export class WriteBatcher {
  private queue: Pending[] = [];
  private flushing = false;

  constructor(
    private readonly db: Db,
    private readonly maxBatch = 64,
  ) {}

  run<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
      try {
        await this.db.transaction().execute(async (trx) => {
          for (const item of batch) {
            await sql`savepoint batch_unit`.execute(trx);
            try {
              outcomes.push({ ok: true, value: await item.work(trx) });
              await sql`release savepoint batch_unit`.execute(trx);
            } catch (error) {
              await sql`rollback to savepoint batch_unit`.execute(trx);
              await sql`release savepoint batch_unit`.execute(trx);
              outcomes.push({ ok: false, error });
            }
          }
        });
      } catch (error) {
        for (const item of batch) item.reject(error);
        continue;
      }
      batch.forEach((item, i) => {
        const outcome = outcomes[i];
        if (outcome?.ok) item.resolve(outcome.value);
        else item.reject(outcome?.error);
      });
    }
    this.flushing = false;
  }
}
