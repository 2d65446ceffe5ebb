import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Column types as each engine needs them, so one migration builds the same tables on both. On SQLite
 * these are exactly what the migrations always wrote. On PostgreSQL: BIGINT for integers (SQLite's
 * INTEGER holds 64 bits; the pool reads BIGINT back as a number), DOUBLE PRECISION for REAL (PostgreSQL's
 * REAL is 4 bytes), BYTEA for BLOB.
 */
export function columnTypes(db: Kysely<unknown>) {
  const postgres = dialectOf(db) === 'postgres';
  return {
    postgres,
    integer: postgres ? ('bigint' as const) : ('integer' as const),
    real: postgres ? ('double precision' as const) : ('real' as const),
    blob: postgres ? ('bytea' as const) : ('blob' as const),
    /**
     * A generated integer key. SQLite: INTEGER PRIMARY KEY (the rowid), with AUTOINCREMENT when an id must
     * never be reused. PostgreSQL: a BIGINT identity, whose sequence never reuses an id; "by default" so an
     * import can keep the ids it copies.
     */
    generatedKey:
      (neverReused: boolean) =>
      (column: ColumnDefinitionBuilder): ColumnDefinitionBuilder => {
        if (postgres) return column.primaryKey().generatedByDefaultAsIdentity();
        return neverReused ? column.primaryKey().autoIncrement() : column.primaryKey();
      },
  };
}
