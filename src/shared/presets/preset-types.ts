export const CATEGORIES = [
  'Social Media',
  'Content',
  'Business',
  'HR',
  'Marketing',
  'Resume',
  'Education',
  'Project Management',
  'Tools',
  'Other',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const LENGTHS = ['Short', 'Medium', 'Long'] as const;
export type Length = (typeof LENGTHS)[number];

/** The generate body parameters a preset may define fields for, with the spec's general bounds. */
export const FIELD_LIMITS = {
  keywords: 5000,
  tone: 1000,
  length: 6,
  extra1: 1000,
  extra2: 1000,
  extra3: 1000,
  extra4: 500,
  // The hosted MCP server's extra5...extra14 (its `extra_fields`), read by user presets' fields.
  extra5: 1000,
  extra6: 1000,
  extra7: 1000,
  extra8: 1000,
  extra9: 1000,
  extra10: 1000,
  extra11: 1000,
  extra12: 1000,
  extra13: 1000,
  extra14: 1000,
  suffix: 1000,
} as const;
export type FieldName = keyof typeof FIELD_LIMITS;
export const FIELD_NAMES = Object.keys(FIELD_LIMITS) as FieldName[];

export interface RadioOption {
  value: string;
  default: boolean;
}

export interface FieldDefinition {
  name: FieldName;
  label: string;
  /**
   * The catalogue's presets use textarea, text and radio; select, checkbox and image are for user presets. An image
   * field's value is a picture's http(s) or data:image URL, which goes to the model beside the prompt.
   */
  type: 'textarea' | 'text' | 'radio' | 'select' | 'checkbox' | 'image';
  required: boolean;
  /** Text-like fields only. */
  placeholder?: string;
  /** Text-like fields only; never above the general bound in FIELD_LIMITS. */
  maxLength?: number;
  /** Radio and select fields only; exactly one option has default: true. */
  radioOptions?: RadioOption[];
  /** User presets: the value used when none is given (a checkbox's is "true" or "false"). */
  default?: string;
}

/**
 * A template. `prompt` and each `builtin` entry are Mustache templates rendered (without HTML escaping)
 * against a PresetView (see preset-template.ts): `prompt` is the instruction an LLM engine receives (the text
 * service renders it), `builtin` the texts the offline builtin engine composes (engines/adapters/builtin renders
 * them); output number i uses builtin[i % builtin.length]. Both sit side by side for authors, which is why the
 * definition lives in shared/, where the domain and the engines may both import it.
 */
export interface PresetDefinition {
  slug: string;
  /**
   * Other slugs that answer for this preset (GET /api/presets/{alias} and POST /api/generate): older
   * names of ours where the hosted service's slug became the canonical one. Lists show the slug only.
   */
  aliases?: string[];
  title: string;
  description: string;
  category: Category[];
  isFree: boolean;
  fields: FieldDefinition[];
  prompt: string;
  builtin: string[];
  /**
   * A preset an account made (POST /api/presets), at one version: its prompt is a user template
   * (user-template.ts: rendered by its own renderer, never by Mustache's) and it has no builtin compositions.
   * `brandVoice`: the id of the brand voice generate uses unless the request names one.
   */
  custom?: { version: number; brandVoice?: string };
}

/**
 * Whether a preset was written without code (an account's, or a file of the operator's folder): its prompt is a user
 * template and it has no builtin compositions, as no preset of the code's catalogue is.
 */
export const writtenWithoutCode = (preset: PresetDefinition): boolean => preset.builtin.length === 0;

export type PresetSummary = Pick<PresetDefinition, 'slug' | 'title' | 'description' | 'category' | 'isFree'>;
export type PresetDetail = PresetSummary & { fields: FieldDefinition[] };
