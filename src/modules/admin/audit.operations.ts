import { z } from 'zod';
import { defineOperation } from '../../operations/operation.js';
import type { AuditService } from './audit.service.js';

export const ADMIN_TAGS = ['admin'] as const;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.object({ account_id: z.string(), email: z.string() }),
  action: z.string().describe('What was done, e.g. account.block, credits.adjust, job.retry, model.pull'),
  target_type: z.string().describe('The kind of record: account, job, model'),
  target_id: z.string(),
  before: z.unknown().describe("The record's state before the action (JSON), when it had one"),
  after: z.unknown().describe("The record's state after it"),
  reason: z.string().nullable(),
  created_at: z.string(),
});

const MAX_PAGE = 200;

/** The admin audit log, newest first. */
export function auditOperations(audit: AuditService) {
  return {
    adminListAudit: defineOperation({
      name: 'admin_list_audit',
      summary: 'List what administrators did',
      description:
        'Every admin action (accounts, credits, jobs, models), newest first, with who did it, when, and the record before and after. Admin accounts only: anyone else gets 404.',
      tags: ADMIN_TAGS,
      auth: 'admin',
      input: z.strictObject({
        limit: z.coerce.number().int().min(1).max(MAX_PAGE).default(50),
        before: z.coerce.number().int().positive().optional().describe('next_before of the previous page'),
        action: z.string().max(100).optional(),
        target_type: z.string().max(100).optional(),
        target_id: z.string().max(200).optional(),
      }),
      output: z.object({ entries: z.array(auditEntrySchema), next_before: z.number().int().nullable() }),
      errors: [400, 404],
      run: (input) =>
        audit.list({
          limit: input.limit,
          before: input.before,
          action: input.action,
          targetType: input.target_type,
          targetId: input.target_id,
        }),
      http: { method: 'GET', path: '/api/admin/audit' },
    }),
  };
}
