import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BotChatService, BotMessage, BotSource } from '../../modules/bots/bot-chat.service.js';
import { flagField } from '../../shared/body-fields.js';
import { UpstreamError, unwrap } from '../../shared/errors.js';
import { callerOf, errors, secured } from '../route-helpers.js';
import { clientGone, streamEvents } from '../sse.js';

const MAX_MESSAGE = 4_000;
const MAX_HISTORY = 50;

const turnText = z.string().trim().min(1).max(MAX_MESSAGE);
const roles = { human: 'human', ai: 'ai', user: 'human', assistant: 'ai' } as const;

/**
 * One earlier turn: the reference's `{role: human|ai, text}`; bot clients in the wild also send `{type: human|ai, text}`,
 * both keys at once, or the OpenAI-style `{role: user|assistant, content}`.
 */
const turn = z
  .strictObject({
    role: z.enum(['human', 'ai', 'user', 'assistant']).optional(),
    type: z.enum(['human', 'ai']).optional(),
    text: turnText.optional(),
    content: turnText.optional(),
  })
  .superRefine((t, ctx) => {
    if (!t.role && !t.type) ctx.addIssue({ code: 'custom', message: 'role: required (human or ai; user or assistant)' });
    else if (t.role && t.type && roles[t.role] !== t.type) ctx.addIssue({ code: 'custom', message: 'role and type must say the same' });
    if (t.text === undefined && t.content === undefined) ctx.addIssue({ code: 'custom', message: 'text: required' });
  })
  .transform((t) => ({ role: roles[t.role ?? t.type ?? 'human'], text: t.text ?? t.content ?? '' }));

const history = z
  .array(turn)
  .max(MAX_HISTORY)
  .refine((turns) => turns.every((t, i) => i === 0 || t.role !== turns[i - 1]?.role), 'must alternate between human and ai (user and assistant)');

const sourceSchema = z.object({ index: z.number().int(), document_id: z.string(), title: z.string(), passage: z.string(), score: z.number() });

const historyEntry = z.object({ role: z.enum(['human', 'ai']), type: z.enum(['human', 'ai']), text: z.string() });

/**
 * The reference's `response`; the `bot: {text, sources}` that most bot clients in the wild read; and the
 * conversation so far with this exchange added (`history`, entries carrying both `role` and `type`), which
 * widgets that keep no state of their own read back.
 */
export const botReplySchema = z.object({
  response: z.string(),
  sources: z.array(sourceSchema).optional(),
  bot: z.object({ text: z.string(), sources: z.array(sourceSchema).optional() }),
  history: z.array(historyEntry),
});

export function botReply(input: BotMessage, answer: { response: string; sources: BotSource[] }, includeSources: boolean): z.infer<typeof botReplySchema> {
  const sources = includeSources ? { sources: answer.sources } : {};
  const turns = [...input.history, { role: 'human' as const, text: input.message }, { role: 'ai' as const, text: answer.response }];
  return { response: answer.response, ...sources, bot: { text: answer.response, ...sources }, history: turns.map((t) => ({ role: t.role, type: t.role, text: t.text })) };
}

const STREAM_FORMAT =
  'With stream: true the answer is text/event-stream: one `data: {"text": "...", "bot": {"text": "..."}}` event per piece of the reply, in order (the same piece under both names); then, with include_sources, one `data: {"sources": [...]}` event; ' +
  'then `data: [DONE]`. A failure after the stream began is sent as `data: {"error": "..."}` before it ends. Sources are numbered as the reply cites them ([1] is the first).';

/** The body of POST /bot/{public_url}/api; the MCP tool takes the same (plus the public_url). */
export const botMessageBody = z.strictObject({
  message: z.string().trim().min(1).max(MAX_MESSAGE),
  history: history.default([]).describe(`Earlier turns, oldest first, alternating; at most ${MAX_HISTORY}`),
  stream: flagField.default(false),
  include_sources: flagField.default(false),
});

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
function corsFor(request: FastifyRequest, done: (error: Error | null, options: { origin: string | false; methods: string[]; allowedHeaders: string[]; maxAge: number }) => void): void {
  done(null, { origin: BOT_PATH.test(request.url) ? '*' : false, methods: ['POST'], allowedHeaders: ['content-type', 'x-api-key', 'authorization'], maxAge: 600 });
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
  for (const path of hidden ? ['/bot/:publicUrl/api'] : ['/bot/:publicUrl/api', '/bot/:publicUrl']) botChatRouteAt(app, botChat, path, hidden || path !== '/bot/:publicUrl/api', !hidden);
}

function botChatRouteAt(app: FastifyInstance, botChat: BotChatService, path: string, hidden: boolean, botKeys: boolean): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    path,
    {
      config: { auth: 'required', botKeys },
      schema: {
        hide: hidden,
        tags: ['bots'],
        summary: "Send a message to a bot; it answers from its knowledge base (streamed with stream: true)",
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
        (error) => ({ error: error instanceof UpstreamError ? `The bot could not answer: ${error.message}` : 'Internal server error' }),
      );
      return reply;
    },
  );
}
