import type { SoundModel } from '../../engines/spec/sound-model.js';
import type { BlobStore } from '../../storage/blob/blob-store.js';
import type { Db } from '../../storage/db/database.js';
import type { CreditsService } from '../credits/credits.service.js';
import { SoundsService } from './sounds.service.js';

export interface SoundsModuleOptions {
  db: Db;
  soundModel: SoundModel;
  credits: CreditsService;
  blobs: BlobStore;
}

/** Sound effects. */
export function createSoundsModule({ db, soundModel, credits, blobs }: SoundsModuleOptions) {
  return { sounds: new SoundsService({ db, engine: soundModel, credits, blobs }) };
}
