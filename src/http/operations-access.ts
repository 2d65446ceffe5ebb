import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** Whether a request may read the operations detail: /metrics, and the checks of /ready. */
export type OperationsAccess = (request: FastifyRequest) => boolean;

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Anyone when `open` (ATELIER_OPERATIONS_PUBLIC, or a port that listens on loopback only); otherwise only
 * `Authorization: Bearer <token>`, and nobody when no token is configured. Metrics and readiness detail
 * name engines, queue depths and failures: a map for an attacker, so private unless said otherwise.
 */
export function operationsAccess(token: string | undefined, open: boolean): OperationsAccess {
  if (open) return () => true;
  if (token === undefined) return () => false;
  const expected = digest(token);
  return (request) => {
    const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim();
    // Digests of equal length, so the comparison takes the same time whatever was sent.
    return given !== undefined && timingSafeEqual(digest(given), expected);
  };
}
