import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccountsService } from '../../modules/accounts/accounts.service.js';
import type { KeysService } from '../../modules/keys/keys.service.js';
import { unwrap } from '../../shared/errors.js';
import { callerOf, errors, keyRequired, secured } from '../route-helpers.js';

const keySchema = z.object({
  id: z.string(),
  prefix: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});

export function accountRoutes(app: FastifyInstance, accounts: AccountsService, keys: KeysService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/account',
    {
      ...keyRequired,
      schema: {
        tags: ['account'],
        summary: "The caller's plan, balances and the current period's usage",
        security: secured,
        response: {
          200: z.object({
            account: z.object({ id: z.string(), email: z.string(), created_at: z.string(), is_admin: z.boolean() }),
            plan: z.object({
              name: z.string(),
              monthly_credits: z.number(),
              monthly_tts_words: z.number(),
              advanced_model: z.boolean(),
              premium_presets: z.boolean(),
              video_generation: z.boolean(),
              rate_limit_per_minute: z.number(),
            }),
            credits: z.object({ balance: z.number() }),
            period: z.object({ start: z.string(), end: z.string() }),
            usage: z.object({
              credits_used: z.number(),
              credits_used_by_kind: z.record(z.string(), z.number()),
              tts_words_used: z.number(),
              tts_words_left: z.number(),
            }),
          }),
          ...errors(401, 429),
        },
      },
    },
    async (request) => accounts.overview(callerOf(request)),
  );

  api.get(
    '/api/keys',
    {
      ...keyRequired,
      schema: {
        tags: ['account'],
        summary: "The account's API keys (never the keys themselves)",
        security: secured,
        response: { 200: z.object({ keys: z.array(keySchema) }), ...errors(401, 429) },
      },
    },
    async (request) => ({ keys: await keys.list(callerOf(request).account.id) }),
  );

  api.post(
    '/api/keys',
    {
      ...keyRequired,
      schema: {
        tags: ['account'],
        summary: 'Create an API key; the key is shown in this response only',
        description: "The account's plan sets how many keys (not revoked) it may hold: one more is refused with 409.",
        security: secured,
        body: z.strictObject({ name: z.string().trim().min(1).max(100).default('api') }).default({ name: 'api' }),
        response: {
          201: z.object({ key_id: z.string(), api_key: z.string(), prefix: z.string(), name: z.string() }),
          ...errors(400, 401, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      return reply
        .code(201)
        .send(unwrap(await keys.createWithinPlan(caller.account.id, request.body.name, caller.plan)));
    },
  );

  api.delete(
    '/api/keys/:id',
    {
      ...keyRequired,
      schema: {
        tags: ['account'],
        summary: 'Revoke an API key',
        security: secured,
        params: z.object({ id: z.string().max(100) }),
        response: { 200: z.object({ id: z.string(), revoked: z.literal(true) }), ...errors(401, 404, 429) },
      },
    },
    async (request) => unwrap(await keys.revoke(callerOf(request).account.id, request.params.id)),
  );
}
