import { defineOperation } from '../../operations/operation.js';
import { unwrap } from '../../shared/errors.js';
import { EMBEDDINGS_BODY_LIMIT, embeddingsRequestSchema, embeddingsResponseSchema } from './embeddings.schemas.js';
import type { EmbeddingsService } from './embeddings.service.js';

const DESCRIPTION =
  "OpenAI's embeddings API: one vector per input, in order, at unit length. The engine is a remote OpenAI-compatible server " +
  '(ATELIER_EMBEDDINGS_BASE_URL) or a GGUF embedding model run by llama.cpp here (pulled with `atelier models pull nomic-embed-text-v1.5`); ' +
  "`model` is its name or one of OpenAI's names it answers to (text-embedding-3-small...). Billed by tokens, on the credits chat uses: " +
  'the most the inputs can take is reserved first and settled on what the engine counted. Without an engine: 503 saying how to get one.';

/** POST /v1/embeddings (and /api/embeddings: either base URL works for an OpenAI client). */
export function embeddingOperations(embeddings: EmbeddingsService) {
  return {
    createEmbeddings: defineOperation({
      name: 'create_embeddings',
      summary:
        'Embeddings in the OpenAI format (the official openai client works with baseURL <base>/v1 or <base>/api)',
      description: DESCRIPTION,
      tags: ['embeddings'],
      input: embeddingsRequestSchema,
      output: embeddingsResponseSchema,
      errors: [400, 401, 402, 404, 413, 429, 502, 503],
      run: async (request, { caller }) => unwrap(await embeddings.embed(caller, request)),
      http: {
        method: 'POST',
        path: '/api/embeddings',
        aliases: ['/v1/embeddings'],
        operationId: 'createEmbeddings',
        openaiErrors: true,
        bodyLimit: EMBEDDINGS_BODY_LIMIT,
      },
      // No MCP tool: vectors are for programs that store and compare them, not for an agent to read.
    }),
  };
}
