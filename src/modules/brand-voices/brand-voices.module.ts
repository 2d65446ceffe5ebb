import type { Peers } from '../../cluster/peers.js';
import type { Config } from '../../config.js';
import type { TextModels } from '../../engines/providers/registry.js';
import type { Clock } from '../../shared/clock.js';
import type { GuardOptions } from '../../shared/net/guarded-http.js';
import type { Db } from '../../storage/db/database.js';
import { DocumentReader } from '../bots/document-reader.js';
import { BrandVoicesRepo } from './brand-voices.repo.js';
import { BrandVoicesService } from './brand-voices.service.js';
import { DefaultVoiceCache } from './default-voice-cache.js';
import { VoiceDrafter } from './voice-draft.js';

export interface BrandVoicesModuleOptions {
  db: Db;
  textModels: TextModels;
  guard: GuardOptions;
  config: Pick<Config, 'bots' | 'authCacheMs'>;
  clock: Clock;
  peers: Peers;
}

/**
 * Brand voices, and their drafting from samples or a page: pages are read into text on worker threads of their own
 * (one at a time, with the documents' time and memory limits), so a hostile page costs one worker (close() ends it).
 */
export function createBrandVoicesModule({ db, textModels, guard, config, clock, peers }: BrandVoicesModuleOptions) {
  const pageReader = new DocumentReader({ ...config.bots.documents, workers: 1 });
  const drafter = new VoiceDrafter({ model: () => textModels.standard, guard, reader: pageReader });
  const brandVoices = new BrandVoicesService({
    repo: new BrandVoicesRepo(db),
    drafter,
    clock,
    defaults: new DefaultVoiceCache({ clock, cacheMs: config.authCacheMs, peers }),
  });
  return { brandVoices, pageReader };
}
