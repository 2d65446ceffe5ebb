import { EngineUnavailableError } from '../../../shared/errors.js';
import type { Provider } from '../../providers/provider.js';
import { createLlamaCppTextModels } from './llama-cpp-text-model.js';
import { llamaCppEnv } from './settings.js';

/** GGUF model files run in this process; /ready asks the loaded models themselves (LocalEngines.status). */
export const llamaCppProvider: Provider = {
  name: llamaCppEnv.name,
  text: {
    // Standard: ATELIER_LLM_MODEL_PATH; advanced: its own file or the same (then one model, one context).
    models: (config) => {
      const { modelPath, ...llm } = config.llm;
      if (!modelPath)
        throw new EngineUnavailableError('the llama-cpp text provider needs a model file (ATELIER_LLM_MODEL_PATH)');
      const local = createLlamaCppTextModels({ ...llm, modelPath });
      return { standard: local.standard, advanced: local.advanced, local };
    },
  },
};
