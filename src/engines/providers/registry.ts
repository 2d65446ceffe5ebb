import type { Config } from '../../config.js';
import { BuiltinTextModel } from '../adapters/builtin/builtin-text-model.js';
import { ModelCatalogue, normalizeModelName } from '../media/model-catalogue.js';
import type { VideoLimits } from '../media/video-limits.js';
import { type EngineKind, observeEngine } from '../calls/observed-engine.js';
import type { EngineDeps, ImageEntry, LocalEngines } from './provider.js';
import { PROVIDERS, providerNamed } from './providers.js';
import type { AsrModel } from '../spec/asr-model.js';
import type { EmbeddingModel } from '../spec/embedding-model.js';
import type { ModerationModel } from '../spec/moderation-model.js';
import type { ImageEditor, ImageModel } from '../spec/image-model.js';
import type { SoundModel } from '../spec/sound-model.js';
import type { TalkingVideoModel } from '../spec/talking-video-model.js';
import type { VideoModel } from '../spec/video-model.js';
import type { TextModel } from '../spec/text-model.js';
import type { TtsModel } from '../spec/tts-model.js';
import { SwappableTextModels } from '../swapping/swappable-text-models.js';

export type { EngineDeps, LocalEngines } from './provider.js';

const observed = <T extends { readonly provider: string }>(deps: EngineDeps, kind: EngineKind, engine: T): T =>
  deps.observer ? observeEngine(engine, kind, deps.observer) : engine;

export interface TextModels {
  standard: TextModel;
  advanced: TextModel;
  /** The offline engine, always there: chat's `builtin` model and the bots' extractive answers. */
  builtin: TextModel;
  /** The models this process runs itself (llama-cpp), if any. */
  local: LocalEngines | undefined;
  /** The provider serving `standard` and `advanced` now (builtin, llama-cpp, ...): a pulled model changes it. */
  readonly provider: string;
}

/** The text engines config picks, replaceable while the service runs (SwappableTextModels.swap). */
export function createTextModels(config: Config, deps: EngineDeps = {}): SwappableTextModels {
  const make = (current: Config) => {
    const text = providerNamed(current.text.provider).text;
    if (!text) throw new Error(`the ${current.text.provider} provider serves no text`);
    const engines = text.models(current, deps);
    return {
      standard: observed(deps, 'text', engines.standard),
      advanced: observed(deps, 'text', engines.advanced),
      local: engines.local,
    };
  };
  return new SwappableTextModels(observed(deps, 'text', new BuiltinTextModel()), make, config);
}

