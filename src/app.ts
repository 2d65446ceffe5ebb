import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { JOB_KINDS, RECORD_KINDS } from './job-kinds.js';
import { jobHandlers } from './jobs/job-handlers.js';
import { noopJobs } from './jobs/noop-jobs.js';
import { Worker } from './jobs/worker.js';
import type { ServerOptions } from './http/server.js';
import { type CatalogueEntry, MODEL_CATALOGUE } from './models/catalogue.js';
import { PulledModelsFollower } from './models/pulled-models-follower.js';
import { createAccountsModule } from './modules/accounts/accounts.module.js';
import { createAdminModule } from './modules/admin/admin.module.js';
import { createBotsModule } from './modules/bots/bots.module.js';
import { createBrandVoicesModule } from './modules/brand-voices/brand-voices.module.js';
import { createChatModule } from './modules/chat/chat.module.js';
import { createCreditsModule } from './modules/credits/credits.module.js';
import { createEmbeddingsModule } from './modules/embeddings/embeddings.module.js';
import { ModelDirectory } from './modules/models/model-directory.js';
import { catalogueListing, engineListing, namedListing } from './modules/models/modality-listings.js';
import { TRANSCRIPTION_MODEL_ALIASES } from './modules/transcriptions/upload-transcription.js';
import { ModerationsService } from './modules/moderations/moderations.service.js';
import { IdempotencyService } from './modules/idempotency/idempotency.service.js';
import { createImagesModule } from './modules/images/images.module.js';
import { createKeysModule } from './modules/keys/keys.module.js';
import { createOAuthModule } from './modules/oauth/oauth.module.js';
import { createPresetSharingModule } from './modules/presets/preset-sharing.module.js';
import { presetOutputCheck } from './modules/presets/preset-output-check.js';
import { createPresetsModule } from './modules/presets/presets.module.js';
import { createResponsesModule } from './modules/responses/responses.module.js';
import { createSessionsModule } from './modules/sessions/sessions.module.js';
import { createSoundsModule } from './modules/sounds/sounds.module.js';
import { createSpeechModule } from './modules/speech/speech.module.js';
import { createTextModule } from './modules/text/text.module.js';
import { createTranscriptionsModule } from './modules/transcriptions/transcriptions.module.js';
import { createVideosModule } from './modules/videos/videos.module.js';
import { createWebhooksModule } from './modules/webhooks/webhooks.module.js';
import { type PlatformOverrides, createEngines, openPlatform } from './platform.js';
import { buildReadiness } from './readiness/readiness-checks.js';
import type { Services } from './services.js';
import { type Clock, systemClock } from './shared/clock.js';
import { isDatabaseReachable } from './storage/db/database.js';
import { removeProcessTempDir } from './storage/temp-dir.js';

/** What buildServices builds; defined in services.ts so that no front door imports this file. */
export type { Services } from './services.js';

export interface AppOverrides extends PlatformOverrides {
  clock?: Clock;
  logStream?: ServerOptions['logStream'];
  /** Replaces the local model catalogue (tests: a tiny model served by a local server, under a real name). */
  modelCatalogue?: readonly CatalogueEntry[];
}

