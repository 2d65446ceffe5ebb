import type { Plan } from '../../config.js';
import { type Peers, noPeers } from '../../cluster/peers.js';
import type { Clock } from '../../shared/clock.js';
import { isoNow } from '../../shared/clock.js';
import { type Outcome, fail, ok } from '../../shared/errors.js';
import { newApiKey, newId, sha256Hex } from '../../shared/ids.js';
import type { Db } from '../../storage/db/database.js';
import type { AccountRow, ApiKeyRow } from '../../storage/db/schema.js';
import type { KeyWithAccount, KeysRepo } from './keys.repo.js';
import { KeyUseRecorder, sameDigest } from './key-use.js';

export const INVALID_API_KEY = 'Invalid API key';
const MAX_KEY_LENGTH = 256;

export interface CreatedKey {
  key_id: string;
  api_key: string;
  prefix: string;
  name: string;
}

export interface PublicKey {
  id: string;
  prefix: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface Authenticated {
  keyId: string;
  account: AccountRow;
}

const AUTH_CACHE_MAX_ENTRIES = 10_000;

/** A key found by its hash, with that hash's bytes (decoded once, for the constant-time comparison). */
interface CachedKey {
  found: KeyWithAccount;
  hashBytes: Buffer;
  expires: number;
}

export interface KeysServiceOptions {
  repo: KeysRepo;
  clock: Clock;
  authCacheMs?: number;
  peers?: Peers;
}

export class KeysService {
  /** Recent lookups by key hash. Changes made through this process or another of its cluster drop entries at
   *  once; changes made by another process (the CLI) are seen within `authCacheMs`. */
  private readonly authCache = new Map<string, CachedKey>();

  private readonly uses: KeyUseRecorder;

  private readonly authCacheMs: number;
  private readonly peers: Peers;

  constructor(private readonly deps: KeysServiceOptions) {
    this.authCacheMs = deps.authCacheMs ?? 0;
    this.peers = deps.peers ?? noPeers;
    this.uses = new KeyUseRecorder(deps.clock, (keyId, at) => deps.repo.touch(keyId, at));
    this.peers.on('account.changed', ({ accountId }) => this.dropCached(accountId));
  }

  /**
   * Creates a key whatever the account holds (its first key, or an operator's `keys create --force`); the
   * plain key is returned here once and only its SHA-256 hash is stored.
   */
  async create(accountId: string, name: string, db?: Db): Promise<CreatedKey> {
    const { row, created } = this.newKey(accountId, name);
    await this.deps.repo.insert(row, db);
    return created;
  }

  /** Creates a key unless the account already holds as many (not revoked) as its plan allows. */
  async createWithinPlan(
    accountId: string,
    name: string,
    plan: Pick<Plan, 'name' | 'maxApiKeys'>,
  ): Promise<Outcome<CreatedKey>> {
    const { row, created } = this.newKey(accountId, name);
    if (!(await this.deps.repo.insertWithin(row, plan.maxApiKeys))) {
      return fail('conflict', `The ${plan.name} plan allows at most ${plan.maxApiKeys} API keys: revoke one first`);
    }
    return ok(created);
  }

  private newKey(accountId: string, name: string): { row: ApiKeyRow; created: CreatedKey } {
    const apiKey = newApiKey();
    const row: ApiKeyRow = {
      id: newId(),
      account_id: accountId,
      key_hash: sha256Hex(apiKey),
      prefix: apiKey.slice(0, 12),
      name,
      created_at: isoNow(this.deps.clock),
      last_used_at: null,
      revoked_at: null,
    };
    return { row, created: { key_id: row.id, api_key: apiKey, prefix: row.prefix, name } };
  }

  async authenticate(rawKey: string | undefined): Promise<Outcome<Authenticated>> {
    if (!rawKey || rawKey.length > MAX_KEY_LENGTH) return fail('unauthorized', INVALID_API_KEY);
    const hash = sha256Hex(rawKey);
    const now = this.deps.clock.now().getTime();
    const cached = this.cached(hash, now) ?? (await this.lookup(hash, now));
    const found = cached?.found;
    if (!found || !sameDigest(cached.hashBytes, hash) || found.key.revoked_at) {
      return fail('unauthorized', INVALID_API_KEY);
    }
    if (found.account.blocked) {
      const reason = found.account.blocked_reason ? `: ${found.account.blocked_reason}` : '';
      return fail('unauthorized', `Account is blocked${reason}`);
    }
    this.uses.used(found.key.id, now);
    return ok({ keyId: found.key.id, account: found.account });
  }

  async list(accountId: string): Promise<PublicKey[]> {
    const rows = await this.deps.repo.listByAccount(accountId);
    return rows.map(({ id, prefix, name, created_at, last_used_at, revoked_at }) => ({
      id,
      prefix,
      name,
      created_at,
      last_used_at,
      revoked_at,
    }));
  }

  async revoke(accountId: string, keyId: string): Promise<Outcome<{ id: string; revoked: true }>> {
    const revoked = await this.deps.repo.revoke(keyId, accountId, isoNow(this.deps.clock));
    this.forgetAccount(accountId);
    return revoked ? ok({ id: keyId, revoked: true }) : fail('not_found', 'API key not found');
  }

  /** Drops cached lookups of an account's keys, here and in the cluster's other processes, after a change to
   *  the account or its keys. */
  forgetAccount(accountId: string): void {
    this.dropCached(accountId);
    this.peers.tell('account.changed', { accountId });
  }

  private dropCached(accountId: string): void {
    for (const [hash, entry] of this.authCache) {
      if (entry.found.account.id === accountId) this.authCache.delete(hash);
    }
  }

  /** The cached lookup of `hash` while it is younger than `authCacheMs` at `now` (no promise to wait for). */
  private cached(hash: string, now: number): CachedKey | undefined {
    const cached = this.authCacheMs > 0 ? this.authCache.get(hash) : undefined;
    return cached && cached.expires > now ? cached : undefined;
  }

  /** The key whose hash is `hash`, read from the database (and cached for `authCacheMs`). */
  private async lookup(hash: string, now: number): Promise<CachedKey | undefined> {
    const found = await this.deps.repo.findByHash(hash);
    if (!found) return undefined;
    const entry = { found, hashBytes: Buffer.from(found.key.key_hash, 'hex'), expires: now + this.authCacheMs };
    if (this.authCacheMs <= 0) return entry;
    if (this.authCache.size >= AUTH_CACHE_MAX_ENTRIES)
      this.authCache.delete(this.authCache.keys().next().value as string);
    this.authCache.set(hash, entry);
    return entry;
  }
}
