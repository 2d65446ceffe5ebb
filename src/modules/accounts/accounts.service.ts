import { z } from 'zod';
import { type Config, type Plan, canMakeVideos, findPlan, topPlan } from '../../config.js';
import type { Clock } from '../../shared/clock.js';
import { isoNow } from '../../shared/clock.js';
import { type Outcome, fail, ok } from '../../shared/errors.js';
import { UUID_PATTERN, newId } from '../../shared/ids.js';
import type { Db } from '../../storage/db/database.js';
import type { AccountRow } from '../../storage/db/schema.js';
import { isUniqueViolation } from '../../storage/db/unique-violation.js';
import type { BillingPeriod } from '../credits/billing-period.js';
import type { CreditsService } from '../credits/credits.service.js';
import type { BotKeyScope } from '../keys/bot-keys.service.js';
import type { KeysService } from '../keys/keys.service.js';
import type { AccountsRepo } from './accounts.repo.js';

/** The authenticated account behind a request, with its plan and current billing period. */
export interface Caller {
  account: AccountRow;
  keyId: string;
  plan: Plan;
  period: BillingPeriod;
  /** Set when a publishable key authenticated the request: it may only chat with this one bot. */
  botKey?: BotKeyScope;
}

export interface NewAccount {
  email: string;
  plan?: string;
  credits?: number;
  isAdmin?: boolean;
  /** A scrypt hash (passwords.ts), for accounts that log in to the dashboard. */
  passwordHash?: string;
}

export interface CreatedAccount {
  account_id: string;
  api_key: string;
  key_id: string;
}

const emailSchema = z.email();

export interface AccountsServiceOptions {
  db: Db;
  repo: AccountsRepo;
  keys: KeysService;
  credits: CreditsService;
  config: Config;
  clock: Clock;
}

export class AccountsService {
  constructor(private readonly deps: AccountsServiceOptions) {}

  async create(input: NewAccount): Promise<Outcome<CreatedAccount>> {
    const created = await this.insert(input, true);
    return created.ok ? ok(created.value as CreatedAccount) : created;
  }

  /** An account without an API key: dashboard sign-ups make their keys on the API settings page. */
  async createWithoutKey(input: NewAccount): Promise<Outcome<{ account_id: string }>> {
    return this.insert(input, false);
  }

  private async insert(
    input: NewAccount,
    withKey: boolean,
  ): Promise<Outcome<{ account_id: string; api_key?: string; key_id?: string }>> {
    const email = input.email.trim().toLowerCase();
    if (!emailSchema.safeParse(email).success) return fail('invalid_input', `Invalid email: ${input.email}`);
    const plan = findPlan(this.deps.config, input.plan ?? this.deps.config.plans[0]?.name ?? '');
    if (!plan) return fail('invalid_input', `Unknown plan: ${input.plan}. Plans: ${this.planNames()}`);
    const credits = input.credits ?? plan.monthlyCredits;
    if (!Number.isSafeInteger(credits) || credits < 0)
      return fail('invalid_input', 'credits must be a whole number >= 0');
    if (await this.deps.repo.findByEmail(email))
      return fail('conflict', `An account with email ${email} already exists`);

    const now = isoNow(this.deps.clock);
    const id = newId();
    let created: Awaited<ReturnType<KeysService['create']>> | undefined;
    try {
      created = await this.deps.db.transaction().execute(async (trx) => {
        await this.deps.repo.insert(
          {
            id,
            email,
            plan: plan.name,
            is_admin: input.isAdmin ? 1 : 0,
            credits: 0,
            period_start: now,
            created_at: now,
          },
          trx,
        );
        await this.deps.credits.grant(id, credits, 'initial', trx);
        if (input.passwordHash) await this.deps.repo.setPasswordHash(id, input.passwordHash, now, trx);
        return withKey ? this.deps.keys.create(id, 'default', trx) : undefined;
      });
    } catch (error) {
      // The same email, created meanwhile by another request or process: the check above came too early.
      if (isUniqueViolation(error)) return fail('conflict', `An account with email ${email} already exists`);
      throw error;
    }
    return ok({ account_id: id, ...(created && { api_key: created.api_key, key_id: created.key_id }) });
  }

  /** On the first start with an empty database, an admin account on the top plan so the API is usable at once. */
  async ensureAdmin(): Promise<CreatedAccount | undefined> {
    if ((await this.deps.repo.count()) > 0) return undefined;
    const outcome = await this.create({
      email: this.deps.config.adminEmail,
      plan: topPlan(this.deps.config).name,
      isAdmin: true,
    });
    // Processes started together on an empty database each see no account: the first makes the admin.
    if (!outcome.ok && outcome.error.code === 'conflict') return undefined;
    if (!outcome.ok) throw new Error(`Could not create the admin account: ${outcome.error.message}`);
    return outcome.value;
  }

