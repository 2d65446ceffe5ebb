import type { FastifyInstance } from 'fastify';
import type { ChatRequest } from '../../modules/chat/chat.schemas.js';
import type { ChatService } from '../../modules/chat/chat.service.js';
import type { AnyOperation } from '../../operations/operation.js';
import { UpstreamError, unwrap } from '../../shared/errors.js';
import { openAiError } from '../error-handler.js';
import { operationRoute } from '../operation-route.js';
import { clientGone, streamEvents } from '../sse.js';
import { chatValidationError } from './chat-validation.js';

/**
 * The chat completion's route: with "stream": true the answer is a stream of chunks (server-sent events), and a
 * validation failure names the field as the chat errors do; otherwise the operation answers as any other.
 */
export function chatCompletionRoute(app: FastifyInstance, operation: AnyOperation, chat: ChatService): void {
  operationRoute(app, operation, {
    attachValidation: true,
    handler: async (request, reply, context, input) => {
      if (request.validationError)
        throw chatValidationError(
          request.validationError.validation,
          request.validationError.validationContext,
          request.body,
        );
      const body = input as ChatRequest;
      if (!body.stream) return operation.run(input, context);
      const gone = clientGone(reply);
      const chunks = unwrap(await chat.stream(context.caller, body, gone));
      await streamEvents(
        reply,
        gone,
        async (send) => {
          for await (const chunk of chunks) await send(chunk);
        },
        (error) =>
          error instanceof UpstreamError
            ? openAiError(502, `The text provider failed: ${error.message}`)
            : openAiError(500, 'Internal server error'),
      );
      return reply;
    },
  });
}
