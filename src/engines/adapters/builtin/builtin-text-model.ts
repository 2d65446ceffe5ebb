import { setImmediate as nextTurn } from 'node:timers/promises';
import { EngineRequestError, UpstreamError } from '../../../shared/errors.js';
import { sha256Hex } from '../../../shared/ids.js';
import {
  PROVIDER_ONLY_PARAMETERS,
  type ChatMessage,
  type TextCallOptions,
  type TextModel,
  type TextParameterSupport,
  type TextResult,
  type TextStreamPart,
  type ToolCall,
  type ToolDefinition,
} from '../../spec/text-model.js';
import { placeholderFor } from './json-placeholder.js';
import { type TaskComposer, answerTask } from './task-answer.js';
import type { Warning } from '../../spec/warnings.js';

/** Deltas between two turns of the event loop, so a long stream does not hold up other requests. */
const DELTAS_PER_TURN = 16;
/** Characters a delta of JSON takes: JSON has no words to split at. */
const JSON_PIECE = 32;

const INTRO = 'This is the builtin offline engine, which composes text without a language model.';
const OUTRO = 'Configure a text provider (ATELIER_TEXT_PROVIDER) for generated answers.';

/**
 * The offline text engine: deterministic, no model. Given a task (a preset's output, a transcript's derived
 * field, a bot's answer from its sources) it composes the answer from it (task-answer.ts); otherwise it
 * answers with a fixed acknowledgement of the last message.
 * Asked for JSON, it answers JSON (a placeholder that follows the schema, or the acknowledgement as
 * `{"answer": ...}`); made to call a tool (toolChoice required or a name), it calls it with placeholder
 * arguments. It never calls a tool of its own accord.
 */
export class BuiltinTextModel implements TextModel {
  readonly provider = 'builtin';
  readonly instant = true;
  readonly offline = true;
  readonly parameters: TextParameterSupport = {
    honoured: ['stop', 'n', 'seed', 'response_format', 'tools', 'tool_choice', 'parallel_tool_calls'],
    // It does not sample and keeps nothing: these cannot change its answer.
    noEffect: ['temperature', 'top_p', 'frequency_penalty', 'presence_penalty', ...PROVIDER_ONLY_PARAMETERS],
  };

  /** `compose`: how it answers a task (answerTask, unless a test gives it texts of its own). */
  constructor(
    readonly modelId = 'builtin',
    private readonly compose: TaskComposer = answerTask,
  ) {}

  async doGenerate(options: TextCallOptions): Promise<TextResult> {
    return this.answer(options).result;
  }

  /**
   * doGenerate's answer in pieces, then its finish: prose in word-sized deltas (each with the whitespace
   * before it, so they join to exactly that text), JSON in pieces of a few characters, a tool call as its
   * id and name then its arguments in pieces. Aborting `abortSignal` makes the iterator throw an
   * UpstreamError "The builtin text engine was cancelled" (isRetryable false, cause: the signal's reason),
   * as the openai-compatible engine does.
   */
  async *doStream(options: TextCallOptions): AsyncGenerator<TextStreamPart> {
    const signal = options.abortSignal;
    const checkAbort = () => {
      if (signal?.aborted)
        throw new UpstreamError('The builtin text engine was cancelled', { isRetryable: false, cause: signal.reason });
    };
    checkAbort();
    const { result, json } = this.answer(options);
    const { text, toolCalls, citedSources, ...finish } = result;
    let count = 0;
    for (const part of toolCalls ? toolCallParts(toolCalls) : textParts(text, json, citedSources)) {
      if (++count % DELTAS_PER_TURN === 0) await nextTurn();
      checkAbort();
      yield part;
    }
    checkAbort();
    yield { type: 'finish', ...finish };
  }

  private answer(options: TextCallOptions): { result: TextResult; json: boolean } {
    const warnings: Warning[] = [];
    const usage = { inputTokens: countInput(options) };
    const limit = options.maxOutputTokens;
    const tool = forcedTool(options);
    if (tool) {
      const { text, tokens, truncated } = limitJson(JSON.stringify(placeholderFor(tool.parameters)), limit);
      const call: ToolCall = { id: callId(options.messages, tool.name), name: tool.name, arguments: text };
      const finishReason = truncated ? 'length' : 'tool-calls';
      return {
        result: { text: '', toolCalls: [call], finishReason, usage: { ...usage, outputTokens: tokens }, warnings },
        json: true,
      };
    }
    const composed = options.task && this.compose(options.task);
    const full = composed ? composed.text : this.acknowledge(options.messages);
    const cited = composed?.citedSources && { citedSources: composed.citedSources };
    const format = options.responseFormat;
    if (format) {
      const json = JSON.stringify(format.schema ? placeholderFor(format.schema) : { answer: full });
      // Stop sequences apply to JSON as they do to prose, as with OpenAI's models.
      const { text, tokens, truncated } = limitJson(cutAtStopSequence(json, options.stopSequences ?? []), limit);
      const result: TextResult = {
        text,
        ...cited,
        finishReason: truncated ? 'length' : 'stop',
        usage: { ...usage, outputTokens: tokens },
        warnings,
      };
      return { result, json: true };
    }
    // Generation ends at whichever comes first, a stop sequence or the token limit.
    const text = cutAtStopSequence(full, options.stopSequences ?? []);
    const words = wordCount(text);
    const truncated = limit !== undefined && words > limit;
    const result: TextResult = {
      text: truncated ? text.split(/\s+/).slice(0, limit).join(' ') : text,
      ...cited,
      finishReason: truncated ? 'length' : 'stop',
      usage: { ...usage, outputTokens: Math.min(words, limit ?? words) },
      warnings,
    };
    return { result, json: false };
  }

