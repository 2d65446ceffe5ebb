import { join } from 'node:path';
import { pino } from 'pino';
import type { Config } from './config.js';
import {
  type EngineDeps,
  createAsrModels,
  createEmbeddingModel,
  createModerationModel,
  createImageEditors,
  createImageModels,
  createSoundModel,
  createTalkingVideoModel,
  createTextModels,
  createTtsModels,
  createVideoModels,
} from './engines/providers/registry.js';
import { SwappableEmbeddingModel } from './engines/swapping/swappable-embedding-model.js';
import { SwappableAsrModels } from './engines/swapping/swappable-asr-models.js';
import { databaseRateLimitStore } from './http/database-rate-limit-store.js';
import { primaryRateLimitStore } from './http/cluster-rate-limit-store.js';
import { ServiceMetrics } from './http/metrics.js';
import { JobQueue } from './jobs/job-queue.js';
import { JOB_KINDS } from './job-kinds.js';
import type { JobLog } from './jobs/worker.js';
import { ProcessRegistry } from './modules/processes/process-registry.js';
import { RateLimitsRepo } from './modules/rate-limits/rate-limits.repo.js';
import { type Peers, noPeers } from './cluster/peers.js';
import type { Clock } from './shared/clock.js';
import type { GuardOptions } from './shared/net/guarded-http.js';
import { BlobUrls, type ServedBlobStore } from './storage/blob/blob-store.js';
import { FsBlobStore } from './storage/blob/fs-blob-store.js';
import { type Db, migrateToLatest, openDatabase } from './storage/db/database.js';
import { WriteBatcher } from './storage/db/write-batcher.js';
import { sweepTempRoot } from './storage/temp-dir.js';
import { standardOutputLog } from './shared/log-destination.js';

/** What the composition root may replace (tests, the cluster); see AppOverrides in app.ts. */
export interface PlatformOverrides {
  /** An already open database (tests share one); otherwise the configured file is opened. */
  db?: Db;
  engines?: EngineDeps;
  jobLog?: JobLog;
  /** The other processes of a cluster (src/cluster/peers.ts); none by default. */
  peers?: Peers;
  /** Rate limits counted by the cluster's primary, unless they are counted in the database. */
  clusterRateLimits?: boolean;
}

/**
 * What every module is built on: the database (migrated) and its writer, this process among those sharing it
 * (started), the blob store, the job queue, logs and metrics, and the fetch guard for users' URLs.
 */
export async function openPlatform(config: Config, clock: Clock, overrides: PlatformOverrides) {
  const db = overrides.db ?? openDatabase(config.database);
  await migrateToLatest(db);
  // What killed processes left in the temporary folder (users' text and media) goes now.
  await sweepTempRoot(config.tempDir);
  const queue = new JobQueue(db, clock);
  // Without metrics nothing is wrapped or counted. The queue and the worker are read at scrape time.
  const metrics = config.metrics.enabled
    ? new ServiceMetrics({ queueDepth: () => queue.depth(), jobKinds: () => JOB_KINDS, clock })
    : undefined;
  const log =
    overrides.jobLog ??
    pino(
      { level: config.logLevel, name: 'worker', redact: { paths: ['api_key'], censor: '[redacted]' } },
      standardOutputLog(),
    );
  // Registered before anything is reserved: a reservation's owner must be known to the other processes' sweepers.
  const processes = new ProcessRegistry(db, clock, { heartbeatMs: config.reservations.heartbeatMs });
  await processes.start();
  const guard: GuardOptions = {
    allowPrivate: config.fetching.allowPrivate,
    maxBytes: config.fetching.maxBytes,
    timeoutMs: config.fetching.timeoutMs,
  };
  return {
    config,
    clock,
    db,
    writer: new WriteBatcher(db),
    peers: overrides.peers ?? noPeers,
    log,
    metrics,
    processes,
    queue,
    guard,
    blobs: await openBlobStore(config),
    rateLimitStore:
      config.rateLimit.store === 'database'
        ? databaseRateLimitStore(new RateLimitsRepo(db), clock)
        : overrides.clusterRateLimits
          ? primaryRateLimitStore()
          : undefined,
    engineDeps: { ...overrides.engines, observer: metrics } satisfies EngineDeps,
  };
}

export type Platform = Awaited<ReturnType<typeof openPlatform>>;

async function openBlobStore(config: Config): Promise<ServedBlobStore> {
  const urls = new BlobUrls(config.blobs);
  // The AWS SDK is imported only where it is used: it adds a third of a second to every start.
  return config.blobs.store === 's3'
    ? new (await import('./storage/blob/s3-blob-store.js')).S3BlobStore(config.blobs.s3, urls)
    : new FsBlobStore(join(config.dataDir, 'files'), urls);
}

/** Every engine the configuration picks, one set per process. */
export function createEngines(config: Config, deps: EngineDeps, log: JobLog) {
  const ttsModels = createTtsModels(config, deps);
  return {
    textModels: createTextModels(config, deps),
    ttsModels,
    // A whisper model pulled or removed while the service runs swaps them (PulledModelsFollower).
    asrModels: new SwappableAsrModels(
      (current) => createAsrModels(current, deps),
      config,
      (error) => log.error({ err: error }, 'a replaced whisper model could not be released'),
    ),
    imageModels: createImageModels(config, deps),
    imageEditors: createImageEditors(config, deps),
    videoModels: createVideoModels(config, ttsModels, deps),
    talkingVideo: createTalkingVideoModel(config, deps),
    soundModel: createSoundModel(config, deps),
    // An embedding model pulled or removed while the service runs swaps it (PulledModelsFollower).
    embedding: new SwappableEmbeddingModel(
      (current) => createEmbeddingModel(current, deps),
      config,
      (error) => log.error({ err: error }, 'a replaced embedding model could not be released'),
    ),
    moderation: createModerationModel(config, deps),
  };
}

export type Engines = ReturnType<typeof createEngines>;
