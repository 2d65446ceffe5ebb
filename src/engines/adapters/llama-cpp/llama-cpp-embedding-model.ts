import { basename } from 'node:path';
import type { LlamaEmbeddingContext } from 'node-llama-cpp';
import { EngineRequestError, EngineUnavailableError, UpstreamError } from '../../../shared/errors.js';
import type { EmbeddingCallOptions, EmbeddingModel, EmbeddingResult, TokenCounts } from '../../spec/embedding-model.js';
import { untilAborted } from '../../calls/until-aborted.js';
import { type LlamaGpu, type ModelLease, leaseModel, sharedLlama } from './llama-runtime.js';
import { llamaCppEnv } from './settings.js';

export interface LlamaCppEmbeddingConfig {
  /** The GGUF embedding model (bge, nomic-embed...). */
  modelPath: string;
  /** Tokens of context: the longest input; the model's own training length when that is shorter. */
  contextSize: number;
  threads: number | undefined;
  gpu: LlamaGpu;
  /** Matryoshka-trained (nomic-embed-text-v1.5): a shorter vector is its first components, normalized again. */
  shortens: boolean;
}

interface Loaded {
  lease: ModelLease;
  context: LlamaEmbeddingContext;
  /** The longest input, in tokens (the context less the one llama.cpp keeps). */
  limit: number;
}

const cancelled = (signal: AbortSignal | undefined) =>
  new UpstreamError('The llama.cpp embedding was cancelled', { isRetryable: false, cause: signal?.reason });

/**
 * A GGUF embedding model run by llama.cpp (node-llama-cpp) in this process: loaded on first use, one input at
 * a time on its one embedding context. Vectors come back at unit length, as OpenAI's do. Text only: token ids
 * sent by OpenAI clients are OpenAI's vocabulary, not this model's.
 */
export class LlamaCppEmbeddingModel implements EmbeddingModel {
  readonly provider = llamaCppEnv.name;
  readonly modelId: string;
  readonly takesTokens = false;
  readonly dimensions;
  private loading: Promise<Loaded> | undefined;
  private closed = false;
  /** Calls running: release() waits for them before it frees the model. */
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly config: LlamaCppEmbeddingConfig) {
    this.modelId = basename(config.modelPath).replace(/\.gguf$/i, '');
    this.dimensions = config.shortens ? ('shortened' as const) : ('unsupported' as const);
  }

  countTokens(values: readonly string[], abortSignal?: AbortSignal): Promise<TokenCounts> {
    return this.track(this.count(values, abortSignal));
  }

  doEmbed(options: EmbeddingCallOptions): Promise<EmbeddingResult> {
    return this.track(this.embed(options));
  }

  private async count(values: readonly string[], abortSignal?: AbortSignal): Promise<TokenCounts> {
    const loaded = await untilAborted(this.load(), abortSignal, () => cancelled(abortSignal));
    return { counts: values.map((value) => loaded.context.calculateInputLength(value)), limit: loaded.limit };
  }

  private async embed(options: EmbeddingCallOptions): Promise<EmbeddingResult> {
    const signal = options.abortSignal;
    const loaded = await untilAborted(this.load(), signal, () => cancelled(signal));
    const embeddings: number[][] = [];
    // Not counted here: the service counts before it reserves (countTokens), and tokenizing twice costs throughput.
    for (const value of options.values) {
      if (signal?.aborted) throw cancelled(signal);
      if (typeof value !== 'string')
        throw new EngineRequestError(`the llama.cpp model ${this.modelId} takes text, not token arrays`);
      let vector: readonly number[];
      try {
        vector = (await loaded.context.getEmbeddingFor(value)).vector;
      } catch (error) {
        if (loaded.context.calculateInputLength(value) > loaded.limit)
          throw new EngineRequestError(
            `an input is longer than the ${loaded.limit} tokens the model ${this.modelId} takes`,
          );
        throw new UpstreamError('The llama.cpp embedding model failed', { isRetryable: false, cause: error });
      }
      embeddings.push(this.shaped(vector, options.dimensions));
    }
    return { embeddings };
  }

  /** Unit length; first shortened to `dimensions` where the model allows it. */
  private shaped(vector: readonly number[], dimensions: number | undefined): number[] {
    if (dimensions !== undefined && (!this.config.shortens || dimensions > vector.length))
      throw new EngineRequestError(
        this.config.shortens
          ? `dimensions: the model ${this.modelId} gives at most ${vector.length}`
          : `dimensions: the model ${this.modelId} gives vectors of ${vector.length} only`,
      );
    const kept = dimensions === undefined ? [...vector] : vector.slice(0, dimensions);
    const norm = Math.hypot(...kept);
    return norm > 0 ? kept.map((x) => x / norm) : kept;
  }

  /** Loads the model and its context now unless done already: one load, however many callers. */
  load(): Promise<Loaded> {
    if (this.closed) return Promise.reject(new EngineUnavailableError('the llama.cpp embedding model was shut down'));
    this.loading ??= this.open().catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }

  private track<T>(call: Promise<T>): Promise<T> {
    const settled = call.catch(() => undefined);
    this.running.add(settled);
    void settled.then(() => this.running.delete(settled));
    return call;
  }

  /** Refuses new calls, lets the running ones end, then frees the context and gives the model back. */
  async release(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.running]);
    const loaded = await this.loading?.catch(() => undefined);
    this.loading = undefined;
    if (!loaded) return;
    await loaded.context.dispose();
    await loaded.lease.release();
  }

  private async open(): Promise<Loaded> {
    const { gpu, modelPath, threads } = this.config;
    const llama = await sharedLlama(gpu);
    const lease = await leaseModel(llama, gpu, modelPath);
    const contextSize = Math.min(this.config.contextSize, lease.model.trainContextSize || this.config.contextSize);
    try {
      const context = await lease.model.createEmbeddingContext({
        contextSize,
        threads: threads ?? llama.cpuMathCores,
      });
      return { lease, context, limit: contextSize - 1 };
    } catch (error) {
      await lease.release();
      throw new EngineUnavailableError(`the model ${this.modelId} cannot compute embeddings here`, { cause: error });
    }
  }
}
