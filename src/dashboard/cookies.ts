import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/** HttpOnly, SameSite=Lax (links into the dashboard from mail or a chat still work), Secure behind TLS. */
export function cookieOptions(request: FastifyRequest, config: Config, maxAgeSeconds?: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https' || config.publicUrl.startsWith('https:'),
    ...(maxAgeSeconds !== undefined && { maxAge: maxAgeSeconds }),
  };
}
