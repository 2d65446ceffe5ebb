import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Caller } from '../modules/accounts/accounts.service.js';
import { AppError } from '../shared/errors.js';
import { type SafeHtml, html } from './html.js';
import { type PageOptions, sendPage } from './layout.js';

/** The admin area's pages, in its own navigation's order. */
export const ADMIN_SECTIONS = [
  ['/dashboard/admin/accounts', 'Accounts'],
  ['/dashboard/admin/usage', 'Usage'],
  ['/dashboard/admin/jobs', 'Jobs'],
  ['/dashboard/admin/engines', 'Engines'],
  ['/dashboard/admin/models', 'Models'],
  ['/dashboard/admin/presets', 'Published presets'],
  ['/dashboard/admin/audit', 'Audit log'],
] as const;

export type AdminSection = (typeof ADMIN_SECTIONS)[number][0];

const isAdmin = (caller: Caller | null): caller is Caller =>
  caller !== null && caller.account.is_admin === 1 && !caller.botKey;

/**
 * Whoever is not an admin, logged in or not, gets the dashboard's 404 for every admin page, as for a page that does
 * not exist: decided in onRequest, before the rate limiter (no ratelimit-* headers), the form parser and the CSRF
 * check, none of which a missing page meets. Added to every route of `scope` under /dashboard/admin.
 */
export function hideAdminPages(scope: FastifyInstance): void {
  const refuseUnlessAdmin = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    done(isAdmin(request.viewer.caller) ? undefined : new AppError('not_found', 'There is no such page'));
  };
  scope.addHook('onRoute', (route) => {
    if (route.url === '/dashboard/admin' || route.url.startsWith('/dashboard/admin/'))
      route.onRequest = [...[route.onRequest ?? []].flat(), refuseUnlessAdmin];
  });
}

/** The admin caller of an admin page (`hideAdminPages` has already turned everyone else away with a 404). */
export function adminOnly(request: FastifyRequest): Caller {
  const caller = request.viewer.caller;
  if (!isAdmin(caller)) throw new AppError('not_found', 'There is no such page');
  return caller;
}

/** An admin page: the main navigation marks Admin, and the admin area's own navigation comes first in the body. */
export function sendAdminPage(
  reply: FastifyReply,
  options: Omit<PageOptions, 'section' | 'body'> & { current: AdminSection; body: SafeHtml },
  status = 200,
): FastifyReply {
  const nav = html`<nav aria-label="Admin" class="admin-nav">
    <ul>
      ${ADMIN_SECTIONS.map(
        ([href, label]) =>
          html`<li><a href="${href}" ${href === options.current ? html`aria-current="page"` : ''}>${label}</a></li>`,
      )}
    </ul>
  </nav>`;
  const { current: _current, body, styles = [], ...rest } = options;
  return sendPage(
    reply,
    {
      ...rest,
      section: '/dashboard/admin',
      styles: ['admin.css', ...styles],
      body: html`${nav}${body}`,
    },
    status,
  );
}
