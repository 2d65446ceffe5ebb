import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export function healthRoutes(app: FastifyInstance, isDatabaseReachable: () => Promise<boolean>): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        tags: ['service'],
        summary: 'Liveness and database reachability',
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.literal('unavailable'), error: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      if (await isDatabaseReachable()) return { status: 'ok' as const };
      return reply.code(503).send({ status: 'unavailable' as const, error: 'Database is not reachable' });
    },
  );
}
