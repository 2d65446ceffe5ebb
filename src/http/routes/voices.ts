import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CustomVoicesService } from '../../modules/speech/custom-voices.service.js';
import { unwrap } from '../../shared/errors.js';
import { callerOf, errors, keyRequired, secured } from '../route-helpers.js';
import { voiceSchema } from './voice-schemas.js';

const settingsSchema = z.record(z.string().max(50), z.union([z.number(), z.boolean()]));
const customVoiceSchema = voiceSchema.extend({
  custom: z.literal(true),
  base_voice_id: z.string(),
  settings: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
});
const idParams = z.object({ id: z.string().max(100) });
const MAX_SAMPLES = 25;
const MAX_SAMPLE_BYTES = 10 * 1024 * 1024;
const CLONE_BODY_LIMIT = 40 * 1024 * 1024;
const sampleSchema = z
  .strictObject({
    filename: z.string().regex(/^[\w. -]{1,100}$/, 'must be a plain file name'),
    content_type: z.string().regex(/^audio\/[\w.+-]+$/, 'must be an audio type such as audio/mpeg'),
    data_base64: z
      .base64()
      .max(Math.ceil(MAX_SAMPLE_BYTES / 3) * 4, `must decode to at most ${MAX_SAMPLE_BYTES} bytes`),
  })
  .transform((s) => ({
    filename: s.filename,
    content_type: s.content_type,
    data: Buffer.from(s.data_base64, 'base64'),
  }));
const name = z.string().trim().min(1).max(100);
const description = z.string().trim().max(500);

/** The account's own voices: a predefined base voice plus settings. */
export function voiceRoutes(app: FastifyInstance, voices: CustomVoicesService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['speech'];

  api.get(
    '/api/voices',
    {
      ...keyRequired,
      schema: {
        tags,
        summary: 'Your custom voices',
        security: secured,
        response: { 200: z.object({ voices: z.array(customVoiceSchema) }), ...errors(401, 429) },
      },
    },
    async (request) => ({ voices: await voices.list(callerOf(request).account.id) }),
  );

  api.post(
    '/api/voices',
    {
      ...keyRequired,
      schema: {
        tags,
        summary: 'Create a custom voice from a base voice and settings',
        security: secured,
        body: z.strictObject({
          name,
          description: description.optional(),
          base_voice_id: z.string().min(1).max(200),
          settings: settingsSchema.optional(),
        }),
        response: { 201: customVoiceSchema, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(unwrap(await voices.create(callerOf(request).account.id, request.body))),
  );

  api.post(
    '/api/voices/clone',
    {
      ...keyRequired,
      bodyLimit: CLONE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Clone a voice from recorded samples (needs a cloning provider: ElevenLabs)',
        description: `1 to ${MAX_SAMPLES} samples, base64-encoded, each at most ${MAX_SAMPLE_BYTES / 1024 / 1024} MiB; the whole body at most ${CLONE_BODY_LIMIT / 1024 / 1024} MiB. The new voice is yours alone.`,
        security: secured,
        body: z.strictObject({
          name,
          description: description.optional(),
          samples: z.array(sampleSchema).min(1).max(MAX_SAMPLES),
        }),
        response: { 201: customVoiceSchema, ...errors(400, 401, 413, 429, 501, 502, 503) },
      },
    },
    async (request, reply) => {
      const { name: voiceName, description: text, samples } = request.body;
      const cloned = await voices.clone(callerOf(request).account.id, {
        name: voiceName,
        ...(text !== undefined && { description: text }),
        samples: samples.map((s) => ({ filename: s.filename, contentType: s.content_type, data: s.data })),
      });
      return reply.code(201).send(unwrap(cloned));
    },
  );

  api.get(
    '/api/voices/:id',
    {
      ...keyRequired,
      schema: {
        tags,
        summary: 'One of your custom voices',
        security: secured,
        params: idParams,
        response: { 200: customVoiceSchema, ...errors(401, 404, 429) },
      },
    },
    async (request) => unwrap(await voices.get(callerOf(request).account.id, request.params.id)),
  );

  api.patch(
    '/api/voices/:id',
    {
      ...keyRequired,
      schema: {
        tags,
        summary: 'Rename a custom voice or change its settings',
        security: secured,
        params: idParams,
        body: z.strictObject({
          name: name.optional(),
          description: description.optional(),
          settings: settingsSchema.optional(),
        }),
        response: { 200: customVoiceSchema, ...errors(400, 401, 404, 429) },
      },
    },
    async (request) => unwrap(await voices.update(callerOf(request).account.id, request.params.id, request.body)),
  );

  api.delete(
    '/api/voices/:id',
    {
      ...keyRequired,
      schema: {
        tags,
        summary: 'Delete a custom voice',
        security: secured,
        params: idParams,
        response: { 200: z.object({ id: z.string(), deleted: z.literal(true) }), ...errors(401, 404, 429) },
      },
    },
    async (request) => unwrap(await voices.delete(callerOf(request).account.id, request.params.id)),
  );
}
