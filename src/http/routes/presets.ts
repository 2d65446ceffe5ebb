import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CATEGORIES } from '../../modules/presets/preset-types.js';
import type { PresetsService } from '../../modules/presets/presets.service.js';
import { unwrap } from '../../shared/errors.js';
import { errors, keyRequired, secured } from '../route-helpers.js';

const fieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(['textarea', 'text', 'radio']),
  required: z.boolean(),
  placeholder: z.string().optional(),
  maxLength: z.number().int().optional(),
  radioOptions: z.array(z.object({ value: z.string(), default: z.boolean() })).optional(),
});
const summarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.array(z.enum(CATEGORIES)),
  isFree: z.boolean(),
});
const listSchema = z.object({
  presets: z.array(summarySchema),
  total: z.number().int(),
  categories: z.array(z.enum(CATEGORIES)),
});

export function presetRoutes(app: FastifyInstance, presets: PresetsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/presets',
    {
      ...keyRequired,
      schema: {
        tags: ['presets'],
        summary: 'List presets (templates), optionally by category',
        security: secured,
        querystring: z.object({
          category: z.enum(CATEGORIES, { error: () => `must be one of ${CATEGORIES.join(', ')}` }).optional(),
        }),
        response: { 200: listSchema, ...errors(400, 401, 429) },
      },
    },
    // Sent pre-serialised: the catalogue does not change while the process runs.
    async (request, reply) => {
      const json = presets.listJson(request.query.category);
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
    },
  );

  const detail = {
    ...keyRequired,
    schema: {
      tags: ['presets'],
      summary: 'A preset with its input field definitions',
      security: secured,
      params: z.object({ slug: z.string().max(200).default('') }),
      response: { 200: summarySchema.extend({ fields: z.array(fieldSchema) }), ...errors(400, 401, 404, 429) },
    },
  };
  api.get('/api/presets/:slug', detail, async (request) => unwrap(presets.detail(request.params.slug)));
}
