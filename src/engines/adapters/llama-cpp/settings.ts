import { resolve } from 'node:path';
import { z } from 'zod';
import { int } from '../../../config-fields.js';
import type { ProviderEnv } from '../../providers/provider-env.js';

const env = z.object({
  ATELIER_LLM_MODEL_PATH: z.string().min(1).optional(),
  ATELIER_LLM_ADVANCED_MODEL_PATH: z.string().min(1).optional(),
  ATELIER_LLM_CONTEXT_SIZE: int(512, 131_072).default(4_096),
  ATELIER_LLM_SEQUENCES: int(1, 64).default(2),
  ATELIER_LLM_GPU: z.enum(['false', 'auto', 'cuda', 'vulkan']).default('false'),
  ATELIER_LLM_THREADS: int(1, 256).optional(),
  /** A GGUF embedding model (bge-small, nomic-embed...) for /v1/embeddings and the bots' search by meaning. */
  ATELIER_EMBEDDINGS_MODEL_PATH: z.string().min(1).optional(),
  ATELIER_EMBEDDINGS_CONTEXT_SIZE: int(32, 32_768).default(2_048),
  ATELIER_EMBEDDINGS_THREADS: int(1, 256).optional(),
});

function settings(e: z.output<typeof env>) {
  return {
    /** The local llama.cpp engine (the text provider `llama-cpp`). */
    llm: {
      /**
       * The GGUF file serving the standard model (and the advanced one unless it has its own). Unnamed, the
       * service takes those `atelier models pull` put in the models folder when it starts (models/start-config.ts).
       */
      modelPath: e.ATELIER_LLM_MODEL_PATH ? resolve(e.ATELIER_LLM_MODEL_PATH) : undefined,
      advancedModelPath: e.ATELIER_LLM_ADVANCED_MODEL_PATH ? resolve(e.ATELIER_LLM_ADVANCED_MODEL_PATH) : undefined,
      /** Tokens of context per sequence. */
      contextSize: e.ATELIER_LLM_CONTEXT_SIZE,
      /** Generations that run at once, each on its own context sequence. */
      sequences: e.ATELIER_LLM_SEQUENCES,
      gpu: e.ATELIER_LLM_GPU === 'false' ? (false as const) : e.ATELIER_LLM_GPU,
      threads: e.ATELIER_LLM_THREADS,
    },
    /** The local embedding engine: llama.cpp running a GGUF embedding model. */
    localEmbeddings: {
      /** Unnamed, the service takes the one `atelier models pull` put in the models folder (models/start-config.ts). */
      modelPath: e.ATELIER_EMBEDDINGS_MODEL_PATH ? resolve(e.ATELIER_EMBEDDINGS_MODEL_PATH) : undefined,
      /** Tokens of the longest input; the model's own training length when that is shorter. */
      contextSize: e.ATELIER_EMBEDDINGS_CONTEXT_SIZE,
      threads: e.ATELIER_EMBEDDINGS_THREADS,
      gpu: e.ATELIER_LLM_GPU === 'false' ? (false as const) : e.ATELIER_LLM_GPU,
      /** Whether the model is Matryoshka-trained (shorter vectors on request): known for the catalogue's models. */
      shortens: false,
    },
  };
}

/** Judged once the pulled models are known (models/start-config.ts): a pulled model serves too. */
export const noLlamaModel =
  'ATELIER_LLM_MODEL_PATH: required when ATELIER_TEXT_PROVIDER is llama-cpp (or pull a model: atelier models pull <name>)';

export const llamaCppEnv = {
  name: 'llama-cpp' as const,
  env,
  settings,
} satisfies ProviderEnv<typeof env.shape, ReturnType<typeof settings>>;
