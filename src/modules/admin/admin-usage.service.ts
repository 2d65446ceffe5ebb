import type { Clock } from '../../shared/clock.js';
import { type Outcome, fail, ok } from '../../shared/errors.js';
import type { AdminUsageRepo } from './admin-usage.repo.js';

const DAY_MS = 86_400_000;
export const DEFAULT_DAYS = 30;
export const MAX_DAYS = 366;
const TOP_ACCOUNTS = 10;

export interface UsageDay {
  day: string;
  credits: number;
  credits_by_capability: Record<string, number>;
  words: number;
}

export interface UsageReport {
  from: string;
  to: string;
  days: UsageDay[];
  totals: { credits: number; credits_by_capability: Record<string, number>; words: number };
  top_accounts: { id: string; email: string; credits: number; words: number }[];
}

/** Credits and speech words spent across accounts, per UTC day and capability, and who spent the most. */
export class AdminUsageService {
  constructor(
    private readonly repo: AdminUsageRepo,
    private readonly clock: Clock,
  ) {}

  /** `from` and `to` are UTC days (YYYY-MM-DD), both included; the last 30 days by default. */
  async report(range: { from?: string; to?: string }): Promise<Outcome<UsageReport>> {
    const to = range.to === undefined ? startOfDay(this.clock.now()) : dayStart(range.to);
    if (to === undefined) return fail('invalid_input', `to is not a day (YYYY-MM-DD): ${range.to}`);
    const from = range.from === undefined ? to - (DEFAULT_DAYS - 1) * DAY_MS : dayStart(range.from);
    if (from === undefined) return fail('invalid_input', `from is not a day (YYYY-MM-DD): ${range.from}`);
    if (from > to) return fail('invalid_input', 'from must be on or before to');
    const dayCount = (to - from) / DAY_MS + 1;
    if (dayCount > MAX_DAYS) return fail('invalid_input', `The range is at most ${MAX_DAYS} days`);

    const span = { from: new Date(from).toISOString(), until: new Date(to + DAY_MS).toISOString() };
    const [credits, words, top] = await Promise.all([
      this.repo.creditsByDay(span),
      this.repo.wordsByDay(span),
      this.repo.topSpenders(span, TOP_ACCOUNTS),
    ]);
    const wordsOfTop = await this.repo.wordsOf(
      span,
      top.map((account) => account.id),
    );

    const days = new Map<string, UsageDay>();
    for (let t = from; t <= to; t += DAY_MS) {
      const day = new Date(t).toISOString().slice(0, 10);
      days.set(day, { day, credits: 0, credits_by_capability: {}, words: 0 });
    }
    const totals: UsageReport['totals'] = { credits: 0, credits_by_capability: {}, words: 0 };
    for (const row of credits) {
      const entry = days.get(row.day);
      if (!entry) continue;
      const capability = row.reason.slice(row.reason.indexOf(':') + 1);
      // Reservations are negative deltas and refunds positive: spent = -(their sum).
      const spent = -row.total;
      entry.credits += spent;
      entry.credits_by_capability[capability] = (entry.credits_by_capability[capability] ?? 0) + spent;
      totals.credits += spent;
      totals.credits_by_capability[capability] = (totals.credits_by_capability[capability] ?? 0) + spent;
    }
    for (const row of words) {
      const entry = days.get(row.day);
      if (!entry) continue;
      entry.words += row.words;
      totals.words += row.words;
    }
    return ok({
      from: new Date(from).toISOString().slice(0, 10),
      to: new Date(to).toISOString().slice(0, 10),
      days: [...days.values()],
      totals,
      top_accounts: top.map((account) => ({ ...account, words: wordsOfTop.get(account.id) ?? 0 })),
    });
  }
}

function startOfDay(date: Date): number {
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

/** The day's midnight UTC in ms, or undefined when `text` is not a real YYYY-MM-DD day. */
function dayStart(text: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const t = Date.parse(`${text}T00:00:00.000Z`);
  return Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== text ? undefined : t;
}
