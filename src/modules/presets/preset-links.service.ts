import { type Clock, isoNow } from '../../shared/clock.js';
import { type Outcome, fail, ok } from '../../shared/errors.js';
import { newId, randomToken, sha256Hex } from '../../shared/ids.js';
import type { PresetDefinition } from '../../shared/presets/preset-types.js';
import type { PresetLinkRow } from '../../storage/db/schema.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { TextService } from '../text/text.service.js';
import { generateBodySchema } from '../text/text.schemas.js';
import { resolvePresetInputs } from './preset-inputs.js';
import {
  type CreatePresetLink,
  type CreatedPresetLink,
  LINKS_PER_PRESET,
  type PresetLinkView,
  type UpdatePresetLink,
} from './preset-links.schemas.js';
import type { PresetLinkWithUse, PresetLinksRepo } from './preset-links.repo.js';
import { PRESET_NOT_FOUND } from './presets.service.js';
import type { UserPresetsService } from './user-presets.service.js';

export interface PresetLinksServiceOptions {
  repo: PresetLinksRepo;
  userPresets: Pick<UserPresetsService, 'findRun'>;
  accounts: Pick<AccountsService, 'callerFor'>;
  /** The generate path of POST /api/generate: a public run is the owner's generate. */
  text: Pick<TextService, 'generate'>;
  clock: Clock;
  /** The service's public address, which the links' URLs start with. */
  publicUrl: string;
}

/** What a public page shows: the preset at its current version and the runs left today. */
export interface PublicPreset {
  preset: PresetDefinition;
  dailyCap: number;
  remaining: number;
}

export interface PublicRun {
  text: string;
  outputId: number;
  remaining: number;
}

export const LINK_NOT_FOUND = 'Link not found';
export const PUBLIC_LINK_GONE = 'This link does not exist or was revoked';
const TOKEN_BYTES = 24;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,64}$/;
/** What a visitor's form may hold besides the preset's fields: the dashboard's CSRF field. */
const FORM_EXTRAS = new Set(['_csrf']);

/**
 * Public links to an account's own preset: anyone with the link runs the preset as the owner (the owner's plan
 * and credits, output stored on the owner's account), up to the link's daily cap. Tokens are stored hashed.
 */
export class PresetLinksService {
  constructor(private readonly deps: PresetLinksServiceOptions) {}

  async create(accountId: string, slug: string, body: CreatePresetLink): Promise<Outcome<CreatedPresetLink>> {
    const own = await this.deps.userPresets.findRun(accountId, slug);
    if (!own) return fail('not_found', PRESET_NOT_FOUND);
    if (own.definition.output !== 'text') return fail('invalid_input', textOnly(own.definition.output));
    const presetId = own.id;
    const token = randomToken(TOKEN_BYTES);
    const row: PresetLinkRow = {
      id: newId(),
      preset_id: presetId,
      account_id: accountId,
      token_hash: sha256Hex(token),
      label: body.label || null,
      daily_cap: body.daily_cap,
      created_at: isoNow(this.deps.clock),
      revoked_at: null,
    };
    if (!(await this.deps.repo.insert(row, LINKS_PER_PRESET))) {
      return fail('conflict', `A preset may have at most ${LINKS_PER_PRESET} live links: revoke one first`);
    }
    return ok({ ...viewOf({ ...row, used: 0 }, slug), url: `${this.deps.publicUrl}/p/${token}`, token });
  }

  async list(accountId: string, slug: string): Promise<Outcome<PresetLinkView[]>> {
    const presetId = await this.deps.repo.presetId(accountId, slug);
    if (!presetId) return fail('not_found', PRESET_NOT_FOUND);
    const rows = await this.deps.repo.list(presetId, this.today());
    return ok(rows.map((row) => viewOf(row, slug)));
  }

  async update(accountId: string, slug: string, id: string, body: UpdatePresetLink): Promise<Outcome<PresetLinkView>> {
    if (body.daily_cap === undefined && body.label === undefined) {
      return fail('invalid_input', 'Give at least one of daily_cap, label');
    }
    const presetId = await this.deps.repo.presetId(accountId, slug);
    if (!presetId) return fail('not_found', PRESET_NOT_FOUND);
    const changes = {
      ...(body.daily_cap !== undefined && { daily_cap: body.daily_cap }),
      ...(body.label !== undefined && { label: body.label || null }),
    };
    if (!(await this.deps.repo.update(presetId, id, changes))) return fail('not_found', LINK_NOT_FOUND);
    return this.linkView(presetId, id, slug);
  }

  /** Ends the link at once: its page answers 404 from the next request on (nothing caches a link). */
  async revoke(accountId: string, slug: string, id: string): Promise<Outcome<PresetLinkView>> {
    const presetId = await this.deps.repo.presetId(accountId, slug);
    if (!presetId) return fail('not_found', PRESET_NOT_FOUND);
    await this.deps.repo.revoke(presetId, id, isoNow(this.deps.clock));
    return this.linkView(presetId, id, slug);
  }

