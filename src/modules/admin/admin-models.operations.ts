import { z } from 'zod';
import { defineOperation } from '../../operations/operation.js';
import { unwrap } from '../../shared/errors.js';
import type { AdminModelsService } from './admin-models.service.js';
import { ADMIN_TAGS } from './audit.operations.js';

const modelSchema = z.object({
  name: z.string(),
  kind: z.enum(['llm', 'whisper', 'embedding']),
  description: z.string(),
  bytes: z.number().int(),
  file: z.string().describe('The file name in the models folder'),
  state: z.enum(['absent', 'pulling', 'pulled']),
  serves: z.string().describe('What the service does with it once pulled'),
  in_use: z.boolean(),
  recommended: z.boolean().describe('The small text model the first-run notice offers'),
  progress: z
    .object({
      received: z.number().int(),
      total: z.number().int(),
      bytes_per_second: z.number().int(),
      eta_seconds: z.number().int().nullable(),
      started_at: z.string(),
      by_this_process: z.boolean().describe('false: another service process or `atelier models pull` pulls it'),
    })
    .nullable(),
  partial_bytes: z.number().int().nullable().describe('An unfinished download kept for a resume'),
  last_error: z.string().nullable().describe('Why the last pull failed'),
});

const modelParams = z.object({ name: z.string().min(1).max(100) });

/** The local model catalogue: list, pull in the background with progress, cancel, remove. */
export function adminModelOperations(models: AdminModelsService) {
  return {
    adminListModels: defineOperation({
      name: 'admin_list_models',
      summary: 'List the local model catalogue',
      description:
        'Each model with its size, state (absent, pulling with progress, pulled), what it serves and whether it is in use; pulls started by `atelier models pull` show too. Admin accounts only: anyone else gets 404.',
      tags: ADMIN_TAGS,
      auth: 'admin',
      input: z.strictObject({}),
      output: z.object({
        models: z.array(modelSchema),
        text_provider: z.string().describe('The text provider serving now'),
        follows_pulled_models: z
          .boolean()
          .describe('Pulled language models serve text at once (no text provider or model file configured)'),
        whisper_model: z
          .string()
          .nullable()
          .describe('The file of the whisper model transcriptions use now; null when there is none'),
        follows_pulled_whisper_models: z
          .boolean()
          .describe('A pulled whisper model serves transcriptions at once (no whisper model file configured)'),
      }),
      errors: [400, 404],
      run: () => models.list(),
      http: { method: 'GET', path: '/api/admin/models' },
    }),
    adminPullModel: defineOperation({
      name: 'admin_pull_model',
      summary: 'Pull a model in the background',
      description:
        'Starts the download (resumed if a part is there, checked against its SHA-256) and answers at once with the state; GET /api/admin/models shows its progress. A pulled language or whisper model is used without a restart. 409 when it is pulled or being pulled.',
      tags: ADMIN_TAGS,
      auth: 'admin',
      input: z.strictObject({}),
      params: modelParams,
      output: modelSchema,
      errors: [400, 404, 409],
      run: async ({ name }, { caller }) => unwrap(await models.pull(caller, name)),
      http: { method: 'POST', path: '/api/admin/models/:name/pull' },
    }),
    adminCancelModelPull: defineOperation({
      name: 'admin_cancel_model_pull',
      summary: 'Cancel a pull',
      description:
        'Stops the pull wherever it runs (this service or `atelier models pull`); the bytes so far stay for a resume. 409 when the model is not being pulled.',
      tags: ADMIN_TAGS,
      auth: 'admin',
      input: z.strictObject({}),
      params: modelParams,
      output: modelSchema,
      errors: [400, 404, 409],
      run: async ({ name }, { caller }) => unwrap(await models.cancel(caller, name)),
      http: { method: 'POST', path: '/api/admin/models/:name/cancel' },
    }),
    adminRemoveModel: defineOperation({
      name: 'admin_remove_model',
      summary: 'Remove a pulled model',
      description:
        'Deletes the file and any partial download; a language model in use is replaced at once (requests in flight finish on it). 409 while it is being pulled or when there is nothing to remove.',
      tags: ADMIN_TAGS,
      auth: 'admin',
      input: z.strictObject({}),
      params: modelParams,
      output: modelSchema,
      errors: [400, 404, 409],
      run: async ({ name }, { caller }) => unwrap(await models.remove(caller, name)),
      http: { method: 'DELETE', path: '/api/admin/models/:name' },
    }),
  };
}
