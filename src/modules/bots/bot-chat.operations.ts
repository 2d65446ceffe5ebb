import { z } from 'zod';
import { defineOperation } from '../../operations/operation.js';
import { unwrap } from '../../shared/errors.js';
import { botMessageBody, botReply, botReplySchema } from './bot-chat.schemas.js';
import type { BotChatService } from './bot-chat.service.js';

const STREAM_FORMAT =
  'With stream: true the answer is text/event-stream: one `data: {"text": "...", "bot": {"text": "..."}}` event per piece of the reply, in order (the same piece under both names); then, with include_sources, one `data: {"sources": [...]}` event; ' +
  'then `data: [DONE]`. A failure after the stream began is sent as `data: {"error": "..."}` before it ends. Sources are numbered as the reply cites them ([1] is the first).';

const KEY_NOTE =
  "Any of the account's keys works, or a publishable key of this bot (atl_pub_..., made with POST /api/bots/{id}/keys): it opens this bot's chat only, " +
  'from its allowed origins (403 from another) and within its own rate limit.';

/** A bot's public chat (POST {bots_url}/bot/{public_url}/api). */
export function botChatOperations(botChat: BotChatService) {
  return {
    chatWithBot: defineOperation({
      name: 'chat_with_bot',
      summary: 'Send a message to a bot; it answers from its knowledge base (streamed with stream: true)',
      description: `${STREAM_FORMAT} ${KEY_NOTE}`,
      tags: ['bots'],
      input: botMessageBody,
      params: z.object({ public_url: z.string().min(1).max(200).describe("The bot's public_url (from list_bots)") }),
      output: botReplySchema,
      errors: [400, 401, 402, 403, 404, 429, 502, 503],
      run: async ({ public_url: publicUrl, message, history, include_sources: includeSources }, { caller }) =>
        botReply(
          { message, history },
          unwrap(await botChat.answer(caller, publicUrl, { message, history })),
          includeSources,
        ),
      // Some bot clients in the wild post to /bot/{public_url} without the /api: the same operation, undocumented.
      http: { method: 'POST', path: '/bot/:public_url/api', aliases: ['/bot/:public_url'], ownRoute: true },
      tool: {
        description:
          'Ask one of your bots a question; it answers from its knowledge base. Set include_sources to get the passages it cites.',
        leaveOut: ['stream'],
      },
    }),
  };
}
