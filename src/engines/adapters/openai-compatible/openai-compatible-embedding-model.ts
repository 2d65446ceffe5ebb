import { z } from 'zod';
import { EngineRequestError, UpstreamError } from '../../../shared/errors.js';
import { type RetryPolicy, withRetries } from '../../calls/retry.js';
import type {
  EmbeddingCallOptions,
  EmbeddingInput,
  EmbeddingModel,
  EmbeddingResult,
} from '../../spec/embedding-model.js';
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
  usage: z
    .object({ prompt_tokens: z.number().int().min(0) })
    .partial()
    .optional(),
});

const unexpected = (detail: string) =>
  new UpstreamError(`${LABEL} returned an unexpected response: ${detail}`, { isRetryable: false });

/**
 * Any server with POST {baseUrl}/embeddings: OpenAI, Ollama, llama.cpp server, vLLM, LocalAI. Token arrays and
 * `dimensions` go to it as they came: the provider says whether its model takes them.
 */
export class OpenAICompatibleEmbeddingModel implements EmbeddingModel {
  readonly provider = openAICompatibleEnv.name;
  readonly takesTokens = true;
  readonly dimensions = 'passed-on';
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
    // The provider's count, when every batch gave one.
    let tokens: number | undefined = options.values.length > 0 ? 0 : undefined;
    for (let start = 0; start < options.values.length; start += this.batchSize) {
      const batch = options.values.slice(start, start + this.batchSize);
      const answer = await this.embedBatch(batch, options);
      embeddings.push(...answer.embeddings);
      tokens = tokens === undefined || answer.tokens === undefined ? undefined : tokens + answer.tokens;
    }
    const dimensions = embeddings[0]?.length;
    if (embeddings.some((e) => e.length !== dimensions)) throw unexpected('vectors of different lengths');
    if (options.dimensions !== undefined && dimensions !== options.dimensions)
      throw unexpected(`vectors of ${dimensions} dimensions where ${options.dimensions} were asked for`);
    return tokens === undefined ? { embeddings } : { embeddings, tokens };
  }

  private async embedBatch(
    values: readonly EmbeddingInput[],
    { dimensions, abortSignal: signal }: EmbeddingCallOptions,
  ): Promise<{ embeddings: number[][]; tokens: number | undefined }> {
    const body = JSON.stringify({
      model: this.config.modelId,
      input: values,
      ...(dimensions !== undefined && { dimensions }),
    });
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
    ).catch((error: unknown) => {
      // The request reached the provider and it refused it as asked: the caller's to change, not a failure.
      if (error instanceof UpstreamError && (error.upstreamStatus === 400 || error.upstreamStatus === 422))
        throw new EngineRequestError(
          `${LABEL} (model ${this.config.modelId}) refused the request (${error.upstreamStatus}): it may not take token arrays, dimensions or inputs this long`,
          { cause: error },
        );
      throw error;
    });
    const parsed = embeddingsSchema.safeParse(json);
    if (!parsed.success) throw unexpected('not a list of embeddings');
    const { data, usage } = parsed.data;
    if (data.length !== values.length) throw unexpected(`${data.length} vectors for ${values.length} inputs`);
    // OpenAI answers in input order and says so with `index`; follow the index when there is one.
    const ordered: number[][] = [];
    data.forEach((item, i) => {
      const at = item.index ?? i;
      if (at >= values.length || ordered[at]) throw unexpected('vector indexes do not match the inputs');
      ordered[at] = item.embedding;
    });
    return { embeddings: ordered, tokens: usage?.prompt_tokens };
  }
}