  /** The preset behind a live link, for its public page. */
  async open(token: string): Promise<Outcome<PublicPreset>> {
    const found = await this.find(token);
    if (!found.ok) return found;
    const { link, preset } = found.value;
    const used = await this.deps.repo.usedOn(link.id, this.today());
    return ok({ preset, dailyCap: link.daily_cap, remaining: Math.max(0, link.daily_cap - used) });
  }

  /**
   * Runs the link's preset with a visitor's values (the preset's fields by name, text only): checked first, then one
   * run of today's cap is taken, and given back if the generation fails.
   */
  async run(token: string, values: Record<string, unknown>, requestId: string): Promise<Outcome<PublicRun>> {
    const found = await this.find(token);
    if (!found.ok) return found;
    const { link, preset, owner } = found.value;
    const body = bodyOf(preset, values);
    if (!body.ok) return body;
    const checked = resolvePresetInputs(preset, body.value);
    if (!checked.ok) return checked;

    const day = this.today();
    const runs = await this.deps.repo.takeRun(link.id, day, link.daily_cap);
    if (runs === undefined) {
      return fail(
        'rate_limited',
        `This link has used all of its ${link.daily_cap} runs for today (UTC): try again tomorrow`,
      );
    }
    // The day's first run clears the link's earlier days, so the counts stay one row a link.
    if (runs === 1) await this.deps.repo.forgetDaysBefore(link.id, day);
    let outcome: Awaited<ReturnType<TextService['generate']>> | undefined;
    try {
      const caller = await this.deps.accounts.callerFor(owner, `link:${link.id}`);
      outcome = await this.deps.text.generate(caller, body.value, requestId);
    } finally {
      if (!outcome?.ok) await this.deps.repo.giveBackRun(link.id, day);
    }
    if (!outcome.ok) {
      return outcome.error.code === 'payment_required'
        ? fail('payment_required', "The preset's owner has run out of credits: runs are paused until they top up")
        : outcome;
    }
    const first = outcome.value[0];
    if (!first) return fail('internal', 'The generation returned no output');
    return ok({ text: first.text, outputId: first.id, remaining: Math.max(0, link.daily_cap - runs) });
  }

  private async find(token: string) {
    if (!TOKEN_PATTERN.test(token)) return fail('not_found', PUBLIC_LINK_GONE);
    const opened = await this.deps.repo.open(sha256Hex(token));
    if (!opened) return fail('not_found', PUBLIC_LINK_GONE);
    if (opened.owner.blocked) return fail('forbidden', 'This shared preset is not available at the moment');
    const found = await this.deps.userPresets.findRun(opened.owner.id, opened.slug);
    if (!found) return fail('not_found', PUBLIC_LINK_GONE);
    // Made an image or speech preset since the link was made: the page cannot show what it would make.
    if (found.definition.output !== 'text') return fail('not_found', PUBLIC_LINK_GONE);
    return ok({ link: opened.link, preset: found.preset, owner: opened.owner });
  }

  private async linkView(presetId: string, id: string, slug: string): Promise<Outcome<PresetLinkView>> {
    const row = await this.deps.repo.find(presetId, id, this.today());
    return row ? ok(viewOf(row, slug)) : fail('not_found', LINK_NOT_FOUND);
  }

  private today(): string {
    return isoNow(this.deps.clock).slice(0, 10);
  }
}

const textOnly = (output: string) =>
  `output: public links run text presets (this one makes ${output}), whose page shows the text`;

/** The generate body of a visitor's values: the preset's fields only, one output, never the owner's options. */
function bodyOf(preset: PresetDefinition, values: Record<string, unknown>) {
  const byName = new Map(preset.fields.map((field) => [field.name as string, field]));
  const inputs: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (FORM_EXTRAS.has(name)) continue;
    const field = byName.get(name);
    if (!field) return fail('invalid_input', `Unknown field: ${name.slice(0, 50)}`);
    if (typeof value !== 'string') return fail('invalid_input', `${field.label}: must be text`);
    // A checked HTML checkbox sends "on".
    inputs[name] = field.type === 'checkbox' && value === 'on' ? 'true' : value;
  }
  const parsed = generateBodySchema.safeParse({ ...inputs, preset: preset.slug, outputs: 1 });
  if (parsed.success) return ok(parsed.data);
  const issue = parsed.error.issues[0];
  const name = String(issue?.path[0] ?? '');
  return fail('invalid_input', `${byName.get(name)?.label ?? name}: ${issue?.message ?? 'invalid'}`);
}

function viewOf(row: PresetLinkWithUse, slug: string): PresetLinkView {
  return {
    id: row.id,
    preset: slug,
    label: row.label,
    daily_cap: Number(row.daily_cap),
    used_today: Number(row.used),
    created_at: row.created_at,
    revoked_at: row.revoked_at,
  };
}
