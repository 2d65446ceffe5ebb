import type { ChatMessage } from '../../engines/spec/text-model.js';
import { type Outcome, fail, ok } from '../../shared/errors.js';
import type { Caller } from '../accounts/accounts.service.js';
import type { BrandVoicesService } from '../brand-voices/brand-voices.service.js';
import { maxTokensFor, presetMessages } from '../text/preset-prompt.js';
import type { PresetPrompt, TextService } from '../text/text.service.js';
import type { DraftPreview, DraftTestRun, PresetDraft } from './preset-drafts.schemas.js';
import { resolvePresetInputs } from './preset-inputs.js';
import { checkDefinition, toPresetDefinition } from './user-preset-definition.js';

export interface PresetDraftsOptions {
  text: Pick<TextService, 'runDraft'>;
  /** The account's default brand voice goes ahead of the draft's instructions, as it would for the saved preset. */
  brandVoices: Pick<BrandVoicesService, 'instructionsFor'>;
  /** config.text.maxTokens */
  maxTokens: number;
}

/** The slug a draft's messages and errors name when it has none yet. */
const DRAFT_SLUG = 'draft';
/** A draft has no version; the messages do not show it. */
const DRAFT_VERSION = 0;

/**
 * A preset before it is saved: checked as POST /api/presets checks it, then shown as the messages the engine would
 * get (free) or run once (paid as one output, stored nowhere).
 */
export class PresetDraftsService {
  constructor(private readonly deps: PresetDraftsOptions) {}

  async preview(caller: Caller, draft: PresetDraft): Promise<Outcome<DraftPreview>> {
    const prompt = await this.prompt(caller, draft);
    if (!prompt.ok) return prompt;
    return ok({
      messages: messagesOf(prompt.value),
      max_tokens: maxTokensFor(prompt.value.inputs, this.deps.maxTokens),
    });
  }

  async testRun(caller: Caller, draft: PresetDraft, requestId: string): Promise<Outcome<DraftTestRun>> {
    const prompt = await this.prompt(caller, draft);
    if (!prompt.ok) return prompt;
    const run = await this.deps.text.runDraft(caller, prompt.value, requestId);
    return run.ok ? ok({ ...run.value, messages: messagesOf(prompt.value) }) : run;
  }

  private async prompt(caller: Caller, draft: PresetDraft): Promise<Outcome<PresetPrompt>> {
    const { slug, title, description, category, inputs, language, brand_voice: voice, ...given } = draft;
    // The messages are a language model's: another output kind would make something else of the prompt.
    if (given.output !== 'text') {
      return fail('invalid_input', `output: preview and test run are for text presets, not ${given.output}`);
    }
    const definition = checkDefinition({ ...given, brand_voice: voice ?? null });
    if (!definition.ok) return definition;
    // A picture is fetched and probed when a saved preset runs; a draft's preview has no place for that yet.
    const picture = definition.value.fields.find((field) => field.type === 'image');
    if (picture) {
      return fail(
        'invalid_input',
        `fields: ${picture.name}: an image field is tried by saving the preset and running it`,
      );
    }
    const head = { slug: slug ?? DRAFT_SLUG, title, description, category };
    const preset = toPresetDefinition(head, DRAFT_VERSION, definition.value);
    const stray = Object.keys(inputs).find((name) => !preset.fields.some((field) => field.name === name));
    if (stray) return fail('invalid_input', `inputs.${stray}: the preset has no field ${stray}`);
    const resolved = resolvePresetInputs(preset, { ...inputs, language });
    if (!resolved.ok) return fail('invalid_input', `inputs.${resolved.error.message}`);
    // The draft's brand voice, else the account's default: as generate would choose for the saved preset.
    const brandVoice = await this.deps.brandVoices.instructionsFor(caller.account.id, voice);
    if (!brandVoice.ok) return brandVoice;
    return ok({ preset, inputs: resolved.value, brandVoice: brandVoice.value, pictures: [] });
  }
}

function messagesOf({ preset, inputs, brandVoice }: PresetPrompt): DraftPreview['messages'] {
  return presetMessages(preset, inputs, brandVoice).map(({ role, content }: ChatMessage) => ({ role, content }));
}
