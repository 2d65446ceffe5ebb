import { automatic1111Provider } from '../adapters/automatic1111/provider.js';
import { builtinProvider } from '../adapters/builtin/provider.js';
import { cogLipSyncProvider } from '../adapters/cog-lipsync/provider.js';
import { elevenLabsProvider } from '../adapters/elevenlabs/provider.js';
import { espeakNgProvider } from '../adapters/espeak-ng/provider.js';
import { ffmpegVideoProvider } from '../adapters/ffmpeg-video/provider.js';
import { fliteProvider } from '../adapters/flite/provider.js';
import { llamaCppProvider } from '../adapters/llama-cpp/provider.js';
import { openAICompatibleProvider } from '../adapters/openai-compatible/provider.js';
import { proceduralSoundProvider } from '../adapters/procedural-sound/provider.js';
import { pocketsphinxProvider } from '../adapters/pocketsphinx/provider.js';
import { rembgProvider } from '../adapters/rembg/provider.js';
import { whisperCppProvider } from '../adapters/whisper-cpp/provider.js';
import type { Provider } from './provider.js';

/**
 * The only list of providers: the registry makes engines from it and /ready checks them in this order
 * (remote transcription engines still come first). Their variables are listed in provider-envs.ts, in
 * the same order. Adding a provider: one folder under adapters/ (settings.ts, provider.ts) and a line
 * here and there.
 */
export const PROVIDERS: readonly Provider[] = [
  builtinProvider,
  whisperCppProvider,
  pocketsphinxProvider,
  espeakNgProvider,
  fliteProvider,
  llamaCppProvider,
  openAICompatibleProvider,
  elevenLabsProvider,
  automatic1111Provider,
  rembgProvider,
  ffmpegVideoProvider,
  proceduralSoundProvider,
  cogLipSyncProvider,
];

export function providerNamed(name: string): Provider {
  const provider = PROVIDERS.find((p) => p.name === name);
  if (!provider) throw new Error(`no provider named ${name}`);
  return provider;
}
