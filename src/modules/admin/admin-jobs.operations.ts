import { z } from 'zod';
import { defineOperation } from '../../operations/operation.js';
import { unwrap } from '../../shared/errors.js';
import type { AdminJobsService } from './admin-jobs.service.js';
import { ADMIN_TAGS } from './audit.operations.js';

const MAX_PAGE = 200;
const JOB_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;

const jobSchema = z.object({
  id: z.string(),
  kind: z.string().describe('image.generate, video.generate, transcription.process, webhook.deliver...'),
  status: z.enum(JOB_STATUSES),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  last_error: z.string().nullable().describe('Why its last attempt failed'),
  run_at: z.string().describe('When it is (or was) due'),
  created_at: z.string(),
  updated_at: z.string(),
  target: z.string().nullable().describe('The record it makes: image:12, video:3, transcription:<uuid>...'),
  account_email: z.string().nullable().describe("The record's owner"),
});

const params = z.object({ id: z.string().max(100) });

/** The job queue for operators: its depth, its failures, a retry of a failed job and a cancel of a queued one. */
export function adminJobOperations(service: AdminJobsService) {
  const base = { tags: ADMIN_TAGS, auth: 'admin' as const };
  return {
    adminJobsSummary: defineOperation({
      ...base,
      name: 'admin_jobs_summary',
      summary: 'Count jobs by kind and status',
      description:
        'For every kind and status: how many jobs, and the age of the oldest (queue depth). Admin accounts only.',
      input: z.strictObject({}),
      output: z.object({
        rows: z.array(
          z.object({
            kind: z.string(),
            status: z.enum(JOB_STATUSES),
            jobs: z.number().int(),
            oldest_created_at: z.string(),
            oldest_age_seconds: z.number().int(),
          }),
        ),
      }),
      errors: [404],
      run: () => service.summary(),
      http: { method: 'GET', path: '/api/admin/jobs/summary' },
    }),
    adminListJobs: defineOperation({
      ...base,
      name: 'admin_list_jobs',
      summary: 'List jobs',
      description: 'Newest first, by status and kind, with the reason of the last failure. Admin accounts only.',
      input: z.strictObject({
        status: z.enum(JOB_STATUSES).optional(),
        kind: z.string().trim().min(1).max(100).optional(),
        limit: z.coerce.number().int().min(1).max(MAX_PAGE).default(50),
        before: z.string().max(100).optional().describe('next_before of the previous page'),
      }),
      output: z.object({ jobs: z.array(jobSchema), next_before: z.string().nullable() }),
      errors: [400, 404],
      run: async (input) => unwrap(await service.list(input)),
      http: { method: 'GET', path: '/api/admin/jobs' },
    }),
    adminRetryJob: defineOperation({
      ...base,
      name: 'admin_retry_job',
      summary: 'Retry a failed job',
      description:
        'Only a failed job: its record goes back to pending and holds its credits again (402 when the account cannot pay them now), and the job is queued with all its attempts. Audited.',
      input: z.strictObject({}),
      params,
      output: jobSchema,
      errors: [402, 404, 409],
      run: async ({ id }, { caller }) => unwrap(await service.retry(caller, id)),
      http: { method: 'POST', path: '/api/admin/jobs/:id/retry' },
    }),
    adminCancelJob: defineOperation({
      ...base,
      name: 'admin_cancel_job',
      summary: 'Cancel a queued job',
      description:
        'Only a queued job (a running one cannot be stopped: 409): it fails with "Cancelled by an administrator", its record fails with that reason and gives its credits back. Audited.',
      input: z.strictObject({}),
      params,
      output: jobSchema,
      errors: [404, 409],
      run: async ({ id }, { caller }) => unwrap(await service.cancel(caller, id)),
      http: { method: 'POST', path: '/api/admin/jobs/:id/cancel' },
    }),
  };
}
