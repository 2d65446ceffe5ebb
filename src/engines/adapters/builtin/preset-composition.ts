import { buildView, renderTemplate } from '../../../shared/presets/preset-template.js';
import { type PresetDefinition, writtenWithoutCode } from '../../../shared/presets/preset-types.js';
import type { PresetInputs } from '../../../shared/presets/preset-template.js';
import type { PresetOutputTask } from '../../spec/text-task.js';
import { shiftTemplatePerson } from './person-shift.js';
import { applyStyle } from './style-application.js';
import { type StyleRules, hasRules, readStyleRules } from './style-rules.js';

/**
 * What the builtin engine writes for a preset's output number `output` (0-based): its compositions take turns.
 * With a brand voice, the parts of it the engine can measure are applied (style-rules.ts), and the first line says so.
 */
export function presetComposition({ preset, inputs, output, brandVoice }: PresetOutputTask): string {
  const rules = brandVoice === undefined ? undefined : readStyleRules(brandVoice);
  if (writtenWithoutCode(preset)) return userPresetComposition(preset, inputs, output, rules);
  const template = preset.builtin[output % preset.builtin.length] ?? '';
  if (!rules) return renderTemplate(template, buildView(inputs, output + 1));
  const person = rules.person && shiftTemplatePerson(template, rules.person);
  const rendered = renderTemplate(person?.text ?? template, buildView(inputs, output + 1));
  const styled = applyStyle(rendered, rules);
  const heading = `Composed offline by Atelier's builtin engine (no language model), ${voiceNote(rules, styled.notes, person?.changed)}`;
  return `${heading}\n\n${styled.text}`;
}

/**
 * A preset written without code (an account's or the operator's folder's) has no compositions of its own: the builtin engine (no language model) lays out the title and
 * every input under its field's label, and says that is what it did.
 */
function userPresetComposition(
  preset: PresetDefinition,
  inputs: PresetInputs,
  output: number,
  rules: StyleRules | undefined,
): string {
  const lines = [preset.title];
  for (const field of preset.fields) {
    const value = inputs[field.name];
    if (value === undefined || value === '') continue;
    const shown = field.type === 'checkbox' ? (value === 'true' ? 'yes' : 'no') : value;
    lines.push('', `${field.label}:`, shown);
  }
  lines.push('', `Language: ${inputs.language}`);
  const laidOut = `Draft ${output + 1} composed offline by Atelier's builtin engine (no language model): the inputs of "${preset.title}", laid out as given.`;
  if (!rules) return [laidOut, '', ...lines].join('\n');
  const styled = applyStyle(lines.join('\n'), rules);
  // A user preset's layout has no wording of the engine's own in which a person could change.
  return `${laidOut} ${capitalised(voiceNote(rules, styled.notes, rules.person && 0))}\n\n${styled.text}`;
}

/** What of the brand voice was applied, for the first line. */
function voiceNote(rules: StyleRules, notes: string[], personChanged: number | undefined): string {
  if (!hasRules(rules)) {
    return 'with the brand voice: it names nothing the engine can apply without a language model (a sentence length, a person, words to avoid), so it was not applied.';
  }
  const parts = [...notes];
  if (rules.person) {
    parts.push(
      personChanged
        ? `${rules.person} person (${personChanged} pronoun${personChanged === 1 ? '' : 's'} of its own wording changed)`
        : `${rules.person} person (none of its own wording to change)`,
    );
  }
  return `with the brand voice applied: ${parts.join('; ')}.`;
}

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
