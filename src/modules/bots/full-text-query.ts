import { type RawBuilder, sql } from 'kysely';
import { BOT_CHUNKS_TEXT_SEARCH_CONFIG } from '../../storage/db/schema.js';

/**
 * Search terms (words of a question) as each engine's full-text query. Neither can be a syntax error,
 * whatever the words hold: user text never reaches either query language as syntax.
 */

/** FTS5: every term quoted (so `"`, `*`, `NEAR(`, `AND`, `col:` are plain words), OR-ed. */
export function fts5Match(terms: readonly string[]): string {
  return terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(' OR ');
}

/** The text search configuration, as a literal: an expression index is only used by the same expression. */
const CONFIG = sql.raw(`'${BOT_CHUNKS_TEXT_SEARCH_CONFIG}'`);

/** PostgreSQL: the chunk text's search vector, as the GIN index of migration 0005 holds it. */
export const postgresDocumentVector = (column: RawBuilder<unknown>) => sql`to_tsvector(${CONFIG}, ${column})`;

/** PostgreSQL: each term a bound parameter through plainto_tsquery (which takes any text), OR-ed with `||`. */
export function postgresQuery(terms: readonly string[]): RawBuilder<unknown> {
  return sql.join(
    terms.map((term) => sql`plainto_tsquery(${CONFIG}, ${term})`),
    sql` || `,
  );
}
