import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ChatService } from '../../modules/chat/chat.service.js';
import { chatCompletionSchema, chatRequestSchema, modelListSchema } from '../../modules/chat/chat.schemas.js';
import { AppError, UpstreamError, unwrap } from '../../shared/errors.js';
import { openAiError } from '../error-handler.js';
import { callerOf, openAiErrors, secured } from '../route-helpers.js';
import { clientGone, streamEvents } from '../sse.js';

const STREAM_FORMAT =
  'With "stream": true the answer is text/event-stream: one `data: <chat.completion.chunk JSON>` event per piece of text (the first carries the role, the last of each choice its finish_reason), ' +
  'then, with stream_options.include_usage, a chunk with empty choices and the usage, then `data: [DONE]`. A failure after the stream began is sent as `data: {"error": {...}}` before it ends. ' +
  'Billing is by tokens (prompt and completion, per choice): the most the request can cost is reserved first and settled on what was used, also when the client disconnects mid-stream.';

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
            error instanceof UpstreamError ? openAiError(502, `The text provider failed: ${error.message}`) : openAiError(500, 'Internal server error'),
        );
        return reply;
      },
    );

    api.get(
      `${prefix}/models`,
      { config, schema: { hide, tags, summary: 'The chat models offered here', security: secured, response: { 200: modelListSchema, ...openAiErrors(401, 429) } } },
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
        if (!found) throw new AppError('not_found', `The model '${request.params.model}' does not exist here`, {}, 'model');
        return found;
      },
    );
  }
}
