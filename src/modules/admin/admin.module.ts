import type { Config } from '../../config.js';
import type { SwappableTextModels } from '../../engines/swapping/swappable-text-models.js';
import type { CatalogueEntry } from '../../models/catalogue.js';
import type { FollowerLog, PulledModelsFollower } from '../../models/pulled-models-follower.js';
import type { Clock } from '../../shared/clock.js';
import type { Db } from '../../storage/db/database.js';
import { AccountsRepo } from '../accounts/accounts.repo.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { CreditsService } from '../credits/credits.service.js';
import type { KeysService } from '../keys/keys.service.js';
import { SessionsRepo } from '../sessions/sessions.repo.js';
import type { WebhooksService } from '../webhooks/webhooks.service.js';
import { AdminAccountsRepo } from './admin-accounts.repo.js';
import { AdminAccountsService } from './admin-accounts.service.js';
import { type AdminEnginesDeps, AdminEnginesService } from './admin-engines.service.js';
import { AdminJobsRepo } from './admin-jobs.repo.js';
import type { TargetedKind } from './admin-job-targets.js';
import { AdminJobsService } from './admin-jobs.service.js';
import { AdminModelsService } from './admin-models.service.js';
import { AdminUsageRepo } from './admin-usage.repo.js';
import { AdminUsageService } from './admin-usage.service.js';
import { AuditRepo } from './audit.repo.js';
import { AuditService } from './audit.service.js';

export interface AdminModuleOptions {
  db: Db;
  config: Config;
  clock: Clock;
  log: FollowerLog;
  accounts: AccountsService;
  keys: KeysService;
  credits: CreditsService;
  webhooks: WebhooksService;
  /** What the engines page shows: every capability's engines and the /ready checks. */
  textModels: SwappableTextModels;
  asrModels: AdminEnginesDeps['asr'];
  ttsModels: AdminEnginesDeps['speech'];
  embedding: AdminEnginesDeps['embedding'];
  images: AdminEnginesDeps['images'];
  videos: AdminEnginesDeps['videos'];
  readiness: AdminEnginesDeps['readiness'];
  catalogue: readonly CatalogueEntry[];
  pulledModels: PulledModelsFollower;
  wakeWorker: () => void;
  /** Every kind of record made by jobs (RECORD_KINDS in src/job-kinds.ts). */
  recordKinds: readonly TargetedKind[];
}

/** The admin area: accounts, usage, the job queue, engines and local models, each change audited. */
export function createAdminModule(options: AdminModuleOptions) {
  const { db, config, clock, log, accounts, keys, credits, webhooks, catalogue, pulledModels } = options;
  const audit = new AuditService(new AuditRepo(db), clock);
  return {
    audit,
    adminJobs: new AdminJobsService({
      db,
      repo: new AdminJobsRepo(db),
      recordKinds: options.recordKinds,
      credits,
      webhooks,
      audit,
      clock,
      wakeWorkers: options.wakeWorker,
    }),
    adminEngines: new AdminEnginesService({
      config,
      text: options.textModels,
      images: options.images,
      videos: options.videos,
      asr: options.asrModels,
      speech: options.ttsModels,
      embedding: options.embedding,
      readiness: options.readiness,
    }),
    adminModels: new AdminModelsService({
      config,
      catalogue,
      textModels: options.textModels,
      follower: pulledModels,
      audit,
      log,
      clock,
    }),
    adminAccounts: new AdminAccountsService({
      db,
      repo: new AdminAccountsRepo(db),
      accountsRepo: new AccountsRepo(db),
      sessionsRepo: new SessionsRepo(db),
      accounts,
      credits,
      keys,
      audit,
      config,
      clock,
    }),
    adminUsage: new AdminUsageService(new AdminUsageRepo(db), clock),
  };
}
