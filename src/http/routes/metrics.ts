import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ServiceMetrics } from '../metrics.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** GET /metrics in the Prometheus text format; with a token configured, only for `Authorization: Bearer <token>`. */
export function metricsRoutes(app: FastifyInstance, metrics: ServiceMetrics, token: string | undefined): void {
  const expected = token === undefined ? undefined : digest(token);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (expected) {
      const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim();
      if (given === undefined || !timingSafeEqual(digest(given), expected)) {
        return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ error: 'Invalid metrics token' });
      }
    }
    try {
      await metrics.refreshQueue();
    } catch (error) {
      request.log.warn({ err: error }, 'could not read the job queue for /metrics');
    }
    return reply.type(metrics.contentType).send(await metrics.render());
  });
}

/** One histogram observation per answered request, labelled with the route's pattern (never the raw URL). */
export function registerRequestMetrics(app: FastifyInstance, metrics: ServiceMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.routeOptions.url ?? 'unmatched', request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
