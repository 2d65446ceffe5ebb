import type { Config } from '../../config.js';
import type { EngineObserver } from '../calls/observed-engine.js';
import type { AsrModel } from '../spec/asr-model.js';
import type { EmbeddingModel } from '../spec/embedding-model.js';
import type { ModerationModel } from '../spec/moderation-model.js';
import type { ImageEditor, ImageModel } from '../spec/image-model.js';
import type { SoundModel } from '../spec/sound-model.js';
import type { TextModel } from '../spec/text-model.js';
import type { TalkingVideoModel } from '../spec/talking-video-model.js';
import type { TtsModel } from '../spec/tts-model.js';
import type { VideoModel } from '../spec/video-model.js';

export interface EngineDeps {
  fetch?: typeof fetch;
  /** Told the duration and outcome of every engine call (metrics); engines are used as they are without one. */
  observer?: EngineObserver;
}

/** Engines that run in this process and hold memory (model files): warmed up at start, released on close. */
export interface LocalEngines {
  /** Loads everything now; resolves when all are loaded or have failed (their status says why). */
  warmUp(): Promise<void>;
  /** One line per engine for /ready: ok when loaded or not yet needed. */
  status(): { ok: boolean; text: string }[];
  release(): Promise<void>;
}

export interface TextEngines {
  standard: TextModel;
  advanced: TextModel;
  local?: LocalEngines;
}

export interface TranscriptionEngines {
  /** In order of preference. */
  engines: AsrModel[];
  /** The better engine of these, for `enhanced_quality` (one of `engines` or an engine of its own). */
  enhanced?: AsrModel;
  /** Remote engines come before local ones. */
  remote: boolean;
  /** Loads the models the engines hold in this process; resolves when loaded or failed. */
  warmUp?(): Promise<void>;
  release?(): Promise<void>;
}

export type ImageEntry = Config['images']['models'][number];

/** One line of a /ready check: whether this part is usable, and what to show. */
export interface ReadinessPart {
  ok: boolean;
  text: string;
}

export interface ReadinessProbes {
  /** Whether a program can be started; cached a few seconds and shared between the kinds that use it. */
  program(name: string, path: string): Promise<ReadinessPart>;
}

/** What /ready says about this provider for one kind: nothing when it is not configured. */
export type ProviderReadiness = (config: Config, probes: ReadinessProbes) => Promise<ReadinessPart>[];

/**
 * Everything the service knows about one provider besides its variables (settings.ts beside it): the
 * engines it makes for each kind it serves, and what /ready checks for them.
 */
export interface Provider {
  readonly name: string;
  /** Serves ATELIER_TEXT_PROVIDER=<name>. */
  readonly text?: { models(config: Config, deps: EngineDeps): TextEngines; readiness?: ProviderReadiness };
  /** A local one is made when ATELIER_TTS_LOCAL_PROVIDERS names it, in that order; the others when configured. */
  readonly speech?: {
    local: boolean;
    model(config: Config, deps: EngineDeps): TtsModel | undefined;
    readiness: ProviderReadiness;
  };
  readonly transcription?: {
    engines(config: Config, deps: EngineDeps): TranscriptionEngines | undefined;
    readiness: ProviderReadiness;
  };
  /** A factory per catalogue entry, when the engine is configured; entries name it by the provider's name. */
  readonly image?: {
    engine(config: Config, deps: EngineDeps): ((entry: ImageEntry) => ImageModel) | undefined;
    readiness: ProviderReadiness;
  };
  /** Editors that are no catalogue model (filters, background removal servers): they do some `action`s. */
  readonly imageEdit?: {
    editor(config: Config, deps: EngineDeps): ImageEditor | readonly ImageEditor[] | undefined;
    readiness: ProviderReadiness;
  };
  /** The engine of every video model; it may narrate with the speech models. */
  readonly video?: { engine(config: Config, speech: TtsModel[]): VideoModel; readiness: ProviderReadiness };
  /** Serves ATELIER_SOUND_ENGINE=<name> (sound effects); undefined when not configured. */
  readonly sound?: {
    engine(config: Config, deps: EngineDeps): SoundModel | undefined;
    readiness: ProviderReadiness;
  };
  /**
   * A talking-video engine; the first provider that makes one (a configured remote lip-sync engine comes
   * before the offline one) serves POST /api/generate-talking-video. `offline` is the ffmpeg engine, which a
   * remote engine's clip is finished with.
   */
  readonly talkingVideo?: {
    offline: boolean;
    engine(config: Config, deps: EngineDeps, offline: TalkingVideoModel | undefined): TalkingVideoModel | undefined;
    readiness: ProviderReadiness;
  };
  readonly embedding?: {
    model(config: Config, deps: EngineDeps): EmbeddingModel | undefined;
    readiness: ProviderReadiness;
  };
  /** A moderation classifier (POST /v1/moderations); none configured, the route says so. */
  readonly moderation?: {
    model(config: Config, deps: EngineDeps): ModerationModel | undefined;
  };
}

export const offline = (name: string): Promise<ReadinessPart> =>
  Promise.resolve({ ok: true, text: `${name} (offline)` });

/** Remote providers are configured, not called: /ready must not spend anyone's quota or wait on the internet. */
export const configuredRemote = (name: string, baseUrl: string | undefined): Promise<ReadinessPart> =>
  Promise.resolve({ ok: true, text: `${name} at ${hostOf(baseUrl)} (configured, not called)` });

/** Only the host: a base URL may carry a user and password. */
function hostOf(baseUrl: string | undefined): string {
  try {
    return new URL(baseUrl ?? '').host;
  } catch {
    return 'an invalid URL';
  }
}
