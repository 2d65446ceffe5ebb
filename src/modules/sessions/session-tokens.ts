import { createHmac, timingSafeEqual } from 'node:crypto';

// The names and tokens a browser's session is carried by: the API's session auth (http/session-auth.ts) and the
// dashboard both speak them.

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
