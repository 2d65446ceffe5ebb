import type { Peers } from '../../cluster/peers.js';
import type { Config } from '../../config.js';
import type { Clock } from '../../shared/clock.js';
import type { Db } from '../../storage/db/database.js';
import { BotKeysRepo } from './bot-keys.repo.js';
import { BotKeysService } from './bot-keys.service.js';
import { KeysRepo } from './keys.repo.js';
import { KeysService } from './keys.service.js';

export interface KeysModuleOptions {
  db: Db;
  config: Pick<Config, 'authCacheMs'>;
  clock: Clock;
  peers: Peers;
}

/** API keys (revocations reach the other processes through `peers`) and bots' publishable keys. */
export function createKeysModule({ db, config, clock, peers }: KeysModuleOptions) {
  return {
    keys: new KeysService({ repo: new KeysRepo(db), clock, authCacheMs: config.authCacheMs, peers }),
    botKeys: new BotKeysService(new BotKeysRepo(db), clock),
  };
}
