import type { Config } from '../../config.js';
import type { Clock } from '../../shared/clock.js';
import type { Db } from '../../storage/db/database.js';
import { OAuthRepo } from './oauth.repo.js';
import { OAuthService } from './oauth.service.js';

export interface OAuthModuleOptions {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'oauth'>;
  clock: Clock;
}

/** OAuth sign-in of MCP clients. */
export function createOAuthModule({ db, config, clock }: OAuthModuleOptions) {
  return { oauth: new OAuthService(new OAuthRepo(db), config, clock) };
}
