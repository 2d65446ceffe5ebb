import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../../shared/clock.js';
import { isoNow } from '../../shared/clock.js';
import { type Outcome, fail, ok } from '../../shared/errors.js';
import type { Db } from '../../storage/db/database.js';
import type { AccountRow } from '../../storage/db/schema.js';
import type { Plan } from '../../config.js';
import { type BillingPeriod, periodContaining } from './billing-period.js';
import type { CreditsRepo } from './credits.repo.js';
import type { ReservationsRepo } from './reservations.repo.js';
import { newOrderedId } from '../../shared/ids.js';
import type { JournaledSettlement, SettlementJournal } from './settlement-journal.js';

/** What a piece of work is charged for; the ledger reason is `reserve:<kind>` / `refund:<kind>`. */
export type WorkKind = 'text' | 'transcription' | 'derived' | 'image' | 'video' | 'chat' | 'embedding';

/** Told of every charge and refund as it is made (metrics): credits spent = charged - refunded. */
export interface CreditsObserver {
  creditsCharged(kind: WorkKind, amount: number): void;
  creditsRefunded(kind: WorkKind, amount: number): void;
}

/** Credits held for one piece of work: a row (reservations) from reserve() until settled or released. */
export interface Reservation {
  /** The reservation row's id: make reservations with newReservation(). */
  id: string;
  accountId: string;
  amount: number;
  kind: WorkKind;
  reference: string;
}

/** Credits given back for a record's failed work, after its reservation was settled (the record holds them). */
export type Refund = Omit<Reservation, 'id'>;

/** Text-to-speech words held for one synthesis; `reference` is the speech's id. */
export interface WordsReservation {
  id: string;
  accountId: string;
  amount: number;
  reference: string;
}

export const newReservation = (fields: Refund): Reservation => ({ id: newOrderedId(), ...fields });

/** Settles the reservation inside the transaction that stores the work's result: both are kept, or neither. */
export type SettleIn = (trx: Db) => Promise<void>;

/** How often, and after how long, a settlement answered before its commit is tried again when the commit fails. */
const SETTLE_RETRIES = 5;
const SETTLE_RETRY_MS = 1_000;

export interface CreditsServiceOptions {
  repo: CreditsRepo;
  reservations: ReservationsRepo;
  owner: string;
  clock: Clock;
  observer?: CreditsObserver;
  journal?: SettlementJournal;
}

export class CreditsService {
  private readonly periods = new Map<string, { period: BillingPeriod; periodStart: string }>();
  /** Settlements answered but not yet committed, by account: its balance is read after them. */
  private readonly settling = new Map<string, Set<Promise<void>>>();

  /**
   * `owner`: this process (ProcessRegistry.id); a sweeper gives back what a dead owner held. With a
   * `journal`, settleAfterAnswer() lets the answer go before the commit (SQLite: the journal sits beside
   * the database, where every process's sweeper can read it).
   */
  constructor(private readonly deps: CreditsServiceOptions) {}

  /**
   * Work already done by an instant engine (nothing to hold credits for while it runs): charged, with the same
   * ledger entry a reservation makes, in the transaction that stores its result; refused with nothing stored
   * when the balance does not cover it. One transaction instead of a reservation's two.
   */
  async payForResult<T>(charge: Refund, store: (trx: Db) => Promise<T>): Promise<Outcome<T>> {
    const { accountId, amount, kind, reference } = charge;
    const paid = await this.deps.repo.debitWith(
      { accountId, delta: -amount, reason: `reserve:${kind}`, reference, at: isoNow(this.deps.clock) },
      store,
    );
    if (paid === undefined) return notEnoughCredits(amount);
    this.deps.observer?.creditsCharged(kind, amount);
    return ok(paid.stored);
  }

  async reserve(reservation: Reservation): Promise<Outcome<{ balance: number }>> {
    const { id, accountId, amount, kind, reference } = reservation;
    const balance = await this.deps.reservations.reserveCredits({
      id,
      accountId,
      unit: 'credits',
      kind,
      amount,
      reference,
      owner: this.deps.owner,
      at: isoNow(this.deps.clock),
    });
    if (balance === undefined) return notEnoughCredits(amount);
    this.deps.observer?.creditsCharged(kind, amount);
    return ok({ balance });
  }

