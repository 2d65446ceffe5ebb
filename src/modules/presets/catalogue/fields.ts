import { FIELD_LIMITS, LENGTHS } from '../../../shared/presets/preset-types.js';
import type { FieldDefinition, FieldName, Length } from '../../../shared/presets/preset-types.js';

/** Field names that hold free text (everything except the `length` radio). */
type TextFieldName = Exclude<FieldName, 'length'>;

interface TextFieldOptions {
  required?: boolean;
  maxLength?: number;
  /** `textarea` (default) or a single-line `text` input. */
  type?: 'textarea' | 'text';
}

/** A free-text field; maxLength defaults to, and is capped at, the general bound for that name. */
export function textField(
  name: TextFieldName,
  label: string,
  placeholder: string,
  options: TextFieldOptions = {},
): FieldDefinition {
  const limit = FIELD_LIMITS[name];
  return {
    name,
    label,
    type: options.type ?? 'textarea',
    required: options.required ?? false,
    placeholder,
    maxLength: Math.min(options.maxLength ?? limit, limit),
  };
}

/** The main input of a preset: `keywords`, required unless stated otherwise. */
export function keywordsField(
  label: string,
  placeholder: string,
  maxLength = 1000,
  options: { required?: boolean; type?: 'textarea' | 'text' } = {},
): FieldDefinition {
  return textField('keywords', label, placeholder, {
    required: options.required ?? true,
    maxLength,
    type: options.type ?? 'textarea',
  });
}

/** An optional single-line detail in extra1..extra4 or suffix. */
export function extraField(
  name: TextFieldName,
  label: string,
  placeholder: string,
  maxLength?: number,
  required = false,
): FieldDefinition {
  return textField(name, label, placeholder, { type: 'text', maxLength, required });
}

/** An optional multi-line detail in extra1..extra4 or suffix. */
export function extraArea(
  name: TextFieldName,
  label: string,
  placeholder: string,
  maxLength?: number,
  required = false,
): FieldDefinition {
  return textField(name, label, placeholder, { type: 'textarea', maxLength, required });
}

export function toneField(placeholder = 'e.g. friendly, professional, witty'): FieldDefinition {
  return textField('tone', 'Tone of voice', placeholder, { type: 'text', maxLength: 100 });
}

/** The hosted service's tone field: labelled Tone, up to the general bound of 1000 characters (its clients send long ones). */
export function hostedToneField(
  placeholder = 'e.g. professional, energetic, clever',
  maxLength = 1000,
): FieldDefinition {
  return textField('tone', 'Tone', placeholder, { type: 'text', maxLength });
}

export function lengthField(defaultValue: Length = 'Medium', values: readonly Length[] = LENGTHS): FieldDefinition {
  return radioField('length', 'Length', values, defaultValue);
}

/** A choice between fixed options; exactly one of them is the default. */
export function radioField(
  name: FieldName,
  label: string,
  values: readonly string[],
  defaultValue: string,
  required = false,
): FieldDefinition {
  return {
    name,
    label,
    type: 'radio',
    required,
    radioOptions: values.map((value) => ({ value, default: value === defaultValue })),
  };
}
