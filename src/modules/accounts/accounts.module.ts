import type { Config } from '../../config.js';
import type { Clock } from '../../shared/clock.js';
import type { Db } from '../../storage/db/database.js';
import type { CreditsService } from '../credits/credits.service.js';
import type { KeysService } from '../keys/keys.service.js';
import { OAuthRepo } from '../oauth/oauth.repo.js';
import { OAuthService } from '../oauth/oauth.service.js';
import { SessionsRepo } from '../sessions/sessions.repo.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { AccountsRepo } from './accounts.repo.js';
import { AccountsService } from './accounts.service.js';

export interface AccountsModuleOptions {
  db: Db;
  keys: KeysService;
  credits: CreditsService;
  config: Config;
  clock: Clock;
}

/** Accounts and the ways to sign in: dashboard sessions, and OAuth for MCP clients. */
export function createAccountsModule({ db, keys, credits, config, clock }: AccountsModuleOptions) {
  const accounts = new AccountsService({ db, repo: new AccountsRepo(db), keys, credits, config, clock });
  return {
    accounts,
    sessions: new SessionsService({ repo: new SessionsRepo(db), accounts, config, clock }),
    oauth: new OAuthService(new OAuthRepo(db), config, clock),
  };
}
