import { z } from 'zod';
import { defineOperation } from '../../operations/operation.js';
import { unwrap } from '../../shared/errors.js';
import {
  createPresetLinkSchema,
  createdPresetLinkSchema,
  presetLinkSchema,
  updatePresetLinkSchema,
} from './preset-links.schemas.js';
import type { PresetLinksService } from './preset-links.service.js';
import { ownPresetParams } from './user-preset.schemas.js';

const tags = ['presets'];
const linkParams = ownPresetParams.extend({ link_id: z.string().min(1).max(100).describe("The link's id") });

/** Public links to an account's own presets: a page that runs the preset for anyone with the link, within a daily cap. */
export function presetLinkOperations(links: PresetLinksService) {
  return {
    createPresetLink: defineOperation({
      name: 'create_preset_link',
      summary: 'Share one of your presets by a public link',
      description:
        'Anyone with the URL can run the preset on its public page, with no account: each run is yours (your credits, stored with your outputs), one output a run, up to daily_cap runs a UTC day and a few a minute per visitor. The token in the URL is shown in this answer only.',
      tags,
      input: createPresetLinkSchema,
      params: ownPresetParams,
      output: createdPresetLinkSchema,
      errors: [400, 401, 404, 409, 429],
      run: async ({ slug, ...body }, { caller }) => unwrap(await links.create(caller.account.id, slug, body)),
      http: { method: 'POST', path: '/api/presets/:slug/links', status: 201 },
      tool: {
        name: 'share_template',
        description:
          'Make a public link to a template of your own (by slug): anyone with the URL can run it, paid from your credits, up to daily_cap runs a day (default 50). Returns the URL, shown once.',
      },
    }),
    listPresetLinks: defineOperation({
      name: 'list_preset_links',
      summary: "One of your presets' public links, newest first",
      description: 'Without their tokens (shown only when made); revoked links are listed with revoked_at.',
      tags,
      input: z.object({}),
      params: ownPresetParams,
      output: z.object({ links: z.array(presetLinkSchema) }),
      errors: [400, 401, 404, 429],
      run: async ({ slug }, { caller }) => ({ links: unwrap(await links.list(caller.account.id, slug)) }),
      http: { method: 'GET', path: '/api/presets/:slug/links' },
      tool: {
        name: 'list_template_links',
        description: "A template of your own's public links: daily cap, runs today, revoked or not.",
      },
    }),
    updatePresetLink: defineOperation({
      name: 'update_preset_link',
      summary: "Change a public link's daily cap or label",
      tags,
      input: updatePresetLinkSchema,
      params: linkParams,
      output: presetLinkSchema,
      errors: [400, 401, 404, 429],
      run: async ({ slug, link_id, ...body }, { caller }) =>
        unwrap(await links.update(caller.account.id, slug, link_id, body)),
      http: { method: 'PATCH', path: '/api/presets/:slug/links/:link_id' },
      tool: {
        name: 'update_template_link',
        needs: [[['daily_cap'], ['label']]],
        description: "Change a template link's daily_cap (1 to 10000) or label.",
      },
    }),
    revokePresetLink: defineOperation({
      name: 'revoke_preset_link',
      summary: 'Revoke a public link: its page is gone at once',
      tags,
      input: z.object({}),
      params: linkParams,
      output: presetLinkSchema,
      errors: [400, 401, 404, 429],
      run: async ({ slug, link_id }, { caller }) => unwrap(await links.revoke(caller.account.id, slug, link_id)),
      http: { method: 'DELETE', path: '/api/presets/:slug/links/:link_id' },
      tool: {
        name: 'revoke_template_link',
        description: "Revoke a template's public link (by slug and link_id): its page answers 404 from then on.",
      },
    }),
  };
}