/** The composition root: the only place that picks implementations. Each module builds its own services. */
export async function buildServices(config: Config, overrides: AppOverrides = {}): Promise<Services> {
  const platform = await openPlatform(config, overrides.clock ?? systemClock, overrides);
  const { db, clock, queue, peers, log, blobs, rateLimitStore, metrics, processes } = platform;
  const engines = createEngines(config, platform.engineDeps, log);
  const { textModels, asrModels } = engines;
  // The worker comes last (it runs every module's jobs); jobs queued before, or in a cluster's HTTP process, wake it.
  let worker: Worker | undefined;
  peers.on('jobs.enqueued', () => worker?.notify());
  const wakeWorker = () => {
    worker?.notify();
    peers.tell('jobs.enqueued', {});
  };
  const ports = { ...platform, ...engines, wakeWorker };

  const { keys, botKeys } = createKeysModule(ports);
  const { credits, reservationSweeper } = createCreditsModule(ports);
  const { accounts } = createAccountsModule({ ...ports, keys, credits });
  const { sessions } = createSessionsModule({ ...ports, accounts });
  const { oauth } = createOAuthModule(ports);
  const { speech, customVoices, voices } = createSpeechModule({ ...ports, credits });
  const { images } = createImagesModule({ ...ports, credits });
  const outputCheck = presetOutputCheck({ imageModels: ports.imageModels, speech });
  const { brandVoices, pageReader } = createBrandVoicesModule(ports);
  const { presets, userPresets, presetFolder } = createPresetsModule({ ...ports, brandVoices, outputCheck });
  const { text } = createTextModule({ ...ports, presets, userPresets, credits, brandVoices, images, speech, voices });
  const { sounds } = createSoundsModule({ ...ports, credits });
  const { webhooks } = createWebhooksModule(ports);
  const { transcriptions } = createTranscriptionsModule({ ...ports, credits, webhooks });
  const { videos } = createVideosModule({ ...ports, credits, speech });
  const idempotency = new IdempotencyService(db, clock, config.idempotencyWaitMs);
  const { chat, tokenBilling } = createChatModule({ ...ports, credits, brandVoices });
  const { responses } = createResponsesModule({ ...ports, chat });
  const { bots, botChat, documents } = createBotsModule({ ...ports, chat, tokenBilling, brandVoices });
  const { embeddings } = createEmbeddingsModule({ ...ports, credits });
  const moderations = new ModerationsService(engines.moderation);
  // GET /v1/models: one listing per modality (a modality's OpenAI aliases join as a listing of their own).
  const models = new ModelDirectory([
    namedListing('chat', () =>
      chat.list().data.map((m: { id: string; owned_by: string; alias_of?: string }) => ({
        id: m.id,
        ownedBy: m.owned_by,
        aliasOf: m.alias_of,
      })),
    ),
    namedListing('embeddings', () => embeddings.models()),
    engineListing('speech', () => engines.ttsModels),
    engineListing('transcription', () => asrModels.engines),
    catalogueListing('images', () => images.catalogue()),
    catalogueListing('videos', () => videos.catalogue()),
    // OpenAI's names as configured (tts-1, whisper-1, dall-e-3=..., sora-2=...).
    namedListing('speech', () => aliasNames(Object.entries(config.tts.modelAliases))),
    namedListing('transcription', () =>
      Object.keys(TRANSCRIPTION_MODEL_ALIASES).map((id) => ({ id, ownedBy: 'atelier' })),
    ),
    namedListing('images', () => aliasNames(config.images.openaiAliases)),
    namedListing('videos', () => aliasNames(config.videos.openaiAliases)),
  ]);
  const handlers = jobHandlers(JOB_KINDS, {
    'transcription.process': transcriptions.job,
    'webhook.deliver': webhooks.job,
    'image.generate': images.job,
    'video.generate': videos.job,
    'video.talking': videos.talkingJob,
    noop: noopJobs,
  });
  const { concurrency, leaseMs, pollMs, retryBaseMs } = config.jobs;
  worker = new Worker(queue, handlers, { concurrency, leaseMs, pollMs, retryBaseMs, clock, log });
  const catalogue = overrides.modelCatalogue ?? MODEL_CATALOGUE;
  const pulledModels = new PulledModelsFollower({ ...ports, catalogue });
  const readiness = buildReadiness({
    ...ports,
    worker,
    // Pulled models come and go while the service runs: /ready asks the engines of the moment.
    localText: config.text.followsPulledModels
      ? { status: () => textModels.local?.status() ?? [{ ok: true, text: 'builtin (offline)' }] }
      : textModels.local,
    currentAsr: config.asr.followsPulledModels ? () => pulledModels.asrConfig() : undefined,
  });
  const admin = createAdminModule({
    ...ports,
    accounts,
    keys,
    credits,
    webhooks,
    pulledModels,
    catalogue,
    images,
    videos,
    readiness,
    recordKinds: RECORD_KINDS,
  });
  const sharing = createPresetSharingModule({ ...ports, presets, userPresets, accounts, text, audit: admin.audit });
  return {
    db,
    blobs,
    rateLimitStore,
    metrics,
    processes,
    worker,
    readiness,
    textModels,
    asrModels,
    pulledModels,
    keys,
    botKeys,
    credits,
    reservationSweeper,
    accounts,
    sessions,
    oauth,
    presets,
    userPresets,
    presetFolder,
    text,
    idempotency,
    brandVoices,
    pageReader,
    speech,
    customVoices,
    voices,
    sounds,
    webhooks,
    transcriptions,
    images,
    videos,
    chat,
    responses,
    embeddings,
    moderations,
    models,
    bots,
    botChat,
    documents,
    ...admin,
    ...sharing,
  };
}

