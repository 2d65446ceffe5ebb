import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { botMessageBody, botReply, botReplySchema } from '../../modules/bots/bot-chat.schemas.js';
import type { BotChatService } from '../../modules/bots/bot-chat.service.js';
import { UpstreamError, unwrap } from '../../shared/errors.js';
import { callerOf, errors, secured } from '../route-helpers.js';
import { clientGone, streamEvents } from '../sse.js';

const STREAM_FORMAT =
  'With stream: true the answer is text/event-stream: one `data: {"text": "...", "bot": {"text": "..."}}` event per piece of the reply, in order (the same piece under both names); then, with include_sources, one `data: {"sources": [...]}` event; ' +
  'then `data: [DONE]`. A failure after the stream began is sent as `data: {"error": "..."}` before it ends. Sources are numbered as the reply cites them ([1] is the first).';

const KEY_NOTE =
  "Any of the account's keys works, or a publishable key of this bot (atl_pub_..., made with POST /api/bots/{id}/keys): it opens this bot's chat only, " +
  'from its allowed origins (403 from another) and within its own rate limit.';

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
 * A bot's public interface: POST {bots_url}/bot/{public_url}/api, with the key of the bot's account. `hidden`
 * is the dashboard's same-site copy (session and CSRF token instead of a key): no CORS there.
 */
export function botChatRoutes(app: FastifyInstance, botChat: BotChatService, { hidden = false } = {}): void {
  if (hidden) {
    botChatRoute(app, botChat, hidden);
    return;
  }
  void app.register(async (scope) => {
    await scope.register(cors, { delegator: corsFor });
    botChatRoute(scope, botChat, hidden);
  });
}

function botChatRoute(app: FastifyInstance, botChat: BotChatService, hidden: boolean): void {
  // Some bot clients in the wild post to /bot/{public_url} without the /api: the same operation, undocumented.
  // The public copies also take the bot's publishable keys; the dashboard's copy (session only) does not.
  for (const path of hidden ? ['/bot/:publicUrl/api'] : ['/bot/:publicUrl/api', '/bot/:publicUrl'])
    botChatRouteAt(app, botChat, path, hidden || path !== '/bot/:publicUrl/api', !hidden);
}

function botChatRouteAt(
  app: FastifyInstance,
  botChat: BotChatService,
  path: string,
  hidden: boolean,
  botKeys: boolean,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    path,
    {
      config: { auth: 'required', botKeys },
      schema: {
        hide: hidden,
        tags: ['bots'],
        summary: 'Send a message to a bot; it answers from its knowledge base (streamed with stream: true)',
        description: `${STREAM_FORMAT} ${KEY_NOTE}`,
        security: secured,
        params: z.object({ publicUrl: z.string().min(1).max(200).describe("The bot's public_url") }),
        body: botMessageBody,
        response: { 200: botReplySchema, ...errors(400, 401, 402, 403, 404, 429, 502, 503) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { message, history: turns, stream, include_sources: includeSources } = request.body;
      if (!stream) {
        const answer = unwrap(await botChat.answer(caller, request.params.publicUrl, { message, history: turns }));
        return botReply({ message, history: turns }, answer, includeSources);
      }
      const gone = clientGone(reply);
      const answer = unwrap(await botChat.stream(caller, request.params.publicUrl, { message, history: turns }, gone));
      await streamEvents(
        reply,
        gone,
        async (send) => {
          for await (const text of answer.parts) await send({ text, bot: { text } });
          if (includeSources) await send({ sources: answer.sources });
        },
        (error) => ({
          error:
            error instanceof UpstreamError ? `The bot could not answer: ${error.message}` : 'Internal server error',
        }),
      );
      return reply;
    },
  );
}
