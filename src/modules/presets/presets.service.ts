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

/** The catalogue is fixed at start (presets.operations.ts serialises each category's list once). */
export class PresetsService {
  private readonly bySlug: Map<string, PresetDefinition>;

  constructor(private readonly presets: readonly PresetDefinition[]) {
    this.bySlug = new Map(presets.flatMap((p) => [p.slug, ...(p.aliases ?? [])].map((slug) => [slug, p] as const)));
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
}

function toSummary({ slug, title, description, category, isFree }: PresetDefinition): PresetSummary {
  return { slug, title, description, category, isFree };
}
