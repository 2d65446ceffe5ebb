import type { Config } from '../config.js';
import type { AsrModels, LocalAsrModels } from './registry.js';
import type { AsrModel } from './spec/asr-model.js';

/** Transcription engines a transcription keeps from its start to its end, even when they are replaced meanwhile. */
export interface AsrModelsInUse extends AsrModels {
  /** Runs `work` on the engines current when it starts; they are not released before it ends. */
  use<T>(work: (models: AsrModels) => Promise<T>): Promise<T>;
}

/** One set of transcription engines, and the transcriptions running on it. */
interface Generation {
  models: LocalAsrModels;
  running: number;
  retired: boolean;
}

/**
 * The transcription engines, replaceable while the service runs (a whisper model pulled or removed): a
 * transcription runs on the engines current when it starts, to its end. Replaced engines are released
 * (their whisper model freed) after the last transcription that started on them.
 */
export class SwappableAsrModels implements AsrModelsInUse, LocalAsrModels {
  private current: Generation;

  constructor(
    private readonly make: (config: Config) => LocalAsrModels,
    config: Config,
    private readonly onReleaseError: (error: unknown) => void = () => undefined,
  ) {
    this.current = { models: make(config), running: 0, retired: false };
  }

  get engines(): AsrModel[] {
    return this.current.models.engines;
  }

  get enhanced(): AsrModel | undefined {
    return this.current.models.enhanced;
  }

  get routes(): Record<string, AsrModel> {
    return this.current.models.routes;
  }

  /** Serves new transcriptions with the engines `config` describes; the replaced ones are released once idle. */
  swap(config: Config): void {
    const old = this.current;
    this.current = { models: this.make(config), running: 0, retired: false };
    old.retired = true;
    this.releaseIfIdle(old);
  }

  async use<T>(work: (models: AsrModels) => Promise<T>): Promise<T> {
    const generation = this.current;
    generation.running += 1;
    try {
      return await work(generation.models);
    } finally {
      generation.running -= 1;
      this.releaseIfIdle(generation);
    }
  }

  /** Loads the current engines' models now. */
  warmUp(): Promise<void> {
    return this.current.models.warmUp();
  }

  /** Releases the current engines (at shutdown). */
  release(): Promise<void> {
    return this.current.models.release();
  }

  private releaseIfIdle(generation: Generation): void {
    if (!generation.retired || generation.running > 0) return;
    generation.models.release().catch(this.onReleaseError);
  }
}

/** Engines that are never replaced, for a pipeline given fixed ones. */
export const fixedAsrModels = (models: AsrModels): AsrModelsInUse => ({
  engines: models.engines,
  enhanced: models.enhanced,
  routes: models.routes,
  use: (work) => work(models),
});
