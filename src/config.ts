import { availableParallelism } from 'node:os';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { ConfigError, bool, httpUrl, int, invalidConfiguration } from './config-fields.js';
import {
  checkEngineChoices,
  engineChoiceFields,
  parseAsrRoutes,
  parseLocalProviders,
  soundEngineOf,
  textProviderOf,
} from './engines/providers/engine-choices.js';
import { imageCatalogue, imageRoutesField, videoCatalogue } from './engines/media/media-settings.js';
import { providerSettings, providersEnvShape } from './engines/providers/provider-envs.js';
import { chatNames } from './modules/chat/chat-aliases.js';
import { parseModelAliases } from './modules/images/openai-model-aliases.js';
import { embeddingAliases } from './modules/embeddings/embedding-aliases.js';
import { preloadModelsField } from './models/preload-setting.js';

export { ConfigError } from './config-fields.js';
export type { ImageModelEntry, VideoModelEntry } from './engines/media/media-entries.js';
export type { ImageEngineName } from './engines/providers/provider-envs.js';

interface PlanLimits {
  maxApiKeys: number;
  maxBots: number;
  maxDocumentsPerBot: number;
}
const PLAN_LIMIT_DEFAULTS: PlanLimits = { maxApiKeys: 25, maxBots: 25, maxDocumentsPerBot: 200 };

const planSchema = z
  .object({
    name: z.string().regex(/^[a-z][a-z0-9_-]{0,31}$/),
    monthlyCredits: z.number().int().min(0),
    monthlyTtsWords: z.number().int().min(0),
    advancedModel: z.boolean(),
    premiumPresets: z.boolean(),
    /** Video is the costliest work; plans without this flag get it when they get the premium presets. */
    videoGeneration: z.boolean().optional(),
    rateLimitPerMinute: z.number().int().min(1),
    /** Most API keys an account may hold (revoked ones do not count). These three limits may be left out of
     *  ATELIER_PLANS: a plan named like a default plan gets its value, any other PLAN_LIMIT_DEFAULTS. */
    maxApiKeys: z.number().int().min(1).optional(),
    maxBots: z.number().int().min(0).optional(),
    /** Also capped by the service's own per-bot limit (200). */
    maxDocumentsPerBot: z.number().int().min(0).optional(),
  })
  .transform((plan) => {
    const defaults: PlanLimits = DEFAULT_PLANS.find((p) => p.name === plan.name) ?? PLAN_LIMIT_DEFAULTS;
    return {
      ...plan,
      maxApiKeys: plan.maxApiKeys ?? defaults.maxApiKeys,
      maxBots: plan.maxBots ?? defaults.maxBots,
      maxDocumentsPerBot: plan.maxDocumentsPerBot ?? defaults.maxDocumentsPerBot,
    };
  });
export type Plan = z.output<typeof planSchema>;

/** Ordered from the smallest to the top plan; the admin account gets the last one. */
export const DEFAULT_PLANS: Plan[] = [
  {
    name: 'free',
    videoGeneration: false,
    monthlyCredits: 100,
    monthlyTtsWords: 2_000,
    advancedModel: false,
    premiumPresets: false,
    rateLimitPerMinute: 1_200,
    maxApiKeys: 5,
    maxBots: 3,
    maxDocumentsPerBot: 20,
  },
  {
    name: 'pro',
    videoGeneration: true,
    monthlyCredits: 2_000,
    monthlyTtsWords: 50_000,
    advancedModel: true,
    premiumPresets: true,
    rateLimitPerMinute: 1_200,
    maxApiKeys: 25,
    maxBots: 25,
    maxDocumentsPerBot: 200,
  },
  {
    name: 'business',
    videoGeneration: true,
    monthlyCredits: 10_000,
    monthlyTtsWords: 250_000,
    advancedModel: true,
    premiumPresets: true,
    rateLimitPerMinute: 3_000,
    maxApiKeys: 100,
    maxBots: 100,
    maxDocumentsPerBot: 200,
  },
];

