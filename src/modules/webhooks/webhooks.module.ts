import type { Config } from '../../config.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Clock } from '../../shared/clock.js';
import type { GuardOptions } from '../../shared/net/guarded-http.js';
import type { Db } from '../../storage/db/database.js';
import { WebhooksRepo } from './webhooks.repo.js';
import { WebhooksService } from './webhooks.service.js';

export interface WebhooksModuleOptions {
  db: Db;
  queue: JobQueue;
  guard: GuardOptions;
  config: Pick<Config, 'webhooks'>;
  clock: Clock;
}

/** Webhook deliveries, each a durable job. */
export function createWebhooksModule({ db, queue, guard, config, clock }: WebhooksModuleOptions) {
  return {
    webhooks: new WebhooksService({
      repo: new WebhooksRepo(db),
      queue,
      guard: { ...guard, maxBytes: 1024 * 1024, timeoutMs: config.webhooks.timeoutMs },
      maxAttempts: config.webhooks.maxAttempts,
      clock,
    }),
  };
}
