import { z } from 'zod';
import { type Clock, isoNow } from '../../shared/clock.js';
import { type Outcome, fail, ok } from '../../shared/errors.js';
import { newId } from '../../shared/ids.js';
import {
  CATEGORIES,
  type Category,
  type PresetDefinition,
  type PresetSummary,
} from '../../shared/presets/preset-types.js';
import { isUniqueViolation } from '../../storage/db/unique-violation.js';
import type { UserPresetRow } from '../../storage/db/schema.js';
import { PRESET_NOT_FOUND, type PresetsService } from './presets.service.js';
import type { PresetOutputCheck } from './preset-output-check.js';
import { checkDefinition, toPresetDefinition } from './user-preset-definition.js';
import {
  type CreateUserPreset,
  type UpdateUserPreset,
  USER_PRESETS_PER_ACCOUNT,
  type UserPresetDefinition,
  type UserPresetVersionView,
  type UserPresetView,
  userPresetDefinitionSchema,
} from './user-preset.schemas.js';
import type { UserPresetWithDefinition, UserPresetsRepo } from './user-presets.repo.js';

/** What the presets need of brand voices: whether an id is one of the account's. */
export interface PresetBrandVoices {
  owns(accountId: string, id: string): Promise<boolean>;
}

export interface UserPresetsServiceOptions {
  repo: UserPresetsRepo;
  catalogue: PresetsService;
  brandVoices: PresetBrandVoices;
  clock: Clock;
  /** The names an image or speech preset's settings give, checked with the services that will use them. */
  outputCheck?: PresetOutputCheck;
}

/** A user preset as generate runs it: the preset, and what it makes with what settings. */
export interface UserPresetRun {
  /** The row's id (user_presets.id), which public links refer to. */
  id: string;
  preset: PresetDefinition;
  definition: UserPresetDefinition;
}

/** A user preset in a list: the catalogue's summary, marked as the caller's own. */
export type UserPresetSummary = PresetSummary & { custom: true };

const categoriesSchema = z.array(z.enum(CATEGORIES));

/** Presets an account makes: private to it, versioned, used by slug wherever a catalogue preset is. */
export class UserPresetsService {
  constructor(private readonly deps: UserPresetsServiceOptions) {}

  hasAny(accountId: string): Promise<boolean> {
    return this.deps.repo.hasAny(accountId);
  }

  /** The account's presets (after the catalogue's in every list), optionally of one category. */
  async summaries(accountId: string, category?: Category): Promise<UserPresetSummary[]> {
    const rows = await this.deps.repo.list(accountId);
    return rows
      .map((row) => ({ ...head(row), isFree: true, custom: true as const }))
      .filter((p) => !category || p.category.includes(category));
  }

  /** The account's preset at its current version, as generate takes a preset; another account's is undefined. */
  async find(accountId: string, slug: string): Promise<PresetDefinition | undefined> {
    const row = await this.deps.repo.find(accountId, slug);
    return row && toPresetDefinition(head(row), row.current_version, definitionOf(row.definition));
  }

  /** As `find`, with what the preset makes (text, an image or speech) and its settings for it. */
  async findRun(accountId: string, slug: string): Promise<UserPresetRun | undefined> {
    const row = await this.deps.repo.find(accountId, slug);
    if (!row) return undefined;
    const definition = definitionOf(row.definition);
    return { id: row.id, preset: toPresetDefinition(head(row), row.current_version, definition), definition };
  }

  async view(accountId: string, slug: string): Promise<Outcome<UserPresetView>> {
    const row = await this.deps.repo.find(accountId, slug);
    return row ? ok(viewOf(row)) : fail('not_found', PRESET_NOT_FOUND);
  }

  async create(accountId: string, body: CreateUserPreset): Promise<Outcome<UserPresetView>> {
    const { slug: wanted, title, description, category, brand_voice: voice, ...given } = body;
    const definition = await this.checked(accountId, { ...given, brand_voice: voice ?? null });
    if (!definition.ok) return definition;
    const voiceChecked = await this.checkBrandVoice(accountId, voice);
    if (!voiceChecked.ok) return voiceChecked;
    // Asked first so that a full account hears it before a slug is looked for; the insert counts again.
    if ((await this.deps.repo.count(accountId)) >= USER_PRESETS_PER_ACCOUNT) return tooMany();
    const slug = wanted ?? (await this.freeSlug(title));
    if (wanted) {
      const taken = await this.slugTaken(wanted);
      if (!taken.ok) return taken;
    }
    const at = isoNow(this.deps.clock);
    const row: UserPresetRow = {
      id: newId(),
      account_id: accountId,
      slug,
      title,
      description,
      categories: JSON.stringify(category),
      current_version: 1,
      created_at: at,
      updated_at: at,
    };
    const json = JSON.stringify(definition.value);
    try {
      if (!(await this.deps.repo.insert(row, json, USER_PRESETS_PER_ACCOUNT))) return tooMany();
    } catch (error) {
      if (isUniqueViolation(error)) return fail('conflict', takenText(slug));
      throw error;
    }
    return ok(viewOf({ ...row, definition: json }));
  }

