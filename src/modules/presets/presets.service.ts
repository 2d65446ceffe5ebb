import { type Outcome, fail, ok } from '../../shared/errors.js';
import {
  CATEGORIES,
  type Category,
  type PresetDefinition,
  type PresetDetail,
  type PresetSummary,
} from '../../shared/presets/preset-types.js';

export interface PresetList {
  presets: PresetSummary[];
  total: number;
  categories: readonly Category[];
}

export const PRESET_NOT_FOUND = 'Preset not found';

/**
 * What a source adds to the code's catalogue: `add` puts presets in (one with a catalogue slug or alias replaces
 * that preset in place), `hide` takes slugs out of every list and lookup.
 */
export interface CatalogueLayer {
  add: readonly PresetDefinition[];
  hide: readonly string[];
}

/**
 * The sources of the catalogue, applied in this order, each over the ones before: presets an admin published from
 * an account's own, then the operator's folder (ATELIER_PRESETS_DIR), which has the last word.
 */
export const CATALOGUE_LAYERS = ['published', 'operator'] as const;
export type CatalogueLayerName = (typeof CATALOGUE_LAYERS)[number];

const EMPTY_LAYER: CatalogueLayer = { add: [], hide: [] };

/**
 * The catalogue: the code's presets with the layers over them. A layer is replaced whole (setLayer) and the
 * catalogue rebuilt at once, so a reader sees one catalogue or the next, never half of one; `revision` tells
 * readers that cache answers (presets.operations.ts) when to drop them.
 */
export class PresetsService {
  private readonly layers = new Map<CatalogueLayerName, CatalogueLayer>();
  private presets: readonly PresetDefinition[] = [];
  private bySlug = new Map<string, PresetDefinition>();
  private revisionCount = 0;

  constructor(private readonly builtin: readonly PresetDefinition[]) {
    this.rebuild();
  }

  /** Grows by one each time the catalogue changes. */
  get revision(): number {
    return this.revisionCount;
  }

  setLayer(name: CatalogueLayerName, layer: CatalogueLayer): void {
    this.layers.set(name, layer);
    this.rebuild();
  }

  layer(name: CatalogueLayerName): CatalogueLayer {
    return this.layers.get(name) ?? EMPTY_LAYER;
  }

  /** The code's own preset under a slug or alias, whatever the layers do to it. */
  builtinPreset(slug: string): PresetDefinition | undefined {
    return this.builtin.find((p) => p.slug === slug || p.aliases?.includes(slug));
  }

  find(slug: string): PresetDefinition | undefined {
    return this.bySlug.get(slug);
  }

  list(category?: Category): PresetList {
    const withFields = this.presets.filter((p) => p.fields.length > 0);
    const chosen = category ? withFields.filter((p) => p.category.includes(category)) : withFields;
    return { presets: chosen.map(toSummary), total: chosen.length, categories: CATEGORIES };
  }

  /** The list as a JSON string. */
  listJson(category?: Category): string {
    return JSON.stringify(this.list(category));
  }

  detail(slug: string): Outcome<PresetDetail> {
    if (!slug.trim()) return fail('invalid_input', 'Missing slug parameter');
    const preset = this.find(slug);
    return preset ? ok({ ...toSummary(preset), fields: preset.fields }) : fail('not_found', PRESET_NOT_FOUND);
  }

  private rebuild(): void {
    let presets = [...this.builtin];
    for (const name of CATALOGUE_LAYERS) presets = applyLayer(presets, this.layer(name));
    this.presets = Object.freeze(presets);
    this.bySlug = new Map(presets.flatMap((p) => [p.slug, ...(p.aliases ?? [])].map((slug) => [slug, p] as const)));
    this.revisionCount += 1;
  }
}

/** The presets with the layer's added ones in place of those they share a slug or alias with, and its hidden ones gone. */
function applyLayer(presets: PresetDefinition[], layer: CatalogueLayer): PresetDefinition[] {
  const hidden = new Set(layer.hide);
  const added = new Map(layer.add.map((p) => [p.slug, p]));
  const replaced = new Set<string>();
  const kept = presets.flatMap((p) => {
    const names = [p.slug, ...(p.aliases ?? [])];
    if (names.some((name) => hidden.has(name))) return [];
    const over = names.map((name) => added.get(name)).find((q) => q !== undefined);
    if (!over) return [p];
    replaced.add(over.slug);
    // An override keeps the older names of the preset it replaces, so that they still answer.
    return [{ ...over, aliases: [...new Set([...(over.aliases ?? []), ...names.filter((n) => n !== over.slug)])] }];
  });
  const fresh = layer.add.filter((p) => !replaced.has(p.slug) && !hidden.has(p.slug));
  return [...kept, ...fresh];
}

function toSummary({ slug, title, description, category, isFree }: PresetDefinition): PresetSummary {
  return { slug, title, description, category, isFree };
}
