/** A video request checked against its model's limits (the hosted 1.0.5 catalogue): pure functions. */
import { z } from 'zod';
import {
  ENGINE_REFERENCE_LIMITS,
  ENGINE_RESOLUTIONS,
  type VideoInput,
  type VideoLimits,
} from '../../engines/media/video-limits.js';
import { VIDEO_MODELS_1_0_4 } from '../../engines/media/video-models-1-0-4.js';
import type { AspectRatio, VideoResolution } from '../../engines/spec/video-model.js';
import type { Warning } from '../../engines/spec/warnings.js';
import { type Outcome, fail, ok } from '../../shared/errors.js';

export const REFERENCE_IMAGE_TYPES = ['character', 'object', 'style'] as const;

/** The media a request points at besides its first frame; stored with the record (JSON) and read back by its job. */
export const videoReferences = z.object({
  tailImage: z.string().optional(),
  referenceImages: z.array(z.object({ url: z.string(), type: z.enum(REFERENCE_IMAGE_TYPES).optional() })),
  referenceVideos: z.array(z.object({ url: z.string() })),
  referenceAudios: z.array(z.object({ url: z.string() })),
});
export type VideoReferences = z.infer<typeof videoReferences>;

export interface VideoAsked {
  model: string;
  durationSeconds?: number | undefined;
  aspectRatio?: AspectRatio | undefined;
  resolution?: VideoResolution | undefined;
  generateAudio?: boolean | undefined;
  image?: string | undefined;
  tailImage?: string | undefined;
  referenceImages?: VideoReferences['referenceImages'] | undefined;
  referenceVideo?: string | undefined;
  referenceVideos?: VideoReferences['referenceVideos'] | undefined;
  referenceAudios?: VideoReferences['referenceAudios'] | undefined;
}

/**
 * How strictly: `hosted` refuses what the hosted service refuses; `engine` keeps 1.0.4's rules for the names 1.0.4
 * had (what the engine can make; only the 1.0.5 fields checked) and the hosted limits for the names new in 1.0.5.
 */
export type LimitsMode = 'engine' | 'hosted';

export interface CheckedVideo {
  durationSeconds: number;
  /** "input": the first frame's shape, found once it is fetched. */
  aspectRatio: AspectRatio | 'input';
  resolution: VideoResolution | undefined;
  /** Whether the request named it (a free variant needs it named). */
  explicitResolution: boolean;
  generateAudio: boolean | undefined;
  references: VideoReferences;
  warnings: Warning[];
}

const INPUT_WORDS: Record<VideoInput, string> = {
  text: 'text only',
  'first-frame': 'a first frame (image)',
  'first-last-frame': 'a first frame (image) and an optional last frame (tailImage)',
  references: 'reference images (referenceImages)',
  'references-or-video': 'reference images or reference videos (referenceImages, referenceVideos)',
};

/** Names of models without hosted limits that make video from a picture (older "... Image" names). */
const FROM_PICTURE = /\b(image|first-last frame|reference)$/i;

const madeFromPrompt = (name: string): Warning => ({
  type: 'adjusted-setting',
  setting: 'model',
  message: `${name} makes video from a picture; none was given, so the clip was made from the prompt`,
});

/** "4, 6 or 8". */
export const orList = (values: readonly (string | number)[]): string =>
  values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;

/** What a model without hosted limits takes: any duration, shape and reference the engine can use. */
const engineLimits = (limits: VideoLimits | undefined) =>
  limits ?? { input: undefined, durations: undefined, aspectRatios: undefined, ...ENGINE_REFERENCE_LIMITS };

function tooMany(field: string, model: string, given: number, max: number | undefined, input: string) {
  if (given === 0 || given <= (max ?? 0)) return undefined;
  return max
    ? `${field}: ${model} takes at most ${max}; got ${given}`
    : `${field}: ${model} takes none (its input is ${input})`;
}

/**
 * Checks `asked` against `model`'s limits and fills in the defaults the hosted service uses (duration: 5 s when the
 * model makes it, else its first; aspect ratio: 16:9 when it takes it, else its first, or the first frame's shape).
 * Errors name the field, the model and the values it takes.
 */
