import { z } from 'zod';
import { defineOperation } from '../../operations/operation.js';
import { unwrap } from '../../shared/errors.js';
import { DEFAULT_DAYS, MAX_DAYS, type AdminUsageService } from './admin-usage.service.js';
import { ADMIN_TAGS } from './audit.operations.js';

const day = z.string().max(10).describe('A UTC day, YYYY-MM-DD');
const byCapability = z.record(z.string(), z.number()).describe('Credits spent per capability (text, image, ...)');

/** Usage across every account: credits and speech words per day and capability, and the top accounts. */
export function adminUsageOperations(usage: AdminUsageService) {
  return {
    adminUsage: defineOperation({
      name: 'admin_usage',
      summary: 'Usage across accounts, per day and capability',
      description: `Credits spent (reservations net of refunds) and speech words per UTC day and capability from \`from\` to \`to\` (both included; the last ${DEFAULT_DAYS} days by default, at most ${MAX_DAYS}), with totals and the 10 accounts that spent the most credits. Admin accounts only.`,
      tags: ADMIN_TAGS,
      auth: 'admin',
      input: z.strictObject({ from: day.optional(), to: day.optional() }),
      output: z.object({
        from: z.string(),
        to: z.string(),
        days: z.array(
          z.object({ day: z.string(), credits: z.number(), credits_by_capability: byCapability, words: z.number() }),
        ),
        totals: z.object({ credits: z.number(), credits_by_capability: byCapability, words: z.number() }),
        top_accounts: z.array(z.object({ id: z.string(), email: z.string(), credits: z.number(), words: z.number() })),
      }),
      errors: [400, 404],
      run: async (input) => unwrap(await usage.report(input)),
      http: { method: 'GET', path: '/api/admin/usage' },
    }),
  };
}
