import type { Config } from '../config.js';
import { processTempDir } from '../storage/temp-dir.js';
import { BuiltinTextModel } from './adapters/builtin/builtin-text-model.js';
import { OpenAICompatibleTextModel } from './adapters/openai-compatible/openai-compatible-text-model.js';
import { createLlamaCppTextModels } from './adapters/llama-cpp/llama-cpp-text-model.js';
import { EngineUnavailableError } from '../shared/errors.js';
import { ElevenLabsTtsModel } from './adapters/elevenlabs/elevenlabs-tts-model.js';
import { OpenAICompatibleTtsModel, parseOpenAIVoices } from './adapters/openai-compatible/openai-compatible-tts-model.js';
import { EspeakNgTtsModel } from './adapters/espeak-ng/espeak-ng-tts-model.js';
import { FliteTtsModel } from './adapters/flite/flite-tts-model.js';
import { PocketsphinxAsrModel } from './adapters/pocketsphinx/pocketsphinx-asr-model.js';
import { WhisperCppAsrModel } from './adapters/whisper-cpp/whisper-cpp-asr-model.js';
import { OpenAICompatibleAsrModel } from './adapters/openai-compatible/openai-compatible-asr-model.js';
import { Automatic1111ImageModel } from './adapters/automatic1111/automatic1111-image-model.js';
import { BuiltinImageModel } from './adapters/builtin/builtin-image-model.js';
import { FfmpegVideoModel } from './adapters/ffmpeg-video/ffmpeg-video-model.js';
import { OpenAICompatibleImageModel } from './adapters/openai-compatible/openai-compatible-image-model.js';
import { OpenAICompatibleEmbeddingModel } from './adapters/openai-compatible/openai-compatible-embedding-model.js';
import { ModelCatalogue, normalizeModelName } from './model-catalogue.js';
import { type EngineKind, type EngineObserver, observeEngine } from './observed-engine.js';
import type { AsrModel } from './spec/asr-model.js';
import type { EmbeddingModel } from './spec/embedding-model.js';
import type { ImageModel } from './spec/image-model.js';
import type { VideoModel } from './spec/video-model.js';
import type { SpeechAudio } from './spec/tts-model.js';
import type { TextModel } from './spec/text-model.js';
import type { TtsModel } from './spec/tts-model.js';

export interface EngineDeps {
  fetch?: typeof fetch;
  /** Told the duration and outcome of every engine call (metrics); engines are used as they are without one. */
  observer?: EngineObserver;
}

const observed = <T extends { readonly provider: string }>(deps: EngineDeps, kind: EngineKind, engine: T): T =>
  deps.observer ? observeEngine(engine, kind, deps.observer) : engine;

/** Engines that run in this process and hold memory (model files): warmed up at start, released on close. */
export interface LocalEngines {
  /** Loads everything now; resolves when all are loaded or have failed (their status says why). */
  warmUp(): Promise<void>;
  /** One line per engine for /ready: ok when loaded or not yet needed. */
  status(): { ok: boolean; text: string }[];
  release(): Promise<void>;
}

interface TextEngines {
  standard: TextModel;
  advanced: TextModel;
  local?: LocalEngines;
}

type TextAdapterFactory = (config: Config, deps: EngineDeps) => TextEngines;

/** The standard and advanced models of an adapter that serves both names, each under its own. */
const byName = (config: Config, make: (modelId: string) => TextModel): TextEngines => ({ standard: make(config.text.model), advanced: make(config.text.advancedModel) });

/** The only list of adapters. Adding a provider: one folder under adapters/ and one line here. */
const textAdapters: Record<Config['text']['provider'], TextAdapterFactory> = {
  builtin: (config) => byName(config, () => new BuiltinTextModel()),
  'openai-compatible': (config, deps) =>
    byName(
      config,
      (modelId) =>
        new OpenAICompatibleTextModel({
          baseUrl: config.text.baseUrl ?? '',
          apiKey: config.text.apiKey,
          modelId,
          timeoutMs: config.upstream.timeoutMs,
          retry: { retries: config.upstream.retries },
          fetch: deps.fetch,
        }),
    ),
  // Standard: ATELIER_LLM_MODEL_PATH; advanced: its own file or the same (then one model, one context).
  'llama-cpp': (config) => {
    const { modelPath, ...llm } = config.llm;
    if (!modelPath) throw new EngineUnavailableError('the llama-cpp text provider needs a model file (ATELIER_LLM_MODEL_PATH)');
    const local = createLlamaCppTextModels({ ...llm, modelPath });
    return { standard: local.standard, advanced: local.advanced, local };
  },
};