/** The service's own variables; each provider's (engines/adapters/<name>/settings.ts) are added below. */
const serviceEnv = {
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: int(0, 65_535).default(8080),
  ATELIER_DATA_DIR: z.string().min(1).default('./data'),
  ATELIER_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'expected a postgres:// URL')
    .optional(),
  ATELIER_DATABASE_POOL_SIZE: int(1, 1_000).default(10),
  ATELIER_DATABASE_WRITE_WAIT_MS: int(0, 600_000).default(5_000),
  ATELIER_BLOB_STORE: z.enum(['fs', 's3']).default('fs'),
  ATELIER_BLOB_PUBLIC_URL: httpUrl.optional(),
  ATELIER_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'expected an S3 bucket name')
    .optional(),
  ATELIER_S3_REGION: z.string().min(1).default('us-east-1'),
  ATELIER_S3_ENDPOINT: httpUrl.optional(),
  ATELIER_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  ATELIER_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  ATELIER_S3_FORCE_PATH_STYLE: bool.default(false),
  ATELIER_S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._/-]*$/, 'expected letters, digits, . _ - and /')
    .default(''),
  ATELIER_RATE_LIMIT_STORE: z.enum(['memory', 'database']).optional(),
  ATELIER_PUBLIC_URL: httpUrl.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ATELIER_BODY_LIMIT_BYTES: int(1_024, 100 * 1024 * 1024).default(1024 * 1024),
  ATELIER_ANONYMOUS_RATE_LIMIT_PER_MINUTE: int(1, 1_000_000).default(600),
  ATELIER_PRESET_LINK_RUNS_PER_MINUTE: int(1, 1_000).default(5),
  ATELIER_RATE_LIMIT_ENABLED: bool.default(true),
  ATELIER_AUTH_CACHE_MS: int(0, 60_000).default(2_000),
  ATELIER_PLANS: z.string().optional(),
  ATELIER_ADMIN_EMAIL: z.email().default('admin@atelier.local'),
  ATELIER_CREDITS_PER_OUTPUT: int(0, 1_000_000).default(1),
  ATELIER_CREDITS_PER_ADVANCED_OUTPUT: int(0, 1_000_000).default(5),
  ATELIER_TEXT_PROVIDER: engineChoiceFields.textProvider,
  ATELIER_SOUND_ENGINE: engineChoiceFields.soundEngine,
  ATELIER_TEXT_MODEL: z.string().min(1).default('gpt-4o-mini'),
  ATELIER_TEXT_ADVANCED_MODEL: z.string().min(1).default('gpt-4o'),
  ATELIER_TEXT_MAX_TOKENS: int(16, 128_000).default(2_048),
  ATELIER_TEXT_CONCURRENCY: int(1, 64).default(4),
  ATELIER_UPSTREAM_TIMEOUT_MS: int(100, 600_000).default(60_000),
  ATELIER_TTS_LOCAL_PROVIDERS: z.string().default('espeak-ng,flite'),
  ATELIER_LAME_PATH: z.string().min(1).default('lame'),
  ATELIER_TTS_MAX_CHARACTERS: int(100, 100_000).default(5_000),
  ATELIER_TTS_BITRATE_KBPS: z.coerce
    .number()
    .pipe(z.union([z.literal(32), z.literal(48), z.literal(64), z.literal(96), z.literal(128), z.literal(192)]))
    .default(64),
  ATELIER_TTS_TIMEOUT_MS: int(1_000, 600_000).default(120_000),
  ATELIER_TTS_CONCURRENCY: int(1, 16).default(2),
  /** OpenAI's speech model names and the engine family each is spoken by (/v1/audio/speech), e.g. tts-1=espeak-ng. */
  ATELIER_TTS_MODEL_ALIASES: z
    .string()
    .regex(/^\s*[\w.-]+=[\w.-]+\s*(,\s*[\w.-]+=[\w.-]+\s*)*$/, 'must be model=engine pairs separated by commas')
    .default('tts-1=espeak-ng,tts-1-hd=flite,gpt-4o-mini-tts=flite'),
  ATELIER_ALLOW_PRIVATE_URLS: bool.default(false),
  ATELIER_DOWNLOAD_MAX_BYTES: int(1_024, 2 * 1024 * 1024 * 1024).default(200 * 1024 * 1024),
  ATELIER_DOWNLOAD_TIMEOUT_MS: int(1_000, 3_600_000).default(120_000),
  ATELIER_FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  /** ffprobe reads a file's duration and streams before ffmpeg decodes it; by default the one beside ATELIER_FFMPEG_PATH. */
  ATELIER_FFPROBE_PATH: z.string().min(1).optional(),
  /** User media (audio or video to transcribe) longer than this is refused before it is decoded. */
  ATELIER_MAX_MEDIA_SECONDS: int(1, 86_400).default(14_400),
  ATELIER_MAX_MEDIA_STREAMS: int(1, 1_024).default(16),
  ATELIER_MODELS_DIR: z.string().min(1).optional(),
  /** A folder of preset files (YAML or JSON, one a file) over the code's catalogue, read again on every change. */
  ATELIER_PRESETS_DIR: z.string().min(1).optional(),
  /** Replaces https://huggingface.co in the model catalogue's URLs (a mirror) for every pull. */
  ATELIER_MODELS_BASE_URL: httpUrl.optional(),
  /** Catalogue models pulled in the background at start when missing, e.g. qwen3-0.6b,whisper-base. */
  ATELIER_PRELOAD_MODELS: preloadModelsField,
  ATELIER_ASR_TIMEOUT_MS: int(1_000, 7_200_000).default(1_800_000),
  /** How long POST /v1/audio/transcriptions may work before it answers (it transcribes while the request waits). */
  ATELIER_ASR_SYNC_TIMEOUT_MS: int(1_000, 3_600_000).default(300_000),
  ATELIER_ASR_ROUTES: engineChoiceFields.asrRoutes,
  ATELIER_CREDITS_PER_TRANSCRIPTION: int(0, 1_000_000).default(2),
  /** What POST /v1/audio/transcriptions and /translations charge per minute of audio (rounded up to a whole credit). */
  ATELIER_CREDITS_PER_TRANSCRIPTION_MINUTE: int(0, 1_000_000).default(1),
  ATELIER_CREDITS_PER_DERIVED_FIELD: int(0, 1_000_000).default(1),
  ATELIER_WORKERS: bool.default(true),
  ATELIER_WORKER_CONCURRENCY: int(1, 64).default(2),
  ATELIER_JOB_LEASE_MS: int(1_000, 3_600_000).default(30_000),
  ATELIER_JOB_POLL_MS: int(10, 60_000).default(500),
  ATELIER_JOB_MAX_ATTEMPTS: int(1, 20).default(3),
  ATELIER_JOB_RETRY_BASE_MS: int(10, 600_000).default(5_000),
  /** How often each process says it is alive; a process silent for three beats counts as dead. */
  ATELIER_PROCESS_HEARTBEAT_MS: int(100, 600_000).default(10_000),
  /** How often reservations whose process died are given back (also once at start). */
  ATELIER_RESERVATION_SWEEP_MS: int(100, 3_600_000).default(30_000),
  /** Uploaded documents are read on worker threads: how many at once, how many may wait, and each one's time and heap. */
  ATELIER_DOCUMENT_WORKERS: int(1, 64).default(2),
  ATELIER_DOCUMENT_QUEUE: int(0, 1_000).default(16),
  ATELIER_DOCUMENT_TIMEOUT_MS: int(100, 600_000).default(30_000),
  ATELIER_DOCUMENT_MEMORY_MB: int(32, 8_192).default(256),
  ATELIER_WEBHOOK_TIMEOUT_MS: int(500, 120_000).default(10_000),
  ATELIER_WEBHOOK_MAX_ATTEMPTS: int(1, 20).default(6),
  ATELIER_UPSTREAM_RETRIES: int(0, 10).default(2),
  ATELIER_IMAGE_MODELS: z.string().optional(),
  ATELIER_IMAGE_ROUTES: imageRoutesField,
  ATELIER_IMAGE_TIMEOUT_MS: int(1_000, 1_800_000).default(180_000),
  ATELIER_IMAGE_WAIT_MS: int(0, 300_000).default(60_000),
  ATELIER_IMAGE_MAX_REFERENCE_BYTES: int(1_024, 100 * 1024 * 1024).default(20 * 1024 * 1024),
  ATELIER_VIDEO_MODELS: z.string().optional(),
  ATELIER_OPENAI_IMAGE_ALIASES: z.string().optional(),
  ATELIER_OPENAI_VIDEO_ALIASES: z.string().optional(),
  ATELIER_VIDEO_MAX_SECONDS: int(1, 300).default(30),
  ATELIER_VIDEO_LIMITS: z.enum(['engine', 'hosted']).default('engine'),
  ATELIER_TALKING_VIDEO_CREDITS_PER_SECOND: int(0, 1000).default(2),
  ATELIER_IDEMPOTENCY_WAIT_MS: int(0, 120_000).default(15_000),
  ATELIER_BOTS_PORT: int(0, 65_535).optional(),
  ATELIER_BOTS_PUBLIC_URL: httpUrl.optional(),
  ATELIER_CHAT_CREDITS_PER_1K_TOKENS: z.coerce.number().min(0).max(1_000_000).default(1),
  ATELIER_CHAT_ADVANCED_CREDITS_PER_1K_TOKENS: z.coerce.number().min(0).max(1_000_000).default(5),
  /** `name=target,...` (target: standard, advanced, builtin or a configured model name); unset: the hosted reference's names. */
  ATELIER_CHAT_MODEL_ALIASES: z.string().optional(),
  /** The model or alias that answers a request without `model`; unset: gemini-3.8-flash (the standard model when that is no name here). */
  ATELIER_CHAT_DEFAULT_MODEL: z.string().trim().min(1).max(200).optional(),
  ATELIER_EMBEDDINGS_CREDITS_PER_1K_TOKENS: z.coerce.number().min(0).max(1_000_000).default(0.1),
  /** `name,name,...` answered by the embedding engine (`none`: no alias); unset: OpenAI's embedding model names. */
  ATELIER_EMBEDDINGS_MODEL_ALIASES: z.string().optional(),
  /** Days a stored response of the Responses API is kept; 0: until it is deleted. */
  ATELIER_RESPONSES_RETENTION_DAYS: int(0, 36_500).default(30),
  ATELIER_DASHBOARD_SIGNUP: bool.default(true),
  ATELIER_SESSION_DAYS: int(1, 365).default(14),
  ATELIER_LOGIN_ATTEMPTS_PER_MINUTE: int(1, 10_000).default(10),
  /** OAuth sign-in of MCP clients: lifetimes of access tokens (seconds) and refresh tokens (days). */
  ATELIER_OAUTH_ACCESS_TOKEN_SECONDS: int(1, 86_400).default(3_600),
  ATELIER_OAUTH_REFRESH_TOKEN_DAYS: int(1, 365).default(30),
  /** Client registrations (POST /oauth/register) per minute and address, whatever ATELIER_RATE_LIMIT_ENABLED says. */
  ATELIER_OAUTH_REGISTRATIONS_PER_MINUTE: int(1, 10_000).default(10),
  ATELIER_ROLE: z.enum(['api', 'worker', 'all']).default('all'),
  /** HTTP processes of `atelier serve` on one port (node:cluster); unset: one per core. */
  ATELIER_API_PROCESSES: int(1, 64).optional(),
  /** Who accepts the connections of the HTTP processes: see clusterAccept below. */
  ATELIER_CLUSTER_ACCEPT: z.enum(['auto', 'kernel', 'primary']).default('auto'),
  ATELIER_SHUTDOWN_GRACE_MS: int(0, 3_600_000).default(30_000),
  ATELIER_METRICS: bool.default(true),
  ATELIER_METRICS_TOKEN: z.string().min(16, 'use at least 16 characters').optional(),
  ATELIER_OPERATIONS_TOKEN: z.string().min(16, 'use at least 16 characters').optional(),
  ATELIER_OPERATIONS_PUBLIC: bool.default(false),
  ATELIER_WORKER_METRICS_PORT: int(1, 65_535).optional(),
};

