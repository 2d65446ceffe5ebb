import type { Config } from '../../config.js';
import type { Clock } from '../../shared/clock.js';
import type { Db } from '../../storage/db/database.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import { SessionsRepo } from './sessions.repo.js';
import { SessionsService } from './sessions.service.js';

export interface SessionsModuleOptions {
  db: Db;
  accounts: AccountsService;
  config: Pick<Config, 'dashboard' | 'plans'>;
  clock: Clock;
}

/** Dashboard sign-in sessions. */
export function createSessionsModule({ db, accounts, config, clock }: SessionsModuleOptions) {
  return { sessions: new SessionsService({ repo: new SessionsRepo(db), accounts, config, clock }) };
}
