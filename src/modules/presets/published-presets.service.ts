import { z } from 'zod';
import type { Peers } from '../../cluster/peers.js';
import { type Clock, isoNow } from '../../shared/clock.js';
import { type Outcome, fail, ok } from '../../shared/errors.js';
import { newId } from '../../shared/ids.js';
import { CATEGORIES, type PresetDefinition } from '../../shared/presets/preset-types.js';
import type { Db } from '../../storage/db/database.js';
import type { PublishedPresetRow } from '../../storage/db/schema.js';
import type { AccountsService, Caller } from '../accounts/accounts.service.js';
import type { AuditService } from '../admin/audit.service.js';
import type { PresetsService } from './presets.service.js';
import type { PublishedPresetsRepo } from './published-presets.repo.js';
import { toPresetDefinition } from './user-preset-definition.js';
import { userPresetDefinitionSchema } from './user-preset.schemas.js';
import type { UserPresetsService } from './user-presets.service.js';

export interface PublishedPresetsServiceOptions {
  db: Db;
  repo: PublishedPresetsRepo;
  catalogue: PresetsService;
  userPresets: Pick<UserPresetsService, 'view'>;
  accounts: Pick<AccountsService, 'find'>;
  audit: Pick<AuditService, 'record'>;
  /** The other processes of a cluster, told to reload the layer after a change here. */
  peers: Peers;
  clock: Clock;
  /** How often the layer is read again anyway: processes that share a database but no cluster hear no peer message. */
  reloadMs: number;
}

export interface PublishInput {
  /** The owner: an account id or email. */
  account: string;
  slug: string;
  as_slug?: string | undefined;
}

export interface PublishedPresetView {
  slug: string;
  title: string;
  source: { account_id: string | null; slug: string; version: number };
  published_by: string;
  published_at: string;
}

const categoriesSchema = z.array(z.enum(CATEGORIES));

/**
 * Users' presets an admin published into the catalogue, for every account: a snapshot of the preset's version at
 * the time, stored in published_presets and laid over the code's catalogue as its 'published' layer. Each process
 * reads the table at start, after its own changes, when a peer says so, and every `reloadMs`.
 */
export class PublishedPresetsService {
  private loaded = '';
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly deps: PublishedPresetsServiceOptions) {}

  async start(): Promise<void> {
    await this.load();
    this.deps.peers.on('presets.published', () => void this.load().catch(() => undefined));
    this.timer = setInterval(() => void this.load().catch(() => undefined), this.deps.reloadMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Reads the table and replaces the layer, unless nothing changed (the catalogue's caches then stay). */
  async load(): Promise<void> {
    const rows = await this.deps.repo.list();
    const signature = rows.map((row) => `${row.id}:${row.published_at}`).join(',');
    if (signature === this.loaded) return;
    this.loaded = signature;
    this.deps.catalogue.setLayer('published', { add: rows.flatMap(definitionOf), hide: [] });
  }

  async list(): Promise<PublishedPresetView[]> {
    return (await this.deps.repo.list()).map(viewOf);
  }

  /** Publishes the account's preset at its current version under `as_slug` (its own slug by default). */
  async publish(admin: Caller, input: PublishInput): Promise<Outcome<PublishedPresetView>> {
    const account = await this.deps.accounts.find(input.account);
    if (!account.ok) return account;
    const source = await this.deps.userPresets.view(account.value.id, input.slug);
    if (!source.ok) return source;
    // The catalogue runs a preset as text: an image or speech preset runs through its owner's settings only.
    if (source.value.output !== 'text') {
      return fail(
        'invalid_input',
        `output: only text presets can be published (this one makes ${source.value.output})`,
      );
    }
    const slug = input.as_slug ?? input.slug;
    const clash = await this.clash(slug, account.value.id, input.slug);
    if (!clash.ok) return clash;
    const { fields, output, prompt } = source.value;
    const row: PublishedPresetRow = {
      id: newId(),
      slug,
      account_id: account.value.id,
      source_slug: input.slug,
      source_version: source.value.version,
      title: source.value.title,
      description: source.value.description,
      categories: JSON.stringify(source.value.category),
      definition: JSON.stringify({ fields, output, prompt }),
      published_by: admin.account.id,
      published_at: isoNow(this.deps.clock),
    };
    await this.deps.db.transaction().execute(async (trx) => {
      const before = await this.deps.repo.find(slug, trx);
      await this.deps.repo.replace(row, trx);
      await this.deps.audit.record(
        admin,
        {
          action: 'preset.publish',
          targetType: 'preset',
          targetId: slug,
          before: before && viewOf(before),
          after: { ...viewOf(row), owner_email: account.value.email },
        },
        trx,
      );
    });
    await this.changed();
    return ok(viewOf(row));
  }

  async unpublish(admin: Caller, slug: string): Promise<Outcome<{ unpublished: true; slug: string }>> {
    const removed = await this.deps.db.transaction().execute(async (trx) => {
      const before = await this.deps.repo.find(slug, trx);
      if (!before || !(await this.deps.repo.remove(slug, trx))) return false;
      await this.deps.audit.record(
        admin,
        { action: 'preset.unpublish', targetType: 'preset', targetId: slug, before: viewOf(before) },
        trx,
      );
      return true;
    });
    if (!removed) return fail('not_found', `No preset is published under "${slug}"`);
    await this.changed();
    return ok({ unpublished: true, slug });
  }

  /** Why `slug` cannot take the account's preset `sourceSlug`, if it cannot. */
  private async clash(slug: string, accountId: string, sourceSlug: string): Promise<Outcome<null>> {
    if (this.deps.catalogue.builtinPreset(slug)) {
      return fail('conflict', `The slug "${slug}" is a catalogue preset's: publish under another (as_slug)`);
    }
    if (this.deps.catalogue.layer('operator').add.some((p) => p.slug === slug || p.aliases?.includes(slug))) {
      return fail('conflict', `The slug "${slug}" is the operator's preset folder's: publish under another (as_slug)`);
    }
    const published = await this.deps.repo.find(slug);
    if (published && (published.account_id !== accountId || published.source_slug !== sourceSlug)) {
      return fail('conflict', `Another preset is published under "${slug}": unpublish it first`);
    }
    // The source's own slug is fine (the owner then gets the snapshot too); another preset's would be shadowed.
    const owner = slug === sourceSlug ? undefined : await this.deps.repo.ownerOfSlug(slug);
    if (owner !== undefined) {
      const whose = owner === accountId ? "another of this account's presets" : "another account's preset";
      return fail('conflict', `The slug "${slug}" is ${whose}: publish under another (as_slug)`);
    }
    return ok(null);
  }

  private async changed(): Promise<void> {
    await this.load();
    this.deps.peers.tell('presets.published', {});
  }
}

/** The snapshot as the catalogue takes a preset; one that no longer reads (a format gone) is left out. */
function definitionOf(row: PublishedPresetRow): PresetDefinition[] {
  const definition = userPresetDefinitionSchema.safeParse(JSON.parse(row.definition));
  const category = categoriesSchema.safeParse(JSON.parse(row.categories));
  if (!definition.success || !category.success) return [];
  const head = { slug: row.slug, title: row.title, description: row.description, category: category.data };
  return [toPresetDefinition(head, Number(row.source_version), definition.data)];
}

function viewOf(row: PublishedPresetRow): PublishedPresetView {
  return {
    slug: row.slug,
    title: row.title,
    source: { account_id: row.account_id, slug: row.source_slug, version: Number(row.source_version) },
    published_by: row.published_by,
    published_at: row.published_at,
  };
}
