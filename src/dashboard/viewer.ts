import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../modules/accounts/accounts.service.js';

/** Who is looking at a dashboard page: the logged-in caller (or null) and the CSRF token for this browser. */
export interface Viewer {
  caller: Caller | null;
  csrf: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer;
  }
}

/** The logged-in caller of a page; otherwise the browser is sent to log in and come back. */
export function loggedIn(request: FastifyRequest, reply: FastifyReply): Caller | undefined {
  const caller = request.viewer.caller;
  if (caller) return caller;
  const next = request.method === 'GET' ? `?next=${encodeURIComponent(request.url)}` : '';
  void reply.redirect(`/dashboard/login${next}`, 303);
  return undefined;
}

/** A path inside the dashboard to return to after logging in; anything else (another site, say) goes home. */
export function safeNext(next: unknown): string {
  return typeof next === 'string' && /^\/dashboard(\/[\w\-./%?=&]*)?$/.test(next) && !next.includes('//')
    ? next
    : '/dashboard';
}