const envSchema = z.object({ ...serviceEnv, ...providersEnvShape });

function buildConfig(env: z.infer<typeof envSchema>) {
  const dataDir = resolve(env.ATELIER_DATA_DIR);
  const plans = env.ATELIER_PLANS ? parsePlans(env.ATELIER_PLANS) : DEFAULT_PLANS;
  const publicHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  const modelsDir = resolve(env.ATELIER_MODELS_DIR ?? resolve(dataDir, 'models'));
  const providers = providerSettings(env);
  const servicePublicUrl = (env.ATELIER_PUBLIC_URL ?? `http://${publicHost}:${env.PORT}`).replace(/\/+$/, '');
  return {
    host: env.HOST,
    port: env.PORT,
    publicUrl: servicePublicUrl,
    dataDir,
    /** Temporary files (engines' work folders), swept at start: never the system's temporary folder. */
    tempDir: resolve(dataDir, 'tmp'),
    databaseFile: resolve(dataDir, 'atelier.db'),
    /** PostgreSQL when `url` is set; the SQLite file `file` otherwise. */
    database: {
      url: env.ATELIER_DATABASE_URL,
      file: resolve(dataDir, 'atelier.db'),
      poolSize: env.ATELIER_DATABASE_POOL_SIZE,
      writeWaitMs: env.ATELIER_DATABASE_WRITE_WAIT_MS,
    },
    blobs: blobSettings(env, servicePublicUrl),
    logLevel: env.LOG_LEVEL,
    bodyLimitBytes: env.ATELIER_BODY_LIMIT_BYTES,
    authCacheMs: env.ATELIER_AUTH_CACHE_MS,
    rateLimit: {
      enabled: env.ATELIER_RATE_LIMIT_ENABLED,
      anonymousPerMinute: env.ATELIER_ANONYMOUS_RATE_LIMIT_PER_MINUTE,
      /** Runs of one public preset link a minute from one address (the daily cap is the link's own). */
      presetLinkRunsPerMinute: env.ATELIER_PRESET_LINK_RUNS_PER_MINUTE,
      /** Where request counts live: this process's memory, or the database that every process shares. */
      // Several processes share a PostgreSQL database: their limits must too.
      store: env.ATELIER_RATE_LIMIT_STORE ?? (env.ATELIER_DATABASE_URL ? 'database' : 'memory'),
    },
    plans,
    adminEmail: env.ATELIER_ADMIN_EMAIL,
    credits: { perOutput: env.ATELIER_CREDITS_PER_OUTPUT, perAdvancedOutput: env.ATELIER_CREDITS_PER_ADVANCED_OUTPUT },
    /** Where `atelier models pull` puts model files. */
    modelsDir,
    models: { baseUrl: env.ATELIER_MODELS_BASE_URL, preload: env.ATELIER_PRELOAD_MODELS },
    /** The operator's preset folder: it adds, overrides and hides catalogue presets (modules/presets/preset-folder.ts). */
    presets: { dir: env.ATELIER_PRESETS_DIR === undefined ? undefined : resolve(env.ATELIER_PRESETS_DIR) },
    llm: providers.llm,
    text: {
      provider: textProviderOf(env.ATELIER_TEXT_PROVIDER, providers),
      /** Unnamed, the provider becomes llama-cpp at start when a language model is pulled (models/start-config.ts). */
      providerNamed: env.ATELIER_TEXT_PROVIDER !== undefined,
      /** Nothing names the text engine or its files: the service follows the models pulled (and removed) while it runs. */
      followsPulledModels:
        !env.ATELIER_TEXT_PROVIDER && !env.ATELIER_LLM_MODEL_PATH && !env.ATELIER_LLM_ADVANCED_MODEL_PATH,
      ...providers.text,
      model: env.ATELIER_TEXT_MODEL,
      advancedModel: env.ATELIER_TEXT_ADVANCED_MODEL,
      maxTokens: env.ATELIER_TEXT_MAX_TOKENS,
      concurrency: env.ATELIER_TEXT_CONCURRENCY,
    },
    upstream: { timeoutMs: env.ATELIER_UPSTREAM_TIMEOUT_MS, retries: env.ATELIER_UPSTREAM_RETRIES },
    fetching: {
      allowPrivate: env.ATELIER_ALLOW_PRIVATE_URLS,
      maxBytes: env.ATELIER_DOWNLOAD_MAX_BYTES,
      timeoutMs: env.ATELIER_DOWNLOAD_TIMEOUT_MS,
    },
    asr: {
      ffmpegPath: env.ATELIER_FFMPEG_PATH,
      ffprobePath:
        env.ATELIER_FFPROBE_PATH ??
        (env.ATELIER_FFMPEG_PATH.includes('/') ? resolve(dirname(env.ATELIER_FFMPEG_PATH), 'ffprobe') : 'ffprobe'),
      /** Refused before decoding: longer media, or more streams. */
      maxMediaSeconds: env.ATELIER_MAX_MEDIA_SECONDS,
      maxMediaStreams: env.ATELIER_MAX_MEDIA_STREAMS,
      ...providers.asr,
      routes: parseAsrRoutes(env.ATELIER_ASR_ROUTES),
      timeoutMs: env.ATELIER_ASR_TIMEOUT_MS,
      syncTimeoutMs: env.ATELIER_ASR_SYNC_TIMEOUT_MS,
      creditsPerTranscription: env.ATELIER_CREDITS_PER_TRANSCRIPTION,
      creditsPerTranscriptionMinute: env.ATELIER_CREDITS_PER_TRANSCRIPTION_MINUTE,
      creditsPerDerivedField: env.ATELIER_CREDITS_PER_DERIVED_FIELD,
    },
    jobs: {
      enabled: env.ATELIER_WORKERS,
      concurrency: env.ATELIER_WORKER_CONCURRENCY,
      leaseMs: env.ATELIER_JOB_LEASE_MS,
      pollMs: env.ATELIER_JOB_POLL_MS,
      maxAttempts: env.ATELIER_JOB_MAX_ATTEMPTS,
      retryBaseMs: env.ATELIER_JOB_RETRY_BASE_MS,
    },
    reservations: { heartbeatMs: env.ATELIER_PROCESS_HEARTBEAT_MS, sweepMs: env.ATELIER_RESERVATION_SWEEP_MS },
    images: {
      ...imageCatalogue({ models: env.ATELIER_IMAGE_MODELS, routes: env.ATELIER_IMAGE_ROUTES }, providers),
      ...providers.images,
      timeoutMs: env.ATELIER_IMAGE_TIMEOUT_MS,
      waitMs: env.ATELIER_IMAGE_WAIT_MS,
      maxReferenceBytes: env.ATELIER_IMAGE_MAX_REFERENCE_BYTES,
      /** OpenAI's names sent to other catalogue models at /v1/images (the catalogue answers to OpenAI's names itself). */
      openaiAliases: parseModelAliases(env.ATELIER_OPENAI_IMAGE_ALIASES, 'ATELIER_OPENAI_IMAGE_ALIASES', (problem) => {
        throw invalidConfiguration(problem);
      }),
    },
    videos: {
      models: videoCatalogue(env.ATELIER_VIDEO_MODELS),
      maxSeconds: env.ATELIER_VIDEO_MAX_SECONDS,
      /** hosted: each model's durations, resolutions, aspect ratios and input checked as the hosted service does. */
      limits: env.ATELIER_VIDEO_LIMITS,
      /** OpenAI's names (sora-2...) sent to other catalogue models at /v1/videos. */
      openaiAliases: parseModelAliases(env.ATELIER_OPENAI_VIDEO_ALIASES, 'ATELIER_OPENAI_VIDEO_ALIASES', (problem) => {
        throw invalidConfiguration(problem);
      }),
      ...providers.videos,
    },
    idempotencyWaitMs: env.ATELIER_IDEMPOTENCY_WAIT_MS,
    talkingVideos: {
      ...providers.talkingVideos,
      creditsPerSecond: env.ATELIER_TALKING_VIDEO_CREDITS_PER_SECOND,
    },
    embeddings: providers.embeddings,
    localEmbeddings: providers.localEmbeddings,
    /** POST /v1/embeddings: its price, the names it answers to, and whether a pulled model serves it. */
    embeddingsApi: {
      creditsPer1kTokens: env.ATELIER_EMBEDDINGS_CREDITS_PER_1K_TOKENS,
      aliases: embeddingAliases(env.ATELIER_EMBEDDINGS_MODEL_ALIASES, (problem) => {
        throw invalidConfiguration(problem);
      }),
      /** No engine named (neither a remote server nor a model file): the model `atelier models pull` fetched serves. */
      followsPulledModels: !providers.embeddings && !providers.localEmbeddings.modelPath,
    },
    moderations: providers.moderations,
    bots: {
      port: env.ATELIER_BOTS_PORT,
      /** {bots_url}: where the bot interface answers. */
      documents: {
        workers: env.ATELIER_DOCUMENT_WORKERS,
        queue: env.ATELIER_DOCUMENT_QUEUE,
        timeoutMs: env.ATELIER_DOCUMENT_TIMEOUT_MS,
        memoryMb: env.ATELIER_DOCUMENT_MEMORY_MB,
      },
      publicUrl: (
        env.ATELIER_BOTS_PUBLIC_URL ??
        (env.ATELIER_BOTS_PORT === undefined
          ? (env.ATELIER_PUBLIC_URL ?? `http://${publicHost}:${env.PORT}`)
          : `http://${publicHost}:${env.ATELIER_BOTS_PORT}`)
      ).replace(/\/+$/, ''),
    },
    dashboard: {
      /** Whether anyone who reaches /dashboard/signup may open an account (on the smallest plan). */
      signup: env.ATELIER_DASHBOARD_SIGNUP,
      sessionDays: env.ATELIER_SESSION_DAYS,
      /** Login and sign-up attempts per minute and address, whatever ATELIER_RATE_LIMIT_ENABLED says. */
      loginAttemptsPerMinute: env.ATELIER_LOGIN_ATTEMPTS_PER_MINUTE,
    },
    oauth: {
      accessTokenSeconds: env.ATELIER_OAUTH_ACCESS_TOKEN_SECONDS,
      refreshTokenDays: env.ATELIER_OAUTH_REFRESH_TOKEN_DAYS,
      registrationsPerMinute: env.ATELIER_OAUTH_REGISTRATIONS_PER_MINUTE,
    },
    chat: {
      creditsPer1kTokens: env.ATELIER_CHAT_CREDITS_PER_1K_TOKENS,
      advancedCreditsPer1kTokens: env.ATELIER_CHAT_ADVANCED_CREDITS_PER_1K_TOKENS,
      /** The hosted service's model names (aliases of ours) and the name a request without `model` gets. */
      ...chatNames(
        {
          aliases: env.ATELIER_CHAT_MODEL_ALIASES,
          defaultModel: env.ATELIER_CHAT_DEFAULT_MODEL,
          standardModel: env.ATELIER_TEXT_MODEL,
          advancedModel: env.ATELIER_TEXT_ADVANCED_MODEL,
        },
        (problem) => {
          throw invalidConfiguration(problem);
        },
      ),
    },
    responses: { retentionDays: env.ATELIER_RESPONSES_RETENTION_DAYS },
    webhooks: { timeoutMs: env.ATELIER_WEBHOOK_TIMEOUT_MS, maxAttempts: env.ATELIER_WEBHOOK_MAX_ATTEMPTS },
    /** api: serves HTTP and never runs jobs; worker: runs jobs and never listens publicly; all: both. */
    role: env.ATELIER_ROLE,
    /** More than one: a primary process starts that many HTTP processes (and, for role all, one worker
     *  process for the jobs) and supervises them; one: a single process in its role. */
    apiProcesses: env.ATELIER_API_PROCESSES ?? availableParallelism(),
    /** kernel: each HTTP process accepts its own connections from the shared port; primary: the primary accepts
     *  them and hands them round in turn (node:cluster's round robin). auto: the kernel for up to two processes,
     *  the primary above (docs/operations.md says why). */
    clusterAccept: env.ATELIER_CLUSTER_ACCEPT,
    /** How long running jobs and requests get to finish on SIGTERM before leases are given back. */
    shutdownGraceMs: env.ATELIER_SHUTDOWN_GRACE_MS,
    metrics: { enabled: env.ATELIER_METRICS },
    /** Who may read /metrics and the detail of /ready on the public port: the bearer of `token`
     *  (ATELIER_OPERATIONS_TOKEN, or its older name ATELIER_METRICS_TOKEN), or anyone when `public`. */
    operations: {
      token: env.ATELIER_OPERATIONS_TOKEN ?? env.ATELIER_METRICS_TOKEN,
      public: env.ATELIER_OPERATIONS_PUBLIC,
    },
    /** A worker's /metrics and /ready, on 127.0.0.1 only; none when absent. */
    workerMetricsPort: env.ATELIER_WORKER_METRICS_PORT,
    /** Sound effects: the engine that makes them (ATELIER_SOUND_ENGINE) and the offline engine's workers. */
    sound: {
      ...providers.sound,
      engine: soundEngineOf(env.ATELIER_SOUND_ENGINE, providers),
    },
    tts: {
      localProviders: parseLocalProviders(env.ATELIER_TTS_LOCAL_PROVIDERS),
      lamePath: env.ATELIER_LAME_PATH,
      ffmpegPath: env.ATELIER_FFMPEG_PATH,
      maxCharacters: env.ATELIER_TTS_MAX_CHARACTERS,
      bitrateKbps: env.ATELIER_TTS_BITRATE_KBPS,
      timeoutMs: env.ATELIER_TTS_TIMEOUT_MS,
      concurrency: env.ATELIER_TTS_CONCURRENCY,
      modelAliases: Object.fromEntries(
        env.ATELIER_TTS_MODEL_ALIASES.split(',').map((pair) => pair.split('=').map((part) => part.trim())),
      ) as Record<string, string>,
      ...providers.tts,
    },
  };
}

