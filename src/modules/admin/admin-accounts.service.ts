import { z } from 'zod';
import { type Config, findPlan } from '../../config.js';
import type { Clock } from '../../shared/clock.js';
import { isoNow } from '../../shared/clock.js';
import { type Outcome, fail, ok } from '../../shared/errors.js';
import { newId } from '../../shared/ids.js';
import type { Db } from '../../storage/db/database.js';
import type { AccountRow } from '../../storage/db/schema.js';
import { isUniqueViolation } from '../../storage/db/unique-violation.js';
import type { AccountsRepo } from '../accounts/accounts.repo.js';
import type { AccountsService, Caller, CreatedAccount } from '../accounts/accounts.service.js';
import { hashPassword, passwordProblem } from '../accounts/passwords.js';
import type { CreditsService } from '../credits/credits.service.js';
import type { KeysService } from '../keys/keys.service.js';
import type { SessionsRepo } from '../sessions/sessions.repo.js';
import type { AccountCursor, AccountWithUse, AdminAccountsRepo } from './admin-accounts.repo.js';
import type { AuditService } from './audit.service.js';

export interface AccountSummary {
  id: string;
  email: string;
  plan: string;
  credits: number;
  blocked: boolean;
  blocked_reason: string | null;
  is_admin: boolean;
  created_at: string;
  last_used_at: string | null;
}

export interface NewAccountByAdmin {
  email: string;
  plan?: string;
  credits?: number;
  password?: string;
  isAdmin?: boolean;
}

/** The ledger reason of credits an administrator added or removed; the admin's reason is the entry's reference. */
export const ADJUSTMENT_REASON = 'adjustment';

const emailSchema = z.email();
const cursorSchema = z.tuple([z.string().max(100), z.string().max(100)]);

/** What an apply step changed, when the account row alone does not show it (a password, sessions). */
type Applied = { before?: unknown; after?: unknown };

export interface AdminAccountsServiceOptions {
  db: Db;
  repo: AdminAccountsRepo;
  accountsRepo: AccountsRepo;
  sessionsRepo: SessionsRepo;
  accounts: AccountsService;
  credits: CreditsService;
  keys: KeysService;
  audit: AuditService;
  config: Config;
  clock: Clock;
}

/** The admin area's accounts: list, detail, create, and every change, each recorded in the audit log. */
export class AdminAccountsService {
  constructor(private readonly deps: AdminAccountsServiceOptions) {}

