import { COMMON_SETTINGS, type SettingSpec, type TtsModel, type VoiceSettings } from '../../engines/spec/tts-model.js';
import { type Outcome, fail, ok } from '../../shared/errors.js';
import type { Warning } from '../../engines/spec/warnings.js';

export interface CheckedSettings {
  /** For the provider: only the names it knows. */
  provider: VoiceSettings;
  /** Applied by the service itself. */
  volume: number;
  warnings: Warning[];
}

export function settingsOf(model: TtsModel): readonly SettingSpec[] {
  return [...model.settings, ...COMMON_SETTINGS];
}

/**
 * A setting the provider does not support becomes a warning in the record; a supported one with the wrong
 * type or out of its range is a 400 that names it.
 */
export function checkSettings(model: TtsModel, input: Record<string, unknown>): Outcome<CheckedSettings> {
  const specs = new Map(settingsOf(model).map((s) => [s.name, s]));
  const provider: VoiceSettings = {};
  const warnings: Warning[] = [];
  let volume = 1;
  for (const [name, value] of Object.entries(input)) {
    const spec = specs.get(name);
    if (!spec) {
      warnings.push({
        type: 'unsupported-setting',
        setting: `voiceSettings.${name}`,
        message: `voiceSettings.${name} is not supported by ${model.provider} and was ignored`,
      });
      continue;
    }
    if (spec.type === 'boolean') {
      if (typeof value !== 'boolean') return fail('invalid_input', `voiceSettings.${name} must be true or false`);
    } else if (typeof value !== 'number' || !Number.isFinite(value)) {
      return fail('invalid_input', `voiceSettings.${name} must be a number`);
    } else if ((spec.min !== undefined && value < spec.min) || (spec.max !== undefined && value > spec.max)) {
      return fail(
        'invalid_input',
        `voiceSettings.${name} must be between ${spec.min} and ${spec.max} for ${model.provider}`,
      );
    }
    if (name === 'volume') volume = value as number;
    else provider[name] = value as number | boolean;
  }
  return ok({ provider, volume, warnings });
}
