import { z } from 'zod';
import { ADMIN_SECTIONS, adminOnly, sendAdminPage } from '../../admin-pages.js';
import type { DashboardPages } from '../../dashboard-deps.js';
import { html } from '../../html.js';
import { formatTime } from '../../layout.js';

const PAGE = 50;
const query = z.object({
  before: z.coerce.number().int().positive().optional(),
  action: z.string().trim().max(100).optional(),
  target: z.string().trim().max(200).optional(),
});

const DESCRIPTIONS: Record<(typeof ADMIN_SECTIONS)[number][0], string> = {
  '/dashboard/admin/accounts': 'Find, create, block and unblock accounts; change plans, credits and passwords.',
  '/dashboard/admin/usage': 'Credits and speech words spent across accounts, per day and capability.',
  '/dashboard/admin/jobs': 'The queue: how much waits, what failed and why; retry or cancel.',
  '/dashboard/admin/engines': 'Which engine serves each model name, and whether it is ready.',
  '/dashboard/admin/models': 'Local models: pull, cancel, remove; used at once, without a restart.',
  '/dashboard/admin/presets': "Publish an account's preset into everyone's catalogue, or take it out.",
  '/dashboard/admin/audit': 'Everything administrators did, with the record before and after.',
};

/** Changed fields of a before/after pair, as `field: old → new`; whole values when they are not objects. */
function changes(before: unknown, after: unknown): string {
  const isRecord = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isRecord(before) || !isRecord(after)) {
    const text = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v));
    return before === null && after === null ? '' : `${text(before)} → ${text(after)}`;
  }
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => `${k}: ${JSON.stringify(before[k] ?? null)} → ${JSON.stringify(after[k] ?? null)}`)
    .join('; ');
}

/** The admin area's home (what each page is for) and its audit log. */
export const adminAuditPages: DashboardPages = (scope, { services }) => {
  scope.get('/admin', async (request, reply) => {
    adminOnly(request);
    const body = html`<ul class="admin-home">
      ${ADMIN_SECTIONS.map(([href, label]) => html`<li><a href="${href}">${label}</a> <span class="hint">${DESCRIPTIONS[href]}</span></li>`)}
    </ul>`;
    return sendAdminPage(reply, { title: 'Admin', viewer: request.viewer, current: '/dashboard/admin/accounts', body });
  });

  scope.get('/admin/audit', async (request, reply) => {
    adminOnly(request);
    const { before, action, target } = query.catch({}).parse(request.query);
    const { entries, next_before } = await services.audit.list({
      limit: PAGE,
      before,
      action: action || undefined,
      targetId: target || undefined,
    });
    const filters = new URLSearchParams({ ...(action && { action }), ...(target && { target }) });
    const body = html`
      <form method="get" action="/dashboard/admin/audit" class="filters" role="search" aria-label="Filter the audit log">
        <label>Action <input name="action" value="${action ?? ''}" placeholder="account.block" /></label>
        <label>Record id <input name="target" value="${target ?? ''}" /></label>
        <button type="submit">Filter</button>
      </form>
      ${
        entries.length === 0
          ? html`<p id="no-audit">No admin action recorded${action || target ? ' with these filters' : ' yet'}.</p>`
          : html`<div class="table-wrap" tabindex="0" role="region" aria-label="Audit log"><table id="audit">
          <thead><tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">Action</th><th scope="col">Record</th><th scope="col">Change</th><th scope="col">Reason</th></tr></thead>
          <tbody>${entries.map(
            (e) => html`<tr>
              <td>${formatTime(e.created_at)}</td>
              <td>${e.actor.email}</td>
              <td class="mono">${e.action}</td>
              <td class="mono">${e.target_type} ${e.target_id}</td>
              <td class="mono">${changes(e.before, e.after)}</td>
              <td>${e.reason ?? ''}</td>
            </tr>`,
          )}</tbody>
        </table></div>`
      }
      ${next_before ? html`<p><a rel="next" href="/dashboard/admin/audit?${new URLSearchParams([...filters, ['before', String(next_before)]]).toString()}">Older entries</a></p>` : ''}`;
    return sendAdminPage(reply, {
      title: 'Audit log',
      viewer: request.viewer,
      current: '/dashboard/admin/audit',
      body,
    });
  });
};