  async list(query: {
    search?: string;
    limit: number;
    cursor?: string;
  }): Promise<Outcome<{ accounts: AccountSummary[]; next_cursor: string | null }>> {
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    if (after === null) return fail('invalid_input', 'Invalid cursor: use next_cursor of the previous page');
    const rows = await this.deps.repo.list({
      search: query.search?.trim() || undefined,
      limit: query.limit + 1,
      after,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const next = rows.length > query.limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null;
    return ok({ accounts: page.map(summaryOf), next_cursor: next });
  }

  /** One account: its fields, plan, period and usage this period, a page of its ledger, its keys (never a secret). */
  async detail(id: string, ledger: { limit: number; before?: number }) {
    const account = await this.deps.repo.find(id);
    if (!account) return fail('not_found', 'Account not found');
    const caller = await this.deps.accounts.callerFor(account, 'admin');
    const [overview, entries, keys, hasPassword, sessions] = await Promise.all([
      this.deps.accounts.overview(caller),
      this.deps.credits.ledger(id, ledger.limit + 1, ledger.before),
      this.deps.keys.list(id),
      this.deps.repo.hasPassword(id),
      this.deps.repo.countSessions(id),
    ]);
    const page = entries.slice(0, ledger.limit);
    return ok({
      account: { ...summaryOf({ ...account, credits: overview.credits.balance }), has_password: hasPassword, sessions },
      plan: overview.plan,
      period: overview.period,
      usage: overview.usage,
      ledger: {
        entries: page.map((entry) => ({ ...entry, id: Number(entry.id) })),
        next_before: entries.length > ledger.limit ? Number(page.at(-1)?.id) : null,
      },
      keys,
    });
  }

  async create(admin: Caller, input: NewAccountByAdmin): Promise<Outcome<CreatedAccount>> {
    const email = input.email.trim().toLowerCase();
    if (!emailSchema.safeParse(email).success) return fail('invalid_input', `Invalid email: ${input.email}`);
    const plan = findPlan(this.deps.config, input.plan ?? this.deps.config.plans[0]?.name ?? '');
    if (!plan) return fail('invalid_input', `Unknown plan: ${input.plan}. Plans: ${this.planNames()}`);
    const problem = input.password === undefined ? undefined : passwordProblem(input.password);
    if (problem) return fail('invalid_input', problem);
    const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
    const conflict = `An account with email ${email} already exists`;
    if (await this.deps.accountsRepo.findByEmail(email)) return fail('conflict', conflict);
    const id = newId();
    const now = isoNow(this.deps.clock);
    try {
      const created = await this.deps.db.transaction().execute(async (trx) => {
        const row = { id, email, plan: plan.name, is_admin: input.isAdmin ? 1 : 0, credits: 0, period_start: now };
        await this.deps.accountsRepo.insert({ ...row, created_at: now }, trx);
        await this.deps.credits.grant(id, input.credits ?? plan.monthlyCredits, 'initial', trx);
        if (passwordHash) await this.deps.accountsRepo.setPasswordHash(id, passwordHash, now, trx);
        const key = await this.deps.keys.create(id, 'default', trx);
        const after = await this.deps.repo.row(trx, id);
        await this.deps.audit.record(
          admin,
          { action: 'account.create', targetType: 'account', targetId: id, after: after && snapshotOf(after) },
          trx,
        );
        return key;
      });
      return ok({ account_id: id, api_key: created.api_key, key_id: created.key_id });
    } catch (error) {
      // The same email, created meanwhile by another request: the check above came too early.
      if (isUniqueViolation(error)) return fail('conflict', conflict);
      throw error;
    }
  }

  block(admin: Caller, id: string, reason?: string): Promise<Outcome<AccountSummary>> {
    if (id === admin.account.id) return Promise.resolve(fail('invalid_input', 'You cannot block your own account'));
    return this.change(admin, id, 'account.block', reason, async (trx) => {
      await this.deps.accountsRepo.setBlocked(id, true, reason ?? null, trx);
      return ok({});
    });
  }

  unblock(admin: Caller, id: string): Promise<Outcome<AccountSummary>> {
    return this.change(admin, id, 'account.unblock', undefined, async (trx) => {
      await this.deps.accountsRepo.setBlocked(id, false, null, trx);
      return ok({});
    });
  }

  setPlan(admin: Caller, id: string, planName: string): Promise<Outcome<AccountSummary>> {
    const plan = findPlan(this.deps.config, planName);
    if (!plan) return Promise.resolve(fail('invalid_input', `Unknown plan: ${planName}. Plans: ${this.planNames()}`));
    return this.change(admin, id, 'account.plan', undefined, async (trx) => {
      await this.deps.accountsRepo.setPlan(id, plan.name, trx);
      return ok({});
    });
  }

  /** Adds (amount > 0) or removes (amount < 0) credits, with a ledger row that carries the reason. */
  adjustCredits(admin: Caller, id: string, amount: number, reason: string): Promise<Outcome<AccountSummary>> {
    return this.change(admin, id, 'credits.adjust', reason, async (trx, before) => {
      const entry = {
        accountId: id,
        delta: amount,
        reason: ADJUSTMENT_REASON,
        reference: reason,
        at: isoNow(this.deps.clock),
      };
      const balance = await this.deps.repo.adjustCredits(trx, entry);
      if (balance === undefined)
        return fail('conflict', `Cannot remove ${-amount} credits: the balance is ${before.credits}`);
      return ok({});
    });
  }

  /** Sets the account's dashboard password and ends its sessions, as `atelier accounts password` does. */
  async setPassword(admin: Caller, id: string, password: string): Promise<Outcome<AccountSummary>> {
    if (id === admin.account.id)
      return fail('invalid_input', 'Change your own password on the API keys page, with your current one');
    const problem = passwordProblem(password);
    if (problem) return fail('invalid_input', problem);
    const passwordHash = await hashPassword(password);
    const had = await this.deps.repo.hasPassword(id);
    return this.change(admin, id, 'account.password', undefined, async (trx) => {
      await this.deps.accountsRepo.setPasswordHash(id, passwordHash, isoNow(this.deps.clock), trx);
      await this.deps.sessionsRepo.deleteForAccount(id, trx);
      return ok({ before: { has_password: had }, after: { has_password: true, sessions: 0 } });
    });
  }

  /** Logs the account out of every browser. */
  endSessions(admin: Caller, id: string): Promise<Outcome<AccountSummary>> {
    if (id === admin.account.id)
      return Promise.resolve(fail('invalid_input', 'You cannot end your own sessions here: log out instead'));
    return this.change(admin, id, 'account.sessions_end', undefined, async (trx) => {
      const sessions = await this.deps.repo.countSessions(id, trx);
      await this.deps.sessionsRepo.deleteForAccount(id, trx);
      return ok({ before: { sessions }, after: { sessions: 0 } });
    });
  }

  /**
   * Applies a change and records it in the audit log in one transaction, then drops the account from every
   * process's auth cache so the change holds at once.
   */
  private async change(
    admin: Caller,
    id: string,
    action: string,
    reason: string | undefined,
    apply: (trx: Db, before: AccountRow) => Promise<Outcome<Applied>>,
  ): Promise<Outcome<AccountSummary>> {
    const outcome = await this.deps.db.transaction().execute(async (trx): Promise<Outcome<null>> => {
      const before = await this.deps.repo.row(trx, id);
      if (!before) return fail('not_found', 'Account not found');
      const applied = await apply(trx, before);
      if (!applied.ok) return applied;
      const after = await this.deps.repo.row(trx, id);
      await this.deps.audit.record(
        admin,
        {
          action,
          targetType: 'account',
          targetId: id,
          before: applied.value.before ?? snapshotOf(before),
          after: applied.value.after ?? (after && snapshotOf(after)),
          reason,
        },
        trx,
      );
      return ok(null);
    });
    if (!outcome.ok) return outcome;
    this.deps.keys.forgetAccount(id);
    const account = await this.deps.repo.find(id);
    return account ? ok(summaryOf(account)) : fail('not_found', 'Account not found');
  }

  private planNames(): string {
    return this.deps.config.plans.map((p) => p.name).join(', ');
  }
}

function summaryOf(row: AccountWithUse): AccountSummary {
  return {
    id: row.id,
    email: row.email,
    plan: row.plan,
    credits: row.credits,
    blocked: row.blocked === 1,
    blocked_reason: row.blocked_reason,
    is_admin: row.is_admin === 1,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
  };
}

/** What the audit log keeps of an account: its fields that admins change, no secret. */
function snapshotOf(row: AccountRow) {
  return {
    email: row.email,
    plan: row.plan,
    credits: row.credits,
    blocked: row.blocked === 1,
    blocked_reason: row.blocked_reason,
    is_admin: row.is_admin === 1,
  };
}

function encodeCursor(cursor: AccountCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

/** The cursor's position, or null when it is not one this service made. */
function decodeCursor(text: string): AccountCursor | null {
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    return parsed.success ? { createdAt: parsed.data[0], id: parsed.data[1] } : null;
  } catch {
    return null;
  }
}
