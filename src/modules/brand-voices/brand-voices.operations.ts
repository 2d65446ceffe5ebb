import { z } from 'zod';
import { pagingQuery } from '../../shared/paging.js';
import { defineOperation } from '../../operations/operation.js';
import { unwrap } from '../../shared/errors.js';
import { BRAND_VOICE_LIMITS as L, brandVoiceSchema } from './brand-voices.schemas.js';
import type { BrandVoicesService } from './brand-voices.service.js';

const params = z.object({ id: z.string().max(100).describe('A brand voice id, from list_brand_voices') });
const name = z.string().trim().min(1).max(L.name).describe(`Its name, at most ${L.name} characters`);
const instructions = z
  .string()
  .max(L.instructions)
  .describe(
    `How to write in this voice, at most ${L.instructions.toLocaleString('en')} characters (the first ${L.applied.toLocaleString('en')} are what the engine is given); drafted from samples or url when absent`,
  );
const samples = z
  .string()
  .max(L.samples)
  .describe(`Writing samples in the voice, at most ${L.samples.toLocaleString('en')} characters`);
const url = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .max(L.url)
  .describe("A page in the brand's voice: its text is read to draft the instructions");
const isDefault = z.boolean().describe("Make it the account's default (one per account): applied where none is named");
const DRAFTING =
  'With samples or url and no instructions, the instructions are drafted from them by the configured language model (the offline engine writes a measured style profile and says so; drafted_by tells which); edit them after.';

const tags = ['brand voices'];

/** The caller's brand voices: instructions for a house style, applied to generate, chat completions and bots. */
export function brandVoiceOperations(voices: BrandVoicesService) {
  return {
    createBrandVoice: defineOperation({
      name: 'create_brand_voice',
      summary: 'Create a brand voice',
      description: `Give instructions, samples or a url (at least one). ${DRAFTING} At most ${L.perAccount} per account (one more is a 409).`,
      tags,
      input: z
        .strictObject({
          name,
          instructions: instructions.optional(),
          samples: samples.optional(),
          url: url.optional(),
          default: isDefault.optional(),
        })
        .refine((b) => Boolean(b.instructions?.trim() || b.samples?.trim() || b.url), {
          message: 'give instructions, samples or url (at least one)',
          path: ['instructions'],
        }),
      output: brandVoiceSchema,
      errors: [400, 401, 409, 429, 502, 503],
      run: async (body, { caller }) => unwrap(await voices.create(caller.account.id, body)),
      http: { method: 'POST', path: '/api/brand-voices', status: 201 },
      tool: {
        description: `Create a brand voice: name, and instructions (how to write), or writing samples, or a page url to draft them from. ${DRAFTING} default: true makes it apply wherever no brand voice is named.`,
        needs: [[['instructions'], ['samples'], ['url']]],
      },
    }),
    listBrandVoices: defineOperation({
      name: 'list_brand_voices',
      summary: 'Your brand voices, oldest first, a page at a time',
      tags,
      input: z.object(pagingQuery),
      output: z.object({
        brand_voices: z.array(brandVoiceSchema),
        total: z.number().int(),
        offset: z.number().int(),
        limit: z.number().int(),
        next_offset: z.number().int().nullable(),
      }),
      errors: [400, 401, 429],
      run: async (paging, { caller }) => {
        const [brandVoices, page] = await voices.list(caller.account.id, paging);
        return { brand_voices: brandVoices, ...page };
      },
      http: { method: 'GET', path: '/api/brand-voices' },
      tool: {
        description: `Your brand voices (id, name, instructions, default), a page at a time: limit (at most 50, default 20) and offset; next_offset is null on the last page. Pass an id as brand_voice to generate_text.`,
      },
    }),
    getBrandVoice: defineOperation({
      name: 'get_brand_voice',
      summary: 'One of your brand voices',
      tags,
      input: z.object({}),
      params,
      output: brandVoiceSchema,
      errors: [401, 404, 429],
      run: async ({ id }, { caller }) => unwrap(await voices.get(caller.account.id, id)),
      http: { method: 'GET', path: '/api/brand-voices/:id' },
      tool: { description: 'One of your brand voices by id, with its instructions.' },
    }),
    updateBrandVoice: defineOperation({
      name: 'update_brand_voice',
      summary: 'Change a brand voice',
      description: `Send only the fields to change. ${DRAFTING} default: false on the default leaves the account without one.`,
      tags,
      input: z
        .strictObject({
          name: name.optional(),
          instructions: instructions.optional(),
          samples: samples.nullable().optional(),
          url: url.nullable().optional(),
          default: isDefault.optional(),
        })
        .refine((changes) => Object.keys(changes).length > 0, 'send at least one field to change'),
      params,
      output: brandVoiceSchema,
      errors: [400, 401, 404, 429, 502, 503],
      run: async ({ id, ...changes }, { caller }) => unwrap(await voices.update(caller.account.id, id, changes)),
      http: { method: 'PATCH', path: '/api/brand-voices/:id' },
      tool: {
        description: `Change a brand voice by id: any of name, instructions, samples, url, default. ${DRAFTING}`,
      },
    }),
    deleteBrandVoice: defineOperation({
      name: 'delete_brand_voice',
      summary: 'Delete a brand voice',
      description: 'Bots that named it are left without one (the account default then applies to them).',
      tags,
      input: z.object({}),
      params,
      output: z.object({ id: z.string(), deleted: z.literal(true) }),
      errors: [401, 404, 429],
      run: async ({ id }, { caller }) => unwrap(await voices.delete(caller.account.id, id)),
      http: { method: 'DELETE', path: '/api/brand-voices/:id' },
      tool: { description: 'Delete one of your brand voices by id.' },
    }),
  };
}