export type Config = Readonly<ReturnType<typeof buildConfig>>;

/** Where produced files live (a local folder or an S3-compatible bucket) and the base of their public URLs. */
function blobSettings(env: z.infer<typeof envSchema>, servicePublicUrl: string) {
  const serviceBase = `${servicePublicUrl}/files`;
  const publicBase = (env.ATELIER_BLOB_PUBLIC_URL ?? serviceBase).replace(/\/+$/, '');
  if (env.ATELIER_BLOB_STORE === 'fs') return { store: 'fs' as const, publicBase, serviceBase };
  if (!env.ATELIER_S3_BUCKET) throw invalidConfiguration('ATELIER_S3_BUCKET: required when ATELIER_BLOB_STORE is s3');
  const { ATELIER_S3_ACCESS_KEY_ID: accessKeyId, ATELIER_S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw invalidConfiguration('ATELIER_S3_ACCESS_KEY_ID and ATELIER_S3_SECRET_ACCESS_KEY: give both or neither');
  }
  const prefix = env.ATELIER_S3_PREFIX.replace(/^\/+|\/+$/g, '');
  return {
    store: 's3' as const,
    publicBase,
    serviceBase,
    s3: {
      bucket: env.ATELIER_S3_BUCKET,
      region: env.ATELIER_S3_REGION,
      endpoint: env.ATELIER_S3_ENDPOINT,
      forcePathStyle: env.ATELIER_S3_FORCE_PATH_STYLE,
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
      prefix: prefix === '' ? '' : `${prefix}/`,
    },
  };
}

