import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { SwappableAsrModels } from './engines/swapping/swappable-asr-models.js';
import type { SwappableTextModels } from './engines/swapping/swappable-text-models.js';
import type { PulledModelsFollower } from './models/pulled-models-follower.js';
import type { ServiceMetrics } from './http/metrics.js';
import type { Worker } from './jobs/worker.js';
import type { AccountsService } from './modules/accounts/accounts.service.js';
import type { AdminAccountsService } from './modules/admin/admin-accounts.service.js';
import type { AdminUsageService } from './modules/admin/admin-usage.service.js';
import type { AdminModelsService } from './modules/admin/admin-models.service.js';
import type { AuditService } from './modules/admin/audit.service.js';
import type { AdminJobsService } from './modules/admin/admin-jobs.service.js';
import type { AdminEnginesService } from './modules/admin/admin-engines.service.js';
import type { BotChatService } from './modules/bots/bot-chat.service.js';
import type { BotsService } from './modules/bots/bots.service.js';
import type { BrandVoicesService } from './modules/brand-voices/brand-voices.service.js';
import type { DocumentReader } from './modules/bots/document-reader.js';
import type { ChatService } from './modules/chat/chat.service.js';
import type { CreditsService } from './modules/credits/credits.service.js';
import type { EmbeddingsService } from './modules/embeddings/embeddings.service.js';
import type { ModerationsService } from './modules/moderations/moderations.service.js';
import type { ModelDirectory } from './modules/models/model-directory.js';
import type { ReservationSweeper } from './modules/credits/reservation-sweeper.js';
import type { IdempotencyService } from './modules/idempotency/idempotency.service.js';
import type { ImagesService } from './modules/images/images.service.js';
import type { BotKeysService } from './modules/keys/bot-keys.service.js';
import type { KeysService } from './modules/keys/keys.service.js';
import type { OAuthService } from './modules/oauth/oauth.service.js';
import type { PresetFolder } from './modules/presets/preset-folder.js';
import type { PresetsService } from './modules/presets/presets.service.js';
import type { UserPresetsService } from './modules/presets/user-presets.service.js';
import type { PresetLinksService } from './modules/presets/preset-links.service.js';
import type { PublishedPresetsService } from './modules/presets/published-presets.service.js';
import type { ResponsesService } from './modules/responses/responses.service.js';
import type { ProcessRegistry } from './modules/processes/process-registry.js';
import type { SessionsService } from './modules/sessions/sessions.service.js';
import type { SoundsService } from './modules/sounds/sounds.service.js';
import type { CustomVoicesService } from './modules/speech/custom-voices.service.js';
import type { SpeechService } from './modules/speech/speech.service.js';
import type { VoiceListing } from './modules/speech/voice-listing.js';
import type { TextService } from './modules/text/text.service.js';
import type { TranscriptionsService } from './modules/transcriptions/transcriptions.service.js';
import type { VideosService } from './modules/videos/videos.service.js';
import type { WebhooksService } from './modules/webhooks/webhooks.service.js';
import type { ServedBlobStore } from './storage/blob/blob-store.js';
import type { Db } from './storage/db/database.js';
import type { Readiness } from './readiness/readiness.js';

/**
 * What the composition root (app.ts) builds and the front doors (HTTP, MCP, dashboard) and commands use.
 * A file of its own so that none of them imports app.ts, which imports them.
 */
export interface Services {
  db: Db;
  accounts: AccountsService;
  keys: KeysService;
  sessions: SessionsService;
  /** OAuth sign-in of MCP clients: registration, consent, tokens (accepted on /mcp only), revocation. */
  oauth: OAuthService;
  credits: CreditsService;
  presets: PresetsService;
  userPresets: UserPresetsService;
  /** The operator's preset folder (ATELIER_PRESETS_DIR): read and watched by buildApp. */
  presetFolder: PresetFolder;
  /** Public links to users' presets: run as the owner, within a daily cap. */
  presetLinks: PresetLinksService;
  /** Users' presets an admin published into the catalogue (its 'published' layer); start() loads them and follows changes. */
  publishedPresets: PublishedPresetsService;
  text: TextService;
  /** The accounts' brand voices, applied to generate, chat completions and bots. */
  brandVoices: BrandVoicesService;
  /** Reads the pages brand voices are drafted from, on a worker thread (close() ends it). */
  pageReader: DocumentReader;
  /** The text engines; `local` holds the models this process loads itself (llama-cpp), warmed up at start; swapped when models are pulled or removed. */
  textModels: SwappableTextModels;
  /** The transcription engines; swapped when a whisper model is pulled or removed; `release` frees the whisper model at shutdown. */
  asrModels: SwappableAsrModels;
  blobs: ServedBlobStore;
  /** Where request counts live when not in each process's memory (ATELIER_RATE_LIMIT_STORE=database). */
  rateLimitStore: FastifyRateLimitStoreCtor | undefined;
  speech: SpeechService;
  customVoices: CustomVoicesService;
  voices: VoiceListing;
  transcriptions: TranscriptionsService;
  webhooks: WebhooksService;
  images: ImagesService;
  videos: VideosService;
  idempotency: IdempotencyService;
  chat: ChatService;
  /** OpenAI's Responses API over the chat service; start() deletes stored responses past their retention. */
  responses: ResponsesService;
  /** OpenAI's embeddings API on the embedding engine the bots use (close() frees a local model). */
  embeddings: EmbeddingsService;
  /** GET /v1/models: the names of every modality, each with what it serves. */
  models: ModelDirectory;
  /** OpenAI's moderations API through the configured moderation endpoint. */
  moderations: ModerationsService;
  bots: BotsService;
  botChat: BotChatService;
  /** Publishable keys: each opens one bot's public chat only. */
  botKeys: BotKeysService;
  /** Reads uploaded documents on worker threads (close() ends them). */
  documents: DocumentReader;
  /** Sound effects; close() ends the offline engine's worker threads. */
  sounds: SoundsService;
  worker: Worker;
  /** Prometheus metrics; undefined when ATELIER_METRICS=false. */
  metrics: ServiceMetrics | undefined;
  /** This process among those sharing the database (stop() when done: it leaves the list). */
  processes: ProcessRegistry;
  /** What administrators did (the admin area's log). */
  audit: AuditService;
  /** The job queue for operators: depth, failures, retry and cancel (the admin area). */
  adminJobs: AdminJobsService;
  /** Which engine serves each model of every capability, and whether it is ready (the admin area). */
  adminEngines: AdminEnginesService;
  /** The local model catalogue (the admin area): pulls with progress, cancel, remove. */
  adminModels: AdminModelsService;
  /** Swaps the text engines as language models are pulled and removed while the service runs (start() to watch). */
  pulledModels: PulledModelsFollower;
  /** The admin area's accounts: list, detail and changes, each audited. */
  adminAccounts: AdminAccountsService;
  /** Usage across accounts (the admin area). */
  adminUsage: AdminUsageService;
  /** What /ready reports; the admin area's engines page shows the same checks. */
  readiness: Readiness;
  /** Gives back reservations of dead processes; started by buildApp (the service), not by one-off commands. */
  reservationSweeper: ReservationSweeper;
}

/** What the front doors (HTTP, MCP, dashboard) are given: every service but the database and the job worker. */
export type FrontDoorServices = Omit<Services, 'db' | 'worker'>;
