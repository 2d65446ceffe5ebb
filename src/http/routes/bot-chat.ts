import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { botMessageBody } from '../../modules/bots/bot-chat.schemas.js';
import type { BotChatService } from '../../modules/bots/bot-chat.service.js';
import type { AnyOperation } from '../../operations/operation.js';
import { UpstreamError, unwrap } from '../../shared/errors.js';
import { type RouteOverride, operationRoute } from '../operation-route.js';
import { clientGone, streamEvents } from '../sse.js';

const BOT_PATH = /^\/bot\/[^/?#]+(?:\/api)?(?:[?#]|$)/;

/**
 * Any site may embed a bot (the chat widget calls it from the visitor's browser with a publishable key of the
 * bot), so its address answers CORS for every origin: a preflight carries no key, so a key's allowed origins are
 * checked on the request itself (403). Cookies are never allowed across sites; the preflight route
 * @fastify/cors adds matches every path, so it is limited to the bot's own address.
 */
function corsFor(
  request: FastifyRequest,
  done: (
    error: Error | null,
    options: { origin: string | false; methods: string[]; allowedHeaders: string[]; maxAge: number },
  ) => void,
): void {
  done(null, {
    origin: BOT_PATH.test(request.url) ? '*' : false,
    methods: ['POST'],
    allowedHeaders: ['content-type', 'x-api-key', 'authorization'],
    maxAge: 600,
  });
}

/**
 * A bot's public interface: POST {bots_url}/bot/{public_url}/api, with a key of the bot's account or a publishable
 * key of the bot, answering CORS. `hidden` is the dashboard's same-site copy (session and CSRF token instead of a
 * key): no CORS and no publishable keys there.
 */
export function botChatRoutes(
  app: FastifyInstance,
  operation: AnyOperation,
  botChat: BotChatService,
  { hidden = false } = {},
): void {
  const streaming = streamingHandler(operation, botChat);
  if (hidden) {
    operationRoute(app, operation, { handler: streaming, paths: [operation.http?.path ?? ''], hidden });
    return;
  }
  void app.register(async (scope) => {
    await scope.register(cors, { delegator: corsFor });
    operationRoute(scope, operation, { handler: streaming, config: { botKeys: true } });
  });
}

/** With stream: true, the reply piece by piece (server-sent events); otherwise the operation's answer. */
function streamingHandler(operation: AnyOperation, botChat: BotChatService): NonNullable<RouteOverride['handler']> {
  return async (_request, reply, context, input) => {
    const {
      public_url: publicUrl,
      message,
      history,
      stream,
      include_sources: includeSources,
    } = input as z.output<typeof botMessageBody> & { public_url: string };
    if (!stream) return operation.run(input, context);
    const gone = clientGone(reply);
    const answer = unwrap(await botChat.stream(context.caller, publicUrl, { message, history }, gone));
    await streamEvents(
      reply,
      gone.signal,
      async (send) => {
        for await (const text of answer.parts) await send({ text, bot: { text } });
        if (includeSources) await send({ sources: answer.sources });
      },
      (error) => ({
        error: error instanceof UpstreamError ? `The bot could not answer: ${error.message}` : 'Internal server error',
      }),
    );
    return reply;
  };
}
