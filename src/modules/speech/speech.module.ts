import type { Config } from '../../config.js';
import type { TtsModel } from '../../engines/spec/tts-model.js';
import type { Clock } from '../../shared/clock.js';
import type { BlobStore } from '../../storage/blob/blob-store.js';
import type { Db } from '../../storage/db/database.js';
import type { CreditsService } from '../credits/credits.service.js';
import { CustomVoicesRepo } from './custom-voices.repo.js';
import { CustomVoicesService } from './custom-voices.service.js';
import { SpeechService } from './speech.service.js';
import { VoiceCatalogue } from './voice-catalogue.js';
import { VoiceListing } from './voice-listing.js';

export interface SpeechModuleOptions {
  db: Db;
  ttsModels: readonly TtsModel[];
  credits: CreditsService;
  blobs: BlobStore;
  config: Pick<Config, 'publicUrl' | 'tts'>;
  clock: Clock;
}

/** Speech, the voices of every engine and the accounts' custom voices. */
export function createSpeechModule({ db, ttsModels, credits, blobs, config, clock }: SpeechModuleOptions) {
  const imageUrl = (voiceId: string) => `${config.publicUrl}/voice-avatars/${encodeURIComponent(voiceId)}.svg`;
  const catalogue = new VoiceCatalogue(ttsModels, imageUrl);
  const customVoices = new CustomVoicesService({ repo: new CustomVoicesRepo(db), catalogue, imageUrl, clock });
  return {
    speech: new SpeechService({ db, catalogue, customVoices, credits, blobs, config: config.tts, clock }),
    customVoices,
    voices: new VoiceListing(catalogue, customVoices),
  };
}
