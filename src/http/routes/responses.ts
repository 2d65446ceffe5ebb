import type { FastifyInstance } from 'fastify';
import type { ResponseRequest } from '../../modules/responses/responses.schemas.js';
import type { ResponsesService } from '../../modules/responses/responses.service.js';
import { type AnyOperation, JsonText } from '../../operations/operation.js';
import { AppError, unwrap } from '../../shared/errors.js';
import { operationRoute } from '../operation-route.js';
import { clientGone, streamEvents } from '../sse.js';
import { chatValidationError } from './chat-validation.js';

/**
 * POST /responses: with "stream": true the answer is OpenAI's stream of semantic events (server-sent events,
 * each named by its type, no [DONE]); a validation failure names the field as the chat errors do; otherwise
 * the operation answers as any other.
 */
export function responsesRoute(app: FastifyInstance, operation: AnyOperation, responses: ResponsesService): void {
  operationRoute(app, operation, {
    attachValidation: true,
    handler: async (request, reply, context, input) => {
      if (request.validationError) {
        const { validation, validationContext } = request.validationError;
        throw validationError(chatValidationError(validation, validationContext, request.body));
      }
      const body = input as ResponseRequest;
      const engine = responses.providerOf(body.model);
      if (engine) reply.header('x-atelier-engine', engine);
      if (!body.stream) {
        const answer = await operation.run(input, context);
        return answer instanceof JsonText ? reply.type('application/json; charset=utf-8').send(answer.bytes) : answer;
      }
      const gone = clientGone(reply);
      const events = unwrap(await responses.stream(context.caller, body, gone));
      // The events end with response.failed when the engine fails; what else fails is logged, and the stream ends.
      await streamEvents(
        reply,
        gone.signal,
        async (send) => {
          for await (const event of events) await send(event, event.type);
        },
        () => undefined,
        { done: false },
      );
      return reply;
    },
  });
}

/** The chat's words are of content parts; a type refused elsewhere (text.format.type, say) is only not one of them. */
function validationError(error: AppError): AppError {
  if (/content\[\d+\]\.type$/.test(error.param ?? '')) return error;
  const message = error.message.replace(
    " parts are not supported here (a part's type is one of ",
    ' is not supported here (one of ',
  );
  return message === error.message ? error : new AppError(error.code, message, error.headers, error.param);
}
