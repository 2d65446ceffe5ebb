import type { Plan } from '../../config.js';
import { type Clock, isoNow } from '../../shared/clock.js';
import { type Outcome, fail, ok } from '../../shared/errors.js';
import { UUID_PATTERN, newId, randomToken } from '../../shared/ids.js';
import type { BotRow } from '../../storage/db/schema.js';
import { BRAND_VOICE_NOT_FOUND, type BrandVoicesService } from '../brand-voices/brand-voices.service.js';
import type { BotChanges, BotWithCount, BotsRepo } from './bots.repo.js';
import { type LauncherSettings, parseLauncher, storedLauncher } from './launcher-settings.js';
import type { AddedDocument, DocumentRecord, KnowledgeService, NewDocument } from './knowledge.service.js';
import type { Retrieval, SearchResult } from './retrieval.js';

export const BOT_LIMITS = {
  name: 100,
  instructions: 8_000,
  welcomeMessage: 1_000,
  model: 100,
  minTemperature: 0,
  maxTemperature: 2,
} as const;

export const DEFAULT_TEMPERATURE = 0.7;

export interface BotInput {
  name: string;
  instructions?: string | undefined;
  /** Any model name; the configured standard text model when absent. */
  model?: string | undefined;
  temperature?: number | undefined;
  welcome_message?: string | null | undefined;
  /** One of the account's brand voices, put ahead of the bot's instructions; null: none (the account default applies). */
  brand_voice_id?: string | null | undefined;
  /** The chat launcher's look; null or empty: none saved (the embedding page's attributes apply). */
  launcher?: LauncherSettings | null | undefined;
}

export type BotUpdate = Partial<BotInput>;

/** What the owner's plan allows: how many bots, and how many documents each (within KNOWLEDGE_LIMITS). */
export type BotPlan = Pick<Plan, 'name' | 'maxBots' | 'maxDocumentsPerBot'>;

export interface BotRecord {
  id: string;
  name: string;
  instructions: string;
  model: string;
  temperature: number;
  welcome_message: string | null;
  brand_voice_id: string | null;
  /** The chat launcher's look saved for it ({} when none); overrides the embedding page's data- attributes. */
  launcher: LauncherSettings;
  public_url: string;
  /** POST here to talk to the bot: {bots_url}/bot/{public_url}/api. */
  api_url: string;
  created_at: string;
  updated_at: string;
  /** How many documents its knowledge base holds. */
  documents: number;
}

const notFound = () => fail<never>('not_found', 'Bot not found');
const PUBLIC_URL = /^[\w-]{16,128}$/;

/**
 * 24 random bytes, URL-safe: 32 characters nobody can guess. Never starting with '-' or '_': one in 32 did, and a
 * command line (`atelier bot chat -x...`) takes a leading '-' for an option.
 */
export function newPublicUrl(): string {
  for (;;) {
    const id = randomToken(24);
    if (/^[A-Za-z0-9]/.test(id)) return id;
  }
}

export interface BotsServiceOptions {
  repo: BotsRepo;
  knowledge: KnowledgeService;
  retrieval: Retrieval;
  /** `botsUrl`: where the bot interface answers ({bots_url}), for each bot's ready-to-call address. */
  defaults: { model: string; botsUrl: string };
  /** A bot may name only a brand voice of its own account. */
  brandVoices: Pick<BrandVoicesService, 'owns'>;
  clock: Clock;
}

/** Custom bots and their knowledge: the management API's service, and what the chat side looks bots up with. */
export class BotsService {
  constructor(private readonly deps: BotsServiceOptions) {}

  async create(accountId: string, input: BotInput, plan: BotPlan): Promise<Outcome<BotRecord>> {
    const brandVoice = await this.brandVoiceOf(accountId, input.brand_voice_id);
    if (!brandVoice.ok) return brandVoice;
    const now = isoNow(this.deps.clock);
    const row: BotRow = {
      id: newId(),
      account_id: accountId,
      public_url: newPublicUrl(),
      name: input.name,
      instructions: input.instructions ?? '',
      model: input.model || this.deps.defaults.model,
      temperature: input.temperature ?? DEFAULT_TEMPERATURE,
      welcome_message: input.welcome_message || null,
      brand_voice_id: brandVoice.value ?? null,
      launcher: storedLauncher(input.launcher ?? null),
      created_at: now,
      updated_at: now,
    };
    if (!(await this.deps.repo.insertBot(row, plan.maxBots))) {
      return fail('conflict', `The ${plan.name} plan allows at most ${plan.maxBots} bots: delete one first`);
    }
    return ok(this.toRecord({ ...row, documents: 0 }));
  }

  async list(accountId: string): Promise<BotRecord[]> {
    return (await this.deps.repo.listBots(accountId)).map((row) => this.toRecord(row));
  }

