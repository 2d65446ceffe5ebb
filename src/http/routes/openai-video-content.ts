import type { FastifyInstance } from 'fastify';
import type { AnyOperation } from '../../operations/operation.js';
import { operationRoute } from '../operation-route.js';

/** GET /v1/videos/{id}/content: the operation's clip sent as the MP4 it is, not as JSON. */
export function openAiVideoContentRoute(app: FastifyInstance, operation: AnyOperation): void {
  operationRoute(app, operation, {
    handler: async (_request, reply, context, input) => {
      const clip = await operation.run(input, context);
      return reply.type('video/mp4').header('content-disposition', 'inline').send(clip);
    },
  });
}
