import type SqliteDatabase from 'better-sqlite3';

const STATEMENT_CACHE_SIZE = 256;

type Prepare = (sql: string) => SqliteDatabase.Statement;

/** One cache per connection, whoever asks: the writer's connection serves both its writes and idle-time reads. */
const caches = new WeakMap<SqliteDatabase.Database, Prepare>();

/**
 * `sql` prepared on `sqlite`, from a small cache by SQL text: Kysely prepares every query anew, and compiling the
 * SQL was the largest single cost of a request. Queries are built from fixed shapes, so the cache serves nearly all.
 */
export function statementCache(sqlite: SqliteDatabase.Database): Prepare {
  let prepare = caches.get(sqlite);
  if (!prepare) {
    prepare = cacheFor(sqlite);
    caches.set(sqlite, prepare);
  }
  return prepare;
}

function cacheFor(sqlite: SqliteDatabase.Database): Prepare {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return (sql) => {
    let statement = cache.get(sql);
    if (!statement) {
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      statement = sqlite.prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  };
}
