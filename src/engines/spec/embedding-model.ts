/** The embedding engine interface (after the Vercel AI SDK embedding-model spec). */

export interface EmbeddingCallOptions {
  /** The texts to embed; the answer has one vector per text, in the same order. */
  values: string[];
  abortSignal?: AbortSignal;
}

export interface EmbeddingResult {
  embeddings: number[][];
}

export interface EmbeddingModel {
  readonly provider: string;
  /** The server a remote engine calls, as configured (it may carry credentials: never show it whole); absent for engines in this process. */
  readonly baseUrl?: string;
  readonly modelId: string;
  doEmbed(options: EmbeddingCallOptions): Promise<EmbeddingResult>;
}
