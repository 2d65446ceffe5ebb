/** The text engine interface (after the Vercel AI SDK language-model spec). */

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface TextCallOptions {
  messages: ChatMessage[];
  maxOutputTokens?: number;
  temperature?: number;
  topP?: number;
  /** Up to 4 sequences where the model stops; none of them is part of the text. */
  stopSequences?: string[];
  abortSignal?: AbortSignal;
  /** Options for one provider only, keyed by provider name; other providers ignore them. */
  providerOptions?: Record<string, Record<string, unknown>>;
}

export type FinishReason = 'stop' | 'length' | 'content-filter' | 'other';

/** Token counts as the provider reports them; undefined where it does not. */
export interface TextUsage {
  inputTokens: number | undefined;
  outputTokens: number | undefined;
}

export interface TextResult {
  text: string;
  finishReason: FinishReason;
  usage: TextUsage;
  /** Options this model could not honour: reported, never thrown. */
  warnings: string[];
}

/** What a stream yields: pieces of text in order, then one `finish` (unless it fails or is aborted). */
export type TextStreamPart =
  | { type: 'text-delta'; text: string }
  | { type: 'finish'; finishReason: FinishReason; usage: TextUsage; warnings: string[] };

export interface TextModel {
  readonly provider: string;
  readonly modelId: string;
  doGenerate(options: TextCallOptions): Promise<TextResult>;
  /**
   * The same generation as it is produced. Aborting `abortSignal` stops it (and the upstream request);
   * the iterator then throws. Failures before the first part are retried like doGenerate's.
   */
  doStream(options: TextCallOptions): AsyncIterable<TextStreamPart>;
}
