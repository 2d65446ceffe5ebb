import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import './fastify-types.js';

/** Per key (limit from the caller's plan) once authenticated, per address otherwise. In memory: per process. */
export async function registerRateLimit(app: FastifyInstance, config: Config): Promise<void> {
  if (!config.rateLimit.enabled) return;
  await app.register(rateLimit, {
    global: true,
    hook: 'preParsing',
    timeWindow: 60_000,
    enableDraftSpec: true,
    keyGenerator: (request) => (request.caller ? `key:${request.caller.keyId}` : `ip:${request.ip}`),
    max: (request) => request.caller?.plan.rateLimitPerMinute ?? config.rateLimit.anonymousPerMinute,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Rate limit exceeded: at most ${context.max} requests a minute; retry in ${context.after}`,
    }),
  });
}
