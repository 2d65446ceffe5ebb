import { z } from 'zod';
import { defineOperation } from '../../operations/operation.js';
import { unwrap } from '../../shared/errors.js';
import { PASSWORD_MAX } from '../accounts/passwords.js';
import type { AdminAccountsService } from './admin-accounts.service.js';
import { ADMIN_TAGS } from './audit.operations.js';

const MAX_PAGE = 200;

const accountSchema = z.object({
  id: z.string(),
  email: z.string(),
  plan: z.string(),
  credits: z.number().int(),
  blocked: z.boolean(),
  blocked_reason: z.string().nullable(),
  is_admin: z.boolean(),
  created_at: z.string(),
  last_used_at: z.string().nullable().describe("The account's newest API key use or dashboard log-in"),
});

const detailSchema = z.object({
  account: accountSchema.extend({
    has_password: z.boolean().describe('Whether it can log in to the dashboard'),
    sessions: z.number().int().describe('Dashboard sessions open'),
  }),
  plan: z.object({
    name: z.string(),
    monthly_credits: z.number(),
    monthly_tts_words: z.number(),
    advanced_model: z.boolean(),
    premium_presets: z.boolean(),
    video_generation: z.boolean(),
    rate_limit_per_minute: z.number(),
  }),
  period: z.object({ start: z.string(), end: z.string() }),
  usage: z.object({
    credits_used: z.number(),
    credits_used_by_kind: z.record(z.string(), z.number()).describe('Credits spent this period, by capability'),
    tts_words_used: z.number(),
    tts_words_left: z.number(),
  }),
  ledger: z.object({
    entries: z.array(
      z.object({
        id: z.number().int(),
        delta: z.number().int(),
        balance_after: z.number().int(),
        reason: z.string(),
        reference: z.string().nullable(),
        created_at: z.string(),
      }),
    ),
    next_before: z.number().int().nullable(),
  }),
  keys: z.array(
    z.object({
      id: z.string(),
      prefix: z.string(),
      name: z.string(),
      created_at: z.string(),
      last_used_at: z.string().nullable(),
      revoked_at: z.string().nullable(),
    }),
  ),
});

const params = z.object({ id: z.string().max(100) });
const planName = z.string().trim().min(1).max(100);

