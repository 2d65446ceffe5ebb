import { z } from 'zod';
import { defineOperation } from '../../operations/operation.js';
import { unwrap } from '../../shared/errors.js';
import type { KeysService } from '../keys/keys.service.js';
import type { WebhooksService } from '../webhooks/webhooks.service.js';
import type { AccountsService } from './accounts.service.js';

const tags = ['account'];

const keySchema = z.object({
  id: z.string(),
  prefix: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});

const overviewSchema = z.object({
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
});

const secretSchema = z.object({ secret: z.string(), header: z.string(), scheme: z.string() });
const SIGNATURE_SCHEME =
  'HMAC-SHA256 over "<t>.<body>" with this secret; header value "t=<unix seconds>,v1=<hex digest>"';

/** The account, its keys and its webhook signing secret. */
export function accountOperations(accounts: AccountsService, keys: KeysService, webhooks: WebhooksService) {
  const secret = async (accountId: string, rotate: boolean) => ({
    secret: await webhooks.secret(accountId, rotate),
    header: 'x-atelier-signature',
    scheme: SIGNATURE_SCHEME,
  });
  return {
    checkConnection: defineOperation({
      name: 'check_connection',
      summary: "The caller's plan, balances and the current period's usage",
      tags,
      input: z.object({}),
      output: overviewSchema,
      errors: [401, 429],
      run: (_input, { caller }) => accounts.overview(caller),
      http: { method: 'GET', path: '/api/account', operationId: 'getAccount' },
      tool: [
        {
          name: 'get_account',
          description:
            'Checks that the connection works (when the user asks to verify it): answers {"connected": true} and nothing about the account.',
          result: () => ({ connected: true }),
        },
        {
          description:
            "The account behind this key: its plan, credit balance, words left and this period's usage (what get_account does not tell).",
        },
      ],
    }),
    listKeys: defineOperation({
      name: 'list_keys',
      summary: "The account's API keys (never the keys themselves)",
      tags,
      input: z.object({}),
      output: z.object({ keys: z.array(keySchema) }),
      errors: [401, 429],
      run: async (_input, { caller }) => ({ keys: await keys.list(caller.account.id) }),
      http: { method: 'GET', path: '/api/keys' },
    }),
    createKey: defineOperation({
      name: 'create_key',
      summary: 'Create an API key; the key is shown in this response only',
      description: "The account's plan sets how many keys (not revoked) it may hold: one more is refused with 409.",
      tags,
      input: z.strictObject({ name: z.string().trim().min(1).max(100).default('api') }).default({ name: 'api' }),
      output: z.object({ key_id: z.string(), api_key: z.string(), prefix: z.string(), name: z.string() }),
      errors: [400, 401, 409, 429],
      run: async ({ name }, { caller }) => unwrap(await keys.createWithinPlan(caller.account.id, name, caller.plan)),
      http: { method: 'POST', path: '/api/keys', status: 201 },
    }),
    revokeKey: defineOperation({
      name: 'revoke_key',
      summary: 'Revoke an API key',
      tags,
      input: z.object({}),
      params: z.object({ id: z.string().max(100) }),
      output: z.object({ id: z.string(), revoked: z.literal(true) }),
      errors: [401, 404, 429],
      run: async ({ id }, { caller }) => unwrap(await keys.revoke(caller.account.id, id)),
      http: { method: 'DELETE', path: '/api/keys/:id' },
    }),
    getWebhookSecret: defineOperation({
      name: 'get_webhook_secret',
      summary: 'The secret that signs your webhooks',
      tags,
      input: z.object({}),
      output: secretSchema,
      errors: [401, 429],
      run: (_input, { caller }) => secret(caller.account.id, false),
      http: { method: 'GET', path: '/api/webhook-secret' },
    }),
    rotateWebhookSecret: defineOperation({
      name: 'rotate_webhook_secret',
      summary: 'Replace the webhook signing secret',
      tags,
      input: z.object({}),
      output: secretSchema,
      errors: [401, 429],
      run: (_input, { caller }) => secret(caller.account.id, true),
      http: { method: 'POST', path: '/api/webhook-secret/rotate' },
    }),
  };
}
