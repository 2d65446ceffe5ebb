import type { Clock } from '../../shared/clock.js';
import { isoNow } from '../../shared/clock.js';
import { type Outcome, fail, ok } from '../../shared/errors.js';
import type { Db } from '../../storage/db/database.js';
import type { AccountRow } from '../../storage/db/schema.js';
import type { Plan } from '../../config.js';
import { type BillingPeriod, periodContaining } from './billing-period.js';
import type { CreditsRepo } from './credits.repo.js';

/** What a piece of work is charged for; the ledger reason is `reserve:<kind>` / `refund:<kind>`. */
export type WorkKind = 'text' | 'transcription' | 'derived' | 'image' | 'video' | 'chat';

/** Told of every charge and refund as it is made (metrics): credits spent = charged - refunded. */
export interface CreditsObserver {
  creditsCharged(kind: WorkKind, amount: number): void;
  creditsRefunded(kind: WorkKind, amount: number): void;
}

export interface Reservation {
  accountId: string;
  amount: number;
  kind: WorkKind;
  reference: string;
}

export class CreditsService {
  private readonly periods = new Map<string, { period: BillingPeriod; periodStart: string }>();

  constructor(
    private readonly repo: CreditsRepo,
    private readonly clock: Clock,
    private readonly observer?: CreditsObserver,
  ) {}

  async reserve(reservation: Reservation): Promise<Outcome<{ balance: number }>> {
    const { accountId, amount, kind, reference } = reservation;
    const balance = await this.repo.reserve({
      accountId,
      delta: -amount,
      reason: `reserve:${kind}`,
      reference,
      at: isoNow(this.clock),
    });
    if (balance === undefined) {
      return fail('payment_required', `Not enough credits: this request needs ${amount} and the balance is lower`);
    }
    this.observer?.creditsCharged(kind, amount);
    return ok({ balance });
  }

  /**
   * Reserves, runs the work, and gives the credits back if the work fails: by answering with a denial
   * or by throwing. The one place where paid work and its refund meet.
   */
  async spend<T>(reservation: Reservation, work: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
    const reserved = await this.reserve(reservation);
    if (!reserved.ok) return reserved;
    let outcome: Outcome<T>;
    try {
      outcome = await work();
    } catch (error) {
      await this.refund(reservation);
      throw error;
    }
    if (!outcome.ok) await this.refund(reservation);
    return outcome;
  }

  /**
   * Settles a reservation made for the most the work could cost: what it really cost stays spent, the
   * rest comes back. The reservation is the ceiling, so work can never cost more than was reserved.
   */
  async settle(reservation: Reservation, cost: number): Promise<number> {
    const spent = Math.max(0, Math.min(reservation.amount, Math.ceil(cost)));
    await this.refund({ ...reservation, amount: reservation.amount - spent });
    return spent;
  }

  /** Gives back a reservation (all of it, or the part of the work that failed). */
  async refund(reservation: Reservation): Promise<void> {
    if (reservation.amount <= 0) return;
    const balance = await this.repo.add({
      accountId: reservation.accountId,
      delta: reservation.amount,
      reason: `refund:${reservation.kind}`,
      reference: reservation.reference,
      at: isoNow(this.clock),
    });
    if (balance !== undefined) this.observer?.creditsRefunded(reservation.kind, reservation.amount);
  }

  async grant(accountId: string, amount: number, reason: string, db?: Db): Promise<number | undefined> {
    return this.repo.add({ accountId, delta: amount, reason, reference: null, at: isoNow(this.clock) }, db);
  }

  /** Rolls the account into its current monthly period, refilling the plan's credits, when the last one ended. */
  async ensureCurrentPeriod(account: AccountRow, plan: Plan): Promise<BillingPeriod> {
    const now = this.clock.now();
    // Every authenticated request asks; the answer only changes once a month.
    const known = this.periods.get(account.id);
    if (known && known.periodStart === account.period_start && now >= known.period.start && now < known.period.end) return known.period;
    // Counted from creation, not from the last reset, so short months do not make the anniversary drift.
    const period = periodContaining(new Date(account.created_at), now);
    if (period.start.getTime() > new Date(account.period_start).getTime()) {
      await this.repo.resetPeriod(account.id, account.period_start, period.start.toISOString(), plan.monthlyCredits, now.toISOString());
      // The row may be a cached copy shared by later requests: keep it from asking for the reset again.
      account.period_start = period.start.toISOString();
    }
    if (this.periods.size >= 10_000) this.periods.clear();
    this.periods.set(account.id, { period, periodStart: account.period_start });
    return period;
  }

  /** Reserves text-to-speech words against the plan's monthly allowance; refused whole if they do not fit. */
  async reserveWords(accountId: string, words: number, plan: Plan): Promise<Outcome<{ used: number }>> {
    const used = await this.repo.reserveWords(accountId, words, plan.monthlyTtsWords);
    if (used !== undefined) return ok({ used });
    const left = Math.max(0, plan.monthlyTtsWords - (await this.repo.wordsUsed(accountId)));
    return fail(
      'payment_required',
      `Text-to-speech word limit reached: this text has ${words} words and ${left} of the ${plan.monthlyTtsWords} words of the ${plan.name} plan are left this period`,
    );
  }

  releaseWords(accountId: string, words: number): Promise<void> {
    return words > 0 ? this.repo.releaseWords(accountId, words) : Promise.resolve();
  }

  spentSince(accountId: string, since: Date): Promise<Record<string, number>> {
    return this.repo.spentSince(accountId, since.toISOString());
  }

  ledger(accountId: string, limit = 50, before?: number) {
    return this.repo.ledger(accountId, limit, before);
  }

  spentByDay(accountId: string, since: Date) {
    return this.repo.spentByDay(accountId, since.toISOString());
  }
}