  async resolveCaller(rawKey: string | undefined): Promise<Outcome<Caller>> {
    const auth = await this.deps.keys.authenticate(rawKey);
    if (!auth.ok) return auth;
    return ok(await this.callerFor(auth.value.account, auth.value.keyId));
  }

  /** The caller an account acts as; `keyId` names what authenticated it (an API key's id, or `session:...`). */
  async callerFor(account: AccountRow, keyId: string): Promise<Caller> {
    const plan = this.planOf(account);
    const period = await this.deps.credits.ensureCurrentPeriod(account, plan);
    return { account, keyId, plan, period };
  }

  passwordHashOf(accountId: string): Promise<string | undefined> {
    return this.deps.repo.passwordHash(accountId);
  }

  async storePasswordHash(accountId: string, passwordHash: string): Promise<void> {
    await this.deps.repo.setPasswordHash(accountId, passwordHash, isoNow(this.deps.clock));
  }

  /** Finds an account by id or email, for the command line. */
  async find(idOrEmail: string): Promise<Outcome<AccountRow>> {
    const account = UUID_PATTERN.test(idOrEmail)
      ? await this.deps.repo.findById(idOrEmail)
      : await this.deps.repo.findByEmail(idOrEmail.trim().toLowerCase());
    return account ? ok(account) : fail('not_found', `Account not found: ${idOrEmail}`);
  }

  list(limit = 1000): Promise<AccountRow[]> {
    return this.deps.repo.list(limit);
  }

  async setBlocked(idOrEmail: string, blocked: boolean, reason?: string): Promise<Outcome<AccountRow>> {
    const found = await this.find(idOrEmail);
    if (!found.ok) return found;
    await this.deps.repo.setBlocked(found.value.id, blocked, reason ?? null);
    this.deps.keys.forgetAccount(found.value.id);
    return this.find(found.value.id);
  }

  async setPlan(idOrEmail: string, planName: string): Promise<Outcome<AccountRow>> {
    const found = await this.find(idOrEmail);
    if (!found.ok) return found;
    if (!findPlan(this.deps.config, planName))
      return fail('invalid_input', `Unknown plan: ${planName}. Plans: ${this.planNames()}`);
    await this.deps.repo.setPlan(found.value.id, planName);
    this.deps.keys.forgetAccount(found.value.id);
    return this.find(found.value.id);
  }

  async addCredits(idOrEmail: string, amount: number): Promise<Outcome<{ account_id: string; credits: number }>> {
    const found = await this.find(idOrEmail);
    if (!found.ok) return found;
    if (!Number.isSafeInteger(amount) || amount <= 0) return fail('invalid_input', 'amount must be a whole number > 0');
    const balance = await this.deps.credits.grant(found.value.id, amount, 'grant');
    return balance === undefined
      ? fail('not_found', 'Account not found')
      : ok({ account_id: found.value.id, credits: balance });
  }

  /** What GET /api/account shows: plan, balances and the current period's usage. */
  async overview(caller: Caller) {
    const { account, plan, period } = caller;
    await this.deps.credits.settled(account.id);
    const fresh = (await this.deps.repo.findById(account.id)) ?? account;
    const spent = await this.deps.credits.spentSince(account.id, period.start);
    return {
      account: { id: fresh.id, email: fresh.email, created_at: fresh.created_at, is_admin: fresh.is_admin === 1 },
      plan: {
        name: plan.name,
        monthly_credits: plan.monthlyCredits,
        monthly_tts_words: plan.monthlyTtsWords,
        advanced_model: plan.advancedModel,
        premium_presets: plan.premiumPresets,
        video_generation: canMakeVideos(plan),
        rate_limit_per_minute: plan.rateLimitPerMinute,
      },
      credits: { balance: fresh.credits },
      period: { start: period.start.toISOString(), end: period.end.toISOString() },
      usage: {
        credits_used: Object.values(spent).reduce((a, b) => a + b, 0),
        credits_used_by_kind: spent,
        tts_words_used: fresh.tts_words_used,
        tts_words_left: Math.max(0, plan.monthlyTtsWords - fresh.tts_words_used),
      },
    };
  }

  /** An account whose plan was removed from the configuration falls back to the smallest plan. */
  planOf(account: AccountRow): Plan {
    return findPlan(this.deps.config, account.plan) ?? (this.deps.config.plans[0] as Plan);
  }

  private planNames(): string {
    return this.deps.config.plans.map((p) => p.name).join(', ');
  }
}
