import type { FastifyInstance } from 'fastify';
import type { ServiceMetrics } from '../metrics.js';
import type { OperationsAccess } from '../operations-access.js';

/** GET /metrics in the Prometheus text format, for those `access` lets in (see operationsAccess). */
export function metricsRoutes(app: FastifyInstance, metrics: ServiceMetrics, access: OperationsAccess): void {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!access(request)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ error: 'Invalid metrics token' });
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
    metrics.observeRequest(
      request.routeOptions.url ?? 'unmatched',
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}
