import { type FSWatcher, mkdirSync, watch } from 'node:fs';
import type { Config } from '../config.js';
import { builtinEnv } from '../engines/adapters/builtin/settings.js';
import { llamaCppEnv } from '../engines/adapters/llama-cpp/settings.js';
import type { SwappableAsrModels } from '../engines/swapping/swappable-asr-models.js';
import type { SwappableEmbeddingModel } from '../engines/swapping/swappable-embedding-model.js';
import type { SwappableTextModels } from '../engines/swapping/swappable-text-models.js';
import type { CatalogueEntry } from './catalogue.js';
import { findPulledModel, localEmbeddingsWith, pulledTextModelPaths } from './pulled-models.js';

export interface FollowerLog {
  info?(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** How often the models folder is looked at when no file event came (network file systems send none). */
const POLL_MS = 5_000;
const SETTLE_MS = 200;

export interface PulledModelsFollowerOptions {
  config: Config;
  catalogue: readonly CatalogueEntry[];
  textModels: SwappableTextModels;
  asrModels: SwappableAsrModels;
  embedding: SwappableEmbeddingModel;
  log: FollowerLog;
}

/**
 * Serves with the models pulled into the models folder, as they come and go while the service runs (by
 * this process, another one or `atelier models pull`). Text: the text engines are swapped to llama-cpp with
 * the pulled files, or back to builtin when none is left, when the configuration names no text engine nor
 * model file (config.text.followsPulledModels). Transcription: the engines are swapped to those with the
 * preferred pulled whisper model, or without whisper when none is left, when no whisper model file is named
 * (config.asr.followsPulledModels). Embeddings: the embedding engine is swapped to llama-cpp with the preferred
 * pulled embedding model, or to none, when no embedding engine is named (config.embeddingsApi.followsPulledModels).
 */
export class PulledModelsFollower {
  private applied: { modelPath: string | undefined; advancedModelPath: string | undefined };
  private appliedWhisper: string | undefined;
  private appliedEmbedding: string | undefined;
  private watcher: FSWatcher | undefined;
  private poll: NodeJS.Timeout | undefined;
  private settle: NodeJS.Timeout | undefined;

  constructor(private readonly deps: PulledModelsFollowerOptions) {
    this.applied = { modelPath: deps.config.llm.modelPath, advancedModelPath: deps.config.llm.advancedModelPath };
    this.appliedWhisper = deps.config.asr.whisper?.modelPath;
    this.appliedEmbedding = deps.config.localEmbeddings.modelPath;
  }

  /** Whether a pulled embedding model serves embeddings at once. */
  get followsEmbeddings(): boolean {
    return this.deps.config.embeddingsApi.followsPulledModels;
  }

  /** The GGUF file the local embedding engine serves with now, if any. */
  embeddingModelPath(): string | undefined {
    return this.appliedEmbedding;
  }

  /** Whether pulled language models serve text at once. */
  get enabled(): boolean {
    return this.deps.config.text.followsPulledModels;
  }

  /** Whether a pulled whisper model serves transcriptions at once. */
  get followsWhisper(): boolean {
    return this.deps.config.asr.followsPulledModels;
  }

  /** The whisper model file transcriptions start on now, if any. */
  whisperModelPath(): string | undefined {
    return this.appliedWhisper;
  }

  /** The transcription settings the engines serving now were made with. */
  asrConfig(): Config['asr'] {
    const modelPath = this.appliedWhisper;
    const whisper = modelPath ? { modelPath, threads: this.deps.config.asr.whisperThreads } : undefined;
    return { ...this.deps.config.asr, whisper };
  }

  /** The GGUF files serving text (when the provider is llama-cpp): the standard one, then the advanced one. */
  textModelPaths(): string[] {
    const { modelPath, advancedModelPath } = this.applied;
    return [modelPath, advancedModelPath].filter((path) => path !== undefined);
  }

  start(): void {
    if (!(this.enabled || this.followsWhisper || this.followsEmbeddings) || this.poll) return;
    this.poll = setInterval(() => this.refresh(), POLL_MS);
    this.poll.unref();
    try {
      mkdirSync(this.deps.config.modelsDir, { recursive: true });
      this.watcher = watch(this.deps.config.modelsDir, () => {
        clearTimeout(this.settle);
        this.settle = setTimeout(() => this.refresh(), SETTLE_MS);
        this.settle.unref();
      });
      this.watcher.on('error', () => this.watcher?.close());
    } catch (error) {
      // The periodic look is enough.
      this.deps.log.error({ err: error, dir: this.deps.config.modelsDir }, 'cannot watch the models folder');
    }
  }

  stop(): void {
    clearInterval(this.poll);
    clearTimeout(this.settle);
    this.watcher?.close();
    this.poll = undefined;
  }

  /** Swaps the engines whose pulled models changed since the last look. */
  refresh(): void {
    this.refreshText();
    this.refreshWhisper();
    this.refreshEmbedding();
  }

  private refreshEmbedding(): void {
    if (!this.followsEmbeddings) return;
    const modelPath = findPulledModel(this.deps.config.modelsDir, 'embedding', this.deps.catalogue);
    if (modelPath === this.appliedEmbedding) return;
    this.appliedEmbedding = modelPath;
    const { config, catalogue } = this.deps;
    this.deps.embedding.swap({ ...config, localEmbeddings: localEmbeddingsWith(config, modelPath, catalogue) });
    this.deps.log.info?.({ model: modelPath ?? null }, 'embedding engine swapped for the pulled embedding model');
  }

  private refreshText(): void {
    if (!this.enabled) return;
    const paths = pulledTextModelPaths(this.deps.config.modelsDir, this.deps.catalogue);
    if (paths.modelPath === this.applied.modelPath && paths.advancedModelPath === this.applied.advancedModelPath)
      return;
    this.applied = paths;
    const provider = paths.modelPath ? llamaCppEnv.name : builtinEnv.name;
    this.deps.textModels.swap({
      ...this.deps.config,
      llm: { ...this.deps.config.llm, ...paths },
      text: { ...this.deps.config.text, provider },
    });
    this.deps.log.info?.({ provider, model: paths.modelPath ?? null }, 'text engines swapped for the pulled models');
    const local = this.deps.textModels.local;
    void local?.warmUp().then(() => {
      for (const part of local.status())
        if (!part.ok) this.deps.log.error({ model: part.text }, 'text model could not be loaded');
    });
  }

  private refreshWhisper(): void {
    if (!this.followsWhisper) return;
    const modelPath = findPulledModel(this.deps.config.modelsDir, 'whisper', this.deps.catalogue);
    if (modelPath === this.appliedWhisper) return;
    this.appliedWhisper = modelPath;
    this.deps.asrModels.swap({ ...this.deps.config, asr: this.asrConfig() });
    this.deps.log.info?.({ model: modelPath ?? null }, 'transcription engines swapped for the pulled whisper model');
    // As at start (serve.ts): the model loads where jobs run, now rather than in the next transcription.
    if (modelPath && this.deps.config.role !== 'api' && this.deps.config.jobs.enabled)
      void this.deps.asrModels.warmUp();
  }
}