  /** A new version, from the current one with the changes given. */
  async update(accountId: string, slug: string, body: UpdateUserPreset): Promise<Outcome<UserPresetView>> {
    const current = await this.deps.repo.find(accountId, slug);
    if (!current) return fail('not_found', PRESET_NOT_FOUND);
    if (Object.values(body).every((value) => value === undefined)) {
      return fail(
        'invalid_input',
        'Give at least one of title, description, category, fields, output, image_settings, voice, prompt, brand_voice',
      );
    }
    const before = definitionOf(current.definition);
    const output = body.output ?? before.output;
    // Settings kept from before go when the output no longer takes them; settings given are checked; null removes.
    const imageSettings = settingAfter(body.image_settings, output === 'image' ? before.image_settings : undefined);
    const voice = settingAfter(body.voice, output === 'speech' ? before.voice : undefined);
    const definition = await this.checked(accountId, {
      fields: body.fields ?? before.fields,
      output,
      ...(imageSettings && { image_settings: imageSettings }),
      ...(voice !== undefined && { voice }),
      prompt: body.prompt ?? before.prompt,
      brand_voice: settingAfter(body.brand_voice, output === 'image' ? undefined : before.brand_voice) ?? null,
    });
    if (!definition.ok) return definition;
    const voiceChecked = await this.checkBrandVoice(accountId, body.brand_voice);
    if (!voiceChecked.ok) return voiceChecked;
    const was = head(current);
    const json = JSON.stringify(definition.value);
    const updated = await this.deps.repo.update(
      accountId,
      slug,
      {
        title: body.title ?? was.title,
        description: body.description ?? was.description,
        categories: JSON.stringify(body.category ?? was.category),
        updated_at: isoNow(this.deps.clock),
      },
      json,
    );
    return updated ? ok(viewOf(updated)) : fail('not_found', PRESET_NOT_FOUND);
  }

  async delete(accountId: string, slug: string): Promise<Outcome<{ deleted: true; slug: string }>> {
    return (await this.deps.repo.delete(accountId, slug))
      ? ok({ deleted: true, slug })
      : fail('not_found', PRESET_NOT_FOUND);
  }

  async versions(accountId: string, slug: string): Promise<Outcome<UserPresetVersionView[]>> {
    const row = await this.deps.repo.find(accountId, slug);
    if (!row) return fail('not_found', PRESET_NOT_FOUND);
    const versions = await this.deps.repo.versions(row.id);
    return ok(versions.map((v) => ({ version: v.version, created_at: v.created_at, ...definitionOf(v.definition) })));
  }

  /** A brand voice set on a preset must be one of the account's; another account's is as unknown as none. */
  private async checkBrandVoice(accountId: string, id: string | null | undefined): Promise<Outcome<true>> {
    if (!id || (await this.deps.brandVoices.owns(accountId, id))) return ok(true);
    return fail('invalid_input', `brand_voice: "${id}" is not one of your brand voices (GET /api/brand-voices)`);
  }

  private async checked(accountId: string, definition: UserPresetDefinition): Promise<Outcome<UserPresetDefinition>> {
    const checked = checkDefinition(definition);
    if (!checked.ok || !this.deps.outputCheck) return checked;
    return this.deps.outputCheck.check(accountId, checked.value);
  }

  private async slugTaken(slug: string): Promise<Outcome<string>> {
    if (RESERVED_SLUGS.has(slug)) return fail('conflict', `The slug "${slug}" is reserved: choose another`);
    // A hidden catalogue preset keeps its slug: the operator may show it again.
    if (this.deps.catalogue.find(slug) ?? this.deps.catalogue.builtinPreset(slug)) {
      return fail('conflict', `The slug "${slug}" is a catalogue preset's: choose another`);
    }
    return (await this.deps.repo.slugTaken(slug)) ? fail('conflict', takenText(slug)) : ok(slug);
  }

  /** The title as a slug, with -2, -3... until one is free. */
  private async freeSlug(title: string): Promise<string> {
    const base =
      title
        .normalize('NFKD')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 80)
        .replace(/-+$/, '') || 'preset';
    const stem = base.length < 3 ? `preset-${base}` : base;
    for (let n = 1; n < 1_000; n += 1) {
      const slug = n === 1 ? stem : `${stem}-${n}`;
      if ((await this.slugTaken(slug)).ok) return slug;
    }
    return `${stem}-${newId().slice(0, 8)}`;
  }
}

/** Words the dashboard's preset pages use after /dashboard/presets/. */
const RESERVED_SLUGS = new Set(['new']);

/** A setting given (null: removed), else the one kept from before. */
const settingAfter = <V>(value: V | null | undefined, kept: V | undefined): V | undefined =>
  value === undefined ? kept : (value ?? undefined);

const tooMany = () =>
  fail('conflict', `An account may keep at most ${USER_PRESETS_PER_ACCOUNT} presets: delete one first`);
const takenText = (slug: string) => `The slug "${slug}" is taken: choose another`;

function head(row: UserPresetRow): { slug: string; title: string; description: string; category: Category[] } {
  return {
    slug: row.slug,
    title: row.title,
    description: row.description,
    category: categoriesSchema.parse(JSON.parse(row.categories)),
  };
}

function definitionOf(json: string): UserPresetDefinition {
  return userPresetDefinitionSchema.parse(JSON.parse(json));
}

function viewOf(row: UserPresetWithDefinition): UserPresetView {
  return {
    ...head(row),
    isFree: true,
    custom: true,
    version: row.current_version,
    ...definitionOf(row.definition),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
