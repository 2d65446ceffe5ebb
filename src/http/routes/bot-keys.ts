import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BOT_KEY_LIMITS, type BotKeysService } from '../../modules/keys/bot-keys.service.js';
import { unwrap } from '../../shared/errors.js';
import { UUID_PATTERN } from '../../shared/ids.js';
import { callerOf, errors, keyRequired, secured } from '../route-helpers.js';

const botParams = z.object({ id: z.string().regex(UUID_PATTERN, 'must be a bot id (a UUID)') });
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

/** A bot's publishable keys: made, listed and revoked by the bot's owner only (another account's bot is a 404). */
export function botKeyRoutes(app: FastifyInstance, botKeys: BotKeysService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['bots'];

  api.post(
    '/api/bots/:id/keys',
    {
      ...keyRequired,
      schema: {
        tags,
        summary: "Create a publishable key for a bot's chat widget",
        description: ABOUT,
        security: secured,
        params: botParams,
        body: z
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
        response: { 201: botKeySchema, ...errors(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(unwrap(await botKeys.create(callerOf(request).account.id, request.params.id, request.body ?? {}))),
  );

  api.get(
    '/api/bots/:id/keys',
    {
      ...keyRequired,
      schema: {
        tags,
        summary: "A bot's publishable keys, revoked ones too, oldest first",
        security: secured,
        params: botParams,
        response: { 200: z.object({ keys: z.array(botKeySchema) }), ...errors(400, 401, 404, 429) },
      },
    },
    async (request) => ({ keys: unwrap(await botKeys.list(callerOf(request).account.id, request.params.id)) }),
  );

  api.delete(
    '/api/bots/:id/keys/:keyId',
    {
      ...keyRequired,
      schema: {
        tags,
        summary: 'Revoke a publishable key: pages that carry it stop working at once',
        security: secured,
        params: keyParams,
        response: { 200: z.object({ id: z.string(), revoked: z.literal(true) }), ...errors(400, 401, 404, 429) },
      },
    },
    async (request) =>
      unwrap(await botKeys.revoke(callerOf(request).account.id, request.params.id, request.params.keyId)),
  );
}
