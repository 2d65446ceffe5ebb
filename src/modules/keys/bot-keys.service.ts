import { type Clock, isoNow } from '../../shared/clock.js';
import { type Outcome, fail, ok } from '../../shared/errors.js';
import { UUID_PATTERN, newId, randomToken, sha256Hex } from '../../shared/ids.js';
import type { AccountRow, BotKeyRow } from '../../storage/db/schema.js';
import type { BotKeysRepo } from './bot-keys.repo.js';
import { INVALID_API_KEY } from './keys.service.js';
import { KeyUseRecorder, sameHash } from './key-use.js';

/** Publishable keys start so; secret keys are `atl_` and 32 other characters. */
export const BOT_KEY_PREFIX = 'atl_pub_';

export const BOT_KEY_LIMITS = {
  /** Active keys per bot: one per site is plenty; revoked keys do not count. */
  keysPerBot: 10,
  name: 100,
  origins: 20,
  originLength: 200,
  minPerMinute: 1,
  maxPerMinute: 10_000,
  defaultPerMinute: 60,
} as const;

/** What a publishable key may do: chat with one bot, from the listed origins (any when empty), so many times a minute. */
export interface BotKeyScope {
  botId: string;
  allowedOrigins: string[];
  rateLimitPerMinute: number;
}

export interface BotKeyRecord {
  id: string;
  bot_id: string;
  /** The key itself: publishable keys are public by design, so they can be shown again. */
  api_key: string;
  name: string;
  allowed_origins: string[];
  rate_limit_per_minute: number;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface NewBotKey {
  name?: string | undefined;
  allowed_origins?: string[] | undefined;
  rate_limit_per_minute?: number | undefined;
}

export interface AuthenticatedBotKey {
  keyId: string;
  account: AccountRow;
  scope: BotKeyScope;
}

const MAX_KEY_LENGTH = 256;
const botNotFound = () => fail<never>('not_found', 'Bot not found');

export const isPublishableKey = (rawKey: string): boolean => rawKey.startsWith(BOT_KEY_PREFIX);

/**
 * `value` as the exact origin a browser sends (`https://example.com`, `http://localhost:8080`: scheme, host and
 * a port other than the default), or undefined when it is anything else (a path, a query, credentials, a wildcard).
 */
export function originOf(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/' || url.hostname.includes('*'))
    return undefined;
  return /^[a-z][a-z0-9+.-]*:\/\/[^/]+\/?$/i.test(value.trim()) ? url.origin : undefined;
}

/** Keys that let a public web page (the chat widget) talk to one bot, charged to the bot's owner, and nothing else. */
export class BotKeysService {
  private readonly uses: KeyUseRecorder;

  constructor(
    private readonly repo: BotKeysRepo,
    private readonly clock: Clock,
  ) {
    this.uses = new KeyUseRecorder(clock, (keyId, at) => repo.touch(keyId, at));
  }

  async create(accountId: string, botId: string, input: NewBotKey): Promise<Outcome<BotKeyRecord>> {
    if (!UUID_PATTERN.test(botId)) return botNotFound();
    const name = (input.name ?? '').trim() || 'Chat widget';
    if (name.length > BOT_KEY_LIMITS.name)
      return fail('invalid_input', `name: at most ${BOT_KEY_LIMITS.name} characters`);
    const origins = allowedOrigins(input.allowed_origins ?? []);
    if (!origins.ok) return origins;
    const perMinute = input.rate_limit_per_minute ?? BOT_KEY_LIMITS.defaultPerMinute;
    if (
      !Number.isInteger(perMinute) ||
      perMinute < BOT_KEY_LIMITS.minPerMinute ||
      perMinute > BOT_KEY_LIMITS.maxPerMinute
    ) {
      return fail(
        'invalid_input',
        `rate_limit_per_minute: a whole number from ${BOT_KEY_LIMITS.minPerMinute} to ${BOT_KEY_LIMITS.maxPerMinute}`,
      );
    }
    const apiKey = `${BOT_KEY_PREFIX}${randomToken(24)}`;
    const row: BotKeyRow = {
      id: newId(),
      bot_id: botId.toLowerCase(),
      key_hash: sha256Hex(apiKey),
      api_key: apiKey,
      name,
      allowed_origins: JSON.stringify(origins.value),
      rate_limit_per_minute: perMinute,
      created_at: isoNow(this.clock),
      last_used_at: null,
      revoked_at: null,
    };
    const inserted = await this.repo.insert(accountId, row, BOT_KEY_LIMITS.keysPerBot);
    if (inserted === 'bot_missing') return botNotFound();
    if (inserted === 'too_many_keys')
      return fail(
        'conflict',
        `A bot can have at most ${BOT_KEY_LIMITS.keysPerBot} active publishable keys: revoke one first`,
      );
    return ok(recordOf(row));
  }

