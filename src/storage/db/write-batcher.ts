import type SqliteDatabase from 'better-sqlite3';
import type { Db } from './database.js';
import { sqliteConnectionOf } from './hot-read.js';
import { BUSY, whenLockFree, withoutWaiting } from './patient-sqlite.js';

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
  /** Present on SQLite only, where units are grouped. */
  private readonly control: TransactionControl | undefined;

  constructor(
    private readonly db: Db,
    private readonly maxBatch = 64,
  ) {
    const connection = sqliteConnectionOf(db);
    this.control = connection && transactionControl(connection);
  }

  run<T>(work: Work<T>): Promise<T> {
    const control = this.control;
    if (!control) return this.db.transaction().execute(work);
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => void this.flush(control));
      }
    });
  }

  private async flush(control: TransactionControl): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      const results = await this.runTogether(control, batch);
      if (results) for (const [i, item] of batch.entries()) item.resolve(results[i]);
      else for (const item of batch) await this.runAlone(control, item);
    }
    this.flushing = false;
  }

  private async runTogether(control: TransactionControl, batch: Pending[]): Promise<unknown[] | undefined> {
    if (batch.length === 1) return undefined;
    try {
      return await this.transaction(control, async (trx) => {
        const results: unknown[] = [];
        for (const item of batch) results.push(await item.work(trx));
        return results;
      });
    } catch {
      return undefined;
    }
  }

  private async runAlone(control: TransactionControl, item: Pending): Promise<void> {
    try {
      item.resolve(await this.transaction(control, item.work));
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
   * BEGIN, COMMIT and the busy_timeout switches run on the connection itself while Kysely's connection is
   * held: through Kysely's pipeline these four statements cost more than the writes they wrapped.
   */
  private transaction<T>(control: TransactionControl, work: Work<T>): Promise<T> {
    return whenLockFree((patient) =>
      this.db.connection().execute(async (conn) => {
        if (withoutWaiting(control.sqlite, patient, () => control.begin.run()) === BUSY) return BUSY;
        try {
          const value = await work(conn);
          control.commit.run();
          return value;
        } catch (error) {
          if (control.sqlite.inTransaction) control.rollback.run();
          throw error;
        }
      }),
    );
  }
}

type TransactionControl = ReturnType<typeof transactionControl>;

/** The statements that open and close a batch's transaction, prepared once on the SQLite connection. */
function transactionControl(sqlite: SqliteDatabase.Database) {
  return {
    sqlite,
    begin: sqlite.prepare('begin immediate'),
    commit: sqlite.prepare('commit'),
    rollback: sqlite.prepare('rollback'),
  };
}
