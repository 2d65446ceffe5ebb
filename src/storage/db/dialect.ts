import { PostgresAdapter, type QueryExecutor } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/** Anything that runs queries (a database, a transaction, a migration's handle). */
export interface HasExecutor {
  getExecutor(): QueryExecutor;
}

/** Which engine a database (or a transaction of it) runs on, for the few statements that differ. */
export function dialectOf(db: HasExecutor): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
