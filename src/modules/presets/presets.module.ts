import type { Clock } from '../../shared/clock.js';
import type { Db } from '../../storage/db/database.js';
import type { WriteBatcher } from '../../storage/db/write-batcher.js';
import { PRESETS } from './catalogue/index.js';
import type { PresetOutputCheck } from './preset-output-check.js';
import { PresetsService } from './presets.service.js';
import { UserPresetsRepo } from './user-presets.repo.js';
import { UserPresetsService } from './user-presets.service.js';

export interface PresetsModuleOptions {
  db: Db;
  writer: WriteBatcher;
  clock: Clock;
  /** Checks an image or speech preset's model and voice names (app.ts builds it from the images and speech services). */
  outputCheck?: PresetOutputCheck;
}

/** The catalogue (fixed at start) and the presets accounts make. */
export function createPresetsModule({ db, writer, clock, outputCheck }: PresetsModuleOptions) {
  const presets = new PresetsService(PRESETS);
  const repo = new UserPresetsRepo(db, writer);
  const userPresets = new UserPresetsService({ repo, catalogue: presets, clock, ...(outputCheck && { outputCheck }) });
  return { presets, userPresets };
}
