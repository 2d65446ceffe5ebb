import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import type { Config } from './config.js';
import {
  type EngineDeps,
  createAsrModels,
  createImageEditors,
  createImageModels,
  createSoundModel,
  createTextModels,
  createTtsModels,
  createTalkingVideoModel,
  createVideoModels,
} from './engines/registry.js';
import { createEmbeddingModel } from './engines/registry.js';
import { SwappableAsrModels } from './engines/swappable-asr-models.js';
import { JobQueue } from './jobs/job-queue.js';
import { type JobLog, Worker } from './jobs/worker.js';
import { noopJobs } from './jobs/noop-jobs.js';
import { JOB_KINDS, jobHandlers } from './jobs/job-kinds.js';
import { ServiceMetrics } from './http/metrics.js';
import type { ServerOptions } from './http/server.js';
import type { Services } from './services.js';
import { AccountsRepo } from './modules/accounts/accounts.repo.js';
import { AuditRepo } from './modules/admin/audit.repo.js';
import { AuditService } from './modules/admin/audit.service.js';
import { AdminJobsRepo } from './modules/admin/admin-jobs.repo.js';
import { AdminJobsService } from './modules/admin/admin-jobs.service.js';
import { AdminEnginesService } from './modules/admin/admin-engines.service.js';
import { AdminAccountsRepo } from './modules/admin/admin-accounts.repo.js';
import { AdminModelsService } from './modules/admin/admin-models.service.js';
import { type CatalogueEntry, MODEL_CATALOGUE } from './models/catalogue.js';
import { PulledModelsFollower } from './models/pulled-models-follower.js';
import { AdminAccountsService } from './modules/admin/admin-accounts.service.js';
import { AdminUsageRepo } from './modules/admin/admin-usage.repo.js';
import { AdminUsageService } from './modules/admin/admin-usage.service.js';
import { AccountsService } from './modules/accounts/accounts.service.js';
import { BotsRepo } from './modules/bots/bots.repo.js';
import { BotsService } from './modules/bots/bots.service.js';
import { BotChatService } from './modules/bots/bot-chat.service.js';
import { DocumentReader } from './modules/bots/document-reader.js';
import { KnowledgeService } from './modules/bots/knowledge.service.js';
import { Retrieval } from './modules/bots/retrieval.js';
import { CreditsRepo } from './modules/credits/credits.repo.js';
import { CreditsService } from './modules/credits/credits.service.js';
import { ReservationSweeper } from './modules/credits/reservation-sweeper.js';
import { ReservationsRepo } from './modules/credits/reservations.repo.js';
import { SettlementJournal } from './modules/credits/settlement-journal.js';
import { ProcessRegistry } from './modules/processes/process-registry.js';
import { ChatService } from './modules/chat/chat.service.js';
import { chatCatalogue } from './modules/chat/chat-models.js';
import { TokenBilling } from './modules/chat/token-billing.js';
import { IdempotencyService } from './modules/idempotency/idempotency.service.js';
import { ImagesRepo } from './modules/images/images.repo.js';
import { ImagesService } from './modules/images/images.service.js';
import { TalkingInputs } from './modules/videos/talking-inputs.js';
import { VideosRepo } from './modules/videos/videos.repo.js';
import { VideosService } from './modules/videos/videos.service.js';
import { BotKeysRepo } from './modules/keys/bot-keys.repo.js';
import { BotKeysService } from './modules/keys/bot-keys.service.js';
import { KeysRepo } from './modules/keys/keys.repo.js';
import { KeysService } from './modules/keys/keys.service.js';
import { OAuthRepo } from './modules/oauth/oauth.repo.js';
import { OAuthService } from './modules/oauth/oauth.service.js';
import { PRESETS } from './modules/presets/catalogue/index.js';
import { PresetsService } from './modules/presets/presets.service.js';
import { ResponsesRepo } from './modules/responses/responses.repo.js';
import { ResponsesService } from './modules/responses/responses.service.js';
import { SessionsRepo } from './modules/sessions/sessions.repo.js';
import { SessionsService } from './modules/sessions/sessions.service.js';
import { CustomVoicesRepo } from './modules/speech/custom-voices.repo.js';
import { CustomVoicesService } from './modules/speech/custom-voices.service.js';
import { SoundsService } from './modules/sounds/sounds.service.js';
import { SpeechService } from './modules/speech/speech.service.js';
import { VoiceCatalogue } from './modules/speech/voice-catalogue.js';
import { VoiceListing } from './modules/speech/voice-listing.js';
import { TextRepo } from './modules/text/text.repo.js';
import { TranscriptionPipeline } from './modules/transcriptions/transcription-pipeline.js';
import { TranscriptionsRepo } from './modules/transcriptions/transcriptions.repo.js';
import { TranscriptionsService } from './modules/transcriptions/transcriptions.service.js';
import { WebhooksRepo } from './modules/webhooks/webhooks.repo.js';
import { WebhooksService } from './modules/webhooks/webhooks.service.js';
import { TextService } from './modules/text/text.service.js';
import { type Clock, systemClock } from './shared/clock.js';
import { type Db, isDatabaseReachable, migrateToLatest, openDatabase } from './storage/db/database.js';
import { dialectOf } from './storage/db/dialect.js';
import { BlobUrls, type ServedBlobStore } from './storage/blob/blob-store.js';
import { FsBlobStore } from './storage/blob/fs-blob-store.js';
import { databaseRateLimitStore } from './http/database-rate-limit-store.js';
import { RateLimitsRepo } from './modules/rate-limits/rate-limits.repo.js';
import { WriteBatcher } from './storage/db/write-batcher.js';
import { processTempDir, removeProcessTempDir, sweepTempRoot } from './storage/temp-dir.js';
import { type Peers, SharedSignal, noPeers } from './cluster/peers.js';
import { primaryRateLimitStore } from './http/cluster-rate-limit-store.js';

