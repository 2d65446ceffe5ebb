import { fastifyCookie } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import type { Caller } from '../modules/accounts/accounts.service.js';
import { CSRF_HEADER, SESSION_COOKIE, isValidCsrf } from '../modules/sessions/session-tokens.js';
import type { SessionsService } from '../modules/sessions/sessions.service.js';

export function cookiesOf(request: FastifyRequest): Record<string, string | undefined> {
  // The dashboard scope parses cookies with @fastify/cookie; API routes parse them only when a request has no key.
  return request.cookies ?? fastifyCookie.parse(request.headers.cookie ?? '');
}

/**
 * The dashboard's scripts call the JSON API with the session cookie instead of a key, and must send the CSRF
 * token in a header: a cookie alone (which a cross-site form would also carry) never authenticates.
 */
export async function callerFromSession(
  request: FastifyRequest,
  sessions: SessionsService,
): Promise<Caller | undefined> {
  if (!request.headers.cookie || request.headers[CSRF_HEADER] === undefined) return undefined;
  const token = cookiesOf(request)[SESSION_COOKIE];
  if (!isValidCsrf(token, request.headers[CSRF_HEADER])) return undefined;
  return sessions.resolve(token);
}