export interface App {
  server: FastifyInstance;
  /** The bot interface on its own port, when ATELIER_BOTS_PORT is set. */
  botServer: FastifyInstance | undefined;
  /** A worker's /health, /ready and /metrics on 127.0.0.1, when ATELIER_ROLE=worker and ATELIER_WORKER_METRICS_PORT is set. */
  operationsServer: FastifyInstance | undefined;
  services: Services;
  /** Stops taking requests and jobs at once, gives running jobs `graceMs` (5 s when absent), then closes the database. */
  close(graceMs?: number): Promise<void>;
}

export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<App> {
  const services = await buildServices(config, overrides);
  services.reservationSweeper.start();
  services.responses.start();
  services.pulledModels.start();
  await services.publishedPresets.start();
  await services.presetFolder.start();
  // One process of a cluster pulls (the worker, or the only one); the others pick the models up as they land.
  if (config.role !== 'api') void services.adminModels.preload(config.models.preload);
  // The HTTP side (Fastify, every operation's schemas, the MCP SDK) is a second of loading that the
  // command line, which uses only the services, does not pay.
  const { buildBotServer, buildOperationsServer, buildServer } = await import('./http/server.js');
  const httpServices = { ...services, isDatabaseReachable: () => isDatabaseReachable(services.db) };
  const options = { logStream: overrides.logStream, clock: overrides.clock };
  const server = await buildServer(config, httpServices, options);
  const botServer = config.bots.port === undefined ? undefined : await buildBotServer(config, httpServices, options);
  const operationsServer =
    config.role === 'worker' && config.workerMetricsPort !== undefined
      ? await buildOperationsServer(config, httpServices, options)
      : undefined;
  return {
    server,
    botServer,
    operationsServer,
    services,
    async close(graceMs) {
      await Promise.all([services.worker.stop(graceMs), botServer?.close(), server.close(), operationsServer?.close()]);
      await services.reservationSweeper.stop();
      await services.responses.stop();
      await services.credits.drain();
      await services.documents.close();
      await services.pageReader.close();
      await services.sounds.close();
      await services.transcriptions.close();
      await services.processes.stop();
      if (services.blobs.kind === 'remote') services.blobs.close();
      services.pulledModels.stop();
      await services.presetFolder.close();
      services.publishedPresets.stop();
      await services.adminModels.close();
      await services.textModels.release();
      await services.asrModels.release();
      await services.embeddings.close();
      await services.db.destroy();
      await removeProcessTempDir(config.tempDir);
    },
  };
}

/** Configured aliases (name → target) as /v1/models lists them. */
const aliasNames = (pairs: Iterable<readonly [string, string]>) =>
  [...pairs].map(([id, target]) => ({ id, ownedBy: 'atelier', aliasOf: target }));