export function checkVideoRequest(
  model: { name: string; limits: VideoLimits | undefined },
  asked: VideoAsked,
  mode: LimitsMode,
  maxSeconds: number,
): Outcome<CheckedVideo> {
  const { name } = model;
  const limits = engineLimits(model.limits);
  const hosted = model.limits !== undefined && (mode === 'hosted' || !VIDEO_MODELS_1_0_4.has(name));
  const warnings: Warning[] = [];
  // referenceVideos wins over referenceVideo, even empty, as on the hosted service.
  const referenceVideos = asked.referenceVideos ?? (asked.referenceVideo ? [{ url: asked.referenceVideo }] : []);
  if (asked.referenceVideos && asked.referenceVideo)
    warnings.push({
      type: 'unsupported-setting',
      setting: 'referenceVideo',
      details: 'referenceVideos was given too, and it wins (as on the hosted service)',
    });
  const references: VideoReferences = {
    ...(asked.tailImage && { tailImage: asked.tailImage }),
    referenceImages: asked.referenceImages ?? [],
    referenceVideos,
    referenceAudios: asked.referenceAudios ?? [],
  };
  const pictures = references.referenceImages.length;
  const clips = referenceVideos.length;
  const sounds = references.referenceAudios.length;

  // The 1.0.5 fields are new: they follow the hosted rules whatever the mode.
  if (asked.tailImage && !asked.image)
    return fail('invalid_input', 'tailImage: the last frame goes with image (the first frame); image is missing');
  if (clips > 0 && (asked.image || asked.tailImage))
    return fail('invalid_input', 'referenceVideos: cannot be combined with image or tailImage');
  if (sounds > 0 && asked.image) return fail('invalid_input', 'referenceAudios: not allowed with a first-frame image');
  if (sounds > 0 && pictures === 0 && clips === 0)
    return fail('invalid_input', 'referenceAudios: needs a reference image or a reference video');
  const input = model.limits?.input;
  if (asked.tailImage && input !== undefined && input !== 'first-last-frame')
    return fail('invalid_input', `tailImage: ${name} takes no last frame; its input is ${INPUT_WORDS[input]}`);
  const describe = input ? INPUT_WORDS[input] : 'text or a first frame';
  for (const [field, given, max] of [
    ['referenceImages', pictures, limits.referenceImages],
    ['referenceVideos', clips, limits.referenceVideos?.max],
    ['referenceAudios', sounds, limits.referenceAudios?.max],
  ] as const) {
    const problem = tooMany(field, name, given, max, describe);
    if (problem) return fail('invalid_input', problem);
  }

  if (input) {
    const missing = inputProblem(name, input, asked, pictures, clips);
    if (missing && hosted) return fail('invalid_input', missing);
    if (missing && input !== 'text' && !asked.image && pictures + clips === 0) warnings.push(madeFromPrompt(name));
  }

  const durations = hosted ? limits.durations : undefined;
  let durationSeconds = asked.durationSeconds;
  if (durationSeconds === undefined)
    durationSeconds = !limits.durations || limits.durations.includes(5) ? 5 : (limits.durations[0] ?? 5);
  else if (durations && !durations.includes(durationSeconds))
    return fail('invalid_input', `duration: ${name} makes ${orList(durations)} seconds; got ${durationSeconds}`);
  if (durationSeconds > maxSeconds)
    return fail('invalid_input', `duration: at most ${maxSeconds} seconds here; ${name} would make ${durationSeconds}`);

  const resolutions: readonly VideoResolution[] = model.limits?.resolutions
    ? hosted
      ? model.limits.resolutions
      : [...new Set([...model.limits.resolutions, ...ENGINE_RESOLUTIONS])]
    : ENGINE_RESOLUTIONS;
  if (asked.resolution && !resolutions.includes(asked.resolution))
    return fail('invalid_input', `resolution: ${name} makes ${orList(resolutions)}; got ${asked.resolution}`);

  const shapes = limits.aspectRatios;
  let aspectRatio: AspectRatio | 'input' | undefined = asked.aspectRatio;
  if (aspectRatio && hosted && Array.isArray(shapes) && !shapes.includes(aspectRatio))
    return fail('invalid_input', `aspectRatio: ${name} makes ${orList(shapes)}; got ${aspectRatio}`);
  if (!aspectRatio) {
    if (shapes === 'input') aspectRatio = asked.image ? 'input' : '16:9';
    else aspectRatio = !shapes || shapes.includes('16:9') ? '16:9' : (shapes[0] ?? '16:9');
  }

  let generateAudio = asked.generateAudio;
  const native = model.limits?.nativeAudio;
  if (sounds > 0) {
    if (generateAudio === false)
      warnings.push({
        type: 'adjusted-setting',
        setting: 'generateAudio',
        details: 'reference audio turns the audio on (as on the hosted service)',
      });
    generateAudio = true;
  } else if (native === 'always' && generateAudio === false) {
    warnings.push({
      type: 'unsupported-setting',
      setting: 'generateAudio',
      details: `${name} always makes audio; false does not turn it off (as on the hosted service)`,
    });
    generateAudio = undefined;
  }
  if (native && sounds === 0 && (generateAudio === true || native === 'always'))
    warnings.push({
      type: 'adjusted-setting',
      setting: 'generateAudio',
      details: `${name}'s native audio (sound made with the picture) cannot be made here; the sound is the prompt narrated by a local voice, or silence without one`,
    });
  if (clips > 0)
    warnings.push({
      type: 'unsupported-setting',
      setting: 'referenceVideos',
      details:
        'the local engine cannot follow a reference clip; it was checked, and the video was made from the prompt and the pictures',
    });
  if (references.referenceImages.some((r) => r.type))
    warnings.push({
      type: 'unsupported-setting',
      setting: 'referenceImages',
      details: 'the roles (character, object, style) are not followed here; the pictures are shown in the clip',
    });
  if (!input && !asked.image && FROM_PICTURE.test(name)) warnings.push(madeFromPrompt(name));
  // Absent: the model's first resolution (its default on the hosted service), else the engine's own.
  const resolution = asked.resolution ?? model.limits?.resolutions?.[0];
  return ok({
    durationSeconds,
    aspectRatio,
    resolution,
    explicitResolution: asked.resolution !== undefined,
    generateAudio,
    references,
    warnings,
  });
}