  /**
   * Reserves, runs the work, and gives the credits back if the work fails: by answering with a denial
   * or by throwing. The work settles the reservation in the transaction that stores its result
   * (`settleIn`); work that stores nothing is settled when it succeeds. The one place where paid work
   * and its refund meet.
   */
  async spend<T>(reservation: Reservation, work: (settleIn: SettleIn) => Promise<Outcome<T>>): Promise<Outcome<T>> {
    const reserved = await this.reserve(reservation);
    if (!reserved.ok) return reserved;
    let settledWithResult = false;
    const settleIn: SettleIn = async (trx) => {
      await this.deps.reservations.settle(trx, reservation.id, 0, isoNow(this.deps.clock));
      settledWithResult = true;
    };
    let outcome: Outcome<T>;
    try {
      outcome = await work(settleIn);
    } catch (error) {
      // A no-op if the result's transaction committed the settlement before the failure.
      await this.release(reservation);
      throw error;
    }
    if (!outcome.ok) await this.release(reservation);
    else if (!settledWithResult) await this.settle(reservation, reservation.amount);
    return outcome;
  }

  /**
   * Settles a reservation made for the most the work could cost: what it really cost stays spent, the
   * rest comes back. The reservation is the ceiling, so work can never cost more than was reserved.
   */
  async settle(reservation: Reservation, cost: number): Promise<number> {
    const settlement = this.settlementOf(reservation, cost);
    await this.applySettlement(reservation.kind, settlement);
    return reservation.amount - settlement.unused;
  }

  /**
   * As settle(), for work whose answer needs nothing from the commit (a chat completion): resolves as soon
   * as the answer may go. With a journal that is once the settlement is in it, and the commit follows in
   * the next batch, off the answer's path; a crash in between leaves the journal line, from which the
   * sweeper settles. The account's balance, ledger and usage are read after the commit (settled()), and
   * the account's next reservation in this process joins the same or a later batch, so it sees the refund.
   */
  settleAfterAnswer(reservation: Reservation, cost: number): Promise<void> {
    const journal = this.deps.journal;
    if (!journal) return this.settle(reservation, cost).then(() => undefined);
    const settlement = this.settlementOf(reservation, cost);
    let segment: number;
    try {
      segment = journal.record(settlement);
    } catch {
      // The journal cannot be written (a full disk): the answer waits for the commit, as without one.
      return this.applySettlement(reservation.kind, settlement);
    }
    const commit = this.commitJournaled(reservation.kind, settlement).finally(() => {
      journal.committed(segment);
      const account = this.settling.get(reservation.accountId);
      account?.delete(commit);
      if (account?.size === 0) this.settling.delete(reservation.accountId);
    });
    const account = this.settling.get(reservation.accountId) ?? new Set();
    this.settling.set(reservation.accountId, account.add(commit));
    return Promise.resolve();
  }

  /** The reservation is the ceiling, so work can never cost more than was reserved. */
  private settlementOf(reservation: Reservation, cost: number): JournaledSettlement {
    const spent = Math.max(0, Math.min(reservation.amount, Math.ceil(cost)));
    return { id: reservation.id, unused: reservation.amount - spent, at: isoNow(this.deps.clock) };
  }

  /** Once the settlements this process answered for the account are committed. */
  async settled(accountId: string): Promise<void> {
    const account = this.settling.get(accountId);
    if (account) await Promise.all(account);
  }

  /** Once every settlement answered so far is committed (at a graceful stop, before the database closes). */
  async drain(): Promise<void> {
    while (this.settling.size > 0) await Promise.all([...this.settling.values()].flatMap((s) => [...s]));
    this.deps.journal?.close();
  }

  /**
   * Settles a reservation, if it is still open, as `settlement` says: also one a dead process answered,
   * found in its journal by the sweeper. `kind` is for the metrics.
   */
  async applySettlement(kind: string, settlement: JournaledSettlement): Promise<void> {
    const finished = await this.deps.reservations.settleNow(settlement.id, settlement.unused, settlement.at);
    if (finished && finished.returned > 0) this.deps.observer?.creditsRefunded(kind as WorkKind, finished.returned);
  }