/** What buildServices builds; defined in services.ts so that no front door imports this file. */
export type { Services } from './services.js';

export interface AppOverrides {
  clock?: Clock;
  engines?: EngineDeps;
  /** An already open database (tests share one); otherwise the configured file is opened. */
  db?: Db;
  logStream?: ServerOptions['logStream'];
  jobLog?: JobLog;
  /** The other processes of a cluster (src/cluster/peers.ts); none by default. */
  peers?: Peers;
  /** Rate limits counted by the cluster's primary, unless they are counted in the database. */
  clusterRateLimits?: boolean;
  /** Replaces the local model catalogue (tests: a tiny model served by a local server, under a real name). */
  modelCatalogue?: readonly CatalogueEntry[];
}

/** The composition root: the only place that picks implementations. */
export async function buildServices(config: Config, overrides: AppOverrides = {}): Promise<Services> {
  const clock = overrides.clock ?? systemClock;
  const db = overrides.db ?? openDatabase(config.database);
  await migrateToLatest(db);
  // What killed processes left in the temporary folder (users' text and media) goes now.
  await sweepTempRoot(config.tempDir);

  // Without metrics nothing is wrapped or counted. The queue and the worker come later: read at scrape time.
  const metrics = config.metrics.enabled
    ? new ServiceMetrics({ queueDepth: () => queue.depth(), jobKinds: () => JOB_KINDS, clock })
    : undefined;
  const engines: EngineDeps = { ...overrides.engines, observer: metrics };
  const writer = new WriteBatcher(db);
  const peers = overrides.peers ?? noPeers;
  const keys = new KeysService(new KeysRepo(db), clock, config.authCacheMs, peers);
  const log =
    overrides.jobLog ??
    pino({ level: config.logLevel, name: 'worker', redact: { paths: ['api_key'], censor: '[redacted]' } });
  // Registered before anything is reserved: a reservation's owner must be known to the other processes' sweepers.
  const processes = new ProcessRegistry(db, clock, { heartbeatMs: config.reservations.heartbeatMs });
  await processes.start();
  const reservations = new ReservationsRepo(db, writer);
  // Only where every process that may sweep shares this folder: SQLite's processes are on one machine.
  const journalDir = dialectOf(db) === 'sqlite' ? join(config.dataDir, 'settlements') : undefined;
  const credits = new CreditsService(
    new CreditsRepo(db, writer),
    reservations,
    processes.id,
    clock,
    metrics,
    journalDir ? new SettlementJournal(journalDir, processes.id) : undefined,
  );
  const reservationSweeper = new ReservationSweeper(
    reservations,
    processes,
    credits,
    clock,
    config.reservations.sweepMs,
    log,
    journalDir,
  );
  const accountsRepo = new AccountsRepo(db);
  const accounts = new AccountsService(db, accountsRepo, keys, credits, config, clock);
  const sessionsRepo = new SessionsRepo(db);
  const sessions = new SessionsService(sessionsRepo, accounts, config, clock);
  const oauth = new OAuthService(new OAuthRepo(db), config, clock);
  const presets = new PresetsService(PRESETS);
  const textModels = createTextModels(config, engines);
  const text = new TextService(presets, textModels, credits, new TextRepo(db, writer), config, clock);

  const blobUrls = new BlobUrls(config.blobs);
  // The AWS SDK is imported only where it is used: it adds a third of a second to every start.
  const blobs: ServedBlobStore =
    config.blobs.store === 's3'
      ? new (await import('./storage/blob/s3-blob-store.js')).S3BlobStore(config.blobs.s3, blobUrls)
      : new FsBlobStore(join(config.dataDir, 'files'), blobUrls);
  const rateLimitStore =
    config.rateLimit.store === 'database'
      ? databaseRateLimitStore(new RateLimitsRepo(db), clock)
      : overrides.clusterRateLimits
        ? primaryRateLimitStore()
        : undefined;
  const avatarUrl = (voiceId: string) => `${config.publicUrl}/voice-avatars/${encodeURIComponent(voiceId)}.svg`;
  const ttsModels = createTtsModels(config, engines);
  const catalogue = new VoiceCatalogue(ttsModels, avatarUrl);
  const customVoices = new CustomVoicesService(new CustomVoicesRepo(db), catalogue, avatarUrl, clock);
  const speech = new SpeechService(db, catalogue, customVoices, credits, blobs, config.tts, clock);
  const voices = new VoiceListing(catalogue, customVoices);
  const sounds = new SoundsService(db, createSoundModel(config, engines), credits, blobs);

  const queue = new JobQueue(db, clock);
  const guard = {
    allowPrivate: config.fetching.allowPrivate,
    maxBytes: config.fetching.maxBytes,
    timeoutMs: config.fetching.timeoutMs,
  };
  const webhooks = new WebhooksService(
    new WebhooksRepo(db),
    queue,
    { ...guard, maxBytes: 1024 * 1024, timeoutMs: config.webhooks.timeoutMs },
    config.webhooks.maxAttempts,
    clock,
  );
  // A whisper model pulled or removed while the service runs swaps them (PulledModelsFollower).
  const asrModels = new SwappableAsrModels(
    (current) => createAsrModels(current, engines),
    config,
    (error) => log.error({ err: error }, 'a replaced whisper model could not be released'),
  );
  const pipeline = new TranscriptionPipeline(asrModels, {
    ffmpegPath: config.asr.ffmpegPath,
    decodeTimeoutMs: config.asr.timeoutMs,
    guard,
    tempDir: processTempDir(config.tempDir),
    mediaLimits: {
      ffprobePath: config.asr.ffprobePath,
      maxSeconds: config.asr.maxMediaSeconds,
      maxStreams: config.asr.maxMediaStreams,
    },
  });
  let worker: Worker | undefined;
  // Jobs queued in an HTTP process of a cluster run in its worker process, which looks at once.
  peers.on('jobs.enqueued', () => worker?.notify());
  const wakeWorker = () => {
    worker?.notify();
    peers.tell('jobs.enqueued', {});
  };
  const transcriptions = new TranscriptionsService(
    db,
    new TranscriptionsRepo(db),
    queue,
    pipeline,
    credits,
    webhooks,
    textModels,
    {
      publicUrl: config.publicUrl,
      creditsPerTranscription: config.asr.creditsPerTranscription,
      creditsPerDerivedField: config.asr.creditsPerDerivedField,
      maxAttempts: config.jobs.maxAttempts,
    },
    clock,
    wakeWorker,
  );
  const images = new ImagesService(
    db,
    new ImagesRepo(db),
    queue,
    createImageModels(config, engines),
    createImageEditors(config, engines),
    credits,
    blobs,
    {
      maxAttempts: config.jobs.maxAttempts,
      waitMs: config.images.waitMs,
      guard: { ...guard, maxBytes: config.images.maxReferenceBytes },
    },
    clock,
    wakeWorker,
    new SharedSignal(peers, 'images.settled'),
  );
  const videos = new VideosService(
    db,
    new VideosRepo(db),
    queue,
    createVideoModels(config, ttsModels, engines),
    credits,
    blobs,
    {
      maxAttempts: config.jobs.maxAttempts,
      guard: { ...guard, maxBytes: config.images.maxReferenceBytes },
      talking: {
        engine: createTalkingVideoModel(config, engines),
        speech,
        inputs: new TalkingInputs({
          guard,
          ffmpegPath: config.asr.ffmpegPath,
          ffprobePath: config.asr.ffprobePath,
          timeoutMs: config.asr.timeoutMs,
          tempDir: processTempDir(config.tempDir),
        }),
        creditsPerSecond: config.talkingVideos.creditsPerSecond,
      },
    },
    clock,
    wakeWorker,
  );
  const idempotency = new IdempotencyService(db, clock, config.idempotencyWaitMs);
  const botsRepo = new BotsRepo(db);
  const embeddingModel = createEmbeddingModel(config, engines);
  const documents = new DocumentReader(config.bots.documents);
  const bots = new BotsService(
    botsRepo,
    new KnowledgeService(botsRepo, embeddingModel, documents, clock),
    new Retrieval(botsRepo, embeddingModel),
    { model: config.text.model, botsUrl: config.bots.publicUrl },
    clock,
  );
  const tokenBilling = new TokenBilling(credits, config.chat);
  // Pictures given by URL in chat messages are downloaded as reference images are: same guard, same size limit.
  const chat = new ChatService(chatCatalogue(config, textModels), tokenBilling, {
    maxTokens: config.text.maxTokens,
    guard: { ...guard, maxBytes: config.images.maxReferenceBytes },
    clock,
  });
  const responses = new ResponsesService(chat, new ResponsesRepo(db, writer), config.responses, clock, log);
  const handlers = jobHandlers({
    'transcription.process': transcriptions.job,
    'webhook.deliver': webhooks.job,
    'image.generate': images.job,
    'video.generate': videos.job,
    'video.talking': videos.talkingJob,
    noop: noopJobs,
  });
  worker = new Worker(queue, handlers, {
    concurrency: config.jobs.concurrency,
    leaseMs: config.jobs.leaseMs,
    pollMs: config.jobs.pollMs,
    retryBaseMs: config.jobs.retryBaseMs,
    clock,
    log,
  });
  const botChat = new BotChatService(bots, chat, tokenBilling);
  const botKeys = new BotKeysService(new BotKeysRepo(db), clock);
  const modelCatalogue = overrides.modelCatalogue ?? MODEL_CATALOGUE;
  const pulledModels = new PulledModelsFollower(config, modelCatalogue, textModels, asrModels, log);
  const audit = new AuditService(new AuditRepo(db), clock);
  const adminModels = new AdminModelsService(config, modelCatalogue, textModels, pulledModels, audit, log, clock);
  return {
    db,
    accounts,
    keys,
    sessions,
    oauth,
    credits,
    presets,
    text,
    textModels,
    asrModels,
    blobs,
    rateLimitStore,
    speech,
    customVoices,
    voices,
    transcriptions,
    webhooks,
    images,
    videos,
    idempotency,
    chat,
    responses,
    bots,
    botChat,
    botKeys,
    documents,
    sounds,
    worker,
    metrics,
    processes,
    reservationSweeper,
    audit,
    adminJobs: new AdminJobsService({
      db,
      repo: new AdminJobsRepo(db),
      transcriptions: new TranscriptionsRepo(db),
      credits,
      webhooks,
      audit,
      clock,
      wakeWorkers: wakeWorker,
    }),
    adminEngines: new AdminEnginesService({
      config,
      text: textModels,
      images,
      videos,
      asr: asrModels,
      speech: ttsModels,
      embedding: embeddingModel,
    }),
    pulledModels,
    adminModels,
    adminAccounts: new AdminAccountsService(
      db,
      new AdminAccountsRepo(db),
      accountsRepo,
      sessionsRepo,
      accounts,
      credits,
      keys,
      audit,
      config,
      clock,
    ),
    adminUsage: new AdminUsageService(new AdminUsageRepo(db), clock),
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
  // One process of a cluster pulls (the worker, or the only one); the others pick the models up as they land.
  if (config.role !== 'api') void services.adminModels.preload(config.models.preload);
  // The HTTP side (Fastify, every operation's schemas, the MCP SDK) is a second of loading that the
  // command line, which uses only the services, does not pay.
  const [{ buildReadiness }, { buildBotServer, buildOperationsServer, buildServer }] = await Promise.all([
    import('./http/readiness-checks.js'),
    import('./http/server.js'),
  ]);
  const readiness = buildReadiness({
    config,
    db: services.db,
    blobs: services.blobs,
    worker: services.worker,
    // Pulled models come and go while the service runs: /ready asks the engines of the moment.
    localText: config.text.followsPulledModels
      ? { status: () => services.textModels.local?.status() ?? [{ ok: true, text: 'builtin (offline)' }] }
      : services.textModels.local,
    currentAsr: config.asr.followsPulledModels ? () => services.pulledModels.asrConfig() : undefined,
    clock: overrides.clock,
  });
  services.adminEngines.checkWith(readiness);
  const httpServices = { ...services, isDatabaseReachable: () => isDatabaseReachable(services.db), readiness };
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
      await services.sounds.close();
      await services.processes.stop();
      if (services.blobs.kind === 'remote') services.blobs.close();
      services.pulledModels.stop();
      await services.adminModels.close();
      await services.textModels.release();
      await services.asrModels.release();
      await services.db.destroy();
      await removeProcessTempDir(config.tempDir);
    },
  };
}
