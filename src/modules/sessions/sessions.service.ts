import type { Config } from '../../config.js';
import type { Clock } from '../../shared/clock.js';
import { isoNow } from '../../shared/clock.js';
import { type Outcome, fail, ok } from '../../shared/errors.js';
import { randomToken, sha256Hex } from '../../shared/ids.js';
import type { AccountRow } from '../../storage/db/schema.js';
import type { AccountsService, Caller } from '../accounts/accounts.service.js';
import { DECOY_HASH, hashPassword, passwordProblem, verifyPassword } from '../accounts/passwords.js';
import type { SessionsRepo } from './sessions.repo.js';

export const INVALID_LOGIN = 'Wrong email or password';
const DAY_MS = 86_400_000;
/** Expired sessions are swept at most this often (when someone logs in). */
const SWEEP_EVERY_MS = 3_600_000;

export interface NewSession {
  /** Goes into the browser's cookie; only its hash is stored. */
  token: string;
  expiresAt: Date;
  account: AccountRow;
}

export interface SessionsServiceOptions {
  repo: SessionsRepo;
  accounts: AccountsService;
  config: Pick<Config, 'dashboard' | 'plans'>;
  clock: Clock;
}

/** Dashboard log-ins: passwords and browser sessions of accounts. */
export class SessionsService {
  private lastSweep = 0;

  constructor(private readonly deps: SessionsServiceOptions) {}

  /** Opens an account on the smallest plan, with a password and no API key yet, and logs it in. */
  async signUp(email: string, password: string): Promise<Outcome<NewSession>> {
    if (!this.deps.config.dashboard.signup)
      return fail('forbidden', 'Sign-up is closed on this service; ask its operator for an account');
    const problem = passwordProblem(password);
    if (problem) return fail('invalid_input', problem);
    const created = await this.deps.accounts.createWithoutKey({
      email,
      plan: this.deps.config.plans[0]?.name,
      passwordHash: await hashPassword(password),
    });
    if (!created.ok) return created;
    const account = await this.deps.accounts.find(created.value.account_id);
    return account.ok ? ok(await this.open(account.value)) : account;
  }

  async logIn(email: string, password: string): Promise<Outcome<NewSession>> {
    const found = await this.deps.accounts.find(email.trim().toLowerCase());
    const stored = found.ok ? await this.deps.accounts.passwordHashOf(found.value.id) : undefined;
    // An unknown email costs a hash too, so timing does not tell which emails have accounts.
    const matches = await verifyPassword(password.slice(0, 1_000), stored ?? DECOY_HASH);
    if (!found.ok || !stored || !matches) return fail('unauthorized', INVALID_LOGIN);
    if (found.value.blocked)
      return fail(
        'forbidden',
        `Account is blocked${found.value.blocked_reason ? `: ${found.value.blocked_reason}` : ''}`,
      );
    return ok(await this.open(found.value));
  }

  /** Sets an account's password (the CLI, or the dashboard after checking the current one) and ends its sessions. */
  async setPassword(idOrEmail: string, password: string): Promise<Outcome<{ account_id: string }>> {
    const problem = passwordProblem(password);
    if (problem) return fail('invalid_input', problem);
    const found = await this.deps.accounts.find(idOrEmail);
    if (!found.ok) return found;
    await this.deps.accounts.storePasswordHash(found.value.id, await hashPassword(password));
    await this.deps.repo.deleteForAccount(found.value.id);
    return ok({ account_id: found.value.id });
  }

  /** A logged-in user's own change: the current password must match; other sessions end, this browser gets a new one. */
  async changePassword(account: AccountRow, current: string, next: string): Promise<Outcome<NewSession>> {
    const stored = await this.deps.accounts.passwordHashOf(account.id);
    if (!stored || !(await verifyPassword(current.slice(0, 1_000), stored)))
      return fail('invalid_input', 'The current password is wrong');
    const changed = await this.setPassword(account.id, next);
    return changed.ok ? ok(await this.open(account)) : changed;
  }

  /** The caller behind a session cookie, or undefined when the session is unknown, expired or its account blocked. */
  async resolve(token: string | undefined): Promise<Caller | undefined> {
    if (!token || token.length > 100) return undefined;
    const id = sha256Hex(token);
    const found = await this.deps.repo.findWithAccount(id);
    const now = this.deps.clock.now();
    if (!found || found.account.blocked || new Date(found.session.expires_at) <= now) return undefined;
    return this.deps.accounts.callerFor(found.account, `session:${id.slice(0, 16)}`);
  }

  async logOut(token: string | undefined): Promise<void> {
    if (token) await this.deps.repo.delete(sha256Hex(token));
  }

  private async open(account: AccountRow): Promise<NewSession> {
    const token = randomToken(32);
    const now = this.deps.clock.now();
    // A fixed lifetime: the cookie expires with the session, so neither outlives the other.
    const expiresAt = new Date(now.getTime() + this.deps.config.dashboard.sessionDays * DAY_MS);
    await this.deps.repo.insert({
      id: sha256Hex(token),
      account_id: account.id,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
    });
    await this.sweepSometimes(now);
    return { token, expiresAt, account };
  }

  private async sweepSometimes(now: Date): Promise<void> {
    if (now.getTime() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now.getTime();
    await this.deps.repo.deleteExpired(isoNow(this.deps.clock));
  }
}