  /** Never rejects: a commit that keeps failing is left to the journal, which the sweeper reads once this process is gone. */
  private async commitJournaled(kind: WorkKind, settlement: JournaledSettlement) {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.applySettlement(kind, settlement);
        return;
      } catch {
        if (attempt >= SETTLE_RETRIES) return;
        await sleep(SETTLE_RETRY_MS, undefined, { ref: false });
      }
    }
  }

  /** Gives a reservation back whole (the work failed or never finished); nothing if it is no longer open. */
  async release(reservation: Pick<Reservation, 'id'>): Promise<void> {
    const finished = await this.deps.reservations.release(reservation.id, isoNow(this.deps.clock));
    if (finished && finished.returned > 0 && finished.row.unit === 'credits')
      this.deps.observer?.creditsRefunded(finished.row.kind as WorkKind, finished.returned);
  }

  /**
   * Gives back the credits a record held for work that failed later (a job), once; or, in the transaction
   * that completes a record, the part of what it held that its work did not use.
   */
  async refund(refund: Refund, trx?: Db): Promise<void> {
    if (refund.amount <= 0) return;
    const balance = await this.deps.repo.add(
      {
        accountId: refund.accountId,
        delta: refund.amount,
        reason: `refund:${refund.kind}`,
        reference: refund.reference,
        at: isoNow(this.deps.clock),
      },
      trx,
    );
    if (balance !== undefined) this.deps.observer?.creditsRefunded(refund.kind, refund.amount);
  }

  async grant(accountId: string, amount: number, reason: string, db?: Db): Promise<number | undefined> {
    return this.deps.repo.add({ accountId, delta: amount, reason, reference: null, at: isoNow(this.deps.clock) }, db);
  }

  /** Rolls the account into its current monthly period, refilling the plan's credits, when the last one ended. */
  async ensureCurrentPeriod(account: AccountRow, plan: Plan): Promise<BillingPeriod> {
    const now = this.deps.clock.now();
    // Every authenticated request asks; the answer only changes once a month.
    const known = this.periods.get(account.id);
    if (known && known.periodStart === account.period_start && now >= known.period.start && now < known.period.end)
      return known.period;
    // Counted from creation, not from the last reset, so short months do not make the anniversary drift.
    const period = periodContaining(new Date(account.created_at), now);
    if (period.start.getTime() > new Date(account.period_start).getTime()) {
      await this.deps.repo.resetPeriod(
        account.id,
        account.period_start,
        period.start.toISOString(),
        plan.monthlyCredits,
        now.toISOString(),
      );
      // The row may be a cached copy shared by later requests: keep it from asking for the reset again.
      account.period_start = period.start.toISOString();
    }
    if (this.periods.size >= 10_000) this.periods.clear();
    this.periods.set(account.id, { period, periodStart: account.period_start });
    return period;
  }

  /** Reserves text-to-speech words (of a text, or of a sound effect's prompt) against the plan's monthly allowance; refused whole if they do not fit. */
  async reserveWords(
    words: WordsReservation,
    plan: Plan,
    kind: 'tts' | 'sound' = 'tts',
  ): Promise<Outcome<{ used: number }>> {
    const { id, accountId, amount, reference } = words;
    const used = await this.deps.reservations.reserveWords(
      { id, accountId, unit: 'words', kind, amount, reference, owner: this.deps.owner, at: isoNow(this.deps.clock) },
      plan.monthlyTtsWords,
    );
    if (used !== undefined) return ok({ used });
    const left = Math.max(0, plan.monthlyTtsWords - (await this.deps.repo.wordsUsed(accountId)));
    return fail(
      'payment_required',
      `Text-to-speech word limit reached: ${kind === 'sound' ? "this sound's prompt" : 'this text'} has ${amount} words and ${left} of the ${plan.monthlyTtsWords} words of the ${plan.name} plan are left this period`,
    );
  }

  /** The words stay used: settled in the transaction that stores the speech. */
  settleWordsIn(trx: Db, words: WordsReservation): Promise<unknown> {
    return this.deps.reservations.settle(trx, words.id, 0, isoNow(this.deps.clock));
  }

  async spentSince(accountId: string, since: Date): Promise<Record<string, number>> {
    await this.settled(accountId);
    return this.deps.repo.spentSince(accountId, since.toISOString());
  }

  async ledger(accountId: string, limit = 50, before?: number) {
    await this.settled(accountId);
    return this.deps.repo.ledger(accountId, limit, before);
  }

  async spentByDay(accountId: string, since: Date) {
    await this.settled(accountId);
    return this.deps.repo.spentByDay(accountId, since.toISOString());
  }
}

function notEnoughCredits(amount: number) {
  return fail('payment_required', `Not enough credits: this request needs ${amount} and the balance is lower`);
}