  /** What the last message was, said back: the user's words, or what the tools it called returned. */
  private acknowledge(messages: ChatMessage[]): string {
    const results = trailingToolResults(messages);
    if (results.length) {
      const returned = results.map((m) => {
        const content = m.content.replace(/\s+/g, ' ').trim();
        const name = toolName(messages, m.toolCallId);
        const said = content ? `: ${excerpt(content)}` : ' nothing';
        return `${name ? `The tool ${name}` : 'A tool'} returned${said}${said.endsWith('.') ? '' : '.'}`;
      });
      return `${INTRO} ${returned.join(' ')} ${OUTRO}`;
    }
    const last =
      [...messages]
        .reverse()
        .find((m) => m.role === 'user')
        ?.content.trim() ?? '';
    return `${INTRO} You wrote: "${excerpt(last)}". ${OUTRO}`;
  }
}

/** The tool toolChoice makes it call: the first for 'required', the named one; none for auto and none. */
function forcedTool(options: TextCallOptions): ToolDefinition | undefined {
  const choice = options.toolChoice;
  const tools = options.tools ?? [];
  if (choice === undefined || choice === 'auto' || choice === 'none') return undefined;
  if (choice === 'required') {
    const [first] = tools;
    if (!first) throw new EngineRequestError('toolChoice "required" was given without any tool to call');
    return first;
  }
  const named = tools.find((t) => t.name === choice.name);
  if (!named) throw new EngineRequestError(`toolChoice names the tool "${choice.name}", which is not among the tools`);
  return named;
}

/** Deterministic, yet another for every turn: the conversation so far decides it. */
function callId(messages: ChatMessage[], name: string): string {
  return `call_${sha256Hex(`${JSON.stringify(messages)}\0${name}`).slice(0, 24)}`;
}

/**
 * JSON under the token limit, counted as a token per four characters (what tokenizers make of JSON). Past
 * the limit it is cut there and finishes with 'length', as a model's answer is: the client learns that its
 * limit is too low for its schema, rather than getting an answer the limit did not really bound.
 */
function limitJson(json: string, limit: number | undefined): { text: string; tokens: number; truncated: boolean } {
  const chars = Array.from(json);
  const tokens = Math.ceil(chars.length / 4);
  if (limit === undefined || tokens <= limit) return { text: json, tokens, truncated: false };
  return { text: chars.slice(0, limit * 4).join(''), tokens: limit, truncated: true };
}

function* textParts(text: string, json: boolean, citedSources: number[] | undefined): Generator<TextStreamPart> {
  const pieces = json ? chunks(text, JSON_PIECE) : (text.match(/\s*\S+|\s+/g) ?? []);
  let cited = citedSources;
  for (const piece of pieces) {
    yield cited ? { type: 'text-delta', text: piece, citedSources: cited } : { type: 'text-delta', text: piece };
    cited = undefined;
  }
}

function* toolCallParts(calls: ToolCall[]): Generator<TextStreamPart> {
  for (const [index, { id, name, arguments: args }] of calls.entries()) {
    yield { type: 'tool-call-delta', index, id, name, argumentsDelta: '' };
    for (const piece of chunks(args, JSON_PIECE)) yield { type: 'tool-call-delta', index, argumentsDelta: piece };
  }
}

/** `size` code points at a time: a piece never ends inside a surrogate pair. */
function chunks(text: string, size: number): string[] {
  const chars = Array.from(text);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}

/** The tool results that end the conversation (one per call of the assistant's last turn). */
function trailingToolResults(messages: ChatMessage[]): ChatMessage[] {
  let start = messages.length;
  while (start > 0 && messages[start - 1]?.role === 'tool') start--;
  return messages.slice(start);
}

function toolName(messages: ChatMessage[], callId: string | undefined): string | undefined {
  if (callId === undefined) return undefined;
  for (const m of messages) {
    const call = m.toolCalls?.find((c) => c.id === callId);
    if (call) return call.name;
  }
  return undefined;
}

function excerpt(text: string): string {
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
}

/** The text before the earliest stop sequence (no sequence is part of the text), without trailing whitespace. */
function cutAtStopSequence(text: string, stopSequences: string[]): string {
  let end = text.length;
  for (const sequence of stopSequences) {
    if (!sequence) continue;
    const at = text.indexOf(sequence);
    if (at !== -1 && at < end) end = at;
  }
  return end === text.length ? text : text.slice(0, end).trimEnd();
}

/**
 * The prompt's tokens: a word a token in prose; JSON (tool definitions, the schema, tool calls and their
 * results) a token per four characters.
 */
function countInput(options: TextCallOptions): number {
  let tokens = 0;
  for (const m of options.messages) {
    tokens += m.role === 'tool' ? jsonTokens(m.content) : wordCount(m.content);
    if (m.toolCalls?.length) tokens += jsonTokens(JSON.stringify(m.toolCalls));
  }
  if (options.tools?.length) tokens += jsonTokens(JSON.stringify(options.tools));
  if (options.responseFormat?.schema) tokens += jsonTokens(JSON.stringify(options.responseFormat.schema));
  return tokens;
}

function jsonTokens(json: string): number {
  return Math.ceil(json.length / 4);
}

const WORD = /\S+/g;

/** Runs of non-whitespace, as split(/\s+/) would find them, without building the array: half the time (the
 *  builtin engine counts its prompt and its text on every POST /api/generate). */
function wordCount(text: string): number {
  WORD.lastIndex = 0;
  let count = 0;
  while (WORD.test(text)) count++;
  return count;
}
