import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Caller, CreatedAccount } from '../../../modules/accounts/accounts.service.js';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../modules/accounts/passwords.js';
import { adminOnly, sendAdminPage } from '../../admin-pages.js';
import { callOperation } from '../../dashboard-operations.js';
import type { DashboardDeps, DashboardPages } from '../../dashboard-deps.js';
import { html } from '../../html.js';
import { csrfField, formatTime } from '../../layout.js';
import { fieldsOf, pathOf, text } from '../../request-fields.js';
import { ACCOUNT_ACTIONS, accountAction, accountForm, renderAccount } from './admin-account-detail.js';

const PAGE = 50;
const listQuery = z.object({ search: z.string().max(200).optional(), cursor: z.string().max(500).optional() });
const createForm = fieldsOf({ email: text, plan: text, credits: text, password: text, is_admin: text });
const accountQuery = fieldsOf({ done: accountAction.optional().catch(undefined) });
const actionPath = z.object({ id: z.string(), action: accountAction });

/** The admin area's accounts: a searchable list with a create form, and each account's page with its actions. */
export const adminAccountsPages: DashboardPages = (scope, deps) => {
  scope.get('/admin/accounts', async (request, reply) => {
    const caller = adminOnly(request);
    return renderList(request, reply, deps, caller);
  });

  scope.post('/admin/accounts', async (request, reply) => {
    const caller = adminOnly(request);
    const form = createForm.parse(request.body);
    const created = await callOperation(request, caller, deps.operations.adminAccounts.adminCreateAccount, {
      input: {
        email: form.email,
        plan: form.plan || undefined,
        credits: form.credits ? Number(form.credits) : undefined,
        password: form.password || undefined,
        is_admin: form.is_admin === 'on',
      },
    });
    if (!created.ok)
      return renderList(request, reply, deps, caller, { error: created.error.message, status: created.error.status });
    return renderList(request, reply, deps, caller, { created: created.value });
  });

  scope.get('/admin/accounts/:id', async (request, reply) => {
    const caller = adminOnly(request);
    const { done } = accountQuery.parse(request.query);
    return renderAccount(request, reply, deps, caller, { notice: done && ACCOUNT_ACTIONS[done].done });
  });

  scope.post('/admin/accounts/:id/:action', async (request, reply) => {
    const caller = adminOnly(request);
    const { id, action } = pathOf(actionPath, request);
    const outcome = await ACCOUNT_ACTIONS[action].run(
      (operation, input) => callOperation(request, caller, operation, { params: { id: id.slice(0, 100) }, input }),
      deps.operations.adminAccounts,
      accountForm.parse(request.body),
    );
    if (!outcome.ok && outcome.error.code === 'not_found') throw outcome.error;
    if (!outcome.ok)
      return renderAccount(request, reply, deps, caller, {
        error: outcome.error.message,
        status: outcome.error.status,
      });
    return reply.redirect(`/dashboard/admin/accounts/${encodeURIComponent(id)}?done=${action}`, 303);
  });
};

async function renderList(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: DashboardDeps,
  caller: Caller,
  state: { created?: CreatedAccount; error?: string; status?: number } = {},
) {
  const { search, cursor } = listQuery.catch({}).parse(request.query);
  const listed = await callOperation(request, caller, deps.operations.adminAccounts.adminListAccounts, {
    input: { search, cursor, limit: PAGE },
  });
  const { accounts, next_cursor } = listed.ok ? listed.value : { accounts: [], next_cursor: null };
  const viewer = request.viewer;
  const { created, error } = state;
  const next = next_cursor && new URLSearchParams({ ...(search && { search }), cursor: next_cursor });
  const body = html`
    ${
      created
        ? html`<section class="card notice" aria-labelledby="created-title">
          <h2 id="created-title">Account created</h2>
          <p>Its API key, shown only this once: give it to the account's owner.</p>
          <div class="copy-row">
            <input id="created-key" class="mono" readonly value="${created.api_key}" aria-label="The new account's API key" />
            <button type="button" data-copy="#created-key">Copy</button>
          </div>
          <p><a href="/dashboard/admin/accounts/${created.account_id}">Open the account</a></p>
        </section>`
        : ''
    }
    <form method="get" action="/dashboard/admin/accounts" class="filters" role="search" aria-label="Find accounts">
      <label>Email contains <input type="search" name="search" value="${search ?? ''}" maxlength="200" /></label>
      <button type="submit">Search</button>
    </form>
    ${listed.ok ? '' : html`<p class="error" role="alert">${listed.error.message}</p>`}
    ${
      accounts.length === 0
        ? html`<p id="no-accounts">No account${search ? html` has an email containing “${search}”` : ' yet'}.</p>`
        : html`<div class="table-wrap" tabindex="0" role="region" aria-label="Accounts"><table id="accounts">
        <thead><tr><th scope="col">Email</th><th scope="col">Plan</th><th scope="col">Balance</th><th scope="col">Status</th><th scope="col">Created</th><th scope="col">Last use</th></tr></thead>
        <tbody>${accounts.map(
          (a) => html`<tr>
            <td><a href="/dashboard/admin/accounts/${a.id}">${a.email}</a>${a.is_admin ? html` <span class="badge pending">admin</span>` : ''}</td>
            <td>${a.plan}</td>
            <td>${a.credits}</td>
            <td>${a.blocked ? html`<span class="badge failed">blocked</span> ${a.blocked_reason ?? ''}` : html`<span class="badge completed">active</span>`}</td>
            <td>${formatTime(a.created_at)}</td>
            <td>${formatTime(a.last_used_at)}</td>
          </tr>`,
        )}</tbody>
      </table></div>`
    }
    ${next ? html`<p><a rel="next" href="/dashboard/admin/accounts?${next.toString()}">Next page</a></p>` : ''}
    ${cursor ? html`<p><a href="/dashboard/admin/accounts${search ? `?search=${encodeURIComponent(search)}` : ''}">First page</a></p>` : ''}
    <section class="card" aria-labelledby="create-title">
      <h2 id="create-title">Create an account</h2>
      ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
      <form method="post" action="/dashboard/admin/accounts">
        ${csrfField(viewer)}
        <label for="new-email">Email</label>
        <input id="new-email" name="email" type="email" required maxlength="254" />
        <label for="new-plan">Plan</label>
        <select id="new-plan" name="plan">${deps.config.plans.map((p) => html`<option>${p.name}</option>`)}</select>
        <label for="new-credits">Opening credits <span class="hint">(the plan's when empty)</span></label>
        <input id="new-credits" name="credits" type="number" min="0" step="1" />
        <label for="new-password">Password <span class="hint">(to log in to the dashboard; optional)</span></label>
        <input id="new-password" name="password" type="password" autocomplete="new-password" minlength="${PASSWORD_MIN}" maxlength="${PASSWORD_MAX}" />
        <label class="inline-label"><input name="is_admin" type="checkbox" /> Administrator</label>
        <button type="submit">Create account</button>
      </form>
    </section>`;
  return sendAdminPage(reply, { title: 'Accounts', viewer, current: '/dashboard/admin/accounts', body }, state.status);
}
