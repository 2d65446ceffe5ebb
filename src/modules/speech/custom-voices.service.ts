import { canClone, type VoiceSample } from '../../engines/spec/tts-model.js';
import type { Clock } from '../../shared/clock.js';
import { isoNow } from '../../shared/clock.js';
import { type Outcome, engineFailure, fail, ok } from '../../shared/errors.js';
import { UUID_PATTERN, newId } from '../../shared/ids.js';
import type { CustomVoiceRow } from '../../storage/db/schema.js';
import type { CustomVoicesRepo } from './custom-voices.repo.js';
import type { CatalogueVoice, PublicVoice, VoiceCatalogue } from './voice-catalogue.js';
import { checkSettings } from './voice-settings.js';

export const CUSTOM_PREFIX = 'custom:';
const MAX_VOICES_PER_ACCOUNT = 200;

export interface CustomVoiceInput {
  name: string;
  description?: string;
  base_voice_id: string;
  settings?: Record<string, unknown>;
}

export interface CustomVoice extends PublicVoice {
  custom: true;
  base_voice_id: string;
  settings: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

/** An account's own voices: a predefined base voice plus settings, usable as voiceID by their owner only. */
export interface CustomVoicesServiceOptions {
  repo: CustomVoicesRepo;
  catalogue: VoiceCatalogue;
  imageUrl: (voiceId: string) => string;
  clock: Clock;
}

export class CustomVoicesService {
  constructor(private readonly deps: CustomVoicesServiceOptions) {}

  async create(accountId: string, input: CustomVoiceInput): Promise<Outcome<CustomVoice>> {
    const base = await this.baseVoice(input.base_voice_id);
    if (!base.ok) return base;
    return this.store(accountId, input, base.value);
  }

  /** A new voice from recorded samples, at the first configured family that can clone; owned by the caller. */
  async clone(
    accountId: string,
    input: { name: string; description?: string; samples: VoiceSample[] },
  ): Promise<Outcome<CustomVoice>> {
    const cloner = this.deps.catalogue.providers().find(canClone);
    if (!cloner) {
      return fail(
        'not_implemented',
        'Voice cloning needs a provider that can clone voices: configure ElevenLabs (ATELIER_ELEVENLABS_API_KEY)',
      );
    }
    if ((await this.deps.repo.count(accountId)) >= MAX_VOICES_PER_ACCOUNT) return this.tooMany();
    let cloned: Awaited<ReturnType<typeof cloner.cloneVoice>>;
    try {
      cloned = await cloner.cloneVoice(input);
    } catch (error) {
      return engineFailure(error, `Voice cloning failed (${cloner.provider})`, 'Voice cloning is not available');
    }
    const baseId = `${cloner.provider}:${cloned.providerVoiceId}`;
    const base = await this.deps.catalogue.find(baseId);
    if (!base)
      return fail('upstream', `Voice cloning failed (${cloner.provider}): the new voice is not in its voice list`);
    return this.store(accountId, { name: input.name, description: input.description, base_voice_id: baseId }, base);
  }

  private async store(accountId: string, input: CustomVoiceInput, base: CatalogueVoice): Promise<Outcome<CustomVoice>> {
    const settings = checkSettings(base.model, input.settings ?? {});
    if (!settings.ok) return settings;
    if ((await this.deps.repo.count(accountId)) >= MAX_VOICES_PER_ACCOUNT) return this.tooMany();
    const now = isoNow(this.deps.clock);
    const row: CustomVoiceRow = {
      id: newId(),
      account_id: accountId,
      name: input.name,
      description: input.description ?? `Custom voice based on ${base.voice.name}`,
      base_voice_id: input.base_voice_id,
      settings: JSON.stringify(input.settings ?? {}),
      created_at: now,
      updated_at: now,
    };
    await this.deps.repo.insert(row);
    return ok(this.toPublic(row, base));
  }

  private tooMany(): Outcome<never> {
    return fail('invalid_input', `An account can have at most ${MAX_VOICES_PER_ACCOUNT} custom voices`);
  }

  async list(accountId: string): Promise<CustomVoice[]> {
    const rows = await this.deps.repo.list(accountId);
    const voices = await Promise.all(
      rows.map(async (row) => this.toPublic(row, await this.deps.catalogue.find(row.base_voice_id))),
    );
    return voices;
  }

