import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Timestamps are ISO 8601 strings in UTC, so both dialects store and compare them the same way. */
type Timestamp = string;
/** Booleans are 0/1 integers: the common ground of SQLite and PostgreSQL. */
type Flag = ColumnType<number, number | undefined, number>;

export interface AccountsTable {
  id: string;
  email: string;
  plan: string;
  is_admin: Flag;
  blocked: Flag;
  blocked_reason: string | null;
  credits: number;
  tts_words_used: ColumnType<number, number | undefined, number>;
  webhook_secret: ColumnType<string | null, string | null | undefined, string | null>;
  period_start: Timestamp;
  created_at: Timestamp;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  key_hash: string;
  prefix: string;
  name: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface CreditLedgerTable {
  id: Generated<number>;
  account_id: string;
  delta: number;
  balance_after: number;
  reason: string;
  reference: string | null;
  created_at: Timestamp;
}

export interface TextOutputsTable {
  id: Generated<number>;
  account_id: string;
  preset: string;
  text: string;
  model: string;
  request_id: string;
  created_at: Timestamp;
  /** The user preset's version it was made with; null for a catalogue preset. */
  preset_version: number | null;
}

export interface UserPresetsTable {
  id: string;
  account_id: string;
  slug: string;
  title: string;
  description: string;
  /** JSON array of category names. */
  categories: string;
  current_version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserPresetVersionsTable {
  preset_id: string;
  version: number;
  /** JSON: {fields, prompt, output}. */
  definition: string;
  created_at: Timestamp;
}

export interface PresetLinksTable {
  id: string;
  preset_id: string;
  account_id: string;
  /** SHA-256 of the link's token (hex); the token itself is shown once. */
  token_hash: string;
  label: string | null;
  daily_cap: number;
  created_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface PresetLinkDaysTable {
  link_id: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  runs: number;
}

export interface PublishedPresetsTable {
  id: string;
  slug: string;
  account_id: string | null;
  source_slug: string;
  source_version: number;
  title: string;
  description: string;
  /** JSON array of category names. */
  categories: string;
  /** JSON: {fields, prompt, output}. */
  definition: string;
  published_by: string;
  published_at: Timestamp;
}

export interface SpeechSynthesesTable {
  id: string;
  account_id: string;
  voice_id: string;
  characters: number;
  words: number;
  duration_ms: number;
  blob_key: string;
  /** JSON array of strings. */
  warnings: string;
  created_at: Timestamp;
}

/** A voice an account made from a base voice and settings; `base_voice_id` is a public voice id. */
export interface CustomVoicesTable {
  id: string;
  account_id: string;
  name: string;
  description: string;
  base_voice_id: string;
  /** JSON object of voice settings. */
  settings: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type JobStatus = 'queued' | 'running' | 'completed' | 'failed';

export interface JobsTable {
  id: string;
  kind: string;
  /** JSON. */
  payload: string;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  run_at: Timestamp;
  lease_until: Timestamp | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type TranscriptionStatus = 'pending' | 'processing' | 'completed' | 'failed';

export interface TranscriptionsTable {
  id: string;
  account_id: string;
  name: string;
  url: string;
  audio_type: string;
  language: string;
  detect_speakers: Flag;
  enhanced_quality: Flag;
  status: TranscriptionStatus;
  error: string | null;
  content: string;
  /** JSON array of {start, end, text, speaker?}. */
  segments: string;
  duration: number | null;
  progress: number;
  model: string | null;
  /** JSON object: field name -> text. */
  derived: string;
  credits: number;
  webhook_url: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebhookDeliveriesTable {
  id: string;
  account_id: string;
  /** What the event is about, e.g. `transcription:<uuid>`. */
  subject: string;
  event: string;
  url: string;
  payload: string;
  status: 'pending' | 'delivered' | 'failed';
  /** JSON array of {at, status?, error?}. */
  attempts: string;
  created_at: Timestamp;
}

export type MediaStatus = 'pending' | 'completed' | 'failed';

export interface ImagesTable {
  id: Generated<number>;
  account_id: string;
  prompt: string;
  style: string | null;
  artist: string | null;
  /** The name the client sent, e.g. "DALL-E 3"; `model` is what made the picture. */
  requested_model: string;
  model: string;
  /** The engine that serves (and then served) it: builtin, openai-compatible, automatic1111. */
  engine: ColumnType<string, string | undefined, string>;
  width: number;
  height: number;
  hd: Flag;
  seed: number;
  reference_url: string | null;
  /** What was done to the picture at `reference_url` ("Colorize"...); null for a picture made from the prompt. */
  action: ColumnType<string | null, string | null | undefined, string | null>;
  /** The catalogue model asked to edit it (`editModel`, else `model`). */
  edit_model: ColumnType<string | null, string | null | undefined, string | null>;
  status: MediaStatus;
  error: string | null;
  blob_key: string | null;
  /** JSON array of strings. */
  warnings: string;
  credits: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VideosTable {
  id: Generated<number>;
  account_id: string;
  prompt: string;
  requested_model: string;
  model: string;
  /** The engine that makes it (ffmpeg, the only video engine so far). */
  engine: ColumnType<string, string | undefined, string>;
  duration: number;
  aspect_ratio: string;
  /** 720p, 1080p or 4k as asked; null: the engine's default. */
  resolution: ColumnType<string | null, string | null | undefined, string | null>;
  /** generateAudio as asked (1 narration, 0 no audio track); null: the engine's default. */
  generate_audio: ColumnType<number | null, number | null | undefined, number | null>;
  /** The picture an image-to-video request starts from. */
  image_url: string | null;
  seed: number;
  status: MediaStatus;
  error: string | null;
  blob_key: string | null;
  width: number | null;
  height: number | null;
  /** JSON array of strings. */
  warnings: string;
  credits: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** clip: made from a prompt (video.generate); talking: a face made to speak (video.talking). */
  kind: ColumnType<VideoKind, VideoKind | undefined, VideoKind>;
  /** A talking video's request (JSON TalkingRequest); null for clips. */
  talking: ColumnType<string | null, string | null | undefined, string | null>;
  /** A clip's last frame and reference pictures, clips and audio (JSON VideoReferences); null when none. */
  inputs: ColumnType<string | null, string | null | undefined, string | null>;
}

export type VideoKind = 'clip' | 'talking';

export interface IdempotencyKeysTable {
  account_id: string;
  key: string;
  /** Hash of the operation and its body: the same key with another request is refused. */
  fingerprint: string;
  /** Null while the first request is still running. */
  status_code: number | null;
  response: string | null;
  created_at: Timestamp;
}

/** A custom bot; `public_url` is the unguessable identifier its chat address uses. */
export interface BotsTable {
  id: string;
  account_id: string;
  public_url: string;
  name: string;
  instructions: string;
  /** Any model name; the chat side maps it to an engine. */
  model: string;
  temperature: number;
  welcome_message: string | null;
  /** The brand voice put ahead of its instructions; null: the account's default, if any. */
  brand_voice_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The chat launcher's look saved in the dashboard, as JSON (LauncherSettings); null: none saved. */
  launcher: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Instructions for an account's house style; `drafted_by` says what drafted them ('model', 'offline profile'), null if written. */
export interface BrandVoicesTable {
  id: string;
  account_id: string;
  name: string;
  instructions: string;
  samples: string | null;
  source_url: string | null;
  drafted_by: string | null;
  is_default: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type BotDocumentKind = 'text' | 'markdown' | 'html' | 'pdf';

export interface BotDocumentsTable {
  id: string;
  bot_id: string;
  title: string;
  kind: BotDocumentKind;
  characters: number;
  chunks: number;
  /** The embedding model that embedded its chunks; null when none did. */
  embedding_model: string | null;
  created_at: Timestamp;
}

/**
 * A passage of a document. Its text is indexed for full-text search: on SQLite by the FTS5 table
 * bot_chunks_fts over its text and its bot_id (kept in step by triggers; a search matches within its bot), on PostgreSQL by the GIN index bot_chunks_text_search over
 * to_tsvector(BOT_CHUNKS_TEXT_SEARCH_CONFIG, text).
 */
export interface BotChunksTable {
  id: Generated<number>;
  document_id: string;
  bot_id: string;
  /** Its place in the document, from 0. */
  position: number;
  text: string;
  /** float32 little-endian, unit length. */
  embedding: Buffer | null;
}

/**
 * The PostgreSQL counterpart of FTS5's `porter unicode61`: the English Snowball stemmer without a stop-word
 * list (the query side drops common words itself, and keeps them when a question has nothing else).
 */
export const BOT_CHUNKS_TEXT_SEARCH_CONFIG = 'atelier_english';

/** A publishable key: it opens one bot's public chat only. `api_key` is kept readable (it is public by design). */
export interface BotKeysTable {
  id: string;
  bot_id: string;
  key_hash: string;
  api_key: string;
  name: string;
  /** JSON array of exact origins (`https://example.com`); empty: any origin. */
  allowed_origins: string;
  rate_limit_per_minute: number;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface AccountPasswordsTable {
  account_id: string;
  /** `scrypt$N$r$p$salt$hash`, base64url parts. */
  password_hash: string;
  updated_at: Timestamp;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the token in the browser's cookie. */
  id: string;
  account_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** Requests counted per rate-limit key in the current window (times in epoch milliseconds). */
export interface RateLimitsTable {
  key: string;
  resets_at: number;
  count: number;
}

export type ReservationUnit = 'credits' | 'words';
export type ReservationState = 'reserved' | 'settled' | 'released';

export interface ReservationsTable {
  id: string;
  account_id: string;
  unit: ReservationUnit;
  /** The work: a credits WorkKind, or `tts` for words. */
  kind: string;
  amount: number;
  reference: string | null;
  /** The service process (service_processes.id) whose work this is. */
  owner: string;
  state: ReservationState;
  period_start: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ServiceProcessesTable {
  id: string;
  host: string;
  pid: number;
  started_at: Timestamp;
  heartbeat_at: Timestamp;
}

/** One administrator's action (see migration 0013): before/after are JSON of the record's state, never a secret. */
export interface AdminAuditTable {
  id: Generated<number>;
  actor_account_id: string;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: string;
  before: string | null;
  after: string | null;
  reason: string | null;
  created_at: Timestamp;
}

/** A response of the Responses API (see migration 0014): the response and its input items as JSON. */
export interface ResponsesTable {
  id: string;
  account_id: string;
  previous_response_id: string | null;
  response: string;
  input_items: string;
  created_at: Timestamp;
}

/** A registered OAuth client (see migration 0015); redirect_uris, grant_types and metadata are JSON. */
export interface OAuthClientsTable {
  id: string;
  secret_hash: string | null;
  client_name: string | null;
  redirect_uris: string;
  grant_types: string;
  token_endpoint_auth_method: string;
  metadata: string;
  created_at: Timestamp;
}

/** One account's approval of one OAuth client, for one resource. */
export interface OAuthGrantsTable {
  id: string;
  client_id: string;
  account_id: string;
  resource: string;
  scope: string;
  created_at: Timestamp;
  connected_at: Timestamp | null;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

/** A one-time authorization code, by its SHA-256 hash. */
export interface OAuthCodesTable {
  code_hash: string;
  grant_id: string;
  redirect_uri: string;
  code_challenge: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** An access or refresh token, by its SHA-256 hash. */
export interface OAuthTokensTable {
  token_hash: string;
  grant_id: string;
  kind: 'access' | 'refresh';
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface Database {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  credit_ledger: CreditLedgerTable;
  text_outputs: TextOutputsTable;
  user_presets: UserPresetsTable;
  user_preset_versions: UserPresetVersionsTable;
  preset_links: PresetLinksTable;
  preset_link_days: PresetLinkDaysTable;
  published_presets: PublishedPresetsTable;
  speech_syntheses: SpeechSynthesesTable;
  custom_voices: CustomVoicesTable;
  jobs: JobsTable;
  transcriptions: TranscriptionsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  images: ImagesTable;
  videos: VideosTable;
  idempotency_keys: IdempotencyKeysTable;
  brand_voices: BrandVoicesTable;
  bots: BotsTable;
  bot_documents: BotDocumentsTable;
  bot_chunks: BotChunksTable;
  bot_keys: BotKeysTable;
  account_passwords: AccountPasswordsTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  reservations: ReservationsTable;
  service_processes: ServiceProcessesTable;
  admin_audit: AdminAuditTable;
  responses: ResponsesTable;
  oauth_clients: OAuthClientsTable;
  oauth_grants: OAuthGrantsTable;
  oauth_codes: OAuthCodesTable;
  oauth_tokens: OAuthTokensTable;
}

export type AccountRow = Selectable<AccountsTable>;
export type AdminAuditRow = Selectable<AdminAuditTable>;
export type NewAccountRow = Insertable<AccountsTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type TextOutputRow = Selectable<TextOutputsTable>;
export type UserPresetRow = Selectable<UserPresetsTable>;
export type UserPresetVersionRow = Selectable<UserPresetVersionsTable>;
export type PresetLinkRow = Selectable<PresetLinksTable>;
export type PublishedPresetRow = Selectable<PublishedPresetsTable>;
export type SpeechSynthesisRow = Selectable<SpeechSynthesesTable>;
export type CustomVoiceRow = Selectable<CustomVoicesTable>;
export type JobRow = Selectable<JobsTable>;
export type TranscriptionRow = Selectable<TranscriptionsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type ImageRow = Selectable<ImagesTable>;
export type VideoRow = Selectable<VideosTable>;
export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;
export type BotRow = Selectable<BotsTable>;
export type BrandVoiceRow = Selectable<BrandVoicesTable>;
export type BotDocumentRow = Selectable<BotDocumentsTable>;
export type BotChunkRow = Selectable<BotChunksTable>;
export type BotKeyRow = Selectable<BotKeysTable>;
export type SessionRow = Selectable<SessionsTable>;
export type ReservationRow = Selectable<ReservationsTable>;
export type ServiceProcessRow = Selectable<ServiceProcessesTable>;
export type ResponseRow = Selectable<ResponsesTable>;
export type OAuthClientRow = Selectable<OAuthClientsTable>;
export type OAuthGrantRow = Selectable<OAuthGrantsTable>;
export type OAuthCodeRow = Selectable<OAuthCodesTable>;
export type OAuthTokenRow = Selectable<OAuthTokensTable>;
