import { defineOperation } from '../../operations/operation.js';
import { unwrap } from '../../shared/errors.js';
import type { ChatService } from './chat.service.js';
import { completionRequestSchema, completionSchema } from './completions.schemas.js';
import { legacyComplete } from './legacy-completions.js';

const DESCRIPTION =
  "OpenAI's legacy text completions over the same engines, billing and limits as chat completions: each prompt is answered as a user message (`n` choices each; `echo` puts the prompt before the text; `max_tokens` defaults to 16 as OpenAI's does). " +
  'With "stream": true (one prompt) the answer is text/event-stream of `text_completion` chunks, then `data: [DONE]`. `suffix` is refused: no engine here fills in before a suffix.';

/** POST /v1/completions (and /api/completions), for clients and tools that still speak the legacy API. */
export function completionOperations(chat: ChatService) {
  return {
    legacyCompletion: defineOperation({
      name: 'legacy_completion',
      summary: "Text completions in OpenAI's legacy format",
      description: DESCRIPTION,
      tags: ['chat'],
      input: completionRequestSchema,
      output: completionSchema,
      errors: [400, 401, 402, 403, 404, 429, 502, 503],
      run: async (request, { caller }) => unwrap(await legacyComplete(chat, caller, { ...request, stream: false })),
      http: {
        method: 'POST',
        path: '/api/completions',
        aliases: ['/v1/completions'],
        operationId: 'completions',
        openaiErrors: true,
        ownRoute: true,
      },
    }),
  };
}
