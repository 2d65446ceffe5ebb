import { setTimeout as sleep } from 'node:timers/promises';
import type SqliteDatabase from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SelectQueryNode,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import { monotonicMs } from '../../shared/clock.js';

/** How long a statement waits for another connection's lock before failing with SQLITE_BUSY. */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;
/** How long a write keeps asking for the write lock without waiting, before it waits as SQLite does. */
const LOCK_PATIENCE_MS = 5_000;
export const BUSY = Symbol('busy');

// SQLite applies "pragma busy_timeout" when it compiles it, so a statement prepared once answers the new
// value but changes nothing when run again; exec compiles it each time, at a fifth of db.pragma's cost.
const BUSY_TIMEOUT_NONE = 'pragma busy_timeout = 0';
const BUSY_TIMEOUT_USUAL = `pragma busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`;

/**
 * Runs `attempt` (something that may need the write lock): while `patient`, without SQLite's busy wait, so BUSY
 * at once if another connection holds the lock. That wait sleeps in the calling thread: with busy_timeout it
 * would stop the event loop, every request of the process, for as long as another process writes.
 */
export function withoutWaiting<T>(
  sqlite: SqliteDatabase.Database,
  patient: boolean,
  attempt: () => T,
): T | typeof BUSY {
  if (!patient) return attempt();
  sqlite.exec(BUSY_TIMEOUT_NONE);
  try {
    return attempt();
  } catch (error) {
    if ((error as { code?: unknown }).code === 'SQLITE_BUSY') return BUSY;
    throw error;
  } finally {
    sqlite.exec(BUSY_TIMEOUT_USUAL);
  }
}

/**
 * Tries `attempt` until it is not BUSY, with a pause of 1 to 16 ms between tries in which the process serves its
 * other requests. `patient` tells it to ask for the lock without waiting (withoutWaiting): for LOCK_PATIENCE_MS,
 * after which SQLite's own wait decides, up to its busy_timeout.
 */
export async function whenLockFree<T>(attempt: (patient: boolean) => Promise<T | typeof BUSY>): Promise<T> {
  const deadline = monotonicMs() + LOCK_PATIENCE_MS;
  for (let pause = 0; ; pause = Math.min(pause * 2 || 1, 16)) {
    const outcome = await attempt(monotonicMs() < deadline);
    if (outcome !== BUSY) return outcome;
    await sleep(pause);
  }
}

/**
 * Kysely's SQLite dialect, whose statements that may write wait for another process's write lock without
 * stopping the event loop: asked for without waiting, and asked again after a pause in which the process
 * serves its other requests. Its queries wait meanwhile, as they would for any statement on the one
 * connection. After LOCK_PATIENCE_MS the statement waits as SQLite does, up to its busy_timeout.
 * Reads (SELECT) go straight through: in WAL mode they never wait for a writer.
 */
export class PatientSqliteDialect extends SqliteDialect {
  constructor(
    private readonly config: SqliteDialectConfig,
    private readonly sqlite: SqliteDatabase.Database,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new PatientSqliteDriver(this.config, this.sqlite);
  }
}

class PatientSqliteDriver extends SqliteDriver {
  private patient: DatabaseConnection | undefined;

  constructor(
    config: SqliteDialectConfig,
    private readonly sqlite: SqliteDatabase.Database,
  ) {
    super(config);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    this.patient ??= {
      executeQuery: <R>(query: CompiledQuery) => this.execute<R>(connection, query),
      streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => connection.streamQuery<R>(query, chunkSize),
    };
    return this.patient;
  }

  /**
   * SQLite ends a transaction itself on some errors (SQLITE_FULL, an I/O error): then nothing is left to roll
   * back, and a "no transaction is active" would hide the error that ended it (a full disk became a bare 500).
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.sqlite.inTransaction) await super.rollbackTransaction(connection);
  }

  private execute<R>(connection: DatabaseConnection, query: CompiledQuery): Promise<QueryResult<R>> {
    if (SelectQueryNode.is(query.query)) return connection.executeQuery<R>(query);
    // The SQLite connection runs the statement before executeQuery returns (or throws): a busy one did nothing.
    return whenLockFree(async (patient) =>
      withoutWaiting(this.sqlite, patient, () => connection.executeQuery<R>(query)),
    );
  }
}
