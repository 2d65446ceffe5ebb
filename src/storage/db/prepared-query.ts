import { type Compilable, CompiledQuery } from 'kysely';
import { type Db, dialectOf } from './database.js';
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
 * binds new values by name and goes straight to `trx`'s connection: Kysely's compiling took longer than SQLite
 * took to run the statement (a chat completion's reserve and settle). `build` gets `slot(name)` to put where a
 * value goes. Meant for a transaction the caller holds (a WriteBatcher unit, db.transaction()).
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
  // What NulFreeTextPlugin does to the values of the queries it compiles on PostgreSQL.
  const clean = dialectOf(db) === 'postgres' ? withoutNul : (value: Value) => value;
  const run = async (trx: Db, values: V): Promise<PreparedResult<R>> => {
    const result = await trx.executeQuery<R>(CompiledQuery.raw(compiled.sql, bind(values).map(clean)));
    return { rows: result.rows, changes: Number(result.numAffectedRows ?? BigInt(result.rows.length)) };
  };
  return { run, first: async (trx, values) => (await run(trx, values)).rows[0] };
}
