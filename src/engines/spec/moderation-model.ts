/** A moderation engine: a provider's classifier (OpenAI's /moderations), never one made here. */

export interface ModerationResult {
  /** The provider's answer: its id, its model, one result per input (flagged, categories, scores). */
  id: string;
  model: string;
  results: Record<string, unknown>[];
}

export interface ModerationModel {
  readonly provider: string;
  readonly modelId: string;
  readonly baseUrl?: string;
  /** `input` as OpenAI takes it: a string, strings, or text and image_url parts. */
  doModerate(options: {
    input: unknown;
    model: string | undefined;
    abortSignal?: AbortSignal;
  }): Promise<ModerationResult>;
}
