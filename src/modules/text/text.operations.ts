import { z } from 'zod';
import { defineOperation, toolArgs } from '../../operations/operation.js';
import { unwrap } from '../../shared/errors.js';
import { generateBodySchema, generateToolArgs, generatedOutputSchema, storedOutputSchema } from './text.schemas.js';
import type { TextService } from './text.service.js';

const tags = ['text'];
const outputId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export function textOperations(text: TextService) {
  return {
    generateText: defineOperation({
      name: 'generate_text',
      summary: 'Generate text outputs from a preset',
      description:
        'A preset\'s own field definitions (GET /api/presets/{slug}) take the place of the general fields: its required fields are required and its maxLength and radio options apply. Costs credits per output. A preset of yours whose output is an image answers each output with `kind: "image"` and `image`, the image record (charged and made as POST /api/generate-image makes it; poll GET /api/get-image while pending); one whose output is speech with `kind: "speech"` and `audio`, the recording (billed as POST /api/generate-text-to-speech).',
      tags,
      idempotent: true,
      input: generateBodySchema,
      output: z.array(generatedOutputSchema),
      errors: [400, 401, 402, 403, 404, 409, 413, 422, 429, 502, 503],
      run: async (body, { caller, requestId }) => unwrap(await text.generate(caller, body, requestId)),
      http: { method: 'POST', path: '/api/generate' },
      tool: {
        description:
          'Generate text with a template (synchronous): `preset` is its slug (from list_templates), `keywords` its main text (every catalogue template needs it; your own templates may not have it), optionally tone, language (an English name such as Spanish), outputs (1 to 10, default 1) and extra_fields: the template\'s other fields by name, e.g. {"extra1": "..."} (see get_template). Uses credits per output and the word quota; returns the outputs [{id, name, text}]. A template of yours that makes an image adds kind "image" and image (the image record: poll get_image while pending; image credits); one that makes speech adds kind "speech" and audio {uuid, url} (billed as generate_speech).',
        args: toolArgs(generateToolArgs, ({ extra_fields: extra, ...rest }) => ({ ...rest, ...extra })),
      },
    }),
    getOutput: defineOperation({
      name: 'get_output',
      summary: 'Read back a generated output by the id that POST /api/generate returned',
      tags,
      input: z.object({}),
      params: z.object({ id: outputId }),
      output: storedOutputSchema,
      errors: [400, 401, 404, 429],
      run: async ({ id }, { caller }) => unwrap(await text.findOutput(caller, id)),
      http: { method: 'GET', path: '/api/outputs/:id' },
    }),
    listOutputs: defineOperation({
      name: 'list_outputs',
      summary: "The caller's generated outputs, newest first",
      tags,
      input: z.object({
        limit: z.coerce.number().int().min(1).max(100).default(20),
        before_id: outputId.optional(),
      }),
      output: z.object({ outputs: z.array(storedOutputSchema) }),
      errors: [400, 401, 429],
      run: async ({ limit, before_id: before }, { caller }) => ({
        outputs: await text.listOutputs(caller, limit, before),
      }),
      http: { method: 'GET', path: '/api/outputs' },
    }),
  };
}
