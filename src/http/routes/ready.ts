import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Readiness } from '../readiness.js';

const check = z.object({ status: z.enum(['ok', 'failed', 'disabled']), detail: z.string() });
const report = z.object({ status: z.enum(['ready', 'not_ready']), checks: z.record(z.string(), check) });

/** GET /ready: each dependency this process needs, and 503 when one of them fails (take it out of rotation). */
export function readyRoutes(app: FastifyInstance, readiness: Readiness): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/ready',
    {
      schema: {
        tags: ['service'],
        summary: 'Readiness: the database, the file store, job workers and the configured engines, each with its status',
        response: { 200: report, 503: report },
      },
    },
    async (_request, reply) => {
      const result = await readiness.report();
      return reply.code(result.status === 'ready' ? 200 : 503).send(result);
    },
  );
}
