import { z } from 'zod';
import { UpstreamError } from '../../../shared/errors.js';
import { type RetryPolicy, withRetries } from '../../calls/retry.js';
import type { EmbeddingCallOptions, EmbeddingModel, EmbeddingResult } from '../../spec/embedding-model.js';
import { bearer, joinUrl, postJson } from '../../calls/upstream-call.js';
import { openAICompatibleEnv } from './settings.js';

export interface OpenAICompatibleEmbeddingConfig {
  /** Base URL including the version segment, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 (Ollama). */
  baseUrl: string;
  apiKey?: string | undefined;
  /** e.g. text-embedding-3-small, nomic-embed-text. */
  modelId: string;
  timeoutMs: number;
  retry: RetryPolicy;
  /** Inputs per request; OpenAI takes up to 2048, local servers often far fewer. */
  batchSize?: number;
  fetch?: typeof fetch;
}

const LABEL = 'The embedding provider';
export const MAX_EMBEDDING_BATCH = 64;

const embeddingsSchema = z.object({
  data: z.array(
    z.object({ embedding: z.array(z.number().finite()).min(1), index: z.number().int().min(0).optional() }),
  ),
});

const unexpected = (detail: string) =>
  new UpstreamError(`${LABEL} returned an unexpected response: ${detail}`, { isRetryable: false });

/** Any server with POST {baseUrl}/embeddings: OpenAI, Ollama, llama.cpp server, vLLM, LocalAI. */
export class OpenAICompatibleEmbeddingModel implements EmbeddingModel {
  readonly provider = openAICompatibleEnv.name;
  readonly modelId: string;
  private readonly fetch: typeof fetch;
  private readonly batchSize: number;

  get baseUrl(): string {
    return this.config.baseUrl;
  }

  constructor(private readonly config: OpenAICompatibleEmbeddingConfig) {
    this.modelId = config.modelId;
    this.fetch = config.fetch ?? globalThis.fetch;
    this.batchSize = Math.max(1, Math.min(MAX_EMBEDDING_BATCH, config.batchSize ?? MAX_EMBEDDING_BATCH));
  }

  /** Batches of at most 64 inputs, one after another; every vector has the same length. */
  async doEmbed(options: EmbeddingCallOptions): Promise<EmbeddingResult> {
    const embeddings: number[][] = [];
    for (let start = 0; start < options.values.length; start += this.batchSize) {
      const batch = options.values.slice(start, start + this.batchSize);
      embeddings.push(...(await this.embedBatch(batch, options.abortSignal)));
    }
    const dimensions = embeddings[0]?.length;
    if (embeddings.some((e) => e.length !== dimensions)) throw unexpected('vectors of different lengths');
    return { embeddings };
  }

  private async embedBatch(values: string[], signal: AbortSignal | undefined): Promise<number[][]> {
    const body = JSON.stringify({ model: this.config.modelId, input: values });
    const json = await withRetries(
      () =>
        postJson({
          fetch: this.fetch,
          url: joinUrl(this.config.baseUrl, '/embeddings'),
          headers: bearer(this.config.apiKey),
          body,
          timeoutMs: this.config.timeoutMs,
          signal,
          label: LABEL,
          statusText: { 401: `${LABEL} rejected the API key` },
        }),
      this.config.retry,
      signal,
    );
    const parsed = embeddingsSchema.safeParse(json);
    if (!parsed.success) throw unexpected('not a list of embeddings');
    const { data } = parsed.data;
    if (data.length !== values.length) throw unexpected(`${data.length} vectors for ${values.length} inputs`);
    // OpenAI answers in input order and says so with `index`; follow the index when there is one.
    const ordered: number[][] = [];
    data.forEach((item, i) => {
      const at = item.index ?? i;
      if (at >= values.length || ordered[at]) throw unexpected('vector indexes do not match the inputs');
      ordered[at] = item.embedding;
    });
    return ordered;
  }
}