function parsePlans(raw: string): Plan[] {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new ConfigError('ATELIER_PLANS: not valid JSON');
  }
  const result = z.array(planSchema).min(1).safeParse(json);
  if (!result.success) {
    throw new ConfigError(
      `ATELIER_PLANS: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  const names = new Set(result.data.map((p) => p.name));
  if (names.size !== result.data.length) throw new ConfigError('ATELIER_PLANS: plan names must be unique');
  return result.data;
}

/** Reads `.env` (if present) under the process environment, which wins, and validates the whole. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, envFile = resolve('.env')): Config {
  const fromFile = existsSync(envFile) ? parseEnv(readFileSync(envFile, 'utf8')) : {};
  const merged: Record<string, string | undefined> = { ...fromFile, ...env };
  const known = Object.fromEntries(Object.keys(envSchema.shape).map((k) => [k, blankToUndefined(merged[k])]));
  const result = envSchema.safeParse(known);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw invalidConfiguration(...lines);
  }
  const config = buildConfig(result.data);
  checkEngineChoices({ textProvider: config.text.provider, soundEngine: config.sound.engine }, config);
  if (config.embeddings && config.localEmbeddings.modelPath) {
    throw invalidConfiguration(
      'ATELIER_EMBEDDINGS_BASE_URL and ATELIER_EMBEDDINGS_MODEL_PATH: set one (a remote embedding server or a local GGUF model), not both',
    );
  }
  if (config.role === 'worker' && !config.jobs.enabled) {
    throw invalidConfiguration('ATELIER_WORKERS: cannot be false when ATELIER_ROLE is worker');
  }
  return deepFreeze(config);
}

function blankToUndefined(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

export function topPlan(config: Config): Plan {
  const plan = config.plans.at(-1);
  if (!plan) throw new ConfigError('ATELIER_PLANS: at least one plan is required');
  return plan;
}

export const canMakeVideos = (plan: Plan): boolean => plan.videoGeneration ?? plan.premiumPresets;

export function findPlan(config: Config, name: string): Plan | undefined {
  return config.plans.find((p) => p.name === name);
}