/** What is missing (or extra) for the model's input, as `field: reason`; undefined when the inputs fit. */
function inputProblem(
  name: string,
  input: VideoInput,
  asked: VideoAsked,
  pictures: number,
  clips: number,
): string | undefined {
  switch (input) {
    case 'text':
      return asked.image
        ? `image: ${name} makes video from text only; for a first frame use its Image variant`
        : undefined;
    case 'first-frame':
    case 'first-last-frame':
      return asked.image ? undefined : `image: ${name} needs a first frame (image)`;
    case 'references':
      if (asked.image) return `image: ${name} makes video from reference images (referenceImages), not a first frame`;
      return pictures > 0 ? undefined : `referenceImages: ${name} needs at least one reference image`;
    case 'references-or-video':
      if (asked.image)
        return `image: ${name} makes video from reference images or videos (referenceImages, referenceVideos), not a first frame`;
      return pictures + clips > 0
        ? undefined
        : `referenceImages: ${name} needs at least one reference image or reference video`;
  }
}

/** The hosted service's answer to a free account asking for a model its plan does not include. */
export const FREE_PLAN_REFUSAL =
  'This model is not available on the Free plan. Try Veo 3.1 or Seedance 2.0 Mini, or upgrade to unlock all models.';

/**
 * Why a free account may not make this video (undefined: it may). A free variant needs its resolution sent
 * explicitly and keeps to its length; other models of the hosted catalogue get the hosted text.
 */
export function freePlanRefusal(
  model: { name: string; limits: VideoLimits | undefined },
  { resolution, explicitResolution, durationSeconds }: CheckedVideo,
): string | undefined {
  const free = model.limits?.freePlan;
  if (!free) return FREE_PLAN_REFUSAL;
  if (!explicitResolution || resolution !== free.resolution)
    return `On the Free plan, ${model.name} is made at ${free.resolution} only: send resolution "${free.resolution}"`;
  if (free.maxSeconds !== undefined && durationSeconds > free.maxSeconds)
    return `On the Free plan, ${model.name} makes at most ${free.maxSeconds} seconds; got ${durationSeconds}`;
  return undefined;
}
