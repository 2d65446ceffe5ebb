import { sql } from 'kysely';
import type { Db } from '../../storage/db/database.js';

/** Half-open range of ISO timestamps: `from` <= created_at < `until`. */
export interface TimeRange {
  from: string;
  until: string;
}

const DAY = sql<string>`substr(created_at, 1, 10)`;

/** Usage across every account, read from the credit ledger and the speech records. */
export class AdminUsageRepo {
  constructor(private readonly db: Db) {}

  /** Ledger sums per UTC day and reason (reserve:<kind> / refund:<kind> only). */
  async creditsByDay(range: TimeRange): Promise<{ day: string; reason: string; total: number }[]> {
    const rows = await this.work(range)
      .select([DAY.as('day'), 'reason', (eb) => eb.fn.sum<number>('delta').as('total')])
      .groupBy([DAY, 'reason'])
      .execute();
    return rows.map((row) => ({ day: row.day, reason: row.reason, total: Number(row.total) }));
  }

  async wordsByDay(range: TimeRange): Promise<{ day: string; words: number }[]> {
    const rows = await this.db
      .selectFrom('speech_syntheses')
      .select([DAY.as('day'), (eb) => eb.fn.sum<number>('words').as('words')])
      .where('created_at', '>=', range.from)
      .where('created_at', '<', range.until)
      .groupBy(DAY)
      .execute();
    return rows.map((row) => ({ day: row.day, words: Number(row.words) }));
  }

  /** The accounts that spent the most credits in the range (net of refunds), most first. */
  async topSpenders(range: TimeRange, limit: number): Promise<{ id: string; email: string; credits: number }[]> {
    const spent = sql<number>`-sum(credit_ledger.delta)`;
    const rows = await this.work(range)
      .innerJoin('accounts', 'accounts.id', 'credit_ledger.account_id')
      .select(['accounts.id', 'accounts.email', spent.as('credits')])
      .groupBy(['accounts.id', 'accounts.email'])
      .having(spent, '>', 0)
      .orderBy(spent, 'desc')
      .orderBy('accounts.id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ id: row.id, email: row.email, credits: Number(row.credits) }));
  }

  async wordsOf(range: TimeRange, accountIds: string[]): Promise<Map<string, number>> {
    if (accountIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('speech_syntheses')
      .select(['account_id', (eb) => eb.fn.sum<number>('words').as('words')])
      .where('account_id', 'in', accountIds)
      .where('created_at', '>=', range.from)
      .where('created_at', '<', range.until)
      .groupBy('account_id')
      .execute();
    return new Map(rows.map((row) => [row.account_id, Number(row.words)]));
  }

  /** The ledger's work entries (what was charged and given back) in the range. */
  private work(range: TimeRange) {
    return this.db
      .selectFrom('credit_ledger')
      .where('credit_ledger.created_at', '>=', range.from)
      .where('credit_ledger.created_at', '<', range.until)
      .where((eb) =>
        eb.or([eb('credit_ledger.reason', 'like', 'reserve:%'), eb('credit_ledger.reason', 'like', 'refund:%')]),
      );
  }
}
