import { z } from 'zod';
import { defineOperation } from '../../operations/operation.js';
import { unwrap } from '../../shared/errors.js';
import type { CustomVoicesService } from './custom-voices.service.js';
import { voiceSchema } from './speech.schemas.js';

const settingsSchema = z.record(z.string().max(50), z.union([z.number(), z.boolean()]));
const customVoiceSchema = voiceSchema.extend({
  custom: z.literal(true),
  base_voice_id: z.string(),
  settings: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
});
const voiceParams = z.object({ id: z.string().max(100) });
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

const tags = ['speech'];

/** The account's own voices: a predefined base voice plus settings, or a clone of recorded samples. */
export function customVoiceOperations(voices: CustomVoicesService) {
  return {
    listCustomVoices: defineOperation({
      name: 'list_custom_voices',
      summary: 'Your custom voices',
      tags,
      input: z.object({}),
      output: z.object({ voices: z.array(customVoiceSchema) }),
      errors: [401, 429],
      run: async (_input, { caller }) => ({ voices: await voices.list(caller.account.id) }),
      http: { method: 'GET', path: '/api/voices' },
    }),
    createCustomVoice: defineOperation({
      name: 'create_custom_voice',
      summary: 'Create a custom voice from a base voice and settings',
      tags,
      input: z.strictObject({
        name,
        description: description.optional(),
        base_voice_id: z.string().min(1).max(200),
        settings: settingsSchema.optional(),
      }),
      output: customVoiceSchema,
      errors: [400, 401, 429],
      run: async (body, { caller }) => unwrap(await voices.create(caller.account.id, body)),
      http: { method: 'POST', path: '/api/voices', status: 201 },
    }),
    cloneVoice: defineOperation({
      name: 'clone_voice',
      summary: 'Clone a voice from recorded samples (needs a cloning provider: ElevenLabs)',
      description: `1 to ${MAX_SAMPLES} samples, base64-encoded, each at most ${MAX_SAMPLE_BYTES / 1024 / 1024} MiB; the whole body at most ${CLONE_BODY_LIMIT / 1024 / 1024} MiB. The new voice is yours alone.`,
      tags,
      input: z.strictObject({
        name,
        description: description.optional(),
        samples: z.array(sampleSchema).min(1).max(MAX_SAMPLES),
      }),
      output: customVoiceSchema,
      errors: [400, 401, 413, 429, 501, 502, 503],
      run: async ({ name: voiceName, description: text, samples }, { caller }) =>
        unwrap(
          await voices.clone(caller.account.id, {
            name: voiceName,
            ...(text !== undefined && { description: text }),
            samples: samples.map((s) => ({ filename: s.filename, contentType: s.content_type, data: s.data })),
          }),
        ),
      http: { method: 'POST', path: '/api/voices/clone', status: 201, bodyLimit: CLONE_BODY_LIMIT },
    }),
    getCustomVoice: defineOperation({
      name: 'get_custom_voice',
      summary: 'One of your custom voices',
      tags,
      input: z.object({}),
      params: voiceParams,
      output: customVoiceSchema,
      errors: [401, 404, 429],
      run: async ({ id }, { caller }) => unwrap(await voices.get(caller.account.id, id)),
      http: { method: 'GET', path: '/api/voices/:id' },
    }),
    updateCustomVoice: defineOperation({
      name: 'update_custom_voice',
      summary: 'Rename a custom voice or change its settings',
      tags,
      input: z.strictObject({
        name: name.optional(),
        description: description.optional(),
        settings: settingsSchema.optional(),
      }),
      output: customVoiceSchema,
      params: voiceParams,
      errors: [400, 401, 404, 429],
      run: async ({ id, ...changes }, { caller }) => unwrap(await voices.update(caller.account.id, id, changes)),
      http: { method: 'PATCH', path: '/api/voices/:id' },
    }),
    deleteCustomVoice: defineOperation({
      name: 'delete_custom_voice',
      summary: 'Delete a custom voice',
      tags,
      input: z.object({}),
      params: voiceParams,
      output: z.object({ id: z.string(), deleted: z.literal(true) }),
      errors: [401, 404, 429],
      run: async ({ id }, { caller }) => unwrap(await voices.delete(caller.account.id, id)),
      http: { method: 'DELETE', path: '/api/voices/:id' },
    }),
  };
}
