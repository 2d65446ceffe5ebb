import { defineOperation } from '../../operations/operation.js';
import { unwrap } from '../../shared/errors.js';
import { draftPreviewSchema, draftTestRunSchema, presetDraftSchema } from './preset-drafts.schemas.js';
import { type PresetDraftsOptions, PresetDraftsService } from './preset-drafts.service.js';

const tags = ['presets'];
const CHECKED =
  'The draft is checked as POST /api/presets checks a preset (the same 400s, naming the field or the template token), and its inputs as POST /api/generate checks them.';

/** A preset being written, before it is saved: the dashboard editor's live preview and test run. HTTP only. */
export function presetDraftOperations(options: PresetDraftsOptions) {
  // Holds nothing but its ports (the text service, brand voices), so the operations make it themselves.
  const drafts = new PresetDraftsService(options);
  return {
    previewPreset: defineOperation({
      name: 'preview_preset',
      summary: 'The messages a preset not yet saved would send the language model',
      description: `Free: no engine is called. The messages are exactly those a generate of the saved preset with these inputs sends, your default brand voice included. ${CHECKED}`,
      tags,
      input: presetDraftSchema,
      output: draftPreviewSchema,
      errors: [400, 401, 429],
      run: async (draft, { caller }) => unwrap(await drafts.preview(caller, draft)),
      http: { method: 'POST', path: '/api/presets/preview' },
    }),
    testRunPreset: defineOperation({
      name: 'test_run_preset',
      summary: 'Run a preset not yet saved once',
      description: `One output with the standard text model and your default brand voice, charged as one output of POST /api/generate. The text is returned, not stored as an output: the ledger entry is its record. ${CHECKED}`,
      tags,
      input: presetDraftSchema,
      output: draftTestRunSchema,
      errors: [400, 401, 402, 429, 502],
      run: async (draft, { caller, requestId }) => unwrap(await drafts.testRun(caller, draft, requestId)),
      http: { method: 'POST', path: '/api/presets/test-run' },
    }),
  };
}