/** Accounts as an operator sees them: find, inspect, create, block, change plans, credits and passwords. */
export function adminAccountOperations(service: AdminAccountsService) {
  const base = { tags: ADMIN_TAGS, auth: 'admin' as const };
  return {
    adminListAccounts: defineOperation({
      ...base,
      name: 'admin_list_accounts',
      summary: 'List accounts',
      description: 'Newest first; `search` matches part of the email, any case. Admin accounts only.',
      input: z.strictObject({
        search: z.string().max(200).optional(),
        limit: z.coerce.number().int().min(1).max(MAX_PAGE).default(50),
        cursor: z.string().max(500).optional().describe('next_cursor of the previous page'),
      }),
      output: z.object({ accounts: z.array(accountSchema), next_cursor: z.string().nullable() }),
      errors: [400, 404],
      run: async (input) => unwrap(await service.list(input)),
      http: { method: 'GET', path: '/api/admin/accounts' },
    }),
    adminGetAccount: defineOperation({
      ...base,
      name: 'admin_get_account',
      summary: 'One account: usage this period, ledger and keys',
      description: 'Keys are listed without their secrets. `before` pages the ledger back (next_before).',
      input: z.strictObject({
        ledger_limit: z.coerce.number().int().min(1).max(MAX_PAGE).default(50),
        before: z.coerce.number().int().positive().optional(),
      }),
      params,
      output: detailSchema,
      errors: [400, 404],
      run: async ({ id, ledger_limit, before }) => unwrap(await service.detail(id, { limit: ledger_limit, before })),
      http: { method: 'GET', path: '/api/admin/accounts/:id' },
    }),
    adminCreateAccount: defineOperation({
      ...base,
      name: 'admin_create_account',
      summary: 'Create an account; its API key is shown in this response only',
      input: z.strictObject({
        email: z.string().trim().min(3).max(254),
        plan: planName.optional(),
        credits: z
          .number()
          .int()
          .min(0)
          .max(1_000_000_000)
          .optional()
          .describe("Opening credits (the plan's by default)"),
        password: z.string().max(PASSWORD_MAX).optional().describe('For the dashboard; without one it cannot log in'),
        is_admin: z.boolean().default(false),
      }),
      output: z.object({ account_id: z.string(), api_key: z.string(), key_id: z.string() }),
      errors: [400, 404, 409],
      run: async (input, { caller }) =>
        unwrap(
          await service.create(caller, {
            email: input.email,
            plan: input.plan,
            credits: input.credits,
            password: input.password,
            isAdmin: input.is_admin,
          }),
        ),
      http: { method: 'POST', path: '/api/admin/accounts', status: 201 },
    }),
    adminBlockAccount: defineOperation({
      ...base,
      name: 'admin_block_account',
      summary: 'Block an account: its keys and sessions are refused at once',
      input: z.strictObject({ reason: z.string().trim().max(200).optional() }),
      params,
      output: accountSchema,
      errors: [400, 404],
      run: async ({ id, reason }, { caller }) => unwrap(await service.block(caller, id, reason || undefined)),
      http: { method: 'POST', path: '/api/admin/accounts/:id/block' },
    }),
    adminUnblockAccount: defineOperation({
      ...base,
      name: 'admin_unblock_account',
      summary: 'Unblock an account',
      input: z.strictObject({}),
      params,
      output: accountSchema,
      errors: [404],
      run: async ({ id }, { caller }) => unwrap(await service.unblock(caller, id)),
      http: { method: 'POST', path: '/api/admin/accounts/:id/unblock' },
    }),
    adminSetAccountPlan: defineOperation({
      ...base,
      name: 'admin_set_account_plan',
      summary: "Change an account's plan",
      input: z.strictObject({ plan: planName }),
      params,
      output: accountSchema,
      errors: [400, 404],
      run: async ({ id, plan }, { caller }) => unwrap(await service.setPlan(caller, id, plan)),
      http: { method: 'POST', path: '/api/admin/accounts/:id/plan' },
    }),
    adminAdjustCredits: defineOperation({
      ...base,
      name: 'admin_adjust_credits',
      summary: 'Add or remove credits, with a reason (a ledger entry)',
      description: 'A negative amount removes credits; a removal larger than the balance is refused with 409.',
      input: z.strictObject({
        amount: z
          .number()
          .int()
          .min(-1_000_000_000)
          .max(1_000_000_000)
          .refine((n) => n !== 0, 'amount must not be 0'),
        reason: z.string().trim().min(1, 'Give a reason').max(200),
      }),
      params,
      output: accountSchema,
      errors: [400, 404, 409],
      run: async ({ id, amount, reason }, { caller }) =>
        unwrap(await service.adjustCredits(caller, id, amount, reason)),
      http: { method: 'POST', path: '/api/admin/accounts/:id/credits' },
    }),
    adminSetAccountPassword: defineOperation({
      ...base,
      name: 'admin_set_account_password',
      summary: "Set an account's dashboard password; its sessions end",
      input: z.strictObject({ password: z.string().max(1_000) }),
      params,
      output: accountSchema,
      errors: [400, 404],
      run: async ({ id, password }, { caller }) => unwrap(await service.setPassword(caller, id, password)),
      http: { method: 'POST', path: '/api/admin/accounts/:id/password' },
    }),
    adminEndAccountSessions: defineOperation({
      ...base,
      name: 'admin_end_account_sessions',
      summary: 'Log an account out of every browser',
      input: z.strictObject({}),
      params,
      output: accountSchema,
      errors: [400, 404],
      run: async ({ id }, { caller }) => unwrap(await service.endSessions(caller, id)),
      http: { method: 'POST', path: '/api/admin/accounts/:id/sessions/end' },
    }),
  };
}
