import { z } from 'zod';
import { JsonText, defineOperation } from '../../operations/operation.js';
import { unwrap } from '../../shared/errors.js';
import { pageOf, pagingArgs } from '../../shared/paging.js';
import { CATEGORIES, type Category } from '../../shared/presets/preset-types.js';
import type { PresetsService } from './presets.service.js';
import { USER_PRESET_OUTPUTS } from './user-preset.schemas.js';
import type { UserPresetsService } from './user-presets.service.js';

const fieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z
    .enum(['textarea', 'text', 'radio', 'select', 'checkbox', 'image'])
    .describe('image: an http(s) or data:image/...;base64, URL of a picture (your own presets)'),
  required: z.boolean(),
  placeholder: z.string().optional(),
  maxLength: z.number().int().optional(),
  radioOptions: z.array(z.object({ value: z.string(), default: z.boolean() })).optional(),
  default: z.string().optional().describe("Your own presets' fields: the value used when none is given"),
});
const summarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.array(z.enum(CATEGORIES)),
  isFree: z.boolean(),
  custom: z.literal(true).optional().describe('One of your own presets (POST /api/presets)'),
});
const listSchema = z.object({
  presets: z.array(summarySchema),
  total: z.number().int(),
  categories: z.array(z.enum(CATEGORIES)),
});
const category = z.enum(CATEGORIES, { error: () => `must be one of ${CATEGORIES.join(', ')}` });
const tags = ['presets'];

export function presetOperations(presets: PresetsService, userPresets: UserPresetsService) {
  // One answer per category, serialised once (and encoded once, JsonText.bytes) for each revision of the catalogue:
  // it changes only when a layer does (presets.service.ts), and this is the API's hottest read.
  const lists = new Map<Category | undefined, JsonText<z.input<typeof listSchema>>>();
  let listsRevision = presets.revision;
  const listOf = (category: Category | undefined) => {
    if (presets.revision !== listsRevision) {
      lists.clear();
      listsRevision = presets.revision;
    }
    let list = lists.get(category);
    if (!list) {
      list = new JsonText(presets.listJson(category));
      lists.set(category, list);
    }
    return list;
  };
  /** The catalogue's list then the caller's own presets; undefined when the caller has none (most callers). */
  const withOwn = async (accountId: string, category: Category | undefined) => {
    if (!(await userPresets.hasAny(accountId))) return undefined;
    const own = await userPresets.summaries(accountId, category);
    const all = presets.list(category);
    return { presets: [...all.presets, ...own], total: all.total + own.length, categories: [...all.categories] };
  };
  const listFor = async (accountId: string, category: Category | undefined) =>
    (await withOwn(accountId, category)) ?? presets.list(category);
  return {
    listPresetCatalogue: defineOperation({
      name: 'list_preset_catalogue',
      summary: 'List presets (templates), optionally by category',
      tags,
      input: z.object({ category: category.optional() }),
      output: listSchema,
      errors: [400, 401, 429],
      // Sent pre-serialised to callers without presets of their own.
      run: async ({ category }, { caller }) => (await withOwn(caller.account.id, category)) ?? listOf(category),
      http: { method: 'GET', path: '/api/presets', operationId: 'listPresets' },
    }),
    listPresets: defineOperation({
      name: 'list_presets',
      summary: 'A page of the presets (templates), optionally of one category',
      tags,
      input: z.object({
        category: category.optional(),
        page: z.number().int().min(1).max(1_000).default(1),
        per_page: z.number().int().min(1).max(100).default(25),
      }),
      output: listSchema.extend({ page: z.number().int(), per_page: z.number().int(), pages: z.number().int() }),
      errors: [400, 401, 429],
      run: async ({ category, page, per_page: perPage }, { caller }) => {
        const all = await listFor(caller.account.id, category);
        return {
          presets: all.presets.slice((page - 1) * perPage, page * perPage),
          total: all.total,
          page,
          per_page: perPage,
          pages: Math.ceil(all.total / perPage),
          categories: [...all.categories],
        };
      },
      tool: {
        hidden: true,
        description:
          'List the text-generation presets (templates), optionally of one category, a page at a time. Each has a slug for get_template and generate_text.',
      },
    }),
    listTemplates: defineOperation({
      name: 'list_templates',
      summary: 'A page of the templates (presets), optionally of one category, as the hosted MCP server pages it',
      tags,
      input: z.object({ category: category.optional().describe('Only the templates of this category'), ...pagingArgs }),
      output: listSchema.omit({ presets: true }).extend({
        templates: z.array(summarySchema),
        offset: z.number().int(),
        limit: z.number().int(),
        next_offset: z.number().int().nullable(),
      }),
      errors: [400, 401, 429],
      run: async ({ category, limit, offset }, { caller }) => {
        const all = await listFor(caller.account.id, category);
        const [templates, paging] = pageOf(all.presets, { limit, offset });
        return { templates, ...paging, categories: [...all.categories] };
      },
      tool: {
        description:
          "List the text-generation templates (slug, title, categories), optionally of one category, a page at a time: limit (at most 50, default 20) and offset; the answer has total, offset and next_offset (null on the last page) and the category list. Your own templates (create_template) come after the catalogue's, marked custom: true. Pass a slug to get_template for its fields, then to generate_text as preset.",
      },
    }),
    getPreset: defineOperation({
      name: 'get_preset',
      summary: 'A preset with its input field definitions',
      tags,
      input: z.object({}),
      params: z.object({ slug: z.string().max(200).default('').describe('A preset slug, e.g. blog-post') }),
      output: summarySchema.extend({
        fields: z.array(fieldSchema),
        version: z.number().int().optional().describe('Your own presets: the current version'),
        output: z
          .enum(USER_PRESET_OUTPUTS)
          .optional()
          .describe('Your own presets: what generate makes with it (text, image or speech)'),
      }),
      errors: [400, 401, 404, 429],
      run: async ({ slug }, { caller }) => {
        const detail = presets.detail(slug);
        if (detail.ok || detail.error.code !== 'not_found') return unwrap(detail);
        const run = await userPresets.findRun(caller.account.id, slug);
        if (!run) return unwrap(detail);
        const { slug: ownSlug, title, description, category, isFree, fields } = run.preset;
        const version = run.preset.custom?.version;
        const { output } = run.definition;
        return { slug: ownSlug, title, description, category, isFree, custom: true as const, fields, version, output };
      },
      http: { method: 'GET', path: '/api/presets/:slug' },
      tool: {
        name: 'get_template',
        aliases: ['get_preset'],
        description:
          "One template (preset) by slug, yours (custom: true) or the catalogue's, with its input fields (names, labels, types, maxLength, required, radio and select options, defaults): keywords, tone and extra1...extra14 are what generate_text takes (extra ones in its extra_fields).",
      },
    }),
  };
}
