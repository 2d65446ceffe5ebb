import { type FSWatcher, mkdirSync, watch } from 'node:fs';
import type { Config } from '../config.js';
import type { SwappableTextModels } from '../engines/swappable-text-models.js';
import type { CatalogueEntry } from './catalogue.js';
import { pulledTextModelPaths } from './pulled-models.js';

export interface FollowerLog {
  info?(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** How often the models folder is looked at when no file event came (network file systems send none). */
const POLL_MS = 5_000;
const SETTLE_MS = 200;

/**
 * Serves text with the language models pulled into the models folder, as they come and go while the
 * service runs (by this process, another one or `atelier models pull`): the text engines are swapped to
 * llama-cpp with the pulled files, or back to builtin when none is left. Only when the configuration names
 * no text engine nor model file (config.text.followsPulledModels).
 */
export class PulledModelsFollower {
  private applied: { modelPath: string | undefined; advancedModelPath: string | undefined };
  private watcher: FSWatcher | undefined;
  private poll: NodeJS.Timeout | undefined;
  private settle: NodeJS.Timeout | undefined;

  constructor(
    private readonly config: Config,
    private readonly catalogue: readonly CatalogueEntry[],
    private readonly textModels: SwappableTextModels,
    private readonly log: FollowerLog,
  ) {
    this.applied = { modelPath: config.llm.modelPath, advancedModelPath: config.llm.advancedModelPath };
  }

  get enabled(): boolean {
    return this.config.text.followsPulledModels;
  }

  /** The GGUF files serving text (when the provider is llama-cpp): the standard one, then the advanced one. */
  textModelPaths(): string[] {
    const { modelPath, advancedModelPath } = this.applied;
    return [modelPath, advancedModelPath].filter((path) => path !== undefined);
  }

  start(): void {
    if (!this.enabled || this.poll) return;
    this.poll = setInterval(() => this.refresh(), POLL_MS);
    this.poll.unref();
    try {
      mkdirSync(this.config.modelsDir, { recursive: true });
      this.watcher = watch(this.config.modelsDir, () => {
        clearTimeout(this.settle);
        this.settle = setTimeout(() => this.refresh(), SETTLE_MS);
        this.settle.unref();
      });
      this.watcher.on('error', () => this.watcher?.close());
    } catch (error) {
      // The periodic look is enough.
      this.log.error({ err: error, dir: this.config.modelsDir }, 'cannot watch the models folder');
    }
  }

  stop(): void {
    clearInterval(this.poll);
    clearTimeout(this.settle);
    this.watcher?.close();
    this.poll = undefined;
  }

  /** Swaps the text engines if the pulled language models changed since the last look. */
  refresh(): void {
    if (!this.enabled) return;
    const paths = pulledTextModelPaths(this.config.modelsDir, this.catalogue);
    if (paths.modelPath === this.applied.modelPath && paths.advancedModelPath === this.applied.advancedModelPath)
      return;
    this.applied = paths;
    const provider = paths.modelPath ? 'llama-cpp' : 'builtin';
    this.textModels.swap({
      ...this.config,
      llm: { ...this.config.llm, ...paths },
      text: { ...this.config.text, provider },
    });
    this.log.info?.({ provider, model: paths.modelPath ?? null }, 'text engines swapped for the pulled models');
    const local = this.textModels.local;
    void local?.warmUp().then(() => {
      for (const part of local.status())
        if (!part.ok) this.log.error({ model: part.text }, 'text model could not be loaded');
    });
  }
}
