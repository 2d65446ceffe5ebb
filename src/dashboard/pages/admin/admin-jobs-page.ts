import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Caller } from '../../../modules/accounts/accounts.service.js';
import type { AdminJobView, JobSummaryRow } from '../../../modules/admin/admin-jobs.service.js';
import { unwrap } from '../../../shared/errors.js';
import { adminOnly, sendAdminPage } from '../../admin-pages.js';
import type { OperationModules } from '../../../operations/catalogue.js';
import type { DashboardDeps, DashboardPages } from '../../dashboard-deps.js';
import { callOperation } from '../../dashboard-operations.js';
import { type SafeHtml, html } from '../../html.js';
import type { Viewer } from '../../viewer.js';
import { csrfField, formatTime } from '../../layout.js';

const PAGE = 50;
type JobOperations = OperationModules['adminJobs'];
const ACTIONS = {
  retry: {
    operation: (jobs: JobOperations) => jobs.adminRetryJob,
    done: 'The job is queued again; a worker takes it at once.',
  },
  cancel: {
    operation: (jobs: JobOperations) => jobs.adminCancelJob,
    done: 'The job is cancelled and its credits given back.',
  },
} as const;
type JobAction = keyof typeof ACTIONS;
const jobAction = z.enum(['retry', 'cancel']) satisfies z.ZodType<JobAction>;

const query = z.object({
  done: jobAction.optional(),
  failed_before: z.string().max(100).optional(),
  queued_before: z.string().max(100).optional(),
});
const actionPath = z.object({ id: z.string().min(1).max(100), action: jobAction });

/** The queue for operators: how much waits and for how long, what failed and why; retry a failure, cancel a wait. */
export const adminJobsPage: DashboardPages = (scope, deps) => {
  scope.get('/admin/jobs', async (request, reply) => {
    const caller = adminOnly(request);
    const { done } = query.catch({}).parse(request.query);
    return render(request, reply, deps, caller, { notice: done && ACTIONS[done].done });
  });

  scope.post('/admin/jobs/:id/:action', async (request, reply) => {
    const caller = adminOnly(request);
    const path = actionPath.safeParse(request.params);
    if (!path.success) return render(request, reply, deps, caller, { error: 'No such action' }, 404);
    const { id, action } = path.data;
    const operation = ACTIONS[action].operation(deps.operations.adminJobs);
    const outcome = await callOperation(request, caller, operation, { params: { id } });
    if (!outcome.ok)
      return render(request, reply, deps, caller, { error: outcome.error.message }, outcome.error.status);
    return reply.redirect(`/dashboard/admin/jobs?done=${action}`, 303);
  });
};

async function render(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: DashboardDeps,
  caller: Caller,
  message: { notice?: string | undefined; error?: string | undefined },
  status = 200,
): Promise<FastifyReply> {
  const { failed_before, queued_before } = query.catch({}).parse(request.query);
  const jobs = deps.operations.adminJobs;
  const list = (input: z.input<typeof jobs.adminListJobs.input>) =>
    callOperation(request, caller, jobs.adminListJobs, { input }).then(unwrap);
  const [summary, failed, queued] = await Promise.all([
    callOperation(request, caller, jobs.adminJobsSummary, { input: {} }).then(unwrap),
    list({ status: 'failed', limit: PAGE, ...(failed_before && { before: failed_before }) }),
    list({ status: 'queued', limit: PAGE, ...(queued_before && { before: queued_before }) }),
  ]);
  const viewer = request.viewer;
  const body = html`
    ${message.notice ? html`<p class="notice" role="status" id="job-notice">${message.notice}</p>` : ''}
    ${message.error ? html`<p class="error" role="alert" id="job-error">${message.error}</p>` : ''}
    <section aria-labelledby="queue-title" class="admin-section">
      <h2 id="queue-title">Queue</h2>
      ${summaryTable(summary.rows)}
    </section>
    <section aria-labelledby="failed-title" class="admin-section">
      <h2 id="failed-title">Failed jobs</h2>
      ${jobsTable('failed-jobs', 'Failed jobs', failed.jobs, (job) => actionForm(viewer, job, 'retry', 'Retry'))}
      ${olderLink('failed_before', failed.next_before, 'Older failed jobs')}
    </section>
    <section aria-labelledby="queued-title" class="admin-section">
      <h2 id="queued-title">Queued jobs</h2>
      ${jobsTable('queued-jobs', 'Queued jobs', queued.jobs, (job) => actionForm(viewer, job, 'cancel', 'Cancel'))}
      ${olderLink('queued_before', queued.next_before, 'Older queued jobs')}
    </section>`;
  return sendAdminPage(reply, {
    title: 'Jobs',
    viewer: request.viewer,
    current: '/dashboard/admin/jobs',
    body,
    styles: ['admin-jobs.css'],
  }).code(status);
}

