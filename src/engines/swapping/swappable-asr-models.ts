import type { Config } from '../../config.js';
import type { AsrModels, LocalAsrModels } from '../providers/registry.js';
import type { AsrModel } from '../spec/asr-model.js';
import { SwapWhileInUse } from './swap-while-in-use.js';

/** Transcription engines a transcription keeps from its start to its end, even when they are replaced meanwhile. */
export interface AsrModelsInUse extends AsrModels {
  /** Runs `work` on the engines current when it starts; they are not released before it ends. */
  use<T>(work: (models: AsrModels) => Promise<T>): Promise<T>;
}

/**
 * The transcription engines, replaceable while the service runs (a whisper model pulled or removed): a
 * transcription runs on the engines current when it starts, to its end. Replaced engines are released
 * (their whisper model freed) after the last transcription that started on them.
 */
export class SwappableAsrModels implements AsrModelsInUse, LocalAsrModels {
  private readonly held: SwapWhileInUse<LocalAsrModels>;

  constructor(
    private readonly make: (config: Config) => LocalAsrModels,
    config: Config,
    onReleaseError?: (error: unknown) => void,
  ) {
    this.held = new SwapWhileInUse(make(config), (models) => models.release(), onReleaseError);
  }

  get engines(): AsrModel[] {
    return this.held.value.engines;
  }

  get enhanced(): AsrModel | undefined {
    return this.held.value.enhanced;
  }

  get routes(): Record<string, AsrModel> {
    return this.held.value.routes;
  }

  /** Serves new transcriptions with the engines `config` describes; the replaced ones are released once idle. */
  swap(config: Config): void {
    this.held.swap(this.make(config));
  }

  use<T>(work: (models: AsrModels) => Promise<T>): Promise<T> {
    return this.held.use(work);
  }

  /** Loads the current engines' models now. */
  warmUp(): Promise<void> {
    return this.held.value.warmUp();
  }

  /** Releases the current engines (at shutdown). */
  release(): Promise<void> {
    return this.held.release();
  }
}

/** Engines that are never replaced, for a pipeline given fixed ones. */
export const fixedAsrModels = (models: AsrModels): AsrModelsInUse => ({
  engines: models.engines,
  enhanced: models.enhanced,
  routes: models.routes,
  use: (work) => work(models),
});
