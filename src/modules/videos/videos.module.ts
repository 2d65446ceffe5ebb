import type { Config } from '../../config.js';
import type { TalkingVideoModel } from '../../engines/spec/talking-video-model.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Clock } from '../../shared/clock.js';
import type { GuardOptions } from '../../shared/net/guarded-http.js';
import type { BlobStore } from '../../storage/blob/blob-store.js';
import type { Db } from '../../storage/db/database.js';
import { processTempDir } from '../../storage/temp-dir.js';
import type { CreditsService } from '../credits/credits.service.js';
import type { SpeechService } from '../speech/speech.service.js';
import { ReferenceMedia } from './reference-media.js';
import { TalkingInputs } from './talking-inputs.js';
import { VideosRepo } from './videos.repo.js';
import { VideosService, type VideosServiceOptions } from './videos.service.js';

export interface VideosModuleOptions {
  db: Db;
  queue: JobQueue;
  videoModels: VideosServiceOptions['models'];
  talkingVideo: TalkingVideoModel;
  speech: SpeechService;
  credits: CreditsService;
  blobs: BlobStore;
  guard: GuardOptions;
  config: Pick<Config, 'asr' | 'images' | 'jobs' | 'talkingVideos' | 'tempDir' | 'videos'>;
  clock: Clock;
  wakeWorker: () => void;
}

/** Videos and talking videos, each a durable job. */
export function createVideosModule(options: VideosModuleOptions) {
  const { db, queue, videoModels, talkingVideo, speech, credits, blobs, guard, config, clock, wakeWorker } = options;
  const programs = {
    ffmpegPath: config.asr.ffmpegPath,
    ffprobePath: config.asr.ffprobePath,
    timeoutMs: config.asr.timeoutMs,
    tempDir: processTempDir(config.tempDir),
  };
  return {
    videos: new VideosService({
      db,
      repo: new VideosRepo(db),
      queue,
      models: videoModels,
      credits,
      blobs,
      config: {
        maxAttempts: config.jobs.maxAttempts,
        limits: config.videos.limits,
        maxSeconds: config.videos.maxSeconds,
        guard: { ...guard, maxBytes: config.images.maxReferenceBytes },
        references: new ReferenceMedia({ guard, ...programs }),
        talking: {
          engine: talkingVideo,
          speech,
          inputs: new TalkingInputs({ guard, ...programs }),
          creditsPerSecond: config.talkingVideos.creditsPerSecond,
        },
      },
      clock,
      onEnqueued: wakeWorker,
    }),
  };
}
