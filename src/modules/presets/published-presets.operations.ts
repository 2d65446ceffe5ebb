import { z } from 'zod';
import { defineOperation } from '../../operations/operation.js';
import { unwrap } from '../../shared/errors.js';
import { ADMIN_TAGS } from '../admin/audit.operations.js';
import type { PublishedPresetsService } from './published-presets.service.js';

const slug = z
  .string()
  .min(3)
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters and digits joined by single hyphens');

const publishedSchema = z.object({
  slug: z.string().describe('The slug everyone uses it by'),
  title: z.string(),
  source: z.object({
    account_id: z.string().nullable().describe('The owner (null once the account is deleted)'),
    slug: z.string().describe("The owner's preset it was published from"),
    version: z.number().int().describe("The preset's version the snapshot holds"),
  }),
  published_by: z.string().describe("The admin's account id"),
  published_at: z.string(),
});

/** Admin: users' presets published into the catalogue for every account. */
export function publishedPresetOperations(published: PublishedPresetsService) {
  const base = { tags: ADMIN_TAGS, auth: 'admin' as const };
  return {
    adminPublishPreset: defineOperation({
      ...base,
      name: 'admin_publish_preset',
      summary: "Publish an account's preset into the catalogue, for everyone",
      description:
        "A snapshot of the preset's current version joins the catalogue under as_slug (its own slug by default): every account sees it in GET /api/presets and uses it in generate, the owner too (the catalogue is looked in first). Publishing the same preset again takes its new current version. The slug must not be a code or operator catalogue preset's, or another account's preset's. Admin accounts only.",
      input: z.strictObject({
        account: z.string().trim().min(1).max(254).describe("The owner's account id or email"),
        slug: z.string().min(1).max(100).describe("The owner's preset"),
        as_slug: slug.optional().describe("The slug in the catalogue (the preset's own by default)"),
      }),
      output: publishedSchema,
      errors: [400, 404, 409],
      run: async (input, { caller }) => unwrap(await published.publish(caller, input)),
      http: { method: 'POST', path: '/api/admin/presets/publish', status: 201 },
    }),
    adminListPublishedPresets: defineOperation({
      ...base,
      name: 'admin_list_published_presets',
      summary: 'List the presets published into the catalogue',
      input: z.strictObject({}),
      output: z.object({ presets: z.array(publishedSchema) }),
      errors: [404],
      run: async () => ({ presets: await published.list() }),
      http: { method: 'GET', path: '/api/admin/presets/published' },
    }),
    adminUnpublishPreset: defineOperation({
      ...base,
      name: 'admin_unpublish_preset',
      summary: 'Take a published preset out of the catalogue',
      description: "The owner's own preset is untouched. Admin accounts only.",
      input: z.strictObject({}),
      params: z.object({ slug: z.string().min(1).max(100) }),
      output: z.object({ unpublished: z.literal(true), slug: z.string() }),
      errors: [404],
      run: async ({ slug }, { caller }) => unwrap(await published.unpublish(caller, slug)),
      http: { method: 'DELETE', path: '/api/admin/presets/published/:slug' },
    }),
  };
}
