import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import type { ServiceMetrics } from '../metrics.js';
import type { OperationsAccess } from '../operations-access.js';
import { hooksOf } from '../route-helpers.js';

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

/**
 * One histogram observation per answered request, labelled with the route's pattern (never the raw URL): a
 * hook of each route, which knows its pattern (asking a request for its route's options makes Fastify build
 * and freeze them), and one for the requests no route took (404s, malformed URLs).
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: ServiceMetrics): void {
  app.addHook('onRoute', (route) => {
    const pattern = route.url;
    const observe: onResponseHookHandler = (request, reply, done) => {
      metrics.observeRequest(pattern, request.method, reply.statusCode, reply.elapsedTime / 1000);
      done();
    };
    route.onResponse = [...hooksOf(route.onResponse), observe];
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) metrics.observeRequest('unmatched', request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
