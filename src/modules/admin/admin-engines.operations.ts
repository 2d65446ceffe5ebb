import { z } from 'zod';
import { defineOperation } from '../../operations/operation.js';
import { unwrap } from '../../shared/errors.js';
import type { AdminEnginesService } from './admin-engines.service.js';
import { ADMIN_TAGS } from './audit.operations.js';

const checkSchema = z.object({
  status: z.enum(['ok', 'failed', 'disabled']),
  detail: z.string().describe('What /ready says: the engines checked, or why one is not ready'),
});

/** The engines behind every capability, as /ready sees them. */
export function adminEngineOperations(service: AdminEnginesService) {
  return {
    adminListEngines: defineOperation({
      tags: ADMIN_TAGS,
      auth: 'admin',
      name: 'admin_list_engines',
      summary: 'List the engines serving each capability',
      description:
        'For every capability (text, image, video, transcription, speech, sound, embedding): each model name and its aliases, the engine that serves it, the upstream model and base URL of remote providers (never a key), and the /ready check of the capability. Admin accounts only.',
      input: z.strictObject({}),
      output: z.object({
        status: z.enum(['ready', 'not_ready']).describe('The whole service, as /ready says'),
        capabilities: z.array(
          z.object({
            capability: z.string(),
            ready: checkSchema,
            models: z.array(
              z.object({
                name: z.string(),
                aliases: z.array(z.string()),
                engine: z.string(),
                model: z.string().nullable(),
                base_url: z.string().nullable(),
              }),
            ),
          }),
        ),
      }),
      errors: [404, 503],
      run: async () => unwrap(await service.list()),
      http: { method: 'GET', path: '/api/admin/engines' },
    }),
  };
}
