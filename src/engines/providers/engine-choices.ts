import { z } from 'zod';
import { invalidConfiguration, oneOf } from '../../config-fields.js';
import { builtinEnv } from '../adapters/builtin/settings.js';
import { elevenLabsEnv } from '../adapters/elevenlabs/settings.js';
import { llamaCppEnv } from '../adapters/llama-cpp/settings.js';
import { proceduralSoundEnv } from '../adapters/procedural-sound/settings.js';
import {
  LOCAL_SPEECH_PROVIDERS,
  type ProviderSettings,
  SOUND_ENGINES,
  TEXT_PROVIDERS,
  TRANSCRIPTION_ENGINES,
  type TextProviderName,
  textProviderProblem,
} from './provider-envs.js';

const engine = oneOf(TRANSCRIPTION_ENGINES);

/** The service's variables that choose among the providers: their values are the provider lists' names. */
export const engineChoiceFields = {
  /** Unset: llama-cpp when a GGUF model is configured or pulled, builtin otherwise. */
  textProvider: z.enum(TEXT_PROVIDERS).optional(),
  /** Unset: elevenlabs when ATELIER_ELEVENLABS_API_KEY is set, procedural-sound (offline) otherwise. */
  soundEngine: z.enum(SOUND_ENGINES).optional(),
  asrRoutes: z
    .string()
    .regex(
      new RegExp(String.raw`^\s*([^=,]+=\s*${engine}\s*)(,\s*[^=,]+=\s*${engine}\s*)*$`),
      'expected Language=engine pairs, e.g. English=pocketsphinx,French=whisper-cpp',
    )
    .optional(),
};

/** The text provider: the one named, else llama-cpp when a GGUF file is there, else the offline one. */
export function textProviderOf(named: TextProviderName | undefined, providers: ProviderSettings): TextProviderName {
  return named ?? (providers.llm.modelPath ? llamaCppEnv.name : builtinEnv.name);
}

/** The sound engine: the one named, else ElevenLabs when its key is set, else the offline one. */
export function soundEngineOf(
  named: (typeof SOUND_ENGINES)[number] | undefined,
  providers: ProviderSettings,
): (typeof SOUND_ENGINES)[number] {
  return named ?? (providers.tts.elevenlabs ? elevenLabsEnv.name : proceduralSoundEnv.name);
}

/** What stops the start: a chosen text provider or sound engine that cannot serve. */
export function checkEngineChoices(
  choices: { textProvider: TextProviderName; soundEngine: (typeof SOUND_ENGINES)[number] },
  providers: ProviderSettings,
): void {
  const textProblem = textProviderProblem(choices.textProvider, providers);
  if (textProblem) throw invalidConfiguration(textProblem);
  if (choices.soundEngine === elevenLabsEnv.name && !providers.tts.elevenlabs)
    throw invalidConfiguration(
      `ATELIER_SOUND_ENGINE: ${elevenLabsEnv.name} needs ATELIER_ELEVENLABS_API_KEY (or choose ${proceduralSoundEnv.name}, the offline engine)`,
    );
}

/** `English=pocketsphinx,French=openai` -> language name (lower case) -> engine provider. */
export function parseAsrRoutes(raw: string | undefined): Record<string, string> {
  if (!raw) return {};
  return Object.fromEntries(
    raw.split(',').map((pair) => {
      const [language = '', engine = ''] = pair.split('=');
      return [language.trim().toLowerCase(), engine.trim()];
    }),
  );
}

type LocalSpeechProvider = (typeof LOCAL_SPEECH_PROVIDERS)[number];
const isLocalSpeechProvider = (name: string): name is LocalSpeechProvider =>
  (LOCAL_SPEECH_PROVIDERS as readonly string[]).includes(name);

/** ATELIER_TTS_LOCAL_PROVIDERS: the speech programs to use, in order. */
export function parseLocalProviders(raw: string): LocalSpeechProvider[] {
  const names = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !isLocalSpeechProvider(n));
  if (unknown.length)
    throw invalidConfiguration(
      `ATELIER_TTS_LOCAL_PROVIDERS: unknown ${unknown.join(', ')} (known: ${LOCAL_SPEECH_PROVIDERS.join(', ')})`,
    );
  return names.filter(isLocalSpeechProvider);
}
