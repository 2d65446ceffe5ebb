import { type RawBuilder, sql } from 'kysely';
import { BOT_CHUNKS_TEXT_SEARCH_CONFIG } from '../../storage/db/schema.js';

/**
 * Search terms (words of a question) as each engine's full-text query. Neither can be a syntax error,
 * whatever the words hold: user text never reaches either query language as syntax.
 */

const fts5String = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** FTS5: every term quoted (so `"`, `*`, `NEAR(`, `AND`, `col:` are plain words), OR-ed. */
export function fts5Match(terms: readonly string[]): string {
  return terms.map(fts5String).join(' OR ');
}

/**
 * FTS5: the terms in the text of one bot's chunks. The bot is a column of the index (migration 0019), so the match
 * starts from that bot's chunks rather than from every bot's that share a word.
 */
export function fts5BotMatch(botId: string, terms: readonly string[]): string {
  return `bot_id : ${fts5String(botId)} AND text : (${fts5Match(terms)})`;
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
