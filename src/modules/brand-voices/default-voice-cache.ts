import type { Peers } from '../../cluster/peers.js';
import { type Clock, millisNow } from '../../shared/clock.js';

const MAX_ACCOUNTS = 10_000;

interface Entry {
  instructions: string | undefined;
  expires: number;
}

/**
 * Each account's default brand voice instructions, reused for `cacheMs` (ATELIER_AUTH_CACHE_MS, as the key lookups):
 * every generate, chat completion and bot answer asks for them, and the read was 4–13% of a builtin generate's CPU
 * (a read after this process's own write reloads the reading connection's pages). A change made through this process
 * or another of its cluster drops the account's entry at once; one made by another program (a restore) is seen
 * within `cacheMs`.
 */
export class DefaultVoiceCache {
  private readonly entries = new Map<string, Entry>();
  /** Counts changes: a read that overlapped one may hold what the change replaced, and is not kept. */
  private changes = 0;

  constructor(private readonly deps: { clock: Clock; cacheMs: number; peers: Peers }) {
    deps.peers.on('brand-voices.changed', ({ accountId }) => this.forget(accountId));
  }

  async get(accountId: string, read: () => Promise<string | undefined>): Promise<string | undefined> {
    const now = millisNow(this.deps.clock);
    const cached = this.entries.get(accountId);
    if (cached && cached.expires > now) return cached.instructions;
    const changesBefore = this.changes;
    const instructions = await read();
    if (this.deps.cacheMs > 0 && this.changes === changesBefore) {
      if (!cached && this.entries.size >= MAX_ACCOUNTS) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(accountId, { instructions, expires: now + this.deps.cacheMs });
    }
    return instructions;
  }

  /** After a change to the account's brand voices, here and in the cluster's other processes. */
  changed(accountId: string): void {
    this.forget(accountId);
    this.deps.peers.tell('brand-voices.changed', { accountId });
  }

  private forget(accountId: string): void {
    this.changes++;
    this.entries.delete(accountId);
  }
}
