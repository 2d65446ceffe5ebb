/** The embedding engine interface (after the Vercel AI SDK embedding-model spec). */

/** One input: text, or token ids (only for an engine that takes them: `takesTokens`). */
export type EmbeddingInput = string | readonly number[];

export interface EmbeddingCallOptions {
  /** The inputs to embed; the answer has one vector per input, in the same order. */
  values: readonly EmbeddingInput[];
  /** Vectors of this length (only for an engine whose `dimensions` is not `unsupported`). */
  dimensions?: number;
  abortSignal?: AbortSignal;
}

export interface EmbeddingResult {
  embeddings: number[][];
  /** The tokens the inputs took, as the engine counted them; absent when it did not say. */
  tokens?: number;
}

export interface TokenCounts {
  counts: number[];
  limit: number;
}

/**
 * What an engine does with a requested vector length: hands it to its provider (which may refuse it), shortens
 * its own vectors (a Matryoshka-trained model, whose first components carry the meaning) or cannot.
 */
export type DimensionsSupport = 'passed-on' | 'shortened' | 'unsupported';

export interface EmbeddingModel {
  readonly provider: string;
  /** The server a remote engine calls, as configured (it may carry credentials: never show it whole); absent for engines in this process. */
  readonly baseUrl?: string;
  readonly modelId: string;
  /** Whether token arrays are embedded (absent: text only). */
  readonly takesTokens?: boolean;
  /** Absent: `unsupported`. */
  readonly dimensions?: DimensionsSupport;
  /**
   * The tokens each text takes, counted by the model's own tokenizer (an engine in this process), and the most
   * one input may take: the service then refuses an input too long for the model and bills exactly. Absent:
   * the service estimates.
   */
  countTokens?(values: readonly string[], abortSignal?: AbortSignal): Promise<TokenCounts>;
  doEmbed(options: EmbeddingCallOptions): Promise<EmbeddingResult>;
  /** Frees what the engine holds (a loaded model) once the calls running on it have ended; later calls fail. */
  release?(): Promise<void>;
}

/** The embedding model of the moment: pulled models come and go while the service runs; none, search by words. */
export interface EmbeddingSource {
  current(): EmbeddingModel | undefined;
}

/** A source that never changes. */
export const fixedEmbedding = (model: EmbeddingModel | undefined): EmbeddingSource => ({ current: () => model });
