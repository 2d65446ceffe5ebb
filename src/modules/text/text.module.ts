import type { Config } from '../../config.js';
import type { TextModels } from '../../engines/providers/registry.js';
import type { Clock } from '../../shared/clock.js';
import type { Db } from '../../storage/db/database.js';
import type { WriteBatcher } from '../../storage/db/write-batcher.js';
import type { BrandVoicesService } from '../brand-voices/brand-voices.service.js';
import type { CreditsService } from '../credits/credits.service.js';
import type { PresetsService } from '../presets/presets.service.js';
import type { UserPresetsService } from '../presets/user-presets.service.js';
import { TextRepo } from './text.repo.js';
import { TextService } from './text.service.js';

export interface TextModuleOptions {
  db: Db;
  writer: WriteBatcher;
  presets: PresetsService;
  userPresets: UserPresetsService;
  textModels: TextModels;
  credits: CreditsService;
  brandVoices: BrandVoicesService;
  config: Config;
  clock: Clock;
}

/** Text from presets. */
export function createTextModule(options: TextModuleOptions) {
  const { db, writer, presets, userPresets, textModels, credits, brandVoices, config, clock } = options;
  const repo = new TextRepo(db, writer);
  return {
    text: new TextService({ presets, userPresets, models: textModels, credits, brandVoices, repo, config, clock }),
  };
}
