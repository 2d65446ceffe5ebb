import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { type EngineDeps, createTextModels, createTtsModels } from './engines/registry.js';
import { type ServerOptions, buildServer } from './http/server.js';
import { AccountsRepo } from './modules/accounts/accounts.repo.js';
import { AccountsService } from './modules/accounts/accounts.service.js';
import { CreditsRepo } from './modules/credits/credits.repo.js';
import { CreditsService } from './modules/credits/credits.service.js';
import { KeysRepo } from './modules/keys/keys.repo.js';
import { KeysService } from './modules/keys/keys.service.js';
import { PRESETS } from './modules/presets/catalogue/index.js';
import { PresetsService } from './modules/presets/presets.service.js';
import { CustomVoicesRepo } from './modules/speech/custom-voices.repo.js';
import { CustomVoicesService } from './modules/speech/custom-voices.service.js';
import { SpeechService } from './modules/speech/speech.service.js';
import { VoiceCatalogue } from './modules/speech/voice-catalogue.js';
import { VoiceListing } from './modules/speech/voice-listing.js';
import { TextRepo } from './modules/text/text.repo.js';
import { TextService } from './modules/text/text.service.js';
import { type Clock, systemClock } from './shared/clock.js';
import { type Db, isDatabaseReachable, migrateToLatest, openSqlite } from './storage/db/database.js';
import { FsBlobStore } from './storage/blob/fs-blob-store.js';
import { WriteBatcher } from './storage/db/write-batcher.js';

export interface AppOverrides {
  clock?: Clock;
  engines?: EngineDeps;
  /** An already open database (tests share one); otherwise the configured file is opened. */
  db?: Db;
  logStream?: ServerOptions['logStream'];
}

export interface Services {
  db: Db;
  accounts: AccountsService;
  keys: KeysService;
  credits: CreditsService;
  presets: PresetsService;
  text: TextService;
  blobs: FsBlobStore;
  speech: SpeechService;
  customVoices: CustomVoicesService;
  voices: VoiceListing;
}

/** The composition root: the only place that picks implementations. */
export async function buildServices(config: Config, overrides: AppOverrides = {}): Promise<Services> {
  const clock = overrides.clock ?? systemClock;
  const db = overrides.db ?? openSqlite(config.databaseFile);
  await migrateToLatest(db);

  const writer = new WriteBatcher(db);
  const keys = new KeysService(new KeysRepo(db), clock, config.authCacheMs);
  const credits = new CreditsService(new CreditsRepo(db, writer), clock);
  const accounts = new AccountsService(db, new AccountsRepo(db), keys, credits, config, clock);
  const presets = new PresetsService(PRESETS);
  const text = new TextService(presets, createTextModels(config, overrides.engines), credits, new TextRepo(db, writer), config, clock);

  const blobs = new FsBlobStore(join(config.dataDir, 'files'), config.publicUrl);
  const avatarUrl = (voiceId: string) => `${config.publicUrl}/voice-avatars/${encodeURIComponent(voiceId)}.svg`;
  const catalogue = new VoiceCatalogue(createTtsModels(config, overrides.engines), avatarUrl);
  const customVoices = new CustomVoicesService(new CustomVoicesRepo(db), catalogue, avatarUrl, clock);
  const speech = new SpeechService(db, catalogue, customVoices, credits, blobs, config.tts, clock);
  const voices = new VoiceListing(catalogue, customVoices);
  return { db, accounts, keys, credits, presets, text, blobs, speech, customVoices, voices };
}

export interface App {
  server: FastifyInstance;
  services: Services;
  close(): Promise<void>;
}

export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<App> {
  const services = await buildServices(config, overrides);
  const server = await buildServer(
    config,
    { ...services, isDatabaseReachable: () => isDatabaseReachable(services.db) },
    { logStream: overrides.logStream },
  );
  return {
    server,
    services,
    async close() {
      await server.close();
      await services.db.destroy();
    },
  };
}
