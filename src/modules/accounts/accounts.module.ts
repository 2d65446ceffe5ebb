import type { Config } from '../../config.js';
import type { Clock } from '../../shared/clock.js';
import type { Db } from '../../storage/db/database.js';
import type { CreditsService } from '../credits/credits.service.js';
import type { KeysService } from '../keys/keys.service.js';
import { AccountsRepo } from './accounts.repo.js';
import { AccountsService } from './accounts.service.js';

export interface AccountsModuleOptions {
  db: Db;
  keys: KeysService;
  credits: CreditsService;
  config: Config;
  clock: Clock;
}

/** Accounts: creation, the caller behind an API key, passwords and plans. */
export function createAccountsModule({ db, keys, credits, config, clock }: AccountsModuleOptions) {
  return { accounts: new AccountsService({ db, repo: new AccountsRepo(db), keys, credits, config, clock }) };
}
