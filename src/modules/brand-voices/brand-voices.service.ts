import { type Clock, isoNow } from '../../shared/clock.js';
import { type Outcome, fail, ok } from '../../shared/errors.js';
import { UUID_PATTERN, newId } from '../../shared/ids.js';
import { type Paged, pageOf } from '../../shared/paging.js';
import type { BrandVoiceRow } from '../../storage/db/schema.js';
import type { BrandVoiceChanges, BrandVoicesRepo } from './brand-voices.repo.js';
import type { DefaultVoiceCache } from './default-voice-cache.js';
import {
  BRAND_VOICE_LIMITS,
  type BrandVoice,
  type BrandVoiceInput,
  type BrandVoiceUpdate,
  DRAFTED_BY,
  type DraftedBy,
} from './brand-voices.schemas.js';
import type { VoiceDrafter } from './voice-draft.js';

export const BRAND_VOICE_NOT_FOUND = 'Brand voice not found';
const notFound = () => fail<never>('not_found', BRAND_VOICE_NOT_FOUND);

export interface BrandVoicesServiceOptions {
  repo: BrandVoicesRepo;
  drafter: VoiceDrafter;
  clock: Clock;
  /** The accounts' default instructions, asked by every generate, chat completion and bot answer. */
  defaults: DefaultVoiceCache;
}

/**
 * An account's brand voices: instructions for its house style, written or drafted from samples or a page, put
 * ahead of the instructions of what it generates. Another account's brand voice is as unknown as a missing one.
 */
export class BrandVoicesService {
  constructor(private readonly deps: BrandVoicesServiceOptions) {}

  async create(accountId: string, input: BrandVoiceInput): Promise<Outcome<BrandVoice>> {
    const tooMany = await this.overLimit(accountId);
    if (tooMany) return tooMany;
    const samples = input.samples?.trim() || null;
    const url = input.url || null;
    let instructions = input.instructions?.trim() ?? '';
    let draftedBy: DraftedBy | null = null;
    if (!instructions) {
      const drafted = await this.deps.drafter.draft({ samples, url });
      if (!drafted.ok) return drafted;
      instructions = drafted.value.instructions;
      draftedBy = drafted.value.draftedBy;
    }
    const now = isoNow(this.deps.clock);
    const row: BrandVoiceRow = {
      id: newId(),
      account_id: accountId,
      name: input.name,
      instructions,
      samples,
      source_url: url,
      drafted_by: draftedBy,
      is_default: input.default ? 1 : 0,
      created_at: now,
      updated_at: now,
    };
    if (!(await this.deps.repo.insert(row, BRAND_VOICE_LIMITS.perAccount))) return this.limitReached();
    this.deps.defaults.changed(accountId);
    return ok(toPublic(row));
  }

  async list(accountId: string, paging: { limit: number; offset: number }): Promise<[BrandVoice[], Paged]> {
    return pageOf((await this.deps.repo.list(accountId)).map(toPublic), paging);
  }

  async get(accountId: string, id: string): Promise<Outcome<BrandVoice>> {
    const row = await this.findRow(accountId, id);
    return row ? ok(toPublic(row)) : notFound();
  }

  /**
   * New samples or a new url with no instructions draft the instructions again; `default: false` on the default
   * leaves the account without one.
   */
  async update(accountId: string, id: string, changes: BrandVoiceUpdate): Promise<Outcome<BrandVoice>> {
    const row = await this.findRow(accountId, id);
    if (!row) return notFound();
    const set: BrandVoiceChanges = { updated_at: isoNow(this.deps.clock) };
    if (changes.name !== undefined) set.name = changes.name;
    if (changes.samples !== undefined) set.samples = changes.samples?.trim() || null;
    if (changes.url !== undefined) set.source_url = changes.url || null;
    if (changes.default !== undefined) set.is_default = changes.default ? 1 : 0;
    const instructions = changes.instructions?.trim();
    if (instructions) {
      set.instructions = instructions;
      set.drafted_by = null;
    } else if (changes.samples || changes.url || changes.instructions !== undefined) {
      const drafted = await this.deps.drafter.draft({
        samples: set.samples === undefined ? row.samples : set.samples,
        url: set.source_url === undefined ? row.source_url : set.source_url,
      });
      if (!drafted.ok) return drafted;
      set.instructions = drafted.value.instructions;
      set.drafted_by = drafted.value.draftedBy;
    }
    if (!(await this.deps.repo.update(accountId, row.id, set))) return notFound();
    this.deps.defaults.changed(accountId);
    return this.get(accountId, row.id);
  }

  async delete(accountId: string, id: string): Promise<Outcome<{ id: string; deleted: true }>> {
    const row = await this.findRow(accountId, id);
    if (!row || !(await this.deps.repo.delete(accountId, row.id))) return notFound();
    this.deps.defaults.changed(accountId);
    return ok({ id: row.id, deleted: true });
  }

  /**
   * What an engine is given of a brand voice: the first 2,000 characters of its instructions. `id` names one of the
   * account's (another's, or none, is a 404); without it, the account's default, if it has one.
   */
  async instructionsFor(accountId: string, id?: string | null): Promise<Outcome<string | undefined>> {
    if (!id) {
      const instructions = await this.deps.defaults.get(accountId, () => this.deps.repo.defaultInstructions(accountId));
      return ok(instructions === undefined ? undefined : applied(instructions));
    }
    const row = await this.findRow(accountId, id);
    return row ? ok(applied(row.instructions)) : notFound();
  }

  /** Whether the account has this brand voice (a bot may name only its owner's). */
  async owns(accountId: string, id: string): Promise<boolean> {
    return (await this.findRow(accountId, id)) !== undefined;
  }

  private async findRow(accountId: string, id: string): Promise<BrandVoiceRow | undefined> {
    return UUID_PATTERN.test(id) ? this.deps.repo.find(accountId, id.toLowerCase()) : undefined;
  }

  private async overLimit(accountId: string): Promise<Outcome<never> | undefined> {
    const count = await this.deps.repo.count(accountId);
    return count >= BRAND_VOICE_LIMITS.perAccount ? this.limitReached() : undefined;
  }

  private limitReached(): Outcome<never> {
    return fail(
      'conflict',
      `An account can have at most ${BRAND_VOICE_LIMITS.perAccount} brand voices: delete one first`,
    );
  }
}

/** The part of the instructions an engine is given. */
export function applied(instructions: string): string {
  // Characters as people count them (code points): a pair of surrogates is never cut in half.
  return instructions.length <= BRAND_VOICE_LIMITS.applied
    ? instructions
    : Array.from(instructions).slice(0, BRAND_VOICE_LIMITS.applied).join('');
}

function toPublic(row: BrandVoiceRow): BrandVoice {
  const draftedBy = DRAFTED_BY.find((d) => d === row.drafted_by) ?? null;
  return {
    id: row.id,
    name: row.name,
    instructions: row.instructions,
    samples: row.samples,
    url: row.source_url,
    default: row.is_default === 1,
    drafted_by: draftedBy,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
