import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { generateBodySchema, generatedOutputSchema, storedOutputSchema } from '../../modules/text/text.schemas.js';
import type { TextService } from '../../modules/text/text.service.js';
import { unwrap } from '../../shared/errors.js';
import {
  IDEMPOTENCY_NOTE,
  callerOf,
  errors,
  idempotencyHeader,
  keyRequired,
  paidCreation,
  secured,
} from '../route-helpers.js';

export function generateRoutes(app: FastifyInstance, text: TextService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/generate',
    {
      ...paidCreation,
      schema: {
        tags: ['text'],
        summary: 'Generate text outputs from a preset',
        description:
          "A preset's own field definitions (GET /api/presets/{slug}) take the place of the general fields: its required fields are required and its maxLength and radio options apply. Costs credits per output. " +
          IDEMPOTENCY_NOTE,
        security: secured,
        headers: idempotencyHeader,
        body: generateBodySchema,
        response: { 200: z.array(generatedOutputSchema), ...errors(400, 401, 402, 403, 404, 409, 413, 422, 429, 502) },
      },
    },
    async (request) => unwrap(await text.generate(callerOf(request), request.body, request.id)),
  );

  api.get(
    '/api/outputs/:id',
    {
      ...keyRequired,
      schema: {
        tags: ['text'],
        summary: 'Read back a generated output by the id that POST /api/generate returned',
        security: secured,
        params: z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
        response: { 200: storedOutputSchema, ...errors(400, 401, 404, 429) },
      },
    },
    async (request) => unwrap(await text.findOutput(callerOf(request), request.params.id)),
  );

  api.get(
    '/api/outputs',
    {
      ...keyRequired,
      schema: {
        tags: ['text'],
        summary: "The caller's generated outputs, newest first",
        security: secured,
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(20),
          before_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
        }),
        response: { 200: z.object({ outputs: z.array(storedOutputSchema) }), ...errors(400, 401, 429) },
      },
    },
    async (request) => ({
      outputs: await text.listOutputs(callerOf(request), request.query.limit, request.query.before_id),
    }),
  );
}