  async get(accountId: string, id: string): Promise<Outcome<CustomVoice>> {
    const row = await this.findRow(accountId, id);
    if (!row) return fail('not_found', 'Voice not found');
    return ok(this.toPublic(row, await this.deps.catalogue.find(row.base_voice_id)));
  }

  async update(
    accountId: string,
    id: string,
    changes: Partial<Omit<CustomVoiceInput, 'base_voice_id'>>,
  ): Promise<Outcome<CustomVoice>> {
    const row = await this.findRow(accountId, id);
    if (!row) return fail('not_found', 'Voice not found');
    if (changes.settings !== undefined) {
      const base = await this.baseVoice(row.base_voice_id);
      if (!base.ok) return base;
      const checked = checkSettings(base.value.model, changes.settings);
      if (!checked.ok) return checked;
    }
    await this.deps.repo.update(accountId, row.id, {
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.description !== undefined && { description: changes.description }),
      ...(changes.settings !== undefined && { settings: JSON.stringify(changes.settings) }),
      updated_at: isoNow(this.deps.clock),
    });
    return this.get(accountId, id);
  }

  async delete(accountId: string, id: string): Promise<Outcome<{ id: string; deleted: true }>> {
    const row = await this.findRow(accountId, id);
    if (!row || !(await this.deps.repo.delete(accountId, row.id))) return fail('not_found', 'Voice not found');
    await this.deleteClonedBase(row.base_voice_id);
    return ok({ id: `${CUSTOM_PREFIX}${row.id}`, deleted: true });
  }

  /** A voice cloned for this custom voice is the account's alone: it goes at the provider too. */
  private async deleteClonedBase(baseVoiceId: string): Promise<void> {
    const base = await this.deps.catalogue.find(baseVoiceId);
    if (!base?.voice.custom || !canClone(base.model)) return;
    await base.model.deleteVoice(base.providerVoiceId).catch(() => undefined);
  }

  /** For synthesis: the base voice and the stored settings, or undefined when the caller does not own it. */
  async resolve(
    accountId: string,
    id: string,
  ): Promise<{ base: CatalogueVoice; settings: Record<string, unknown> } | undefined> {
    const row = await this.findRow(accountId, id);
    const base = row && (await this.deps.catalogue.find(row.base_voice_id));
    return row && base ? { base, settings: JSON.parse(row.settings) as Record<string, unknown> } : undefined;
  }

  private async findRow(accountId: string, id: string): Promise<CustomVoiceRow | undefined> {
    const uuid = stripPrefix(id);
    return uuid === undefined ? undefined : this.deps.repo.find(accountId, uuid);
  }

  private async baseVoice(id: string): Promise<Outcome<CatalogueVoice>> {
    // Voices cloned at a provider belong to whoever cloned them: never a base for someone else's voice.
    const found = id.startsWith(CUSTOM_PREFIX) ? undefined : await this.deps.catalogue.find(id);
    const base = found?.voice.custom ? undefined : found;
    return base
      ? ok(base)
      : fail('invalid_input', `Unknown base_voice_id: ${id}. Use an id from GET /api/get-text-to-speech-voices`);
  }

  private toPublic(row: CustomVoiceRow, base: CatalogueVoice | undefined): CustomVoice {
    const id = `${CUSTOM_PREFIX}${row.id}`;
    return {
      id,
      name: row.name,
      description: row.description,
      image: this.deps.imageUrl(id),
      language: base?.voice.language ?? 'Unknown',
      ...(base?.voice.accent && { accent: base.voice.accent }),
      provider: base?.voice.provider ?? 'unavailable',
      ...(base?.voice.gender && { gender: base.voice.gender }),
      custom: true,
      base_voice_id: row.base_voice_id,
      settings: JSON.parse(row.settings) as Record<string, unknown>,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }
}

function stripPrefix(id: string): string | undefined {
  const uuid = id.startsWith(CUSTOM_PREFIX) ? id.slice(CUSTOM_PREFIX.length) : id;
  return UUID_PATTERN.test(uuid) ? uuid.toLowerCase() : undefined;
}
