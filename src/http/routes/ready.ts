import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OperationsAccess } from '../operations-access.js';
import type { Readiness } from '../../readiness/readiness.js';

const check = z.object({ status: z.enum(['ok', 'failed', 'disabled']), detail: z.string() });
const report = z.object({ status: z.enum(['ready', 'not_ready']), checks: z.record(z.string(), check).optional() });

/**
 * GET /ready: 503 when a dependency this process needs fails (take it out of rotation). Load balancers get
 * the status from anyone; the checks (which engine, which program, what failed) only for those `access` lets in.
 */
export function readyRoutes(app: FastifyInstance, readiness: Readiness, access: OperationsAccess): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/ready',
    {
      schema: {
        tags: ['service'],
        summary: 'Readiness: the database, the file store, job workers and the configured engines',
        description:
          'Anyone gets the status; each check with its detail needs the operations token (Authorization: Bearer) unless ATELIER_OPERATIONS_PUBLIC=true.',
        response: { 200: report, 503: report },
      },
    },
    async (request, reply) => {
      const result = await readiness.report();
      return reply
        .code(result.status === 'ready' ? 200 : 503)
        .send(access(request) ? result : { status: result.status });
    },
  );
}
