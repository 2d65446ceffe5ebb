import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/** Route options that limit password guessing: attempts per minute and address, counted apart from API traffic. */
export function loginRateLimit(config: Config) {
  return {
    rateLimit: {
      max: config.dashboard.loginAttemptsPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `login:${request.ip}`,
    },
  };
}
