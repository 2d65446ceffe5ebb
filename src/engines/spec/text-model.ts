/** The text engine interface (after the Vercel AI SDK language-model spec). */
import type { Warning } from './warnings.js';

import type { TextTask } from './text-task.js';

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

/** A function the model may call: its name, what it does and its arguments' JSON Schema (OpenAI's `tools[].function`). */
export interface ToolDefinition {
  name: string;
  description?: string;
  parameters: Record<string, unknown>;
  /** Whether a provider that can should follow the schema exactly (OpenAI's strict). */
  strict?: boolean;
}

/** Whether the model may (auto), must (required, or the named function) or must not (none) call a tool. */
export type ToolChoice = 'auto' | 'none' | 'required' | { name: string };

/** A call the model made: `arguments` is JSON text, as OpenAI sends it. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  /** The message's text (its text parts joined by newlines): all an engine that reads only text needs. */
  content: string;
  /**
   * The message in order, pictures and audio included, when it has any besides text. Only an engine
   * whose `accepts` says so is given such a message; the others never see `parts`.
   */
  parts?: ChatContentPart[];
  /** On an assistant message: the calls it made (its content may then be empty). */
  toolCalls?: ToolCall[];
  /** On a tool message: the call it answers. */
  toolCallId?: string;
  /** A participant's name (OpenAI's `name`: a tool message's function, a user among several); an OpenAI-speaking engine gets it. */
  name?: string;
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
  /** Functions the model may call; `toolChoice` says whether it must (default auto). */
  tools?: ToolDefinition[];
  toolChoice?: ToolChoice;
  /** false: at most one call a turn. */
  parallelToolCalls?: boolean;
  /** The same seed and request give the same answer, where the engine can. */
  seed?: number;
  frequencyPenalty?: number;
  presencePenalty?: number;
  /** Token id -> bias from -100 to 100, in the engine's own vocabulary. */
  logitBias?: Record<string, number>;
  /** The likeliest tokens' log probabilities with the answer: `top` alternatives each (0-20). */
  logprobs?: { top: number };
  /**
   * Request fields of OpenAI's chat API the service does not act on itself (user, metadata, service_tier,
   * reasoning_effort, prediction, modalities...), checked against the engine's `parameters` and handed
   * as they came to an engine that speaks OpenAI's format.
   */
  openaiFields?: Record<string, unknown>;
  /** Options for one provider only, keyed by provider name; other providers ignore them. */
  providerOptions?: Record<string, Record<string, unknown>>;
  /** What the call is for, as data (text-task.ts): an engine without a language model composes its answer from it. */
  task?: TextTask;
}

export type FinishReason = 'stop' | 'length' | 'content-filter' | 'tool-calls' | 'other';

/** Token counts as the provider reports them; undefined where it does not. */
export interface TextUsage {
  inputTokens: number | undefined;
  outputTokens: number | undefined;
}

export interface TextResult {
  text: string;
  /** Calls the model made instead of (or besides) text; finishReason is then 'tool-calls'. */
  toolCalls?: ToolCall[];
  /** OpenAI's `choices[].logprobs`, as the engine reports it, when logprobs were asked for. */
  logprobs?: unknown;
  /**
   * For a grounded-answer task: the sources the answer cites, as 1-based places in the task's `sources`, and numbered
   * [1], [2]... in the text in this order. Absent: the text numbers the sources as the task gave them.
   */
  citedSources?: number[];
  finishReason: FinishReason;
  usage: TextUsage;
  /** Options this model could not honour: reported, never thrown. */
  warnings: Warning[];
}

/** What a stream yields: pieces of text in order, then one `finish` (unless it fails or is aborted). */
export type TextStreamPart =
  /** The first piece carries the result's `citedSources`, when it has them, so they are known before any text. */
  | { type: 'text-delta'; text: string; logprobs?: unknown; citedSources?: number[] }
  /**
   * A piece of the `index`th tool call of the turn: the first piece of a call has its `id` and `name`,
   * the pieces' `argumentsDelta` joined make its arguments (JSON text).
   */
  | { type: 'tool-call-delta'; index: number; id?: string; name?: string; argumentsDelta: string }
  | { type: 'finish'; finishReason: FinishReason; usage: TextUsage; warnings: Warning[] };

/** The parameters an engine that speaks OpenAI's format is handed as they came (`openaiFields`). */
export const HANDED_ON_PARAMETERS = [
  'user',
  'metadata',
  'store',
  'service_tier',
  'reasoning_effort',
  'prediction',
  'modalities',
  'audio',
  'verbosity',
  'web_search_options',
  'safety_identifier',
  'prompt_cache_key',
] as const;

/**
 * Request parameters of OpenAI's chat API beyond messages and the token limit. An engine lists those it
 * honours; those that cannot change its answer are `noEffect` (documented, accepted); any other one
 * given is refused with a 400 naming it and the engine.
 */
export const TEXT_PARAMETERS = [
  'temperature',
  'top_p',
  'stop',
  'n',
  'seed',
  'frequency_penalty',
  'presence_penalty',
  'logit_bias',
  'logprobs',
  'top_logprobs',
  'response_format',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  ...HANDED_ON_PARAMETERS,
] as const;
export type TextParameter = (typeof TEXT_PARAMETERS)[number];

/**
 * What concerns a provider's accounting, storage or caching (who asked, labels, keeping the answer, the service tier,
 * a predicted answer, cache keys): a local engine has none of these to apply them to, so they cannot change its answer.
 */
export const PROVIDER_ONLY_PARAMETERS = [
  'user',
  'metadata',
  'store',
  'service_tier',
  'prediction',
  'safety_identifier',
  'prompt_cache_key',
] as const satisfies readonly TextParameter[];

export interface TextParameterSupport {
  /** Passed to the model and acted on. */
  honoured: readonly TextParameter[];
  /** Accepted and without effect on this engine's answer (it does not sample, say); the docs list each. */
  noEffect: readonly TextParameter[];
}

export interface TextModel {
  readonly provider: string;
  /** The server a remote engine calls, as configured (it may carry credentials: never show it whole); absent for engines in this process. */
  readonly baseUrl?: string;
  readonly modelId: string;
  /** Tokens prompt and answer can take together, where the engine has such a fixed limit (local models). */
  readonly contextTokens?: number;
  /** Which request parameters it acts on, which have no effect on it; any other one is refused. */
  readonly parameters: TextParameterSupport;
  /** Pictures and audio the model takes as message parts; absent: text only. */
  readonly accepts?: TextModelInputs;
  /**
   * Local, cheap and at once (the builtin engine): its work is charged when its result is stored, in one
   * transaction, rather than reserved before and settled after in two. Absent: reserved first.
   */
  readonly instant?: boolean;
  /**
   * Composes its answers without a language model (the builtin engine), deterministically, from the call's `task`:
   * what it answers says so (chat's `system_fingerprint` and `owned_by`), so nobody takes it for a model's choice.
   */
  readonly offline?: boolean;
  doGenerate(options: TextCallOptions): Promise<TextResult>;
  /**
   * The tokens `messages` (and the `tools` documented to the model) take as a prompt, counted as the engine will count them, where it can do so
   * without a call that costs (local models). Callers estimate otherwise.
   */
  countPromptTokens?(messages: ChatMessage[], tools?: ToolDefinition[]): Promise<number>;
  /**
   * The same generation as it is produced. Aborting `abortSignal` stops it (and the upstream request);
   * the iterator then throws. Failures before the first part are retried like doGenerate's.
   */
  doStream(options: TextCallOptions): AsyncIterable<TextStreamPart>;
}
