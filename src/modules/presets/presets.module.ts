import type { Config } from '../../config.js';
import type { JobLog } from '../../jobs/worker.js';
import type { Clock } from '../../shared/clock.js';
import type { Db } from '../../storage/db/database.js';
import type { WriteBatcher } from '../../storage/db/write-batcher.js';
import { PRESETS } from './catalogue/index.js';
import { PresetFolder } from './preset-folder.js';
import type { PresetOutputCheck } from './preset-output-check.js';
import { PresetsService } from './presets.service.js';
import { UserPresetsRepo } from './user-presets.repo.js';
import { type PresetBrandVoices, UserPresetsService } from './user-presets.service.js';

export interface PresetsModuleOptions {
  db: Db;
  writer: WriteBatcher;
  clock: Clock;
  log: JobLog;
  config: Pick<Config, 'presets'>;
  brandVoices: PresetBrandVoices;
  /** Checks an image or speech preset's model and voice names (app.ts builds it from the images and speech services). */
  outputCheck?: PresetOutputCheck;
}

/** The catalogue (the code's presets, with the operator's folder over them), and the presets accounts make. */
export function createPresetsModule({
  db,
  writer,
  clock,
  log,
  config,
  brandVoices,
  outputCheck,
}: PresetsModuleOptions) {
  const presets = new PresetsService(PRESETS);
  const repo = new UserPresetsRepo(db, writer);
  const userPresets = new UserPresetsService({
    repo,
    catalogue: presets,
    brandVoices,
    clock,
    ...(outputCheck && { outputCheck }),
  });
  // Read and watched once the service starts (buildApp): one-off commands do without it.
  const presetFolder = new PresetFolder({ dir: config.presets.dir, presets, log, clock });
  return { presets, userPresets, presetFolder };
}
