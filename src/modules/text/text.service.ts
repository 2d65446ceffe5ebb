import pLimit from 'p-limit';
import type { Config } from '../../config.js';
import type { TextModel } from '../../engines/spec/text-model.js';
import type { TextModels } from '../../engines/providers/registry.js';
import type { Clock } from '../../shared/clock.js';
import { isoNow } from '../../shared/clock.js';
import { type Outcome, UpstreamError, engineFailure, fail, ok } from '../../shared/errors.js';
import type { Caller } from '../accounts/accounts.service.js';
import type { BrandVoicesService } from '../brand-voices/brand-voices.service.js';
import { type CreditsService, newReservation } from '../credits/credits.service.js';
import { resolvePresetInputs } from '../presets/preset-inputs.js';
import type { PresetInputs } from '../../shared/presets/preset-template.js';
import type { PresetDefinition } from '../../shared/presets/preset-types.js';
import { PRESET_NOT_FOUND, type PresetsService } from '../presets/presets.service.js';
import type { UserPresetsService } from '../presets/user-presets.service.js';
import type { PresetMediaOutputs } from './preset-media-outputs.js';
import { type PresetPicture, loadPresetPictures, picturesForModel } from './preset-pictures.js';
import type { GuardOptions } from '../../shared/net/guarded-http.js';
import { maxTokensFor, presetMessages } from './preset-prompt.js';
import type { GenerateBody, GeneratedOutput, StoredOutput } from './text.schemas.js';
import type { NewTextOutput, TextRepo } from './text.repo.js';
import type { TextOutputRow } from '../../storage/db/schema.js';

export interface TextServiceOptions {
  presets: PresetsService;
  /** The caller's own presets, asked only for a slug the catalogue does not have. */
  userPresets: UserPresetsService;
  models: TextModels;
  credits: CreditsService;
  /** The brand voice named by `brand_voice`, or the account's default, goes ahead of the preset's instructions. */
  brandVoices: Pick<BrandVoicesService, 'instructionsFor'>;
  repo: TextRepo;
  /** A user preset whose output is an image or speech. */
  mediaOutputs: PresetMediaOutputs;
  /** The SSRF guard the pictures of image fields are downloaded through. */
  guard: GuardOptions;
  config: Config;
  clock: Clock;
}

export class TextService {
  constructor(private readonly deps: TextServiceOptions) {}

  async generate(caller: Caller, body: GenerateBody, requestId: string): Promise<Outcome<GeneratedOutput[]>> {
    const catalogued = this.deps.presets.find(body.preset);
    const own = catalogued ? undefined : await this.deps.userPresets.findRun(caller.account.id, body.preset);
    const preset = catalogued ?? own?.preset;
    if (!preset) return fail('not_found', PRESET_NOT_FOUND);
    if (!preset.isFree && !caller.plan.premiumPresets) {
      return fail('forbidden', `The preset "${preset.slug}" is not available on the ${caller.plan.name} plan`);
    }
    if (body.shouldUseGPT4 && !caller.plan.advancedModel) {
      return fail('forbidden', `shouldUseGPT4 (the advanced model) is not available on the ${caller.plan.name} plan`);
    }
    const inputs = resolvePresetInputs(preset, body);
    if (!inputs.ok) return inputs;
    const pictures = await loadPresetPictures(preset, inputs.value, this.deps.guard);
    if (!pictures.ok) return pictures;
    const output = own?.definition.output ?? 'text';
    if (own && output === 'image') {
      return this.deps.mediaOutputs.image(
        caller,
        own,
        { inputs: inputs.value, pictures: pictures.value },
        body,
        requestId,
      );
    }
    const voice =
      own && output === 'speech'
        ? await this.deps.mediaOutputs.voiceFor(caller, preset.slug, own.definition.voice, inputs.value.language)
        : undefined;
    if (voice && !voice.ok) return voice;
    const brandVoice = await this.brandVoiceFor(caller.account.id, body.brand_voice, preset);
    if (!brandVoice.ok) return brandVoice;
    const prompt = { preset, inputs: inputs.value, brandVoice: brandVoice.value, pictures: pictures.value };
    const written = await this.writeTexts(caller, body, prompt, requestId);
    if (!voice || !written.ok) return written;
    return ok(await this.deps.mediaOutputs.speak(caller, written.value, voice.value));
  }

  /** The outputs written by the text model, stored and paid for together. */
  private async writeTexts(
    caller: Caller,
    body: GenerateBody,
    given: PresetPrompt,
    requestId: string,
  ): Promise<Outcome<GeneratedOutput[]>> {
    const model = body.shouldUseGPT4 ? this.deps.models.advanced : this.deps.models.standard;
    const seen = picturesForModel(model, given.pictures, given.inputs);
    if (!seen.ok) return seen;
    const prompt = { ...given, inputs: seen.value.inputs, pictures: seen.value.parts };
    const { preset } = prompt;
    const unit = body.shouldUseGPT4 ? this.deps.config.credits.perAdvancedOutput : this.deps.config.credits.perOutput;
    const charge = {
      accountId: caller.account.id,
      amount: unit * body.outputs,
      kind: 'text' as const,
      reference: requestId,
    };
    const answer = (rows: TextOutputRow[]) => rows.map((row) => ({ id: row.id, name: row.text, text: row.text }));
    if (model.instant) {
      const texts = await this.generateTexts(model, prompt, body.outputs);
      if (!texts.ok) return texts;
      const rows = this.rows(caller, preset, model, texts.value, requestId);
      const stored = await this.deps.credits.payForResult(charge, (trx) => this.deps.repo.insertIn(trx, rows));
      return stored.ok ? ok(answer(stored.value)) : stored;
    }
    return this.deps.credits.spend(newReservation(charge), async (settleIn) => {
      const texts = await this.generateTexts(model, prompt, body.outputs);
      if (!texts.ok) return texts;
      const rows = await this.deps.repo.insertMany(this.rows(caller, preset, model, texts.value, requestId), settleIn);
      return ok(answer(rows));
    });
  }

