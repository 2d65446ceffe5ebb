import { type Outcome, fail, ok } from '../../shared/errors.js';
import {
  type Category,
  FIELD_LIMITS,
  type FieldDefinition,
  LENGTHS,
  type PresetDefinition,
} from '../../shared/presets/preset-types.js';
import { type UserTemplateNode, checkUserTemplate, templateNames } from '../../shared/presets/user-template.js';
import type { UserField, UserPresetDefinition } from './user-preset.schemas.js';

/**
 * Checks what the schema alone cannot: each field against its parameter and type, names used once, and the
 * template against the fields (only their names and `language`; every field used). Errors name the field or token.
 */
export function checkDefinition(definition: UserPresetDefinition): Outcome<UserPresetDefinition> {
  if (definition.image_settings && definition.output !== 'image') {
    return fail('invalid_input', `image_settings: are for an image preset (output is ${definition.output})`);
  }
  if (definition.voice !== undefined && definition.output !== 'speech') {
    return fail('invalid_input', `voice: is for a speech preset (output is ${definition.output})`);
  }
  if (definition.brand_voice && definition.output === 'image') {
    return fail('invalid_input', "brand_voice: an image preset's prompt is not written in a brand voice");
  }
  const seen = new Set<string>();
  for (const field of definition.fields) {
    const checked = checkField(field);
    if (!checked.ok) return checked;
    if (seen.has(field.name)) return fail('invalid_input', `fields: ${field.name} is given twice`);
    seen.add(field.name);
  }
  const template = checkUserTemplate(definition.prompt, templateNames(definition.fields));
  if (!template.ok) return template;
  const pictures = new Set<string>(definition.fields.filter((f) => f.type === 'image').map((f) => f.name));
  const placed = placeholders(template.value.nodes).find((name) => pictures.has(name));
  if (placed) {
    return fail(
      'invalid_input',
      `prompt: {{${placed}}} is an image field: its picture goes to the model beside the prompt, so it may only open a section ({{#${placed}}}...{{/${placed}}})`,
    );
  }
  const unused = definition.fields.find((f) => f.type !== 'image' && !template.value.names.has(f.name));
  if (unused) {
    return fail('invalid_input', `fields: ${unused.name} (${unused.label}) is not used by the prompt template`);
  }
  return ok(definition);
}

/** The names the template writes out as `{{name}}`, at any depth. */
function placeholders(nodes: readonly UserTemplateNode[]): string[] {
  return nodes.flatMap((node) =>
    node.kind === 'name' ? [node.name] : node.kind === 'section' ? placeholders(node.children) : [],
  );
}

function checkField(field: UserField): Outcome<UserField> {
  const at = `fields: ${field.name}`;
  if (field.type === 'image') {
    // The parameters only user presets read, which take a picture's data URL (text.schemas.ts).
    if (!/^extra(?:[5-9]|1[0-4])$/.test(field.name)) {
      return fail('invalid_input', `${at}: an image field fills one of extra5...extra14`);
    }
    if (field.default !== undefined) return fail('invalid_input', `${at}: an image field has no default`);
  }
  const limit = FIELD_LIMITS[field.name];
  const choice = field.type === 'select' || field.type === 'radio';
  if (choice !== (field.options !== undefined)) {
    return fail('invalid_input', `${at}: options are for select and radio fields, which need them`);
  }
  if (field.options && new Set(field.options).size !== field.options.length) {
    return fail('invalid_input', `${at}: options must differ from each other`);
  }
  const textual = field.type === 'text' || field.type === 'textarea';
  if (!textual && (field.maxLength !== undefined || field.placeholder !== undefined)) {
    return fail('invalid_input', `${at}: maxLength and placeholder are for text and textarea fields`);
  }
  if (field.maxLength !== undefined && field.maxLength > limit) {
    return fail('invalid_input', `${at}: maxLength must be at most ${limit}`);
  }
  for (const option of field.options ?? []) {
    if (option.length > limit) return fail('invalid_input', `${at}: options must be at most ${limit} characters`);
  }
  if (field.name === 'length' && !(field.options ?? ['']).every((o) => (LENGTHS as readonly string[]).includes(o))) {
    return fail('invalid_input', `${at}: must be a select or radio field with options among ${LENGTHS.join(', ')}`);
  }
  if (field.type === 'checkbox') {
    if (field.required) return fail('invalid_input', `${at}: a checkbox cannot be required (unchecked is an answer)`);
    if (field.default !== undefined && field.default !== 'true' && field.default !== 'false') {
      return fail('invalid_input', `${at}: a checkbox's default must be "true" or "false"`);
    }
  }
  if (field.default !== undefined) {
    if (field.options && !field.options.includes(field.default)) {
      return fail('invalid_input', `${at}: default must be one of its options`);
    }
    if (field.default.length > (field.maxLength ?? limit)) {
      return fail('invalid_input', `${at}: default is longer than its maxLength`);
    }
  }
  return ok(field);
}

/** A user preset at one version, as generate, the builtin engine and GET /api/presets/{slug} take a preset. */
export function toPresetDefinition(
  head: { slug: string; title: string; description: string; category: Category[] },
  version: number,
  definition: UserPresetDefinition,
): PresetDefinition {
  return {
    slug: head.slug,
    title: head.title,
    description: head.description,
    category: head.category,
    isFree: true,
    fields: definition.fields.map(toFieldDefinition),
    prompt: definition.prompt,
    builtin: [],
    custom: { version, ...(definition.brand_voice && { brandVoice: definition.brand_voice }) },
  };
}

function toFieldDefinition(field: UserField): FieldDefinition {
  const limit = FIELD_LIMITS[field.name];
  const base = { name: field.name, label: field.label, type: field.type, required: field.required };
  if (field.options) {
    const chosen = field.default ?? field.options[0];
    return { ...base, radioOptions: field.options.map((value) => ({ value, default: value === chosen })) };
  }
  if (field.type === 'checkbox') return { ...base, default: field.default ?? 'false' };
  // Its value is a URL checked as a picture when generate runs (preset-pictures.ts), not text with a length.
  if (field.type === 'image') return base;
  return {
    ...base,
    ...(field.placeholder !== undefined && { placeholder: field.placeholder }),
    maxLength: Math.min(field.maxLength ?? limit, limit),
    ...(field.default !== undefined && { default: field.default }),
  };
}
