import { resolve } from 'node:path';
import { z } from 'zod';
import { int } from '../../../config-fields.js';
import { findPulledModels } from '../../../models/pulled-models.js';
import type { ProviderEnv, SettingsContext } from '../../provider-env.js';

const env = z.object({
  ATELIER_LLM_MODEL_PATH: z.string().min(1).optional(),
  ATELIER_LLM_ADVANCED_MODEL_PATH: z.string().min(1).optional(),
  ATELIER_LLM_CONTEXT_SIZE: int(512, 131_072).default(4_096),
  ATELIER_LLM_SEQUENCES: int(1, 64).default(2),
  ATELIER_LLM_GPU: z.enum(['false', 'auto', 'cuda', 'vulkan']).default('false'),
  ATELIER_LLM_THREADS: int(1, 256).optional(),
});

function settings(e: z.output<typeof env>, { modelsDir }: SettingsContext) {
  // An explicit path wins; otherwise the preferred model `atelier models pull` put in the models folder.
  // With two pulled language models the smaller serves the standard name and the larger the advanced one
  // (the plans that have it); with one, it serves both.
  const pulled = e.ATELIER_LLM_MODEL_PATH ? [] : findPulledModels(modelsDir, 'llm');
  return {
    /** The local llama.cpp engine (the text provider `llama-cpp`). */
    llm: {
      /** The GGUF file serving the standard model (and the advanced one unless it has its own). */
      modelPath: e.ATELIER_LLM_MODEL_PATH ? resolve(e.ATELIER_LLM_MODEL_PATH) : pulled.at(-1),
      advancedModelPath: e.ATELIER_LLM_ADVANCED_MODEL_PATH
        ? resolve(e.ATELIER_LLM_ADVANCED_MODEL_PATH)
        : pulled.length > 1
          ? pulled[0]
          : undefined,
      /** Tokens of context per sequence. */
      contextSize: e.ATELIER_LLM_CONTEXT_SIZE,
      /** Generations that run at once, each on its own context sequence. */
      sequences: e.ATELIER_LLM_SEQUENCES,
      gpu: e.ATELIER_LLM_GPU === 'false' ? (false as const) : e.ATELIER_LLM_GPU,
      threads: e.ATELIER_LLM_THREADS,
    },
  };
}

export const llamaCppEnv = {
  name: 'llama-cpp' as const,
  env,
  settings,
  textProblem: (s: ReturnType<typeof settings>) =>
    s.llm.modelPath
      ? undefined
      : 'ATELIER_LLM_MODEL_PATH: required when ATELIER_TEXT_PROVIDER is llama-cpp (or pull a model: atelier models pull <name>)',
} satisfies ProviderEnv<typeof env.shape, ReturnType<typeof settings>>;
