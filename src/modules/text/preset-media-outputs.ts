import { type Clock, isoNow } from '../../shared/clock.js';
import { type Outcome, fail, ok } from '../../shared/errors.js';
import type { PresetInputs } from '../../shared/presets/preset-template.js';
import { renderUserPrompt } from '../../shared/presets/user-template.js';
import type { Caller } from '../accounts/accounts.service.js';
import { TOOL_IMAGE_MODEL, generateImageBody } from '../images/images.schemas.js';
import type { ImagesService } from '../images/images.service.js';
import type { UserPresetRun } from '../presets/user-presets.service.js';
import type { SpeechService } from '../speech/speech.service.js';
import type { VoiceListing } from '../speech/voice-listing.js';
import type { GenerateBody, GeneratedOutput } from './text.schemas.js';
import { type PresetPicture, pictureFacts } from './preset-pictures.js';
import { EDIT_ACTION } from '../images/image-request.js';
import type { CatalogueImageModel } from '../../engines/providers/registry.js';
import type { ModelCatalogue } from '../../engines/media/model-catalogue.js';
import type { TextRepo } from './text.repo.js';

export interface PresetMediaOutputsOptions {
  images: Pick<ImagesService, 'create'>;
  speech: Pick<SpeechService, 'synthesize' | 'hasVoice'>;
  voices: Pick<VoiceListing, 'list'>;
  /** Whether an image preset's model can work from a picture (image-to-image, the images service's edit path). */
  imageModels: ModelCatalogue<CatalogueImageModel>;
  repo: TextRepo;
  clock: Clock;
}

/** The most pictures one request makes (POST /api/generate-image's own limit). */
const MAX_IMAGES = 4;

/**
 * The user presets whose output is not text alone. An image preset's rendered template is an image prompt, made by the
 * images service as POST /api/generate-image makes it (its checks, credits, records and jobs); a speech preset's texts,
 * written and paid for as a text preset's, are then spoken by the speech service as POST /api/generate-text-to-speech
 * speaks them. Either keeps generate's answer, each output with what was made besides.
 */
export class PresetMediaOutputs {
  constructor(private readonly deps: PresetMediaOutputsOptions) {}

  /**
   * The preset's pictures: one image record each (waited for a bounded time, as waitForResult does), and one text
   * output each holding the prompt, which records the preset and its version (the images table has no place for them).
   */
  async image(
    caller: Caller,
    { preset, definition }: UserPresetRun,
    { inputs, pictures }: { inputs: PresetInputs; pictures: readonly PresetPicture[] },
    body: GenerateBody,
    requestId: string,
  ): Promise<Outcome<GeneratedOutput[]>> {
    if (body.brand_voice !== undefined) {
      return fail('invalid_input', `brand_voice: "${preset.slug}" makes an image, whose model takes no brand voice`);
    }
    if (body.shouldUseGPT4) {
      return fail('invalid_input', `shouldUseGPT4: "${preset.slug}" makes an image; no text model is used`);
    }
    if (body.outputs > MAX_IMAGES) {
      return fail('invalid_input', `outputs: an image preset makes at most ${MAX_IMAGES} pictures a request`);
    }
    const { model = TOOL_IMAGE_MODEL, ...settings } = definition.image_settings ?? {};
    const reference = this.referenceOf(model, pictures);
    if (!reference.ok) return reference;
    const described = Object.fromEntries(pictures.map((p) => [p.field.name, pictureFacts(p)]));
    const prompt = renderUserPrompt(preset, { ...inputs, ...described });
    const request = generateImageBody.safeParse({
      ...settings,
      ...(reference.value && { image: reference.value }),
      prompt,
      model,
      outputs: body.outputs,
      waitForResult: true,
    });
    if (!request.success) {
      const issue = request.error.issues[0];
      const field = issue?.path.join('.') ?? 'prompt';
      return field === 'prompt'
        ? fail(
            'invalid_input',
            `prompt: the rendered image prompt must be 1 to 4000 characters (it has ${prompt.trim().length})`,
          )
        : fail('invalid_input', `image_settings.${field}: ${issue?.message ?? 'not valid'}`);
    }
    const made = await this.deps.images.create(caller, request.data);
    if (!made.ok) return made;
    const at = isoNow(this.deps.clock);
    const rows = await this.deps.repo.insertMany(
      made.value.map((record) => ({
        account_id: caller.account.id,
        preset: preset.slug,
        text: record.prompt,
        model: record.model,
        request_id: requestId,
        created_at: at,
        preset_version: preset.custom?.version ?? null,
      })),
    );
    return ok(
      rows.map((row, index) => ({
        id: row.id,
        name: row.text,
        text: row.text,
        kind: 'image' as const,
        ...(made.value[index] && { image: made.value[index] }),
      })),
    );
  }

  /**
   * The picture an image preset works from, by URL (its image job fetches it, through the guard, as an edit's): one at
   * most, and only for a model whose engine here makes a picture from a picture.
   */
  private referenceOf(model: string, pictures: readonly PresetPicture[]): Outcome<string | undefined> {
    const [picture, second] = pictures;
    if (!picture) return ok(undefined);
    const at = (p: PresetPicture) => `${p.field.name} (${p.field.label})`;
    if (second) return fail('invalid_input', `${at(second)}: an image preset works from one picture at most`);
    const engine = this.deps.imageModels.find(model)?.engine;
    if (!engine?.editActions?.includes(EDIT_ACTION)) {
      return fail(
        'invalid_input',
        `${at(picture)}: the image model "${model}" here${engine ? ` (the ${engine.provider} engine)` : ''} cannot make a picture from a picture; leave the field empty or choose a model that edits pictures`,
      );
    }
    if (picture.source.kind !== 'url') {
      return fail(
        'invalid_input',
        `${at(picture)}: an image preset's picture must be an http(s) URL (its image job fetches it), not a data URL`,
      );
    }
    return ok(picture.source.url);
  }

  /**
   * The voice a speech preset speaks with, checked before any text is paid for: its own (which may have gone since
   * it was saved), else the first voice of the request's language, else the first voice there is.
   */
  async voiceFor(caller: Caller, slug: string, voice: string | undefined, language: string): Promise<Outcome<string>> {
    if (voice !== undefined) {
      return (await this.deps.speech.hasVoice(caller.account.id, voice))
        ? ok(voice)
        : fail(
            'invalid_input',
            `voice: "${slug}" speaks with "${voice}", which is no longer available; edit the preset`,
          );
    }
    const first = (await this.deps.voices.list({ language })).voices[0] ?? (await this.deps.voices.list({})).voices[0];
    return first ? ok(first.id) : fail('unavailable', `"${slug}" makes speech, and no speech engine is available here`);
  }

  /**
   * Each text spoken, one after the other, billed as the speech service bills (words, against the monthly allowance).
   * A text that cannot be spoken keeps its output (already stored and paid for as text): its answer says why.
   */
  async speak(caller: Caller, written: GeneratedOutput[], voiceID: string): Promise<GeneratedOutput[]> {
    const spoken: GeneratedOutput[] = [];
    for (const output of written) {
      const audio = await this.deps.speech.synthesize(caller, { voiceID, text: output.text });
      spoken.push(
        audio.ok
          ? { ...output, kind: 'speech', audio: audio.value }
          : { ...output, kind: 'speech', audio: null, audio_error: audio.error.message },
      );
    }
    return spoken;
  }
}