export interface TextModels {
  standard: TextModel;
  advanced: TextModel;
  /** The offline engine, always there: chat's `builtin` model and the bots' extractive answers. */
  builtin: TextModel;
  /** The models this process runs itself (llama-cpp), if any. */
  local: LocalEngines | undefined;
}

export function createTextModels(config: Config, deps: EngineDeps = {}): TextModels {
  const engines = textAdapters[config.text.provider](config, deps);
  return {
    standard: observed(deps, 'text', engines.standard),
    advanced: observed(deps, 'text', engines.advanced),
    builtin: observed(deps, 'text', new BuiltinTextModel()),
    local: engines.local,
  };
}

const localTtsAdapters: Record<Config['tts']['localProviders'][number], (config: Config) => TtsModel> = {
  'espeak-ng': (config) => new EspeakNgTtsModel({ binaryPath: config.tts.espeakNgPath, timeoutMs: config.tts.timeoutMs }),
  flite: (config) => new FliteTtsModel({ binaryPath: config.tts.flitePath, timeoutMs: config.tts.timeoutMs, tempDir: processTempDir(config.tempDir) }),
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
  return models.map((model) => observed(deps, 'speech', model));
}

export interface AsrModels {
  /** In order of preference for a language they can do. */
  engines: AsrModel[];
  /** The better engine, for `enhanced_quality`. */
  enhanced: AsrModel | undefined;
  /** Language name (lower case) -> the engine chosen for it in configuration. */
  routes: Record<string, AsrModel>;
}

export interface LocalAsrModels extends AsrModels {
  /** Loads the local engines' models (the whisper model) now; resolves when loaded or failed. */
  warmUp(): Promise<void>;
  /** Frees what the local engines hold (the whisper model), at shutdown. */
  release(): Promise<void>;
}

export function createAsrModels(config: Config, deps: EngineDeps = {}): LocalAsrModels {
  const engines: AsrModel[] = [];
  let enhanced: AsrModel | undefined;
  const { openai } = config.asr;
  const remote = (modelId: string) =>
    observed(deps, 'transcription', new OpenAICompatibleAsrModel({
      baseUrl: openai?.baseUrl ?? '',
      apiKey: openai?.apiKey,
      modelId,
      timeoutMs: config.asr.timeoutMs,
      retry: { retries: config.upstream.retries },
      fetch: deps.fetch,
    }));
  if (openai) {
    engines.push(remote(openai.model));
    enhanced = openai.enhancedModel ? remote(openai.enhancedModel) : engines[0];
  }
  // A configured whisper model comes before pocketsphinx, and is the better engine when nothing remote is.
  const { whisper } = config.asr;
  const whisperModel = whisper && new WhisperCppAsrModel({ modelPath: whisper.modelPath, threads: whisper.threads, timeoutMs: config.asr.timeoutMs });
  if (whisperModel) {
    engines.push(observed(deps, 'transcription', whisperModel));
    enhanced ??= engines.at(-1);
  }
  if (config.asr.local) engines.push(observed(deps, 'transcription', new PocketsphinxAsrModel({ binaryPath: config.asr.pocketsphinxPath, timeoutMs: config.asr.timeoutMs, tempDir: processTempDir(config.tempDir) })));
  const routes: Record<string, AsrModel> = {};
  for (const [language, provider] of Object.entries(config.asr.routes)) {
    const engine = engines.find((e) => e.provider === provider);
    if (engine) routes[language] = engine;
  }
  return { engines, enhanced, routes, warmUp: async () => whisperModel?.warmUp(), release: async () => whisperModel?.close() };
}

export interface CatalogueImageModel {
  name: string;
  aliases: readonly string[];
  /** e.g. flux, openai-dalle; routes by family apply to it. */
  family: string | undefined;
  engine: ImageModel;
  credits: number;
  hdCredits: number;
  /** Sizes the model can make; any size within the general bounds when absent. */
  sizes: { width: number; height: number }[] | undefined;
}

type ImageEngineName = Config['images']['models'][number]['engines'][number];
type ImageEntry = Config['images']['models'][number];

/**
 * The image model catalogue: each name served by the engine ATELIER_IMAGE_ROUTES gives its name or its
 * family, else by the first of its engines that is configured here.
 */
