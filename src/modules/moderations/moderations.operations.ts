import { defineOperation } from '../../operations/operation.js';
import { unwrap } from '../../shared/errors.js';
import { type ModerationsService, moderationRequestSchema, moderationResponseSchema } from './moderations.service.js';

/** POST /v1/moderations (and /api/moderations), in OpenAI's format. */
export function moderationOperations(moderations: ModerationsService) {
  return {
    createModeration: defineOperation({
      name: 'create_moderation',
      summary: "OpenAI's moderations API, answered by the configured OpenAI-compatible moderation endpoint",
      description:
        'The input goes to ATELIER_MODERATIONS_BASE_URL/moderations and its classification comes back as it came (no classifier is made here). ' +
        'Free of credits, as OpenAI has it; without an endpoint configured, 503 saying so.',
      tags: ['moderations'],
      input: moderationRequestSchema,
      output: moderationResponseSchema,
      errors: [400, 401, 429, 502, 503],
      run: async (request, { requestId }) => unwrap(await moderations.moderate(request, requestId)),
      http: {
        method: 'POST',
        path: '/api/moderations',
        aliases: ['/v1/moderations'],
        operationId: 'createModeration',
        openaiErrors: true,
      },
    }),
  };
}
