import { access, constants } from 'node:fs/promises';
import { basename } from 'node:path';
import { EngineUnavailableError } from '../../../shared/errors.js';
import type { Provider, ReadinessPart } from '../../providers/provider.js';
import { LlamaCppEmbeddingModel } from './llama-cpp-embedding-model.js';
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
  // A GGUF embedding model, named (ATELIER_EMBEDDINGS_MODEL_PATH) or pulled; config.ts refuses it beside a remote one.
  embedding: {
    model: (config) => {
      const { modelPath, ...settings } = config.localEmbeddings;
      return modelPath ? new LlamaCppEmbeddingModel({ ...settings, modelPath }) : undefined;
    },
    readiness: (config) => {
      const path = config.localEmbeddings.modelPath;
      return path ? [modelFileReadable(path)] : [];
    },
  },
};

/** A model file loads on first use: /ready says whether it is there to load. */
async function modelFileReadable(path: string): Promise<ReadinessPart> {
  const name = `llama-cpp ${basename(path)}`;
  try {
    await access(path, constants.R_OK);
    return { ok: true, text: `${name} (loads on first use)` };
  } catch {
    return { ok: false, text: `${name}: the file cannot be read` };
  }
}
