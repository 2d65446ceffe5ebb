import type { CatalogueImageModel } from '../../engines/providers/registry.js';
import type { ModelCatalogue } from '../../engines/media/model-catalogue.js';
import { type Outcome, fail, ok } from '../../shared/errors.js';
import type { SpeechService } from '../speech/speech.service.js';
import type { UserPresetDefinition } from './user-preset.schemas.js';

/** What saving a preset asks of the services its output will use: the names only they know (a model, a voice). */
export interface PresetOutputCheck {
  check(accountId: string, definition: UserPresetDefinition): Promise<Outcome<UserPresetDefinition>>;
}

/** An image preset's model must be in the image catalogue; a speech preset's voice one the account can speak with. */
export function presetOutputCheck(deps: {
  imageModels: ModelCatalogue<CatalogueImageModel>;
  speech: Pick<SpeechService, 'hasVoice'>;
}): PresetOutputCheck {
  return {
    async check(accountId, definition) {
      const model = definition.image_settings?.model;
      if (model !== undefined && !deps.imageModels.find(model)) {
        return fail(
          'invalid_input',
          `image_settings.model: unknown model "${model}"; see GET /api/image-models (available: ${deps.imageModels.names().join(', ')})`,
        );
      }
      const voice = definition.voice;
      if (voice !== undefined && !(await deps.speech.hasVoice(accountId, voice))) {
        return fail('invalid_input', `voice: unknown voice "${voice}"; see GET /api/get-text-to-speech-voices`);
      }
      return ok(definition);
    },
  };
}
