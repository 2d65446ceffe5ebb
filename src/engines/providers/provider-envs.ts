import type { z } from 'zod';
import { automatic1111Env } from '../adapters/automatic1111/settings.js';
import { builtinEnv } from '../adapters/builtin/settings.js';
import { cogLipSyncEnv } from '../adapters/cog-lipsync/settings.js';
import { elevenLabsEnv } from '../adapters/elevenlabs/settings.js';
import { espeakNgEnv } from '../adapters/espeak-ng/settings.js';
import { ffmpegVideoEnv } from '../adapters/ffmpeg-video/settings.js';
import { fliteEnv } from '../adapters/flite/settings.js';
import { llamaCppEnv } from '../adapters/llama-cpp/settings.js';
import { openAICompatibleEnv } from '../adapters/openai-compatible/settings.js';
import { proceduralSoundEnv } from '../adapters/procedural-sound/settings.js';
import { pocketsphinxEnv } from '../adapters/pocketsphinx/settings.js';
import { rembgEnv } from '../adapters/rembg/settings.js';
import { whisperCppEnv } from '../adapters/whisper-cpp/settings.js';

/**
 * Each provider's variables, in the order of PROVIDERS (providers.ts, which a test holds to the same
 * names). Adding a provider: its folder, a line here and one there.
 */
export const PROVIDER_ENVS = [
  builtinEnv,
  whisperCppEnv,
  pocketsphinxEnv,
  espeakNgEnv,
  fliteEnv,
  llamaCppEnv,
  openAICompatibleEnv,
  elevenLabsEnv,
  automatic1111Env,
  rembgEnv,
  ffmpegVideoEnv,
  proceduralSoundEnv,
  cogLipSyncEnv,
] as const;

/** ATELIER_TEXT_PROVIDER's values: the providers that serve text (the order is that of its error message). */
export const TEXT_PROVIDERS = [builtinEnv.name, openAICompatibleEnv.name, llamaCppEnv.name] as const;
export type TextProviderName = (typeof TEXT_PROVIDERS)[number];
/** The image engines a catalogue entry or ATELIER_IMAGE_ROUTES may name, by preference of the default catalogue's OpenAI models. */
export const IMAGE_ENGINES = [openAICompatibleEnv.name, automatic1111Env.name, builtinEnv.name] as const;
export type ImageEngineName = (typeof IMAGE_ENGINES)[number];
/** ATELIER_SOUND_ENGINE's values: the providers that make sound effects (the offline one first). */
export const SOUND_ENGINES = [proceduralSoundEnv.name, elevenLabsEnv.name] as const;
export type SoundEngineName = (typeof SOUND_ENGINES)[number];
/** ATELIER_TTS_LOCAL_PROVIDERS' values: the speech programs this machine runs. */
export const LOCAL_SPEECH_PROVIDERS = [espeakNgEnv.name, fliteEnv.name] as const;
/** The transcription engines ATELIER_ASR_ROUTES may name. */
export const TRANSCRIPTION_ENGINES = [
  pocketsphinxEnv.name,
  whisperCppEnv.name,
  openAICompatibleEnv.transcriptionEngine,
] as const;

type Entry = (typeof PROVIDER_ENVS)[number];
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Every provider's variables, as one zod shape for config.ts to extend. */
export type ProvidersEnvShape = UnionToIntersection<Entry['env']['shape']>;
/** What the providers add to Config (`tts.openai`, `asr.whisper`, `llm`...), sections merged. */
export type ProviderSettings = UnionToIntersection<ReturnType<Entry['settings']>>;

export const providersEnvShape = Object.assign({}, ...PROVIDER_ENVS.map((p) => p.env.shape)) as ProvidersEnvShape;

export function providerSettings(env: z.output<z.ZodObject<ProvidersEnvShape>>): ProviderSettings {
  return PROVIDER_ENVS.reduce<Record<string, unknown>>(
    (merged, provider) => mergeSections(merged, provider.settings(env)),
    {},
  ) as ProviderSettings;
}

/** For ATELIER_IMAGE_ROUTES: the variable to set when the image engine is not configured, undefined when it is. */
export function missingImageSetting(settings: ProviderSettings, name: ImageEngineName): string | undefined {
  const provider = PROVIDER_ENVS.find((p) => p.name === name);
  return provider && 'missingImageSetting' in provider ? provider.missingImageSetting(settings) : undefined;
}

/** Why the text provider chosen cannot serve (a variable it needs is missing), if it cannot. */
export function textProviderProblem(name: TextProviderName, settings: ProviderSettings): string | undefined {
  const provider = PROVIDER_ENVS.find((p) => p.name === name);
  return provider && 'textProblem' in provider ? provider.textProblem(settings) : undefined;
}

const isSection = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Two providers may fill the same section (`tts`): their fields are put together, one level deep. */
function mergeSections(into: Record<string, unknown>, from: object): Record<string, unknown> {
  for (const [key, value] of Object.entries(from)) {
    const existing = into[key];
    into[key] = isSection(existing) && isSection(value) ? { ...existing, ...value } : value;
  }
  return into;
}
