import { unwrap } from '../../../shared/errors.js';
import { adminOnly, sendAdminPage } from '../../admin-pages.js';
import type { DashboardPages } from '../../dashboard-deps.js';
import { callOperation } from '../../dashboard-operations.js';
import { html } from '../../html.js';

const READY_TEXT = { ok: 'ready', failed: 'not ready', disabled: 'not configured' } as const;
const BADGE = { ok: 'completed', failed: 'failed', disabled: 'pending' } as const;

/** /ready's detail as a page: for every capability, which engine serves each model name, and whether it is ready. */
export const adminEnginesPage: DashboardPages = (scope, deps) => {
  scope.get('/admin/engines', async (request, reply) => {
    const caller = adminOnly(request);
    const { status, capabilities } = unwrap(
      await callOperation(request, caller, deps.operations.adminEngines.adminListEngines, { input: {} }),
    );
    const body = html`
      <p id="service-ready">The service is <strong>${status === 'ready' ? 'ready' : 'not ready'}</strong> (as <span class="mono">/ready</span> says). Remote providers are configured, not called; their keys are never shown.</p>
      ${capabilities.map(
        (
          c,
        ) => html`<section aria-labelledby="engines-${c.capability}" class="admin-section" data-capability="${c.capability}">
          <h2 id="engines-${c.capability}">${c.capability}
            <span class="badge ${BADGE[c.ready.status]}">${READY_TEXT[c.ready.status]}</span></h2>
          <p class="hint">${c.ready.detail}</p>
          ${
            c.models.length === 0
              ? html`<p>No model.</p>`
              : html`<div class="table-wrap" tabindex="0" role="region" aria-label="${c.capability} models"><table>
              <thead><tr><th scope="col">Model name</th><th scope="col">Aliases</th><th scope="col">Engine</th><th scope="col">Engine's model</th><th scope="col">Base URL</th></tr></thead>
              <tbody>${c.models.map(
                (m) => html`<tr>
                  <td>${m.name}</td>
                  <td>${m.aliases.join(', ')}</td>
                  <td class="mono">${m.engine}</td>
                  <td class="mono">${m.model ?? '—'}</td>
                  <td class="mono">${m.base_url ?? 'in this process'}</td>
                </tr>`,
              )}</tbody>
            </table></div>`
          }
        </section>`,
      )}`;
    return sendAdminPage(reply, {
      title: 'Engines',
      viewer: request.viewer,
      current: '/dashboard/admin/engines',
      body,
      styles: ['admin-jobs.css'],
    });
  });
};
