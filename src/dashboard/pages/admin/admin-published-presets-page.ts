import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Caller } from '../../../modules/accounts/accounts.service.js';
import { adminOnly, sendAdminPage } from '../../admin-pages.js';
import { callOperation } from '../../dashboard-operations.js';
import type { DashboardDeps, DashboardPages } from '../../dashboard-deps.js';
import { html } from '../../html.js';
import { csrfField, formatTime } from '../../layout.js';
import { fieldsOf, pathOf, text } from '../../request-fields.js';

const publishForm = fieldsOf({ account: text, slug: text, as_slug: text });
const slugPath = z.object({ slug: z.string().max(100) });
const doneQuery = fieldsOf({ done: z.enum(['published', 'unpublished']).optional().catch(undefined) });

/** Users' presets published into the catalogue: the list with an unpublish button each, and a publish form. */
export const adminPublishedPresetsPage: DashboardPages = (scope, deps) => {
  const operations = deps.operations.publishedPresets;
  scope.get('/admin/presets', async (request, reply) => {
    const caller = adminOnly(request);
    const { done } = doneQuery.parse(request.query);
    return render(request, reply, deps, caller, { notice: done && `Preset ${done}.` });
  });

  scope.post('/admin/presets', async (request, reply) => {
    const caller = adminOnly(request);
    const form = publishForm.parse(request.body);
    const published = await callOperation(request, caller, operations.adminPublishPreset, {
      input: { account: form.account, slug: form.slug, as_slug: form.as_slug.trim() || undefined },
    });
    if (!published.ok) {
      const status = published.error.status;
      return render(request, reply, deps, caller, { error: published.error.message, status, form });
    }
    return reply.redirect('/dashboard/admin/presets?done=published', 303);
  });

  scope.post('/admin/presets/:slug/unpublish', async (request, reply) => {
    const caller = adminOnly(request);
    const { slug } = pathOf(slugPath, request);
    const removed = await callOperation(request, caller, operations.adminUnpublishPreset, { params: { slug } });
    if (!removed.ok) throw removed.error;
    return reply.redirect('/dashboard/admin/presets?done=unpublished', 303);
  });
};

async function render(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: DashboardDeps,
  caller: Caller,
  {
    notice,
    error,
    status = 200,
    form = publishForm.parse({}),
  }: { notice?: string | undefined; error?: string; status?: number; form?: z.output<typeof publishForm> },
): Promise<FastifyReply> {
  const listed = await callOperation(request, caller, deps.operations.publishedPresets.adminListPublishedPresets, {});
  if (!listed.ok) throw listed.error;
  const presets = listed.value.presets;
  const csrf = csrfField(request.viewer);
  const body = html`
    ${notice ? html`<p class="ok" role="status">${notice}</p>` : ''}
    <p class="hint">A published preset is a snapshot of an account's preset, in every account's catalogue. Publishing the same preset again takes its current version.</p>
    ${
      presets.length === 0
        ? html`<p id="no-published">No preset is published.</p>`
        : html`<div class="table-wrap" tabindex="0" role="region" aria-label="Published presets"><table id="published-presets">
        <thead><tr><th scope="col">Slug</th><th scope="col">Title</th><th scope="col">From</th><th scope="col">Published</th><th scope="col">Actions</th></tr></thead>
        <tbody>${presets.map(
          (p) => html`<tr>
            <th scope="row"><span class="mono">${p.slug}</span></th>
            <td>${p.title}</td>
            <td>${p.source.account_id ? html`<a href="/dashboard/admin/accounts/${p.source.account_id}">${p.source.slug}</a>` : p.source.slug} (version ${p.source.version})</td>
            <td>${formatTime(p.published_at)}</td>
            <td><form method="post" action="/dashboard/admin/presets/${p.slug}/unpublish">${csrf}<button type="submit" aria-label="Unpublish ${p.slug}">Unpublish</button></form></td>
          </tr>`,
        )}</tbody>
      </table></div>`
    }
    <form id="publish-form" class="card" method="post" action="/dashboard/admin/presets">
      ${csrf}
      <h2>Publish a preset</h2>
      <label for="publish-account">Account (id or email)</label>
      <input type="text" id="publish-account" name="account" value="${form.account}" required maxlength="254" autocomplete="off" />
      <label for="publish-slug">The account's preset (slug)</label>
      <input type="text" id="publish-slug" name="slug" value="${form.slug}" required maxlength="100" autocomplete="off" />
      <label for="publish-as">Slug in the catalogue (optional: the same by default)</label>
      <input type="text" id="publish-as" name="as_slug" value="${form.as_slug}" maxlength="100" autocomplete="off" />
      <p class="error" role="alert">${error ?? ''}</p>
      <button type="submit">Publish</button>
    </form>`;
  return sendAdminPage(
    reply,
    { title: 'Published presets', viewer: request.viewer, current: '/dashboard/admin/presets', body },
    status,
  );
}
