import type { Clock } from '../../shared/clock.js';
import type { Db } from '../../storage/db/database.js';
import type { WriteBatcher } from '../../storage/db/write-batcher.js';
import { PRESETS } from './catalogue/index.js';
import { PresetsService } from './presets.service.js';
import { UserPresetsRepo } from './user-presets.repo.js';
import { type PresetBrandVoices, UserPresetsService } from './user-presets.service.js';

export interface PresetsModuleOptions {
  db: Db;
  writer: WriteBatcher;
  clock: Clock;
  brandVoices: PresetBrandVoices;
}

/** The catalogue (fixed at start) and the presets accounts make. */
export function createPresetsModule({ db, writer, clock, brandVoices }: PresetsModuleOptions) {
  const presets = new PresetsService(PRESETS);
  const repo = new UserPresetsRepo(db, writer);
  const userPresets = new UserPresetsService({ repo, catalogue: presets, brandVoices, clock });
  return { presets, userPresets };
}
