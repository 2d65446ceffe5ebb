import type SqliteDatabase from 'better-sqlite3';
import type { SqliteReads } from './sqlite-reads.js';

/** Where the reads of each Kysely instance that openSqlite made run; none for PostgreSQL. */
const readsOf = new WeakMap<object, SqliteReads>();

/** Called by openSqlite: `db` reads through `reads`. */
export function registerSqliteReads(db: object, reads: SqliteReads): void {
  readsOf.set(db, reads);
}

/** The reading SQLite connection under a Kysely instance openSqlite made; undefined on PostgreSQL. */
export function sqliteConnectionOf(db: object): SqliteDatabase.Database | undefined {
  return readsOf.get(db)?.reader;
}

/** What HotRead.get answers while a transaction is open on the connection. */
export const busy = Symbol('busy');

/** One of the hottest reads, as a statement prepared once on the SQLite connection itself. */
export interface HotRead {
  /**
   * The first row's values in the order of the statement's columns, or undefined when there is none;
   * `busy` while a transaction is open on the connection (its rows are not committed yet and may be rolled
   * back): ask through Kysely then, which waits for that transaction to end.
   */
  get(...parameters: (string | number)[]): unknown[] | undefined | typeof busy;
}

/**
 * A read by key for a request path that pays for every microsecond (GET /api/get-image), on SQLite: the
 * statement is prepared on first use and run synchronously, bypassing Kysely's query pipeline and
 * connection mutex, and returns arrays instead of objects (better-sqlite3 builds an object of named
 * columns per row, which took as long as the read itself). Undefined on PostgreSQL: use Kysely there.
 * Only for single statements outside transactions: a statement on its own is atomic in SQLite.
 */
export function hotRead(db: object, sql: string): HotRead | undefined {
  const get = onConnection(
    db,
    sql,
    { raw: true },
    (statement, parameters) => statement.get(...parameters) as unknown[] | undefined,
  );
  return get && { get };
}

/** A hot read whose rows come as objects by column name, as Kysely's do on SQLite. */
export interface HotRows<T> {
  /** Every row; `busy` while a transaction is open on the connection (ask through Kysely then, as for HotRead). */
  all(...parameters: (string | number)[]): T[] | typeof busy;
}

/**
 * hotRead for a query whose answer is read by name (a bot by its address, a bot's best passages): the same
 * statement prepared once and run on the connection itself, bypassing Kysely's pipeline. Undefined on PostgreSQL.
 */
export function hotRows<T>(db: object, sql: string): HotRows<T> | undefined {
  const all = onConnection(db, sql, { raw: false }, (statement, parameters) => statement.all(...parameters) as T[]);
  return all && { all };
}

type SqlParameters = (string | number)[];

/**
 * `run` on `sql`'s statement, prepared on first use on each connection SqliteReads picks under `db` (answering rows
 * as arrays when `raw`); `busy` while a transaction is open there. Undefined on PostgreSQL.
 */
function onConnection<R>(
  db: object,
  sql: string,
  { raw }: { raw: boolean },
  run: (statement: SqliteDatabase.Statement<unknown[]>, parameters: SqlParameters) => R,
): ((...parameters: SqlParameters) => R | typeof busy) | undefined {
  const reads = readsOf.get(db);
  if (!reads) return undefined;
  const statements = new WeakMap<SqliteDatabase.Database, SqliteDatabase.Statement<unknown[]>>();
  return (...parameters) =>
    reads.run((sqlite) => {
      if (sqlite.inTransaction) return busy;
      let statement = statements.get(sqlite);
      if (!statement) {
        statement = sqlite.prepare<unknown[]>(sql).raw(raw);
        statements.set(sqlite, statement);
      }
      return run(statement, parameters);
    });
}
