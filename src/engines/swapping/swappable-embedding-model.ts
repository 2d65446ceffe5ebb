import type { Config } from '../../config.js';
import type { EmbeddingModel, EmbeddingSource } from '../spec/embedding-model.js';

/**
 * The embedding engine, replaceable while the service runs (an embedding model pulled or removed): callers ask
 * for the current one at each use. A replaced engine is released once the calls running on it have ended.
 */
export class SwappableEmbeddingModel implements EmbeddingSource {
  private model: EmbeddingModel | undefined;

  constructor(
    private readonly make: (config: Config) => EmbeddingModel | undefined,
    config: Config,
    private readonly onReleaseError: (error: unknown) => void = () => undefined,
  ) {
    this.model = make(config);
  }

  current(): EmbeddingModel | undefined {
    return this.model;
  }

  /** Serves new calls with the engine `config` describes (none: no embeddings). */
  swap(config: Config): void {
    const old = this.model;
    this.model = this.make(config);
    old?.release?.().catch(this.onReleaseError);
  }

  /** Releases the current engine (at shutdown). */
  async release(): Promise<void> {
    await this.model?.release?.();
  }
}
