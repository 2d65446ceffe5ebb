import { type Db, dialectOf } from './database.js';

type Work<T> = (trx: Db) => Promise<T>;

interface Pending {
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: write units that arrive while a commit is under way share the next transaction. A caller's
 * promise settles only after the commit that holds its unit, so nothing is acknowledged before it is stored.
 * If a unit fails, the shared transaction is rolled back and each unit of that batch runs again in a
 * transaction of its own, so a failure never takes others with it (units only touch the database, which
 * makes running them again safe). Measured here: one SQLite commit per write was most of a generate request.
 *
 * On PostgreSQL each unit is a transaction of its own on a pooled connection, run at once: the server
 * already flushes the commits of concurrent connections together, and a shared transaction would hold
 * the row locks of all its units until its commit, so batches of two processes could deadlock.
 */
export class WriteBatcher {
  private queue: Pending[] = [];
  private flushing = false;
  /** Units are grouped on SQLite only. */
  private readonly grouped: boolean;

  constructor(
    private readonly db: Db,
    private readonly maxBatch = 64,
  ) {
    this.grouped = dialectOf(db) === 'sqlite';
  }

  run<T>(work: Work<T>): Promise<T> {
    if (!this.grouped) return this.db.transaction().execute(work);
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
      const results = await this.runTogether(batch);
      if (results) for (const [i, item] of results.entries()) batch[i]?.resolve(item);
      else for (const item of batch) await this.runAlone(item);
    }
    this.flushing = false;
  }

  private async runTogether(batch: Pending[]): Promise<unknown[] | undefined> {
    if (batch.length === 1) return undefined;
    try {
      return await this.db.transaction().execute(async (trx) => {
        const results: unknown[] = [];
        for (const item of batch) results.push(await item.work(trx));
        return results;
      });
    } catch (error) {
      if (isLockTimeout(error)) {
        this.refuseAll(batch, error);
        return [];
      }
      return undefined;
    }
  }

  private async runAlone(item: Pending): Promise<void> {
    try {
      item.resolve(await this.db.transaction().execute(item.work));
    } catch (error) {
      if (isLockTimeout(error)) this.refuseAll([item], error);
      else item.reject(error);
    }
  }

  /**
   * The write lock did not come within the bound. Running each unit again would wait that long once more each, and
   * the units queued meanwhile waited through this attempt: all of them fail at once, having done nothing, rather
   * than wait the bound again (measured: units queued behind a refused one waited up to twice the bound).
   */
  private refuseAll(items: Pending[], error: unknown): void {
    for (const item of [...items, ...this.queue.splice(0)]) item.reject(error);
  }
}

const isLockTimeout = (error: unknown) => (error as { code?: unknown }).code === 'SQLITE_BUSY';
