/** The text engine interface (after the Vercel AI SDK language-model spec). */

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface TextCallOptions {
  messages: ChatMessage[];
  maxOutputTokens?: number;
  temperature?: number;
  abortSignal?: AbortSignal;
  /** Options for one provider only, keyed by provider name; other providers ignore them. */
  providerOptions?: Record<string, Record<string, unknown>>;
}

export type FinishReason = 'stop' | 'length' | 'content-filter' | 'other';

export interface TextResult {
  text: string;
  finishReason: FinishReason;
  usage: { inputTokens: number | undefined; outputTokens: number | undefined };
  /** Options this model could not honour: reported, never thrown. */
  warnings: string[];
}

export interface TextModel {
  readonly provider: string;
  readonly modelId: string;
  doGenerate(options: TextCallOptions): Promise<TextResult>;
}
