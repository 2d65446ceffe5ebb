import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Caller } from '../../modules/accounts/accounts.service.js';
import type { CreatedKey } from '../../modules/keys/keys.service.js';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../modules/accounts/passwords.js';
import { SESSION_COOKIE } from '../../modules/sessions/session-tokens.js';
import { cookieOptions } from '../cookies.js';
import { callOperation } from '../dashboard-operations.js';
import type { DashboardDeps, DashboardPages } from '../dashboard-deps.js';
import { html } from '../html.js';
import { csrfField, formatTime, sendPage } from '../layout.js';
import { fieldsOf, idPath, pathOf, text } from '../request-fields.js';
import { loggedIn } from '../viewer.js';
import { connectedClientsSection } from './oauth-pages.js';

const keyName = z.string().trim().min(1, 'Give the key a name').max(100, 'A key name is at most 100 characters');
const keyForm = fieldsOf({ name: text });
const passwordForm = fieldsOf({ current: text, password: text });
const keysQuery = fieldsOf({ password: text });

/** API settings: create a named key (shown once), list keys, revoke; and the account's password. */
export const keysPage: DashboardPages = (scope, deps) => {
  scope.get('/keys', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (caller) return render(request, reply, deps, caller);
  });

  scope.post('/keys', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (!caller) return;
    const name = keyName.safeParse(keyForm.parse(request.body).name);
    if (!name.success) return render(request, reply, deps, caller, { error: name.error.issues[0]?.message }, 400);
    const created = await callOperation(request, caller, deps.operations.accounts.createKey, {
      input: { name: name.data },
    });
    if (!created.ok)
      return render(request, reply, deps, caller, { error: created.error.message }, created.error.status);
    return render(request, reply, deps, caller, { created: created.value }, 201);
  });

  scope.post('/password', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (!caller) return;
    const form = passwordForm.parse(request.body);
    const outcome = await deps.services.sessions.changePassword(caller.account, form.current, form.password);
    if (!outcome.ok) return render(request, reply, deps, caller, { passwordError: outcome.error.message }, 400);
    void reply.setCookie(
      SESSION_COOKIE,
      outcome.value.token,
      cookieOptions(request, deps.config, deps.config.dashboard.sessionDays * 86_400),
    );
    return reply.redirect('/dashboard/keys?password=changed', 303);
  });

  scope.post('/keys/:id/revoke', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (!caller) return;
    const { id } = pathOf(idPath, request);
    const outcome = await callOperation(request, caller, deps.operations.accounts.revokeKey, { params: { id } });
    if (!outcome.ok) return render(request, reply, deps, caller, { error: 'That key does not exist' }, 404);
    return reply.redirect('/dashboard/keys', 303);
  });
};

async function render(
  request: FastifyRequest,
  reply: FastifyReply,
  { config, services }: DashboardDeps,
  caller: Caller,
  state: { created?: CreatedKey; error?: string; passwordError?: string } = {},
  status = 200,
) {
  const [keys, clients] = await Promise.all([
    services.keys.list(caller.account.id),
    services.oauth.listConnected(caller.account.id),
  ]);
  const viewer = request.viewer;
  const { created, error, passwordError } = state;
  const passwordChanged = keysQuery.parse(request.query).password === 'changed';
  const body = html`
    ${
      created
        ? html`<section class="card notice" aria-labelledby="new-key">
          <h2 id="new-key">Your new key “${created.name}”</h2>
          <p>Copy it now: it is shown only this once. Atelier keeps only a hash of it.</p>
          <div class="copy-row">
            <input id="new-key-value" class="mono" readonly value="${created.api_key}" aria-label="New API key" />
            <button type="button" data-copy="#new-key-value">Copy</button>
          </div>
          <p>Try it:</p>
          <pre class="mono" id="curl-example">curl -s ${config.publicUrl}/api/account -H "x-api-key: ${created.api_key}"</pre>
        </section>`
        : ''
    }
    <section class="card" aria-labelledby="create-title">
      <h2 id="create-title">Create a key</h2>
      ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
      <form method="post" action="/dashboard/keys" class="inline">
        ${csrfField(viewer)}
        <label for="key-name">Name</label>
        <input id="key-name" name="name" required maxlength="100" placeholder="e.g. production server" />
        <button type="submit">Create key</button>
      </form>
      <p class="hint">Your ${caller.plan.name} plan allows ${caller.plan.maxApiKeys} keys; ${keys.filter((k) => !k.revoked_at).length} are active. Send a key as <code>x-api-key: KEY</code> or <code>Authorization: Bearer KEY</code>. The API is described at <a href="/docs">/docs</a>.</p>
    </section>
    <section class="card" aria-labelledby="keys-title">
      <h2 id="keys-title">Keys</h2>
      ${
        keys.length === 0
          ? html`<p>No keys yet.</p>`
          : html`<div class="table-wrap" tabindex="0" role="region" aria-label="API keys"><table id="keys">
            <thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Status</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
            <tbody>
              ${keys.map(
                (key) => html`<tr data-key-id="${key.id}">
                  <td>${key.name}</td>
                  <td class="mono">${key.prefix}…</td>
                  <td>${formatTime(key.created_at)}</td>
                  <td>${formatTime(key.last_used_at)}</td>
                  <td>${key.revoked_at ? html`<span class="badge failed">revoked ${formatTime(key.revoked_at)}</span>` : html`<span class="badge completed">active</span>`}</td>
                  <td>${
                    key.revoked_at
                      ? ''
                      : html`<form method="post" action="/dashboard/keys/${key.id}/revoke" data-confirm="Revoke the key “${key.name}”? Programs using it will stop working.">
                        ${csrfField(viewer)}<button type="submit" class="danger">Revoke</button>
                      </form>`
                  }</td>
                </tr>`,
              )}
            </tbody>
          </table></div>`
      }
    </section>
    ${connectedClientsSection(viewer, clients)}
    <section class="card" aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      ${passwordChanged ? html`<p class="ok" role="status">Password changed; other browsers were logged out.</p>` : ''}
      ${passwordError ? html`<p class="error" role="alert">${passwordError}</p>` : ''}
      <form method="post" action="/dashboard/password">
        ${csrfField(viewer)}
        <label for="current-password">Current password</label>
        <input id="current-password" name="current" type="password" autocomplete="current-password" required maxlength="${PASSWORD_MAX}" />
        <label for="new-password">New password</label>
        <input id="new-password" name="password" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" maxlength="${PASSWORD_MAX}" />
        <button type="submit">Change password</button>
      </form>
    </section>`;
  return sendPage(reply, { title: 'API keys', viewer, section: '/dashboard/keys', body }, status);
}
