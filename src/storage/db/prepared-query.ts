import type SqliteDatabase from 'better-sqlite3';
import { type Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database.js';
import { sqliteConnectionOf } from './hot-read.js';
import { withoutNul } from './nul-free-text.js';

type Value = string | number | null;
type Values = Record<string, Value>;

/** Stands for a value in the query being built; replaced by the value of that name at each run. */
const SLOT = 'atelier-prepared-query-slot:';

/** What a run changed and, for a query with RETURNING or a SELECT, its rows. */
export interface PreparedResult<R> {
  rows: R[];
  changes: number;
}

export interface PreparedQuery<V extends Values, R> {
  run(trx: Db, values: V): Promise<PreparedResult<R>>;
  first(trx: Db, values: V): Promise<R | undefined>;
}

/**
 * A query of a hot write path, built once with Kysely and compiled once for the database's dialect; each run
 * binds new values by name. `build` gets `slot(name)` to put where a value goes. On SQLite it runs on the
 * connection itself, synchronously: Kysely's compiling and connection pipeline took longer than SQLite took
 * to run the statement (a chat completion's reserve and settle: ~300 µs through Kysely, ~140 µs here, each
 * on its own commit). On PostgreSQL it runs through Kysely on `trx`, only not compiled again.
 *
 * Only in a transaction the caller holds (a WriteBatcher unit, db.transaction()): on SQLite, holding Kysely's
 * one connection is what keeps the statement out of another flow's open transaction.
 */
export function preparedQuery<V extends Values, R = never>(
  db: Db,
  // `never` fits wherever the builder expects a value of a column's type; the slot is swapped before any run.
  build: (db: Db, slot: (name: keyof V & string) => never) => Compilable<R>,
): PreparedQuery<V, R> {
  const compiled = build(db, (name) => `${SLOT}${name}` as never).compile();
  const names = compiled.parameters.map((parameter) => {
    if (typeof parameter !== 'string' || !parameter.startsWith(SLOT))
      throw new Error(`preparedQuery: every value must be a slot, found ${String(parameter)} in ${compiled.sql}`);
    return parameter.slice(SLOT.length);
  });
  const bind = (values: V) => names.map((name) => values[name] ?? null);
  const sqlite = sqliteConnectionOf(db);
  const run = sqlite ? onSqlite<V, R>(sqlite, compiled.sql, bind) : onKysely<V, R>(compiled.sql, bind);
  return { run, first: async (trx, values) => (await run(trx, values)).rows[0] };
}

function onSqlite<V extends Values, R>(sqlite: SqliteDatabase.Database, sql: string, bind: (values: V) => Value[]) {
  let statement: SqliteDatabase.Statement<Value[], R> | undefined;
  return async (_trx: Db, values: V): Promise<PreparedResult<R>> => {
    if (!sqlite.inTransaction) throw new Error('preparedQuery: run outside a transaction');
    statement ??= sqlite.prepare<Value[], R>(sql);
    if (statement.reader) {
      const rows = statement.all(...bind(values));
      return { rows, changes: rows.length };
    }
    return { rows: [], changes: statement.run(...bind(values)).changes };
  };
}

function onKysely<V extends Values, R>(sql: string, bind: (values: V) => Value[]) {
  return async (trx: Db, values: V): Promise<PreparedResult<R>> => {
    // What NulFreeTextPlugin does to the values of the queries it compiles.
    const result = await trx.executeQuery<R>(CompiledQuery.raw(sql, bind(values).map(withoutNul)));
    return { rows: result.rows, changes: Number(result.numAffectedRows ?? BigInt(result.rows.length)) };
  };
}
