/** The text engine interface (after the Vercel AI SDK language-model spec). */

/** The picture formats a chat message can carry. */
export type ChatImageMediaType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';
export type ChatAudioFormat = 'mp3' | 'wav' | 'webm' | 'mp4';

/**
 * One piece of a multimodal message. Pictures and audio are always inline (base64): a picture a client
 * gave by URL has been downloaded by the service (through the SSRF guard), so an engine never fetches.
 */
export type ChatContentPart =
  | { type: 'text'; text: string }
  | { type: 'image'; mediaType: ChatImageMediaType; data: string; detail?: 'auto' | 'low' | 'high' }
  | { type: 'audio'; format: ChatAudioFormat; data: string };

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  /** The message's text (its text parts joined by newlines): all an engine that reads only text needs. */
  content: string;
  /**
   * The message in order, pictures and audio included, when it has any besides text. Only an engine
   * whose `accepts` says so is given such a message; the others never see `parts`.
   */
  parts?: ChatContentPart[];
}

/** What besides text a model can take in a message. */
export interface TextModelInputs {
  images?: boolean;
  audio?: boolean;
}

export interface ResponseFormat {
  type: 'json';
  schema?: Record<string, unknown>;
  /** The schema's name, for providers that want one (OpenAI's json_schema). */
  name?: string;
  /** Whether a provider that can should follow the schema exactly (OpenAI's strict). */
  strict?: boolean;
}

export interface TextCallOptions {
  messages: ChatMessage[];
  maxOutputTokens?: number;
  temperature?: number;
  topP?: number;
  /** Up to 4 sequences where the model stops; none of them is part of the text. */
  stopSequences?: string[];
  abortSignal?: AbortSignal;
  /** JSON output: any JSON object, or one that follows `schema` (a JSON Schema) where the engine can enforce it. */
  responseFormat?: ResponseFormat;
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
  /** Tokens prompt and answer can take together, where the engine has such a fixed limit (local models). */
  readonly contextTokens?: number;
  /** Pictures and audio the model takes as message parts; absent: text only. */
  readonly accepts?: TextModelInputs;
  /**
   * Local, cheap and at once (the builtin engine): its work is charged when its result is stored, in one
   * transaction, rather than reserved before and settled after in two. Absent: reserved first.
   */
  readonly instant?: boolean;
  doGenerate(options: TextCallOptions): Promise<TextResult>;
  /**
   * The tokens `messages` take as a prompt, counted as the engine will count them, where it can do so
   * without a call that costs (local models). Callers estimate otherwise.
   */
  countPromptTokens?(messages: ChatMessage[]): Promise<number>;
  /**
   * The same generation as it is produced. Aborting `abortSignal` stops it (and the upstream request);
   * the iterator then throws. Failures before the first part are retried like doGenerate's.
   */
  doStream(options: TextCallOptions): AsyncIterable<TextStreamPart>;
}
