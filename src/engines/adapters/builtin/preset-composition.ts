import { buildView, renderTemplate } from '../../../shared/presets/preset-template.js';
import { type PresetDefinition, writtenWithoutCode } from '../../../shared/presets/preset-types.js';
import type { PresetInputs } from '../../../shared/presets/preset-template.js';
import type { PresetOutputTask } from '../../spec/text-task.js';

/** What the builtin engine writes for a preset's output number `output` (0-based): its compositions take turns. */
export function presetComposition({ preset, inputs, output }: PresetOutputTask): string {
  if (writtenWithoutCode(preset)) return userPresetComposition(preset, inputs, output);
  const template = preset.builtin[output % preset.builtin.length] ?? '';
  return renderTemplate(template, buildView(inputs, output + 1));
}

/**
 * A preset written without code (an account's or the operator's folder's) has no compositions of its own: the builtin engine (no language model) lays out the title and
 * every input under its field's label, and says that is what it did.
 */
function userPresetComposition(preset: PresetDefinition, inputs: PresetInputs, output: number): string {
  const lines = [
    `Draft ${output + 1} composed offline by Atelier's builtin engine (no language model): the inputs of "${preset.title}", laid out as given.`,
    '',
    preset.title,
  ];
  for (const field of preset.fields) {
    const value = inputs[field.name];
    if (value === undefined || value === '') continue;
    const shown = field.type === 'checkbox' ? (value === 'true' ? 'yes' : 'no') : value;
    lines.push('', `${field.label}:`, shown);
  }
  lines.push('', `Language: ${inputs.language}`);
  return lines.join('\n');
}
