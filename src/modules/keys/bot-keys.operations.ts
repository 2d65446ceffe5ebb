import { z } from 'zod';
import { defineOperation } from '../../operations/operation.js';
import { unwrap } from '../../shared/errors.js';
import { UUID_PATTERN } from '../../shared/ids.js';
import { botParams } from '../bots/bots.operations.js';
import { BOT_KEY_LIMITS, type BotKeysService } from './bot-keys.service.js';

const keyParams = botParams.extend({ keyId: z.string().regex(UUID_PATTERN, 'must be a key id (a UUID)') });

const botKeySchema = z.object({
  id: z.string(),
  bot_id: z.string(),
  api_key: z.string().describe('The publishable key (atl_pub_...): public by design, so it is shown every time'),
  name: z.string(),
  allowed_origins: z.array(z.string()).describe('The origins whose pages may use it; empty: any'),
  rate_limit_per_minute: z
    .number()
    .int()
    .describe("Chat requests a minute with this key, counted apart from the account's own limit"),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});

const ABOUT =
  "A publishable key opens this bot's public chat (POST /bot/{public_url}/api) and nothing else, so a web page (the chat widget) can carry it: " +
  "anywhere else it is an invalid key, on another bot's chat the bot is not found. Answers are charged to the bot's owner as usual. " +
  'With allowed_origins, a browser request from any other origin is refused (403); requests without an Origin header (servers) are not limited by it. ' +
  `It has its own rate limit a minute, apart from the account's. At most ${BOT_KEY_LIMITS.keysPerBot} active keys per bot; they do not count as API keys of the account. ` +
  'Deleting the bot deletes its keys.';

const tags = ['bots'];

/** A bot's publishable keys: made, listed and revoked by the bot's owner only (another account's bot is a 404). */
export function botKeyOperations(botKeys: BotKeysService) {
  return {
    createBotKey: defineOperation({
      name: 'create_bot_key',
      summary: "Create a publishable key for a bot's chat widget",
      description: ABOUT,
      tags,
      input: z
        .strictObject({
          name: z
            .string()
            .trim()
            .max(BOT_KEY_LIMITS.name)
            .optional()
            .describe('For you to tell keys apart; "Chat widget" when absent'),
          allowed_origins: z
            .array(z.string().max(BOT_KEY_LIMITS.originLength))
            .max(BOT_KEY_LIMITS.origins)
            .optional()
            .describe(
              'Exact origins such as https://example.com (scheme, host and port; no path); empty or absent: any',
            ),
          rate_limit_per_minute: z
            .number()
            .int()
            .min(BOT_KEY_LIMITS.minPerMinute)
            .max(BOT_KEY_LIMITS.maxPerMinute)
            .optional()
            .describe(`Chat requests a minute with this key; default ${BOT_KEY_LIMITS.defaultPerMinute}`),
        })
        .nullish()
        .describe('May be left out: a key for any origin with the default limit'),
      params: botParams,
      output: botKeySchema,
      errors: [400, 401, 404, 409, 429],
      run: async ({ id, ...settings }, { caller }) => unwrap(await botKeys.create(caller.account.id, id, settings)),
      http: { method: 'POST', path: '/api/bots/:id/keys', status: 201 },
    }),
    listBotKeys: defineOperation({
      name: 'list_bot_keys',
      summary: "A bot's publishable keys, revoked ones too, oldest first",
      tags,
      input: z.object({}),
      params: botParams,
      output: z.object({ keys: z.array(botKeySchema) }),
      errors: [400, 401, 404, 429],
      run: async ({ id }, { caller }) => ({ keys: unwrap(await botKeys.list(caller.account.id, id)) }),
      http: { method: 'GET', path: '/api/bots/:id/keys' },
    }),
    revokeBotKey: defineOperation({
      name: 'revoke_bot_key',
      summary: 'Revoke a publishable key: pages that carry it stop working at once',
      tags,
      input: z.object({}),
      params: keyParams,
      output: z.object({ id: z.string(), revoked: z.literal(true) }),
      errors: [400, 401, 404, 429],
      run: async ({ id, keyId }, { caller }) => unwrap(await botKeys.revoke(caller.account.id, id, keyId)),
      http: { method: 'DELETE', path: '/api/bots/:id/keys/:keyId' },
    }),
  };
}
