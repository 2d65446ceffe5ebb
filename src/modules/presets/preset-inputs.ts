import { type Outcome, fail, ok } from '../../shared/errors.js';
import type { PresetInputs } from '../../shared/presets/preset-template.js';
import { type FieldName, type PresetDefinition, writtenWithoutCode } from '../../shared/presets/preset-types.js';

export type RawFieldValues = Partial<Record<FieldName, string | undefined>> & { language: string };

/**
 * Applies a preset's own field definitions, which take the place of the general list: required fields,
 * per-field maxLength and radio options. Values of fields the preset does not define are not used.
 */
export function resolvePresetInputs(preset: PresetDefinition, raw: RawFieldValues): Outcome<PresetInputs> {
  const inputs: PresetInputs = { language: raw.language };
  for (const field of preset.fields) {
    const value = raw[field.name];
    if (field.type === 'checkbox') {
      const given = value?.trim().toLowerCase() || field.default || 'false';
      if (given !== 'true' && given !== 'false') {
        return fail('invalid_input', `${field.name}: must be true or false for preset "${preset.slug}"`);
      }
      inputs[field.name] = given;
      continue;
    }
    if (field.type === 'radio' || field.type === 'select') {
      const options = field.radioOptions ?? [];
      if (value === undefined || value === '') {
        inputs[field.name] = options.find((o) => o.default)?.value ?? options[0]?.value ?? '';
        continue;
      }
      if (!options.some((o) => o.value === value)) {
        return fail(
          'invalid_input',
          `${field.name}: must be one of ${options.map((o) => o.value).join(', ')} for preset "${preset.slug}"`,
        );
      }
      inputs[field.name] = value;
      continue;
    }
    const text = value?.trim() || (field.default ?? '');
    if (field.required && text === '') {
      return fail('invalid_input', `${field.name} (${field.label}) is required for preset "${preset.slug}"`);
    }
    if (field.maxLength !== undefined && text.length > field.maxLength) {
      return fail(
        'invalid_input',
        `${field.name} (${field.label}) must be at most ${field.maxLength} characters for preset "${preset.slug}"`,
      );
    }
    if (text !== '') inputs[field.name] = text;
  }
  // A preset whose main input is optional (full-blog-post takes its title in extra2) still needs something to write from.
  // A preset written without code says itself which fields are required.
  const textFields = writtenWithoutCode(preset) ? [] : preset.fields.filter((f) => f.type !== 'radio');
  if (textFields.length > 0 && textFields.every((f) => inputs[f.name] === undefined)) {
    const names = textFields.map((f) => `${f.name} (${f.label})`).join(', ');
    return fail('invalid_input', `keywords: give the text to work from for preset "${preset.slug}": one of ${names}`);
  }
  return ok(inputs);
}
