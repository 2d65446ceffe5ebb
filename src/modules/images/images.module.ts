import { type Peers, SharedSignal } from '../../cluster/peers.js';
import type { Config } from '../../config.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Clock } from '../../shared/clock.js';
import type { GuardOptions } from '../../shared/net/guarded-http.js';
import type { BlobStore } from '../../storage/blob/blob-store.js';
import type { Db } from '../../storage/db/database.js';
import type { CreditsService } from '../credits/credits.service.js';
import { ImagesRepo } from './images.repo.js';
import { ImagesService, type ImagesServiceOptions } from './images.service.js';

export interface ImagesModuleOptions {
  db: Db;
  queue: JobQueue;
  imageModels: ImagesServiceOptions['models'];
  imageEditors: ImagesServiceOptions['editors'];
  credits: CreditsService;
  blobs: BlobStore;
  guard: GuardOptions;
  config: Pick<Config, 'images' | 'jobs'>;
  clock: Clock;
  peers: Peers;
  wakeWorker: () => void;
}

/** Images, each a durable job; the requests that wait for one are woken in every process of a cluster. */
export function createImagesModule(options: ImagesModuleOptions) {
  const { db, queue, imageModels, imageEditors, credits, blobs, guard, config, clock, peers, wakeWorker } = options;
  return {
    images: new ImagesService({
      db,
      repo: new ImagesRepo(db),
      queue,
      models: imageModels,
      editors: imageEditors,
      credits,
      blobs,
      config: {
        maxAttempts: config.jobs.maxAttempts,
        waitMs: config.images.waitMs,
        guard: { ...guard, maxBytes: config.images.maxReferenceBytes },
      },
      clock,
      onEnqueued: wakeWorker,
      settled: new SharedSignal(peers, 'images.settled'),
    }),
  };
}