/** The speech families: the embedded programs chosen in config, in its order, plus each remote family that is configured. */
export function createTtsModels(config: Config, deps: EngineDeps = {}): TtsModel[] {
  const local = config.tts.localProviders.map((name) => providerNamed(name).speech?.model(config, deps));
  const remote = PROVIDERS.map((p) => (p.speech && !p.speech.local ? p.speech.model(config, deps) : undefined));
  return [...local, ...remote].filter((m) => m !== undefined).map((model) => observed(deps, 'speech', model));
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

/** Remote engines first, then the local ones in the providers' order; the better engine is the first one that has one. */
export function createAsrModels(config: Config, deps: EngineDeps = {}): LocalAsrModels {
  const made = PROVIDERS.flatMap((p) => p.transcription?.engines(config, deps) ?? []);
  const groups = [...made.filter((g) => g.remote), ...made.filter((g) => !g.remote)].map((group) => {
    const engines = group.engines.map((engine) => observed(deps, 'transcription', engine));
    const index = group.enhanced ? group.engines.indexOf(group.enhanced) : -1;
    const enhanced = index >= 0 ? engines[index] : group.enhanced && observed(deps, 'transcription', group.enhanced);
    return { ...group, engines, enhanced };
  });
  const engines = groups.flatMap((g) => g.engines);
  const routes: Record<string, AsrModel> = {};
  for (const [language, provider] of Object.entries(config.asr.routes)) {
    const engine = engines.find((e) => e.provider === provider);
    if (engine) routes[language] = engine;
  }
  return {
    engines,
    enhanced: groups.find((g) => g.enhanced)?.enhanced,
    routes,
    warmUp: async () => {
      await Promise.all(groups.map((g) => g.warmUp?.()));
    },
    release: async () => {
      await Promise.all(groups.map((g) => g.release?.()));
    },
  };
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

type ImageEngineName = ImageEntry['engines'][number];

/**
 * The image model catalogue: each name served by the engine ATELIER_IMAGE_ROUTES gives its name or its
 * family, else by the first of its engines that is configured here.
 */
export function createImageModels(config: Config, deps: EngineDeps = {}): ModelCatalogue<CatalogueImageModel> {
  const { routes } = config.images;
  const factories = new Map(PROVIDERS.map((p) => [p.name, p.image?.engine(config, deps)] as const));
  const routed = (entry: ImageEntry): ImageEngineName | undefined =>
    routes.models[normalizeModelName(entry.name)] ??
    (entry.family === undefined ? undefined : routes.families[normalizeModelName(entry.family)]);
  const entries = config.images.models.flatMap((entry) => {
    const route = routed(entry);
    // A route names a configured engine (the configuration refuses any other).
    const factory = route
      ? factories.get(route)
      : entry.engines.map((name) => factories.get(name)).find((f) => f !== undefined);
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

/** The editors that are no catalogue model: the builtin filters and, when configured, a background removal server. */
export function createImageEditors(config: Config, deps: EngineDeps = {}): ImageEditor[] {
  return PROVIDERS.flatMap((p) => {
    const made = p.imageEdit?.editor(config, deps) ?? [];
    return [made].flat().map((editor) => observed(deps, 'image', editor));
  });
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
  /** What the hosted service takes of it; undefined: whatever the engine makes. */
  limits: VideoLimits | undefined;
}

/** Video models, all made by the one video engine (the embedded ffmpeg engine), which may narrate with the speech models. */
export function createVideoModels(
  config: Config,
  ttsModels: TtsModel[],
  deps: EngineDeps = {},
): ModelCatalogue<CatalogueVideoModel> {
  const video = PROVIDERS.find((p) => p.video)?.video;
  if (!video) throw new Error('no provider makes videos');
  const engine = observed(deps, 'video', video.engine(config, ttsModels));
  return new ModelCatalogue(
    config.videos.models.map((entry) => ({
      model: {
        name: entry.name,
        aliases: entry.aliases,
        family: entry.family,
        engine,
        creditsPerSecond: entry.creditsPerSecond,
        limits: entry.limits,
      },
      aliases: entry.aliases,
    })),
  );
}

/** The talking-video engine: a configured remote lip-sync engine (finished by the offline one), else the offline one. */
export function createTalkingVideoModel(config: Config, deps: EngineDeps = {}): TalkingVideoModel {
  const offline = PROVIDERS.find((p) => p.talkingVideo?.offline)?.talkingVideo?.engine(config, deps, undefined);
  const remote = PROVIDERS.filter((p) => p.talkingVideo && !p.talkingVideo.offline)
    .map((p) => p.talkingVideo?.engine(config, deps, offline))
    .find((e) => e !== undefined);
  const engine = remote ?? offline;
  if (!engine) throw new Error('no provider makes talking videos');
  return observed(deps, 'video', engine);
}

/** The embedding model for bot knowledge, when one is configured; none means keyword search only. */
export function createEmbeddingModel(config: Config, deps: EngineDeps = {}): EmbeddingModel | undefined {
  const model = PROVIDERS.map((p) => p.embedding?.model(config, deps)).find((m) => m !== undefined);
  return model && observed(deps, 'embedding', model);
}

/** The sound-effect engine ATELIER_SOUND_ENGINE names (the configuration refuses one that is not configured). */
export function createSoundModel(config: Config, deps: EngineDeps = {}): SoundModel {
  const model = providerNamed(config.sound.engine).sound?.engine(config, deps);
  if (!model) throw new Error(`the ${config.sound.engine} sound engine is not configured`);
  return observed(deps, 'sound', model);
}

/** The moderation classifier, when one is configured (ATELIER_MODERATIONS_BASE_URL). */
export function createModerationModel(config: Config, deps: EngineDeps = {}): ModerationModel | undefined {
  return PROVIDERS.map((p) => p.moderation?.model(config, deps)).find((m) => m !== undefined);
}
