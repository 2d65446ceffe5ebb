import type { Config } from '../config.js';
import { BuiltinTextModel } from './adapters/builtin/builtin-text-model.js';
import { OpenAICompatibleTextModel } from './adapters/openai-compatible/openai-compatible-text-model.js';
import { ElevenLabsTtsModel } from './adapters/elevenlabs/elevenlabs-tts-model.js';
import { OpenAICompatibleTtsModel, parseOpenAIVoices } from './adapters/openai-compatible/openai-compatible-tts-model.js';
import { EspeakNgTtsModel } from './adapters/espeak-ng/espeak-ng-tts-model.js';
import { FliteTtsModel } from './adapters/flite/flite-tts-model.js';
import { PocketsphinxAsrModel } from './adapters/pocketsphinx/pocketsphinx-asr-model.js';
import { OpenAICompatibleAsrModel } from './adapters/openai-compatible/openai-compatible-asr-model.js';
import type { AsrModel } from './spec/asr-model.js';
import type { TextModel } from './spec/text-model.js';
import type { TtsModel } from './spec/tts-model.js';

export interface EngineDeps {
  fetch?: typeof fetch;
}

type TextAdapterFactory = (config: Config, modelId: string, deps: EngineDeps) => TextModel;

/** The only list of adapters. Adding a provider: one folder under adapters/ and one line here. */
const textAdapters: Record<Config['text']['provider'], TextAdapterFactory> = {
  builtin: () => new BuiltinTextModel(),
  'openai-compatible': (config, modelId, deps) =>
    new OpenAICompatibleTextModel({
      baseUrl: config.text.baseUrl ?? '',
      apiKey: config.text.apiKey,
      modelId,
      timeoutMs: config.upstream.timeoutMs,
      retry: { retries: config.upstream.retries },
      fetch: deps.fetch,
    }),
};

export interface TextModels {
  standard: TextModel;
  advanced: TextModel;
}

export function createTextModels(config: Config, deps: EngineDeps = {}): TextModels {
  const factory = textAdapters[config.text.provider];
  return {
    standard: factory(config, config.text.model, deps),
    advanced: factory(config, config.text.advancedModel, deps),
  };
}

const localTtsAdapters: Record<Config['tts']['localProviders'][number], (config: Config) => TtsModel> = {
  'espeak-ng': (config) => new EspeakNgTtsModel({ binaryPath: config.tts.espeakNgPath, timeoutMs: config.tts.timeoutMs }),
  flite: (config) => new FliteTtsModel({ binaryPath: config.tts.flitePath, timeoutMs: config.tts.timeoutMs }),
};

/** The speech families: the embedded programs chosen in config, plus each remote family that is configured. */
export function createTtsModels(config: Config, deps: EngineDeps = {}): TtsModel[] {
  const models = config.tts.localProviders.map((name) => localTtsAdapters[name](config));
  const retry = { retries: config.upstream.retries };
  const { openai, elevenlabs } = config.tts;
  if (openai) {
    models.push(
      new OpenAICompatibleTtsModel({
        baseUrl: openai.baseUrl,
        apiKey: openai.apiKey,
        model: openai.model,
        voices: parseOpenAIVoices(openai.voices),
        timeoutMs: config.upstream.timeoutMs,
        retry,
        fetch: deps.fetch,
      }),
    );
  }
  if (elevenlabs) {
    models.push(
      new ElevenLabsTtsModel({
        baseUrl: elevenlabs.baseUrl,
        apiKey: elevenlabs.apiKey,
        modelId: elevenlabs.model,
        timeoutMs: config.upstream.timeoutMs,
        retry,
        fetch: deps.fetch,
      }),
    );
  }
  return models;
}

export interface AsrModels {
  /** In order of preference for a language they can do. */
  engines: AsrModel[];
  /** The better engine, for `enhanced_quality`. */
  enhanced: AsrModel | undefined;
  /** Language name (lower case) -> the engine chosen for it in configuration. */
  routes: Record<string, AsrModel>;
}

export function createAsrModels(config: Config, deps: EngineDeps = {}): AsrModels {
  const engines: AsrModel[] = [];
  let enhanced: AsrModel | undefined;
  const { openai } = config.asr;
  const remote = (modelId: string) =>
    new OpenAICompatibleAsrModel({
      baseUrl: openai?.baseUrl ?? '',
      apiKey: openai?.apiKey,
      modelId,
      timeoutMs: config.asr.timeoutMs,
      retry: { retries: config.upstream.retries },
      fetch: deps.fetch,
    });
  if (openai) {
    engines.push(remote(openai.model));
    enhanced = openai.enhancedModel ? remote(openai.enhancedModel) : engines[0];
  }
  if (config.asr.local) engines.push(new PocketsphinxAsrModel({ binaryPath: config.asr.pocketsphinxPath, timeoutMs: config.asr.timeoutMs }));
  const routes: Record<string, AsrModel> = {};
  for (const [language, provider] of Object.entries(config.asr.routes)) {
    const engine = engines.find((e) => e.provider === provider);
    if (engine) routes[language] = engine;
  }
  return { engines, enhanced, routes };
}
