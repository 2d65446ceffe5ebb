import { buildView, renderTemplate } from '../../../shared/presets/preset-template.js';
import type { PresetOutputTask } from '../../spec/text-task.js';

/** What the builtin engine writes for a preset's output number `output` (0-based): its compositions take turns. */
export function presetComposition({ preset, inputs, output }: PresetOutputTask): string {
  const template = preset.builtin[output % preset.builtin.length] ?? '';
  return renderTemplate(template, buildView(inputs, output + 1));
}