  /** The bot's keys, revoked ones too, oldest first. */
  async list(accountId: string, botId: string): Promise<Outcome<BotKeyRecord[]>> {
    if (!UUID_PATTERN.test(botId) || !(await this.repo.ownsBot(accountId, botId.toLowerCase()))) return botNotFound();
    return ok((await this.repo.listByBot(accountId, botId.toLowerCase())).map(recordOf));
  }

  async revoke(accountId: string, botId: string, keyId: string): Promise<Outcome<{ id: string; revoked: true }>> {
    if (!UUID_PATTERN.test(botId) || !(await this.repo.ownsBot(accountId, botId.toLowerCase()))) return botNotFound();
    const revoked =
      UUID_PATTERN.test(keyId) &&
      (await this.repo.revoke(accountId, botId.toLowerCase(), keyId.toLowerCase(), isoNow(this.clock)));
    return revoked ? ok({ id: keyId.toLowerCase(), revoked: true }) : fail('not_found', 'API key not found');
  }

  /**
   * A publishable key's owner and scope; a revoked key is the spec's `Invalid API key`. Undefined when no
   * publishable key is so: the caller tries it as a secret key (one of those may start with the prefix by chance).
   */
  async authenticate(rawKey: string): Promise<Outcome<AuthenticatedBotKey> | undefined> {
    if (!isPublishableKey(rawKey) || rawKey.length > MAX_KEY_LENGTH) return undefined;
    const hash = sha256Hex(rawKey);
    const found = await this.repo.findByHash(hash);
    if (!found || !sameHash(found.key.key_hash, hash)) return undefined;
    if (found.key.revoked_at) return fail('unauthorized', INVALID_API_KEY);
    if (found.account.blocked) {
      const reason = found.account.blocked_reason ? `: ${found.account.blocked_reason}` : '';
      return fail('unauthorized', `Account is blocked${reason}`);
    }
    this.uses.used(found.key.id);
    const { key } = found;
    return ok({
      keyId: key.id,
      account: found.account,
      scope: {
        botId: key.bot_id,
        allowedOrigins: parseOrigins(key.allowed_origins),
        rateLimitPerMinute: Number(key.rate_limit_per_minute),
      },
    });
  }
}

function allowedOrigins(values: string[]): Outcome<string[]> {
  if (values.length > BOT_KEY_LIMITS.origins)
    return fail('invalid_input', `allowed_origins: at most ${BOT_KEY_LIMITS.origins}`);
  const origins: string[] = [];
  for (const value of values) {
    const origin = value.length <= BOT_KEY_LIMITS.originLength ? originOf(value) : undefined;
    if (!origin)
      return fail(
        'invalid_input',
        `allowed_origins: '${value.slice(0, BOT_KEY_LIMITS.originLength)}' is not an origin like https://example.com (scheme and host, no path)`,
      );
    if (!origins.includes(origin)) origins.push(origin);
  }
  return ok(origins);
}

function parseOrigins(stored: string): string[] {
  const parsed: unknown = JSON.parse(stored);
  return Array.isArray(parsed) ? parsed.filter((o): o is string => typeof o === 'string') : [];
}

function recordOf(row: BotKeyRow): BotKeyRecord {
  return {
    id: row.id,
    bot_id: row.bot_id,
    api_key: row.api_key,
    name: row.name,
    allowed_origins: parseOrigins(row.allowed_origins),
    rate_limit_per_minute: Number(row.rate_limit_per_minute),
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    revoked_at: row.revoked_at,
  };
}
