import type { FastifyInstance } from 'fastify';
import type { Caller } from '../../modules/accounts/accounts.service.js';
import type { ChatRequest } from '../../modules/chat/chat.schemas.js';
import type { ChatService } from '../../modules/chat/chat.service.js';
import type { CompletionRequest } from '../../modules/chat/completions.schemas.js';
import { legacyStream } from '../../modules/chat/legacy-completions.js';
import type { AnyOperation } from '../../operations/operation.js';
import { type Outcome, UpstreamError, unwrap } from '../../shared/errors.js';
import { openAiError } from '../error-handler.js';
import { operationRoute } from '../operation-route.js';
import { clientGone, streamEvents } from '../sse.js';
import { chatValidationError } from './chat-validation.js';

interface StreamedBody {
  model?: string | undefined;
  stream?: boolean | null | undefined;
}

/**
 * A route of OpenAI's text API: with "stream": true the answer is a stream of chunks (server-sent events), and a
 * validation failure names the field as the chat errors do; otherwise the operation answers as any other. The
 * `x-atelier-engine` header names the engine that answers: the offline builtin engine's answers and tool calls
 * are composed, not a model's.
 */
function openAiTextRoute<B extends StreamedBody>(
  app: FastifyInstance,
  operation: AnyOperation,
  chat: ChatService,
  stream: (caller: Caller, body: B, cancel: AbortController) => Promise<Outcome<AsyncGenerator<unknown>>>,
): void {
  operationRoute(app, operation, {
    attachValidation: true,
    handler: async (request, reply, context, input) => {
      if (request.validationError)
        throw chatValidationError(
          request.validationError.validation,
          request.validationError.validationContext,
          request.body,
        );
      const body = input as B;
      const engine = chat.providerOf(body.model);
      if (engine) reply.header('x-atelier-engine', engine);
      if (!body.stream) return operation.run(input, context);
      const gone = clientGone(reply);
      const chunks = unwrap(await stream(context.caller, body, gone));
      await streamEvents(
        reply,
        gone.signal,
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

export function chatCompletionRoute(app: FastifyInstance, operation: AnyOperation, chat: ChatService): void {
  openAiTextRoute<ChatRequest>(app, operation, chat, (caller, body, cancel) => chat.stream(caller, body, cancel));
}

export function legacyCompletionRoute(app: FastifyInstance, operation: AnyOperation, chat: ChatService): void {
  openAiTextRoute<CompletionRequest>(app, operation, chat, (caller, body, cancel) =>
    legacyStream(chat, caller, body, cancel),
  );
}
