import type { Peers } from '../../cluster/peers.js';
import type { Clock } from '../../shared/clock.js';
import type { Db } from '../../storage/db/database.js';
import type { WriteBatcher } from '../../storage/db/write-batcher.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { AuditService } from '../admin/audit.service.js';
import type { TextService } from '../text/text.service.js';
import { PresetLinksRepo } from './preset-links.repo.js';
import { PresetLinksService } from './preset-links.service.js';
import type { PresetsService } from './presets.service.js';
import { PublishedPresetsRepo } from './published-presets.repo.js';
import { PublishedPresetsService } from './published-presets.service.js';
import type { UserPresetsService } from './user-presets.service.js';

export interface PresetSharingModuleOptions {
  db: Db;
  writer: WriteBatcher;
  clock: Clock;
  peers: Peers;
  config: { publicUrl: string };
  presets: PresetsService;
  userPresets: UserPresetsService;
  accounts: AccountsService;
  text: TextService;
  audit: AuditService;
}

/** How often each process reads the published presets again, beside the cluster's messages. */
const PUBLISHED_RELOAD_MS = 30_000;

/**
 * Sharing users' presets: public links (run as the owner through the text service) and an admin's publishing into
 * the catalogue (audited). Built after the text and admin modules, which it stands on.
 */
export function createPresetSharingModule(options: PresetSharingModuleOptions) {
  const { db, writer, clock, peers, config, presets, userPresets, accounts, text, audit } = options;
  return {
    presetLinks: new PresetLinksService({
      repo: new PresetLinksRepo(db, writer),
      userPresets,
      accounts,
      text,
      clock,
      publicUrl: config.publicUrl,
    }),
    publishedPresets: new PublishedPresetsService({
      db,
      repo: new PublishedPresetsRepo(db),
      catalogue: presets,
      userPresets,
      accounts,
      audit,
      peers,
      clock,
      reloadMs: PUBLISHED_RELOAD_MS,
    }),
  };
}
