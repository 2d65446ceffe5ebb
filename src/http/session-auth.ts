import { createHmac, timingSafeEqual } from 'node:crypto';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import type { Caller } from '../modules/accounts/accounts.service.js';
import type { SessionsService } from '../modules/sessions/sessions.service.js';

/** The logged-in browser's session token. */
export const SESSION_COOKIE = 'atelier_session';
/** A random secret given to a browser before it logs in, so the log-in and sign-up forms carry a CSRF token too. */
export const BROWSER_COOKIE = 'atelier_browser';
export const CSRF_HEADER = 'x-csrf-token';

/**
 * CSRF tokens are derived from the browser's own secret (its session token, or its pre-login secret): a page
 * of another site can neither read the cookie nor compute the token, and nothing extra is stored.
 */
export function csrfTokenFor(secret: string): string {
  return createHmac('sha256', secret).update('atelier csrf').digest('base64url');
}

export function isValidCsrf(secret: string | undefined, token: unknown): boolean {
  return secret !== undefined && secret !== '' && isSameToken(csrfTokenFor(secret), token);
}

export function isSameToken(expected: string, token: unknown): boolean {
  if (typeof token !== 'string' || expected === '') return false;
  const want = Buffer.from(expected);
  const got = Buffer.from(token);
  return got.length === want.length && timingSafeEqual(got, want);
}

export function cookiesOf(request: FastifyRequest): Record<string, string | undefined> {
  // The dashboard scope parses cookies with @fastify/cookie; API routes parse them only when a request has no key.
  return request.cookies ?? fastifyCookie.parse(request.headers.cookie ?? '');
}

/**
 * The dashboard's scripts call the JSON API with the session cookie instead of a key, and must send the CSRF
 * token in a header: a cookie alone (which a cross-site form would also carry) never authenticates.
 */
export async function callerFromSession(request: FastifyRequest, sessions: SessionsService): Promise<Caller | undefined> {
  if (!request.headers.cookie || request.headers[CSRF_HEADER] === undefined) return undefined;
  const token = cookiesOf(request)[SESSION_COOKIE];
  if (!isValidCsrf(token, request.headers[CSRF_HEADER])) return undefined;
  return sessions.resolve(token);
}
