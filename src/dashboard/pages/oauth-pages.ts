import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../../modules/accounts/accounts.service.js';
import type { ConnectedClient } from '../../modules/oauth/oauth.repo.js';
import type { AuthorizationCheck, AuthorizationRequest } from '../../modules/oauth/oauth.service.js';
import type { DashboardPages } from '../dashboard-deps.js';
import { type SafeHtml, html } from '../html.js';
import { csrfField, formatTime, sendPage } from '../layout.js';
import { fieldsOf, idPath, pathOf, text } from '../request-fields.js';
import type { Viewer } from '../viewer.js';
import { loggedIn } from '../viewer.js';

const consentForm = fieldsOf({ decision: text });

/**
 * OAuth sign-in of MCP clients, the dashboard's part: the consent page (GET /oauth/authorize is sent here) and
 * the Revoke of a connected client (listed on the API keys page). The dashboard's rules hold: the session
 * cookie, the CSRF token on every form, its CSP (whose form-action also names the client's redirect origin, the
 * one place the approval form may lead).
 */
export const oauthPages: DashboardPages = (scope, { services }) => {
  scope.get('/oauth/authorize', async (request, reply) => {
    const check = await services.oauth.checkAuthorization(request.query);
    if (!check.ok) return refused(request, reply, check);
    if (!request.viewer.caller) {
      const next = `/dashboard/oauth/authorize?${carried(check.request)}`;
      return reply.redirect(`/dashboard/login?next=${encodeURIComponent(next)}`, 303);
    }
    return consentPage(request, reply, request.viewer.caller, check.request);
  });

  scope.post('/oauth/authorize', async (request, reply) => {
    // The CSRF token was checked before this runs (dashboard.ts): a form from another site never gets here.
    const caller = loggedIn(request, reply);
    if (!caller) return;
    // The service parses the request's parameters from the form's hidden fields; the page reads the answer.
    const check = await services.oauth.checkAuthorization(request.body);
    if (!check.ok) return refused(request, reply, check);
    const target =
      consentForm.parse(request.body).decision === 'approve'
        ? await services.oauth.approve(caller.account.id, check.request)
        : services.oauth.deny(check.request);
    return reply.header('cache-control', 'no-store').redirect(target, 303);
  });

  scope.post('/oauth/grants/:id/revoke', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (!caller) return;
    const { id } = pathOf(idPath, request);
    await services.oauth.revokeGrant(caller.account.id, id);
    return reply.redirect('/dashboard/keys', 303);
  });
};

/** An error before the redirect URI can be trusted is a page; after, the client hears it at its redirect URI. */
function refused(request: FastifyRequest, reply: FastifyReply, check: Exclude<AuthorizationCheck, { ok: true }>) {
  if ('redirect' in check) return reply.redirect(check.redirect, 303);
  const body = html`<p class="error" role="alert">${check.page}</p>
    <p>Go back to the application and connect again; if this keeps happening, tell its makers.</p>
    <p><a href="/dashboard">Back to the dashboard</a></p>`;
  return sendPage(reply, { title: 'Sign-in refused', viewer: request.viewer, body }, 400);
}

/**
 * The request's parameters as they are carried from page to page (a query, the consent form's hidden fields), in
 * this order; those it does not have are left out.
 */
function carriedParams(request: AuthorizationRequest): [string, string][] {
  const values = {
    response_type: 'code',
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
    state: request.state,
    scope: request.scope,
    resource: request.resource,
  };
  return Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined);
}

/** The request's parameters as a query the log-in page's `next` accepts (only letters, digits, - _ . and %XX). */
function carried(request: AuthorizationRequest): string {
  return carriedParams(request)
    .map(([name, value]) => `${name}=${strictEncode(value)}`)
    .join('&');
}

function strictEncode(value: string): string {
  return Array.from(Buffer.from(value, 'utf8'))
    .map((byte) =>
      /[\w\-.]/.test(String.fromCharCode(byte)) && byte < 0x80
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

function consentPage(request: FastifyRequest, reply: FastifyReply, caller: Caller, auth: AuthorizationRequest) {
  const redirect = new URL(auth.redirectUri);
  const csp = String(reply.getHeader('content-security-policy') ?? '');
  void reply.header(
    'content-security-policy',
    csp.replace("form-action 'self'", `form-action 'self' ${redirect.origin}`),
  );
  const hidden = carriedParams(auth).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`,
  );
  const body = html`
    <section class="card narrow" aria-labelledby="consent-title">
      <h2 id="consent-title"><span id="client-name">${auth.clientName}</span> wants to use your Atelier account</h2>
      <p>You are signed in as <strong>${caller.account.email}</strong>. After you answer, you go back to
        <code id="redirect-host">${redirect.host}</code>.</p>
      <p>If you approve, this application may:</p>
      <ul>
        <li>use Atelier's tools (MCP) as you: generate text, images, video and speech, transcribe audio, and read
          your presets, voices, bots and results;</li>
        <li>spend your ${caller.plan.name} plan's credits and quotas, as your API keys do.</li>
      </ul>
      <p>It gets no password and no API key, and cannot change your account. You can disconnect it at any time on
        the <a href="/dashboard/keys">API keys</a> page.</p>
      <form method="post" action="/dashboard/oauth/authorize" class="inline">
        ${csrfField(request.viewer)}
        ${hidden}
        <button type="submit" name="decision" value="approve">Approve</button>
        <button type="submit" name="decision" value="deny" class="secondary">Deny</button>
      </form>
    </section>`;
  return sendPage(reply, { title: 'Connect an application', viewer: request.viewer, body });
}

/** The API keys page's list of connected applications, each with a Revoke form. */
export function connectedClientsSection(viewer: Viewer, clients: ConnectedClient[]): SafeHtml {
  const hostOf = (uris: string) => {
    const first = (JSON.parse(uris) as string[])[0];
    return first ? new URL(first).host : '';
  };
  return html`<section class="card" aria-labelledby="clients-title">
    <h2 id="clients-title">Connected applications</h2>
    <p class="hint">Assistants you connected by OAuth (claude.ai, Claude Desktop, ChatGPT...): they use Atelier's MCP tools as you. Revoking one signs it out at once.</p>
    ${
      clients.length === 0
        ? html`<p id="no-clients">No application is connected.</p>`
        : html`<div class="table-wrap" tabindex="0" role="region" aria-label="Connected applications"><table id="oauth-clients">
          <thead><tr><th scope="col">Application</th><th scope="col">Returns to</th><th scope="col">Connected</th><th scope="col">Last used</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
          <tbody>
            ${clients.map(
              (client) => html`<tr data-grant-id="${client.grant_id}">
                <td>${client.client_name ?? 'Unnamed application'}</td>
                <td class="mono">${hostOf(client.redirect_uris)}</td>
                <td>${formatTime(client.connected_at)}</td>
                <td>${formatTime(client.last_used_at)}</td>
                <td><form method="post" action="/dashboard/oauth/grants/${client.grant_id}/revoke" data-confirm="Disconnect “${client.client_name ?? 'this application'}”? It will have to be approved again.">
                  ${csrfField(viewer)}<button type="submit" class="danger">Revoke</button>
                </form></td>
              </tr>`,
            )}
          </tbody>
        </table></div>`
    }
  </section>`;
}
