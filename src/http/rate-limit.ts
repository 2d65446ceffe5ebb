import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import './fastify-types.js';

/**
 * Per account (limit from the caller's plan; all its keys and its dashboard session share it, so more keys
 * never mean more requests) once authenticated, per address otherwise. Counted in memory (per
 * process) unless a store is given (the database's: one count for every process that shares it).
 * Registered even when ATELIER_RATE_LIMIT_ENABLED is false, for the routes that carry their own limit
 * (logging in: see `loginRateLimit` in dashboard/login-rate-limit.ts).
 */
export async function registerRateLimit(
  app: FastifyInstance,
  config: Config,
  store?: FastifyRateLimitStoreCtor,
): Promise<void> {
  // An admin route is counted only once the caller is known to be an admin (after `rejectUnlessAdmin`, auth.ts):
  // anyone else gets the 404 of a missing path, with no ratelimit-* headers and no 429 of its own. This hook runs
  // before the plugin's own, which then leaves the route alone.
  app.addHook('onRoute', (route) => {
    if (route.config?.auth !== 'admin') return;
    route.config = { ...route.config, rateLimit: false };
    if (config.rateLimit.enabled) route.preValidation = [...[route.preValidation ?? []].flat(), app.rateLimit()];
  });
  await app.register(rateLimit, {
    ...(store && { store }),
    // If the counters cannot be reached (the database is down), let requests through: health checks still
    // answer, and everything that needs the database fails on its own terms.
    skipOnError: true,
    global: config.rateLimit.enabled,
    hook: 'preParsing',
    timeWindow: 60_000,
    enableDraftSpec: true,
    // A publishable key (a public widget) is counted on its own, with its own limit, apart from its account.
    keyGenerator: (request) =>
      request.caller?.botKey
        ? `botkey:${request.caller.keyId}`
        : request.caller
          ? `account:${request.caller.account.id}`
          : `ip:${request.ip}`,
    max: (request) =>
      request.caller?.botKey?.rateLimitPerMinute ??
      request.caller?.plan.rateLimitPerMinute ??
      config.rateLimit.anonymousPerMinute,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Rate limit exceeded: at most ${context.max} requests a minute; retry in ${context.after}`,
    }),
  });
}
