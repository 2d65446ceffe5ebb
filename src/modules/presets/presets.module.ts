import type { Clock } from '../../shared/clock.js';
import type { Db } from '../../storage/db/database.js';
import type { WriteBatcher } from '../../storage/db/write-batcher.js';
import { PRESETS } from './catalogue/index.js';
import { PresetsService } from './presets.service.js';
import { UserPresetsRepo } from './user-presets.repo.js';
import { UserPresetsService } from './user-presets.service.js';

export interface PresetsModuleOptions {
  db: Db;
  writer: WriteBatcher;
  clock: Clock;
}

/** The catalogue (fixed at start) and the presets accounts make. */
export function createPresetsModule({ db, writer, clock }: PresetsModuleOptions) {
  const presets = new PresetsService(PRESETS);
  const userPresets = new UserPresetsService({ repo: new UserPresetsRepo(db, writer), catalogue: presets, clock });
  return { presets, userPresets };
}
