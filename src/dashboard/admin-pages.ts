import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../modules/accounts/accounts.service.js';
import { AppError } from '../shared/errors.js';
import { type SafeHtml, html } from './html.js';
import { type PageOptions, sendPage } from './layout.js';
import { loggedIn } from './viewer.js';

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

/**
 * The admin caller of an admin page. Someone logged out is sent to log in (as on any page); a logged-in account
 * that is not an admin gets the dashboard's 404, as for a page that does not exist.
 */
export function adminOnly(request: FastifyRequest, reply: FastifyReply): Caller | undefined {
  const caller = loggedIn(request, reply);
  if (!caller) return undefined;
  if (caller.account.is_admin !== 1 || caller.botKey) throw new AppError('not_found', 'There is no such page');
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