function summaryTable(rows: JobSummaryRow[]): SafeHtml {
  if (rows.length === 0) return html`<p id="no-jobs">No job has been queued yet.</p>`;
  return html`<div class="table-wrap" tabindex="0" role="region" aria-label="Jobs by kind and status"><table id="job-summary">
    <thead><tr><th scope="col">Kind</th><th scope="col">Status</th><th scope="col">Jobs</th><th scope="col">Oldest</th></tr></thead>
    <tbody>${rows.map(
      (r) => html`<tr>
        <td class="mono">${r.kind}</td>
        <td><span class="badge ${r.status}">${r.status}</span></td>
        <td>${r.jobs}</td>
        <td><span title="${formatTime(r.oldest_created_at)}">${age(r.oldest_age_seconds)} ago</span></td>
      </tr>`,
    )}</tbody>
  </table></div>`;
}

function jobsTable(id: string, label: string, jobs: AdminJobView[], action: (job: AdminJobView) => SafeHtml): SafeHtml {
  if (jobs.length === 0) return html`<p id="${id}-none">None.</p>`;
  return html`<div class="table-wrap" tabindex="0" role="region" aria-label="${label}"><table id="${id}">
    <thead><tr><th scope="col">Created</th><th scope="col">Kind</th><th scope="col">Record</th><th scope="col">Account</th><th scope="col">Attempts</th><th scope="col">Reason</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
    <tbody>${jobs.map(
      (job) => html`<tr data-job-id="${job.id}">
        <td>${formatTime(job.created_at)}</td>
        <td class="mono">${job.kind}</td>
        <td class="mono">${job.target ?? '—'}</td>
        <td>${job.account_email ?? '—'}</td>
        <td>${job.attempts} of ${job.max_attempts}</td>
        <td>${job.last_error ?? ''}</td>
        <td>${action(job)}</td>
      </tr>`,
    )}</tbody>
  </table></div>`;
}

function actionForm(viewer: Viewer, job: AdminJobView, action: JobAction, label: string): SafeHtml {
  const confirm =
    action === 'cancel'
      ? html`data-confirm="Cancel this ${job.kind} job? Its record fails and its credits are given back."`
      : '';
  return html`<form method="post" action="/dashboard/admin/jobs/${job.id}/${action}" ${confirm}>
    ${csrfField(viewer)}<button type="submit" ${action === 'cancel' ? html`class="danger"` : ''} aria-label="${label} job ${job.target ?? job.id}">${label}</button>
  </form>`;
}

function olderLink(param: string, next: string | null, text: string): SafeHtml | string {
  return next
    ? html`<p><a rel="next" href="/dashboard/admin/jobs?${new URLSearchParams({ [param]: next }).toString()}">${text}</a></p>`
    : '';
}

/** Seconds as the largest whole unit: 42 s, 5 min, 3 h, 2 d. */
function age(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h`;
  return `${Math.floor(seconds / 86_400)} d`;
}
