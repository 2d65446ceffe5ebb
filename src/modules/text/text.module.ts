import type { Config } from '../../config.js';
import type { TextModels } from '../../engines/providers/registry.js';
import type { Clock } from '../../shared/clock.js';
import type { Db } from '../../storage/db/database.js';
import type { WriteBatcher } from '../../storage/db/write-batcher.js';
import type { BrandVoicesService } from '../brand-voices/brand-voices.service.js';
import type { CreditsService } from '../credits/credits.service.js';
import type { PresetsService } from '../presets/presets.service.js';
import type { UserPresetsService } from '../presets/user-presets.service.js';
import type { ImagesService } from '../images/images.service.js';
import type { SpeechService } from '../speech/speech.service.js';
import type { VoiceListing } from '../speech/voice-listing.js';
import { PresetMediaOutputs, type PresetMediaOutputsOptions } from './preset-media-outputs.js';
import type { GuardOptions } from '../../shared/net/guarded-http.js';
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
  /** What a user preset whose output is an image or speech uses. */
  images: ImagesService;
  speech: SpeechService;
  voices: VoiceListing;
  imageModels: PresetMediaOutputsOptions['imageModels'];
  guard: GuardOptions;
  config: Config;
  clock: Clock;
}

/** Text from presets. */
export function createTextModule(options: TextModuleOptions) {
  const { db, writer, presets, userPresets, textModels, credits, brandVoices, config, clock } = options;
  const repo = new TextRepo(db, writer);
  const { images, speech, voices, imageModels, guard } = options;
  const mediaOutputs = new PresetMediaOutputs({ images, speech, voices, imageModels, repo, clock });
  const models = textModels;
  return {
    text: new TextService({
      presets,
      userPresets,
      models,
      credits,
      brandVoices,
      repo,
      mediaOutputs,
      guard,
      config,
      clock,
    }),
  };
}