  /**
   * One output of a preset that is not saved (a draft's test run) with the standard model: charged as one output,
   * the ledger entry its only record (nothing is stored).
   */
  async runDraft(caller: Caller, prompt: PresetPrompt, requestId: string): Promise<Outcome<DraftRun>> {
    const model = this.deps.models.standard;
    const amount = this.deps.config.credits.perOutput;
    const charge = { accountId: caller.account.id, amount, kind: 'text' as const, reference: requestId };
    const run = async (): Promise<Outcome<DraftRun>> => {
      const texts = await this.generateTexts(model, prompt, 1);
      return texts.ok ? ok({ text: texts.value.join(''), model: model.modelId, credits: amount }) : texts;
    };
    if (!model.instant) return this.deps.credits.spend(newReservation(charge), run);
    const done = await run();
    return done.ok ? this.deps.credits.payForResult(charge, async () => done.value) : done;
  }

  /**
   * The request's brand voice, else the preset's, else the account's default. A preset's brand voice deleted since
   * it was set is passed over for the account's default, as if the preset named none (docs/api.md).
   */
  private async brandVoiceFor(
    accountId: string,
    requested: string | undefined,
    preset: PresetDefinition,
  ): Promise<Outcome<string | undefined>> {
    const presetVoice = preset.custom?.brandVoice;
    if (requested || !presetVoice) return this.deps.brandVoices.instructionsFor(accountId, requested);
    const own = await this.deps.brandVoices.instructionsFor(accountId, presetVoice);
    return own.ok ? own : this.deps.brandVoices.instructionsFor(accountId);
  }

  private async generateTexts(model: TextModel, prompt: PresetPrompt, count: number): Promise<Outcome<string[]>> {
    try {
      return ok(await this.runAll(model, prompt, count));
    } catch (error) {
      return engineFailure(error, 'Text generation failed');
    }
  }

  private rows(
    caller: Caller,
    preset: PresetDefinition,
    model: TextModel,
    texts: string[],
    requestId: string,
  ): NewTextOutput[] {
    const at = isoNow(this.deps.clock);
    return texts.map((text) => ({
      account_id: caller.account.id,
      preset: preset.slug,
      text,
      model: model.modelId,
      request_id: requestId,
      created_at: at,
      preset_version: preset.custom?.version ?? null,
    }));
  }

  async findOutput(caller: Caller, id: number): Promise<Outcome<StoredOutput>> {
    const row = await this.deps.repo.find(id, caller.account.id);
    return row ? ok(toStored(row)) : fail('not_found', 'Output not found');
  }

  async listOutputs(caller: Caller, limit: number, beforeId?: number): Promise<StoredOutput[]> {
    return (await this.deps.repo.list(caller.account.id, limit, beforeId)).map(toStored);
  }

  /** All outputs or none: the first failure aborts the others, so the whole reservation is refunded. */
  private async runAll(
    model: TextModel,
    { preset, inputs, brandVoice, pictures }: PresetPrompt,
    count: number,
  ): Promise<string[]> {
    const messages = presetMessages(preset, inputs, brandVoice, pictures);
    const maxOutputTokens = maxTokensFor(inputs, this.deps.config.text.maxTokens);
    const one = async (index: number, abortSignal?: AbortSignal) => {
      abortSignal?.throwIfAborted();
      const result = await model.doGenerate({
        messages,
        maxOutputTokens,
        ...(abortSignal && { abortSignal }),
        task: { kind: 'preset-output', preset, inputs, output: index, ...(brandVoice && { brandVoice }) },
      });
      if (!result.text.trim())
        throw new UpstreamError('the text provider returned an empty text', { isRetryable: false });
      return result.text;
    };
    // Most requests ask for one output: no others to abort or to queue (the limiter and controller were ~5%
    // of a builtin generate's CPU).
    if (count === 1) return [await one(0)];
    const limit = pLimit(this.deps.config.text.concurrency);
    const abort = new AbortController();
    try {
      return await Promise.all(Array.from({ length: count }, (_, i) => limit(() => one(i, abort.signal))));
    } catch (error) {
      abort.abort();
      throw error;
    }
  }
}

/** What one preset call is made of: the preset, its resolved inputs and the brand voice's instructions, if any. */
export interface PresetPrompt {
  preset: PresetDefinition;
  inputs: PresetInputs;
  brandVoice: string | undefined;
  /** Pictures of image fields: given to the model as image parts once it is known to take them. */
  pictures: PresetPicture[];
}

/** A draft's test run: its one text, the model that wrote it and the credits it cost. */
export interface DraftRun {
  text: string;
  model: string;
  credits: number;
}

function toStored(row: TextOutputRow): StoredOutput {
  const stored = { id: row.id, name: row.text, preset: row.preset, model: row.model, created_at: row.created_at };
  return row.preset_version === null ? stored : { ...stored, preset_version: row.preset_version };
}