export function createImageModels(config: Config, deps: EngineDeps = {}): ModelCatalogue<CatalogueImageModel> {
  const builtin = new BuiltinImageModel();
  const { openai, automatic1111, timeoutMs, routes } = config.images;
  const retry = { retries: config.upstream.retries };
  const factories: Record<ImageEngineName, ((entry: ImageEntry) => ImageModel) | undefined> = {
    builtin: () => builtin,
    'openai-compatible': openai
      ? (entry) => new OpenAICompatibleImageModel({ baseUrl: openai.baseUrl, apiKey: openai.apiKey, model: entry.upstreamModel ?? entry.name, timeoutMs, retry, fetch: deps.fetch })
      : undefined,
    automatic1111: automatic1111
      ? (entry) => {
          const [username, ...rest] = automatic1111.basicAuth?.split(':') ?? [];
          return new Automatic1111ImageModel({
            baseUrl: automatic1111.baseUrl,
            apiKey: automatic1111.apiKey,
            ...(username && { username, password: rest.join(':') }),
            checkpoint: entry.upstreamModel,
            modelId: entry.name,
            timeoutMs,
            retry,
            fetch: deps.fetch,
          });
        }
      : undefined,
  };
  const routed = (entry: ImageEntry): ImageEngineName | undefined =>
    routes.models[normalizeModelName(entry.name)] ?? (entry.family === undefined ? undefined : routes.families[normalizeModelName(entry.family)]);
  const entries = config.images.models.flatMap((entry) => {
    const route = routed(entry);
    // A route names a configured engine (the configuration refuses any other).
    const factory = route ? factories[route] : entry.engines.map((name) => factories[name]).find((f) => f !== undefined);
    if (!factory) return [];
    const model: CatalogueImageModel = {
      name: entry.name,
      aliases: entry.aliases,
      family: entry.family,
      engine: observed(deps, 'image', factory(entry)),
      credits: entry.credits,
      hdCredits: entry.hdCredits ?? entry.credits * 2,
      sizes: entry.sizes?.map(parseSize),
    };
    return [{ model, aliases: entry.aliases }];
  });
  return new ModelCatalogue(entries);
}

const parseSize = (size: string) => {
  const [width = 0, height = 0] = size.split('x').map(Number);
  return { width, height };
};

export interface CatalogueVideoModel {
  name: string;
  aliases: readonly string[];
  family: string | undefined;
  engine: VideoModel;
  creditsPerSecond: number;
}

/** Video models: the embedded ffmpeg engine, drawing keyframes with the builtin image engine and narrating with a local voice. */
export function createVideoModels(config: Config, ttsModels: TtsModel[], deps: EngineDeps = {}): ModelCatalogue<CatalogueVideoModel> {
  const engine = observed(deps, 'video', new FfmpegVideoModel({
    ffmpegPath: config.asr.ffmpegPath,
    timeoutMs: config.videos.timeoutMs,
    workDir: processTempDir(config.tempDir),
    images: new BuiltinImageModel(),
    ...(config.videos.narration && { narrate: narrator(ttsModels) }),
  }));
  return new ModelCatalogue(
    config.videos.models.map((entry) => ({
      model: { name: entry.name, aliases: entry.aliases, family: entry.family, engine, creditsPerSecond: entry.creditsPerSecond },
      aliases: entry.aliases,
    })),
  );
}

/** The clearest local voice available: flite's slt, else espeak-ng's American English. */
function narrator(models: TtsModel[]): ((text: string, signal?: AbortSignal) => Promise<SpeechAudio>) | undefined {
  const choice = [
    { provider: 'flite', voice: 'slt' },
    { provider: 'espeak-ng', voice: 'en-us' },
  ].find((c) => models.some((m) => m.provider === c.provider));
  const model = choice && models.find((m) => m.provider === choice.provider);
  if (!choice || !model) return undefined;
  // One call takes so much text; a clip of at most a few minutes never needs more.
  const fit = (text: string) => (text.length <= model.maxChunkCharacters ? text : text.slice(0, text.lastIndexOf(' ', model.maxChunkCharacters)));
  return (text, signal) => model.doGenerate({ providerVoiceId: choice.voice, text: fit(text), settings: {}, abortSignal: signal });
}

/** The embedding model for bot knowledge, when one is configured; none means keyword search only. */
export function createEmbeddingModel(config: Config, deps: EngineDeps = {}): EmbeddingModel | undefined {
  const { embeddings } = config;
  if (!embeddings) return undefined;
  return observed(
    deps,
    'embedding',
    new OpenAICompatibleEmbeddingModel({
      baseUrl: embeddings.baseUrl,
      apiKey: embeddings.apiKey,
      modelId: embeddings.model,
      timeoutMs: config.upstream.timeoutMs,
      retry: { retries: config.upstream.retries },
      fetch: deps.fetch,
    }),
  );
}