  async get(accountId: string, id: string): Promise<Outcome<BotRecord>> {
    const row = isUuid(id) ? await this.deps.repo.findOwnedWithCount(accountId, id.toLowerCase()) : undefined;
    return row ? ok(this.toRecord(row)) : notFound();
  }

  async update(accountId: string, id: string, changes: BotUpdate): Promise<Outcome<BotRecord>> {
    const set: BotChanges = {
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.instructions !== undefined && { instructions: changes.instructions }),
      ...(changes.model !== undefined && { model: changes.model || this.deps.defaults.model }),
      ...(changes.temperature !== undefined && { temperature: changes.temperature }),
      ...(changes.welcome_message !== undefined && { welcome_message: changes.welcome_message || null }),
      ...(changes.launcher !== undefined && { launcher: storedLauncher(changes.launcher) }),
    };
    if (changes.brand_voice_id !== undefined) {
      if (!isUuid(id) || !(await this.deps.repo.findOwned(accountId, id.toLowerCase()))) return notFound();
      const brandVoice = await this.brandVoiceOf(accountId, changes.brand_voice_id);
      if (!brandVoice.ok) return brandVoice;
      set.brand_voice_id = brandVoice.value ?? null;
    }
    if (
      !isUuid(id) ||
      !(await this.deps.repo.updateBot(accountId, id.toLowerCase(), { ...set, updated_at: isoNow(this.deps.clock) }))
    )
      return notFound();
    return this.get(accountId, id);
  }

  async delete(accountId: string, id: string): Promise<Outcome<{ id: string; deleted: true }>> {
    if (!isUuid(id) || !(await this.deps.repo.deleteBot(accountId, id.toLowerCase()))) return notFound();
    return ok({ id: id.toLowerCase(), deleted: true });
  }

  /** The brand voice id a bot may name (the account's own, lower case), undefined for none; another's is a 404. */
  private async brandVoiceOf(accountId: string, id: string | null | undefined): Promise<Outcome<string | undefined>> {
    if (!id) return ok(undefined);
    return (await this.deps.brandVoices.owns(accountId, id))
      ? ok(id.toLowerCase())
      : fail('not_found', BRAND_VOICE_NOT_FOUND);
  }

  /** One of the account's bots; another account's is as missing as a missing one. */
  findOwned(accountId: string, id: string): Promise<BotRow | undefined> {
    return isUuid(id) ? this.deps.repo.findOwned(accountId, id.toLowerCase()) : Promise.resolve(undefined);
  }

  /** For the chat side: the bot behind a public_url, whoever owns it (its `account_id` says who). */
  private toRecord(row: BotWithCount): BotRecord {
    return recordOf(row, this.deps.defaults.botsUrl);
  }

  findByPublicUrl(publicUrl: string): Promise<BotRow | undefined> {
    return PUBLIC_URL.test(publicUrl) ? this.deps.repo.findByPublicUrl(publicUrl) : Promise.resolve(undefined);
  }

  async addDocument(
    accountId: string,
    botId: string,
    input: NewDocument,
    plan: BotPlan,
    signal?: AbortSignal,
  ): Promise<Outcome<AddedDocument>> {
    const bot = await this.findOwned(accountId, botId);
    return bot ? this.deps.knowledge.add(bot.id, input, plan, signal) : notFound();
  }

  async listDocuments(accountId: string, botId: string): Promise<Outcome<DocumentRecord[]>> {
    const bot = await this.findOwned(accountId, botId);
    return bot ? ok(await this.deps.knowledge.list(bot.id)) : notFound();
  }

  async deleteDocument(
    accountId: string,
    botId: string,
    documentId: string,
  ): Promise<Outcome<{ id: string; deleted: true }>> {
    const bot = await this.findOwned(accountId, botId);
    if (!bot) return notFound();
    if (!isUuid(documentId) || !(await this.deps.knowledge.delete(bot.id, documentId.toLowerCase())))
      return fail('not_found', 'Document not found');
    return ok({ id: documentId.toLowerCase(), deleted: true });
  }

  /**
   * For the chat side: the passages of the bot's knowledge that best match `query`, best first (at most
   * `limit`, up to 50). The caller has already resolved the bot (findByPublicUrl or findOwned).
   */
  search(botId: string, query: string, limit = 5, signal?: AbortSignal): Promise<SearchResult[]> {
    return this.deps.retrieval.search(botId, query, limit, signal);
  }
}

const isUuid = (id: string) => UUID_PATTERN.test(id);

function recordOf(row: BotWithCount, botsUrl: string): BotRecord {
  return {
    id: row.id,
    name: row.name,
    instructions: row.instructions,
    model: row.model,
    temperature: row.temperature,
    welcome_message: row.welcome_message,
    brand_voice_id: row.brand_voice_id,
    launcher: parseLauncher(row.launcher),
    public_url: row.public_url,
    api_url: `${botsUrl}/bot/${row.public_url}/api`,
    created_at: row.created_at,
    updated_at: row.updated_at,
    documents: row.documents,
  };
}
