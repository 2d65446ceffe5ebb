import { z } from 'zod';
import { defineOperation } from '../../operations/operation.js';
import { ADMIN_TAGS } from '../admin/audit.operations.js';
import type { PresetFolder } from './preset-folder.js';

/** What the operator's preset folder gave the catalogue, and what is wrong in it: where an operator looks after an edit. */
export function presetFolderOperations(folder: PresetFolder) {
  return {
    adminPresetFolder: defineOperation({
      tags: ADMIN_TAGS,
      auth: 'admin',
      name: 'admin_preset_folder',
      summary: "The operator's preset folder (ATELIER_PRESETS_DIR) as this process read it",
      description:
        'The folder, when the catalogue last took its presets, the slugs it adds or overrides and those it hides, and the files that are wrong (each with the field and the reason). While any file is wrong, the catalogue keeps the last good reading of the folder (at start: the built-in presets only). Each process reads the folder itself. Admin accounts only.',
      input: z.strictObject({}),
      output: z.object({
        dir: z.string().nullable().describe('null: ATELIER_PRESETS_DIR is not set'),
        loaded_at: z.string().nullable().describe('null: no reading of the folder has been good yet'),
        presets: z.array(z.string()),
        hidden: z.array(z.string()),
        errors: z.array(z.object({ file: z.string(), message: z.string() })),
      }),
      errors: [404],
      run: async () => folder.status(),
      http: { method: 'GET', path: '/api/admin/presets/folder' },
    }),
  };
}
