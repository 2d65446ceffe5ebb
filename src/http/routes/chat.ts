import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ChatService } from '../../modules/chat/chat.service.js';
import { chatCompletionSchema, chatRequestSchema, modelListSchema } from '../../modules/chat/chat.schemas.js';
import { AppError, UpstreamError, unwrap } from '../../shared/errors.js';
import { openAiError } from '../error-handler.js';
import { callerOf, openAiErrors, secured } from '../route-helpers.js';
import { clientGone, streamEvents } from '../sse.js';
import { chatValidationError } from './chat-validation.js';

/**
 * A chat request's body can be this big: pictures and audio inline (at most MAX_MEDIA_BASE64, 20 MiB of
 * base64, checked by the schema) and the text around them, whatever ATELIER_BODY_LIMIT_BYTES says.
 */
const CHAT_BODY_LIMIT = 24 * 1024 * 1024;

const STREAM_FORMAT =
  'With "stream": true the answer is text/event-stream: one `data: <chat.completion.chunk JSON>` event per piece of text (the first carries the role, the last of each choice its finish_reason), ' +
  'then, with stream_options.include_usage, a chunk with empty choices and the usage, then `data: [DONE]`. A failure after the stream began is sent as `data: {"error": {...}}` before it ends. ' +
  'Billing is by tokens (prompt and completion, per choice): the most the request can cost is reserved first and settled on what was used, also when the client disconnects mid-stream. ' +
  '`model` may be omitted (the default model answers); the hosted names (gemini-3-flash, gpt-5, claude-sonnet-4-6...) are aliases of the models here, listed by GET /models with alias_of. ' +
  'Content is a string or parts: text, image_url (an http(s) URL, downloaded by the service, or a data:image/png|jpeg|webp|gif;base64 URI; at most 20 per request) and input_audio (base64; mp3, wav, webm or mp4), ' +
  'with at most 20 MiB of base64 per request; a model that cannot take a part refuses the request with 400, before anything is charged.';

/** OpenAI-compatible chat completions and model list, under /api (as documented) and /v1 (where OpenAI clients look). */
export function chatRoutes(app: FastifyInstance, chat: ChatService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'required' as const, openaiErrors: true };
  const tags = ['chat'];

  for (const prefix of ['/api', '/v1']) {
    const hide = prefix === '/v1';
    api.post(
      `${prefix}/chat/completions`,
      {
        config,
        bodyLimit: CHAT_BODY_LIMIT,
        // Validation failures are answered by the handler, naming the field as the chat errors do.
        attachValidation: true,
        schema: {
          hide,
          tags,
          summary: 'Chat completions in the OpenAI format (the official openai client works with baseURL <base>/api)',
          description: STREAM_FORMAT,
          security: secured,
          body: chatRequestSchema,
          response: { 200: chatCompletionSchema, ...openAiErrors(400, 401, 402, 403, 413, 429, 502, 503) },
        },
      },
      async (request, reply) => {
        if (request.validationError)
          throw chatValidationError(
            request.validationError.validation,
            request.validationError.validationContext,
            request.body,
          );
        const caller = callerOf(request);
        if (!request.body.stream) return unwrap(await chat.complete(caller, request.body));
        const gone = clientGone(reply);
        const chunks = unwrap(await chat.stream(caller, request.body, gone));
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
    );

    api.get(
      `${prefix}/models`,
      {
        config,
        schema: {
          hide,
          tags,
          summary: "The chat models offered here, then the aliases (the hosted service's names), each with alias_of",
          security: secured,
          response: { 200: modelListSchema, ...openAiErrors(401, 429) },
        },
      },
      async () => chat.list(),
    );

    api.get(
      `${prefix}/models/:model`,
      {
        config,
        schema: {
          hide,
          tags,
          summary: 'One chat model',
          security: secured,
          params: z.object({ model: z.string().min(1).max(200) }),
          response: { 200: modelListSchema.shape.data.element, ...openAiErrors(401, 404, 429) },
        },
      },
      async (request) => {
        const found = chat.list().data.find((m) => m.id === request.params.model);
        if (!found)
          throw new AppError('not_found', `The model '${request.params.model}' does not exist here`, {}, 'model');
        return found;
      },
    );
  }
}
