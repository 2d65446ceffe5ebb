import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../../storage/db/database.js';

export interface Hit {
  /** Requests counted in the current window, this one included. */
  count: number;
  /** When the window ends (epoch milliseconds). */
  resetsAt: number;
}

/** Stand-ins compiled into the statement once, swapped for each call's values (plain values: plugins may rewrite others). */
const KEY = 'rate-limit-key-stand-in';
const RESETS_AT = -1;
const NOW = -2;

/** Request counters in the database, so every process behind one database counts against the same limit. */
export class RateLimitsRepo {
  /**
   * Every request runs this statement, and building and compiling it with Kysely cost more than the write
   * itself (about 90 of 150 µs on SQLite): it is compiled once, in the database's own dialect, and bound per call.
   */
  private readonly upsert: CompiledQuery;

  constructor(private readonly db: Db) {
    this.upsert = this.upsertQuery(KEY, RESETS_AT, NOW).compile();
    const found = [KEY, RESETS_AT, NOW].filter((standIn) => this.upsert.parameters.includes(standIn));
    if (found.length !== 3) throw new Error('The rate limit upsert did not compile with its stand-in values');
  }

  /**
   * Counts one request: a single upsert, atomic on both engines. A window that has ended starts over at 1
   * (ending `windowMs` from now); otherwise the count goes up by one and the window keeps its end.
   */
  async hit(key: string, windowMs: number, now: number): Promise<Hit> {
    const bound = this.upsert.parameters.map((p) =>
      p === KEY ? key : p === RESETS_AT ? now + windowMs : p === NOW ? now : p,
    );
    const { rows } = await this.db.executeQuery<{ count: number | string; resets_at: number | string }>(
      CompiledQuery.raw(this.upsert.sql, bound),
    );
    const row = rows[0];
    if (!row) throw new Error('The rate limit upsert returned no row');
    return { count: Number(row.count), resetsAt: Number(row.resets_at) };
  }

  /** Deletes the counters of windows that have ended; returns how many. */
  async purgeEnded(now: number): Promise<number> {
    const result = await this.db.deleteFrom('rate_limits').where('resets_at', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  private upsertQuery(key: string, resetsAt: number, now: number) {
    const ended = sql<boolean>`rate_limits.resets_at <= ${now}`;
    return this.db
      .insertInto('rate_limits')
      .values({ key, resets_at: resetsAt, count: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`CASE WHEN ${ended} THEN 1 ELSE rate_limits.count + 1 END`,
          resets_at: sql<number>`CASE WHEN ${ended} THEN excluded.resets_at ELSE rate_limits.resets_at END`,
        }),
      )
      .returning(['count', 'resets_at']);
  }
}
