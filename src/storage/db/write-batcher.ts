import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { type Db, SQLITE_BUSY_TIMEOUT_MS } from './database.js';
import { dialectOf } from './dialect.js';

type Work<T> = (trx: Db) => Promise<T>;

/** How long a batch keeps asking for the write lock before it fails as SQLite would have. */
const LOCK_PATIENCE_MS = 5_000;
const BUSY = Symbol('busy');
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
  private readonly grouping: boolean;

  constructor(
    private readonly db: Db,
    private readonly maxBatch = 64,
  ) {
    this.grouping = dialectOf(db) === 'sqlite';
  }

  run<T>(work: Work<T>): Promise<T> {
    if (!this.grouping) return this.db.transaction().execute(work);
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
      if (results) for (const [i, item] of batch.entries()) item.resolve(results[i]);
      else for (const item of batch) await this.runAlone(item);
    }
    this.flushing = false;
  }

  private async runTogether(batch: Pending[]): Promise<unknown[] | undefined> {
    if (batch.length === 1) return undefined;
    try {
      return await this.transaction(async (trx) => {
        const results: unknown[] = [];
        for (const item of batch) results.push(await item.work(trx));
        return results;
      });
    } catch {
      return undefined;
    }
  }

  private async runAlone(item: Pending): Promise<void> {
    try {
      item.resolve(await this.transaction(item.work));
    } catch (error) {
      item.reject(error);
    }
  }

  /**
   * One SQLite transaction that holds the write lock from its start (BEGIN IMMEDIATE). When another process
   * holds it (the HTTP processes of a cluster share the file), SQLite's own wait would block this process's
   * event loop for up to busy_timeout, in sleeps of 1 to 100 ms; instead the lock is asked for without
   * waiting, and asked again after a pause that lets this process serve requests (whose writes join the
   * next batch). Measured with two processes: the blocking wait halved the throughput of POST /api/generate.
   */
  private async transaction<T>(work: Work<T>): Promise<T> {
    const deadline = Date.now() + LOCK_PATIENCE_MS;
    for (let pause = 0; ; pause = Math.min(pause * 2 || 1, 16)) {
      const outcome = await this.db.connection().execute(async (conn) => {
        if (!(await this.beginImmediate(conn, Date.now() < deadline))) return BUSY;
        try {
          const value = await work(conn);
          await sql`commit`.execute(conn);
          return { value };
        } catch (error) {
          await sql`rollback`.execute(conn);
          throw error;
        }
      });
      if (outcome !== BUSY) return outcome.value;
      await sleep(pause);
    }
  }

  /** Takes the write lock; false if another connection holds it (unless `patient` is spent: then SQLite waits). */
  private async beginImmediate(conn: Db, patient: boolean): Promise<boolean> {
    if (!patient) {
      await sql`begin immediate`.execute(conn);
      return true;
    }
    await sql.raw('pragma busy_timeout = 0').execute(conn);
    try {
      await sql`begin immediate`.execute(conn);
      return true;
    } catch (error) {
      if ((error as { code?: unknown }).code === 'SQLITE_BUSY') return false;
      throw error;
    } finally {
      await sql.raw(`pragma busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`).execute(conn);
    }
  }
}
