import { z } from 'zod';
import { defineOperation } from '../../operations/operation.js';
import { unwrap } from '../../shared/errors.js';
import {
  createUserPresetSchema,
  ownPresetParams,
  updateUserPresetSchema,
  userPresetSchema,
  userPresetVersionSchema,
} from './user-preset.schemas.js';
import type { UserPresetsService } from './user-presets.service.js';

const tags = ['presets'];
const FIELDS_HELP =
  'fields (1 to 9): {name (the generate_text parameter it fills: keywords, tone, length, extra1...extra14, suffix), label, type (text, textarea, select, radio, checkbox, or image: a picture as an http(s) or data:image URL on an extraN parameter, given to the model beside the prompt and usable in the template only as a section {{#extraN}}...{{/extraN}}), required, placeholder, maxLength, options (select and radio), default}';
const OUTPUT_HELP =
  'output: text (default), image (the rendered prompt is an image prompt; image_settings {model from list_image_models, dimensions, style, resolution}) or speech (the text written is spoken; voice: an id from list_voices)';
const PROMPT_HELP =
  'prompt: a logic-less Mustache template using every field as {{name}} (or {{#name}}...{{/name}} / {{^name}}...{{/name}}, nested at most 3 deep) and optionally {{language}}';
const BRAND_VOICE_HELP =
  'brand_voice: the id of one of your brand voices (list_brand_voices), used by generate_text unless it names one (null clears it)';

/** Presets an account makes: private to it, used by slug like a catalogue preset (GET routes in presets.operations.ts). */
export function userPresetOperations(userPresets: UserPresetsService) {
  return {
    createPreset: defineOperation({
      name: 'create_preset',
      summary: 'Create a preset of your own',
      description:
        'A preset only your account sees and uses, by its slug, wherever a catalogue preset is taken (POST /api/generate, MCP generate_text). Its slug is made from the title unless given, and must not be taken.',
      tags,
      input: createUserPresetSchema,
      output: userPresetSchema,
      errors: [400, 401, 409, 429],
      run: async (body, { caller }) => unwrap(await userPresets.create(caller.account.id, body)),
      http: { method: 'POST', path: '/api/presets', status: 201 },
      tool: {
        name: 'create_template',
        description: `Create a template (preset) of your own, used by its slug with generate_text: title, description, category, ${FIELDS_HELP}, ${OUTPUT_HELP}, ${PROMPT_HELP}, ${BRAND_VOICE_HELP}. Returns the template with its slug and version.`,
      },
    }),
    updatePreset: defineOperation({
      name: 'update_preset',
      summary: 'Edit one of your presets: a new version',
      description:
        'The fields given replace the current ones; the fields, prompt, output and its settings (image_settings, voice) are checked together. Outputs made before keep the version they were made with.',
      tags,
      input: updateUserPresetSchema,
      params: ownPresetParams,
      output: userPresetSchema,
      errors: [400, 401, 404, 429],
      run: async ({ slug, ...body }, { caller }) => unwrap(await userPresets.update(caller.account.id, slug, body)),
      http: { method: 'PATCH', path: '/api/presets/:slug' },
      tool: {
        name: 'update_template',
        needs: [
          [
            ['title'],
            ['description'],
            ['category'],
            ['fields'],
            ['output'],
            ['image_settings'],
            ['voice'],
            ['prompt'],
            ['brand_voice'],
          ],
        ],
        description: `Edit a template of your own (by slug): a new version. Give only what changes: title, description, category, ${FIELDS_HELP}, ${OUTPUT_HELP} (null removes image_settings or voice), ${PROMPT_HELP}.`,
      },
    }),
    deletePreset: defineOperation({
      name: 'delete_preset',
      summary: 'Delete one of your presets',
      tags,
      input: z.object({}),
      params: ownPresetParams,
      output: z.object({ deleted: z.literal(true), slug: z.string() }),
      errors: [400, 401, 404, 429],
      run: async ({ slug }, { caller }) => unwrap(await userPresets.delete(caller.account.id, slug)),
      http: { method: 'DELETE', path: '/api/presets/:slug' },
      tool: { name: 'delete_template', description: 'Delete a template of your own, by slug.' },
    }),
    listPresetVersions: defineOperation({
      name: 'list_preset_versions',
      summary: "One of your presets' versions, newest first",
      tags,
      input: z.object({}),
      params: ownPresetParams,
      output: z.object({ versions: z.array(userPresetVersionSchema) }),
      errors: [400, 401, 404, 429],
      run: async ({ slug }, { caller }) => ({ versions: unwrap(await userPresets.versions(caller.account.id, slug)) }),
      http: { method: 'GET', path: '/api/presets/:slug/versions' },
    }),
  };
}
