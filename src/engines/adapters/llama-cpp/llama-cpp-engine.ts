import { basename } from 'node:path';
import type {
  ChatHistoryItem,
  ChatModelFunctions,
  LLamaChatGenerateResponseOptions,
  Llama,
  LlamaChat,
  LlamaContext,
  LlamaContextSequence,
  LlamaGrammar,
} from 'node-llama-cpp';
import { EngineRequestError, EngineUnavailableError, UpstreamError } from '../../../shared/errors.js';
import type { ChatMessage, FinishReason, TextCallOptions, TextResult, ToolDefinition } from '../../spec/text-model.js';
import { GrammarCache, type PreparedGrammar } from './llama-grammars.js';
import { type LlamaGpu, type ModelLease, leaseModel, nodeLlamaCpp, sharedLlama } from './llama-runtime.js';
import { type ToolPlan, planTools, readForcedCall, toHistory, toToolCalls } from './llama-tools.js';
import { untilAborted } from '../../calls/until-aborted.js';
import { SlotPool } from './slot-pool.js';
import { addWarning } from '../../spec/warning-text.js';
import type { Warning } from '../../spec/warnings.js';
import { llamaCppEnv } from './settings.js';

export interface LlamaCppEngineConfig {
  /** The GGUF file. */
  modelPath: string;
  /** Tokens of context per sequence. */
  contextSize: number;
  /** Generations that run at once, each on its own sequence of the one context. */
  sequences: number;
  gpu: LlamaGpu;
  /** CPU threads for evaluation; the machine's cores when undefined. */
  threads: number | undefined;
}

/** One sequence of the context and the chat machinery bound to it. */
interface Slot {
  sequence: LlamaContextSequence;
  chat: LlamaChat;
}

interface Loaded {
  llama: Llama;
  lease: ModelLease;
  context: LlamaContext;
  slots: Slot[];
  pool: SlotPool<Slot>;
  grammars: GrammarCache;
}

/** What this engine reads of a LlamaChat response, with functions or without. */
interface Generated {
  response: string;
  functionCalls?: { functionName: string; params: unknown }[];
  metadata: { stopReason: string };
}

/** A conversation as the model is given it: the history, and the functions the chat wrapper documents. */
interface Prompt {
  history: ChatHistoryItem[];
  functions: ChatModelFunctions | undefined;
  /** Tells apart the prompts of one conversation with different tools. */
  key: string;
}

/** One generation's response, the tokens of its prompt and those it generated, and the limit it had. */
interface Attempt {
  response: Generated;
  prompt: number;
  generated: number;
  maxTokens: number;
}

export interface EngineStatus {
  ok: boolean;
  text: string;
}

/** When the caller sets none: llama.cpp's default. node-llama-cpp's (0: greedy) makes real models repeat themselves. */
const DEFAULT_TEMPERATURE = 0.8;
const FORMAT_WITH_TOOLS: Warning = {
  type: 'unsupported-setting',
  setting: 'responseFormat',
  message:
    'response_format is not enforced while the model may call tools (tool_choice auto): llama.cpp cannot combine a grammar with its function calling',
};

export const cancelledBy = (signal: AbortSignal | undefined) =>
  new UpstreamError('The llama.cpp engine was cancelled', { isRetryable: false, cause: signal?.reason });

/**
 * One GGUF model file served by llama.cpp (node-llama-cpp): loaded on first use or by `load()`, with one
 * context of `sequences` sequences. Each generation takes a free sequence (waiting in order when all are
 * busy) and always gives it back. The context is never shifted: a prompt that does not fit is an
 * EngineRequestError, and the output is limited to the room the prompt leaves.
 */
export class LlamaCppEngine {
  readonly fileName: string;
  private loading: Promise<Loaded> | undefined;
  private loaded: Loaded | undefined;
  private failure: string | undefined;
  private closed = false;
  /**
   * Prompt sizes by conversation: the chat service counts a prompt to reserve credits and then generates
   * from the same messages (once per choice), which would tokenize the whole prompt each time.
   */
  private readonly promptSizes = new WeakMap<ChatMessage[], Map<string, number>>();

  constructor(private readonly config: LlamaCppEngineConfig) {
    this.fileName = basename(config.modelPath);
  }

  /** Tokens of context each generation has (llama.cpp may round it up when it creates the context). */
  get contextSize(): number {
    return this.config.contextSize;
  }

  /** Loads the model and its context now unless done already: one load, however many callers. */
  load(): Promise<Loaded> {
    if (this.closed) return Promise.reject(new EngineUnavailableError('the llama.cpp engine has been shut down'));
    this.loading ??= this.open().then(
      (loaded) => {
        this.loaded = loaded;
        this.failure = undefined;
        return loaded;
      },
      (error: unknown) => {
        // Forgotten, so that the next call tries again.
        this.loading = undefined;
        this.failure = error instanceof Error ? error.message : String(error);
        throw error;
      },
    );
    return this.loading;
  }

  status(): EngineStatus {
    const name = `llama-cpp ${this.fileName}`;
    if (this.closed) return { ok: false, text: `${name}: shut down` };
    if (this.loaded) {
      const { context, pool } = this.loaded;
      const busy = context.totalSequences - pool.idle;
      return {
        ok: true,
        text: `${name} (loaded; ${busy} of ${context.totalSequences} sequences busy, ${pool.queued} waiting; ${context.contextSize} tokens each)`,
      };
    }
    if (this.loading) return { ok: false, text: `${name}: loading` };
    if (this.failure) return { ok: false, text: `${name}: ${this.failure}` };
    return { ok: true, text: `${name} (loads on first use)` };
  }

  /** Frees the context and gives the model back; generations still running fail. */
  async close(): Promise<void> {
    this.closed = true;
    const loading = this.loading;
    this.loading = undefined;
    this.loaded = undefined;
    const loaded = await loading?.catch(() => undefined);
    if (!loaded) return;
    await loaded.context.dispose();
    await loaded.lease.release();
  }

  /**
   * The tokens the conversation takes as a prompt, template included: what a generation would count. With
   * `tools`, what a generation that may call them (or must) would count: their documentation is part of it.
   */
  async countPromptTokens(messages: ChatMessage[], tools?: ToolDefinition[]): Promise<number> {
    const plan = planTools({ tools });
    const loaded = await this.load();
    const slot = loaded.slots[0];
    if (!slot) throw new EngineUnavailableError('the llama.cpp engine has no sequence');
    return this.promptSize(slot, messages, promptFor(messages, plan));
  }

  private promptSize(slot: Slot, messages: ChatMessage[], prompt: Prompt): number {
    let sizes = this.promptSizes.get(messages);
    if (!sizes) {
      sizes = new Map();
      this.promptSizes.set(messages, sizes);
    }
    let size = sizes.get(prompt.key);
    if (size === undefined) {
      size = promptTokens(slot, prompt);
      sizes.set(prompt.key, size);
    }
    return size;
  }

  /** One generation; `onText` gets the text as it is produced (never a part of a stop sequence). */
  async generate(options: TextCallOptions, onText?: (text: string) => void): Promise<TextResult> {
    const signal = options.abortSignal;
    if (signal?.aborted) throw cancelledBy(signal);
    const plan = planTools(options);
    const loaded = await untilAborted(this.load(), signal, () => cancelledBy(signal));
    const warnings = [...plan.warnings];
    let grammar: PreparedGrammar | undefined;
    if (plan.kind === 'forced') grammar = await loaded.grammars.forCall(plan);
    else if (options.responseFormat && plan.kind === 'auto') warnings.push(FORMAT_WITH_TOOLS);
    else if (options.responseFormat) grammar = await loaded.grammars.forFormat(options.responseFormat);
    if (grammar) warnings.push(...grammar.warnings);
    let slot: Slot;
    try {
      slot = await loaded.pool.acquire(signal);
    } catch {
      throw cancelledBy(signal);
    }
    try {
      const prompt = promptFor(options.messages, plan);
      if (plan.kind === 'forced' && grammar) return await this.call(slot, options, prompt, grammar.grammar, warnings);
      const attempt = await this.once(slot, options, prompt, { grammar: grammar?.grammar, onText }, warnings);
      const { response } = attempt;
      const usage = { inputTokens: attempt.prompt, outputTokens: attempt.generated };
      if (response.functionCalls?.length)
        return {
          text: response.response,
          toolCalls: toToolCalls(response.functionCalls),
          finishReason: 'tool-calls',
          usage,
          warnings,
        };
      const finishReason: FinishReason = response.metadata.stopReason === 'maxTokens' ? 'length' : 'stop';
      return { text: response.response, finishReason, usage, warnings };
    } finally {
      loaded.pool.release(slot);
    }
  }

  /**
   * A forced call: the prompt of function calling, and the grammar of the call. node-llama-cpp stops when
   * the model starts a call in the chat wrapper's own syntax instead (a wrapper may even open one at once):
   * then once more with the functions documented in a system message, and the grammar alone. Output cut
   * by the token limit is an UpstreamError, never broken JSON.
   */
  private async call(
    slot: Slot,
    options: TextCallOptions,
    prompt: Prompt,
    grammar: LlamaGrammar,
    warnings: Warning[],
  ): Promise<TextResult> {
    let attempt = await this.once(slot, options, prompt, { grammar, forced: true }, warnings);
    let call = readForcedCall(attempt.response.response);
    let generated = attempt.generated;
    if (!call && attempt.response.metadata.stopReason !== 'maxTokens' && prompt.functions) {
      const history = slot.chat.chatWrapper.addAvailableFunctionsSystemMessageToHistory(
        prompt.history,
        prompt.functions,
        { documentParams: true },
      );
      attempt = await this.once(
        slot,
        options,
        { history: [...history], functions: undefined, key: `docs:${prompt.key}` },
        { grammar, forced: true },
        warnings,
      );
      call = readForcedCall(attempt.response.response);
      generated += attempt.generated;
    }
    if (!call)
      throw new UpstreamError(
        attempt.response.metadata.stopReason === 'maxTokens'
          ? `The llama.cpp model did not finish its function call within ${attempt.maxTokens} tokens`
          : 'The llama.cpp model did not write a function call',
        { isRetryable: false },
      );
    const usage = { inputTokens: attempt.prompt, outputTokens: generated };
    return { text: '', toolCalls: [call], finishReason: 'tool-calls', usage, warnings };
  }

  /**
   * One generation from `prompt`: function calling when it has functions, the grammar when there is one
   * (both: the grammar, and node-llama-cpp stops at the start of a call); text to `onText`.
   */
  private async once(
    slot: Slot,
    options: TextCallOptions,
    prompt: Prompt,
    { grammar, onText, forced = false }: { grammar?: LlamaGrammar; onText?: (text: string) => void; forced?: boolean },
    warnings: Warning[],
  ): Promise<Attempt> {
    const signal = options.abortSignal;
    const promptSize = this.promptSize(slot, options.messages, prompt);
    const contextSize = slot.sequence.contextSize;
    // node-llama-cpp shifts the context once the next token would take its last cell: stop before.
    const room = contextSize - promptSize - 1;
    if (room < 1)
      throw new EngineRequestError(
        `the prompt takes ${promptSize} tokens, which leaves no room in the model's context of ${contextSize} tokens`,
      );
    const requested = options.maxOutputTokens ?? room;
    if (requested > room && options.maxOutputTokens !== undefined)
      addWarning(warnings, {
        type: 'adjusted-setting',
        setting: 'maxOutputTokens',
        message: `maxOutputTokens lowered to ${room}, the room the prompt leaves in the ${contextSize}-token context`,
      });
    const maxTokens = Math.min(requested, room);
    const before = slot.sequence.tokenMeter.getState();
    const { history, functions } = prompt;
    const sampling = samplingOptions(options, maxTokens, forced, onText);
    let response: Generated;
    try {
      if (functions && grammar) {
        // Both at once only as node-llama-cpp's completion mode has them: it stops where a call would start.
        const forcedOptions = { ...sampling, grammar, functions, documentFunctionParams: true, abortOnNonText: true };
        response = await slot.chat.generateResponse(
          history,
          forcedOptions as unknown as LLamaChatGenerateResponseOptions<ChatModelFunctions>,
        );
      } else if (functions)
        response = await slot.chat.generateResponse(history, {
          ...sampling,
          functions,
          documentFunctionParams: true,
          ...(options.parallelToolCalls === false && { maxParallelFunctionCalls: 1 }),
        });
      else response = await slot.chat.generateResponse(history, { ...sampling, ...(grammar && { grammar }) });
    } catch (error) {
      if (signal?.aborted) throw cancelledBy(signal);
      throw new UpstreamError('The llama.cpp engine failed', { isRetryable: false, cause: error });
    }
    if (signal?.aborted) throw cancelledBy(signal);
    const generated = slot.sequence.tokenMeter.getState().usedOutputTokens - before.usedOutputTokens;
    return { response, prompt: promptSize, generated, maxTokens };
  }

  private async open(): Promise<Loaded> {
    const { gpu, modelPath, contextSize, sequences, threads } = this.config;
    const llama = await sharedLlama(gpu);
    const { LlamaChat, resolveChatWrapper } = await nodeLlamaCpp();
    const lease = await leaseModel(llama, gpu, modelPath);
    let context: LlamaContext;
    try {
      context = await lease.model.createContext({ contextSize, sequences, threads: threads ?? llama.cpuMathCores });
    } catch (error) {
      await lease.release();
      throw new EngineUnavailableError(
        `the model ${this.fileName} cannot have ${sequences} sequences of ${contextSize} tokens here`,
        { cause: error },
      );
    }
    // Qwen3 (the catalogue's small model) thinks aloud before every answer by default: slow on a CPU, and
    // the API's callers want the answer. Other models get the wrapper their template calls for.
    const chatWrapper = resolveChatWrapper(lease.model, {
      customWrapperSettings: { qwen: { thoughts: 'discourage' } },
    });
    const slots = Array.from({ length: sequences }, () => {
      const sequence = context.getSequence();
      return { sequence, chat: new LlamaChat({ contextSequence: sequence, chatWrapper }) };
    });
    return { llama, lease, context, slots, pool: new SlotPool(slots), grammars: new GrammarCache(llama) };
  }
}

/** The conversation, and the functions documented to the model unless it is given none. */
const promptFor = (messages: ChatMessage[], plan: ToolPlan): Prompt => ({
  history: toHistory(messages),
  functions: plan.kind === 'none' ? undefined : plan.functions,
  key: plan.key,
});

/** Sampling as the request has it. A forced call is JSON, not text: stop sequences do not cut it. */
function samplingOptions(
  options: TextCallOptions,
  maxTokens: number,
  forced: boolean,
  onText: ((text: string) => void) | undefined,
) {
  const legacySeed = options.providerOptions?.[llamaCppEnv.name]?.seed;
  const seed = options.seed ?? (typeof legacySeed === 'number' ? legacySeed : undefined);
  const penalties = {
    ...(options.frequencyPenalty !== undefined && { frequencyPenalty: options.frequencyPenalty }),
    ...(options.presencePenalty !== undefined && { presencePenalty: options.presencePenalty }),
  };
  const stops = forced ? [] : (options.stopSequences ?? []).filter((s) => s.length > 0);
  return {
    maxTokens,
    temperature: options.temperature ?? DEFAULT_TEMPERATURE,
    ...(options.topP !== undefined && { topP: options.topP }),
    ...(seed !== undefined && { seed }),
    // As OpenAI counts them: over the whole answer so far, line breaks included.
    ...(Object.keys(penalties).length > 0 && {
      repeatPenalty: { ...penalties, lastTokens: maxTokens, penalizeNewLine: true },
    }),
    ...(stops.length > 0 && { customStopTriggers: stops }),
    ...(onText && { onTextChunk: onText }),
    signal: options.abortSignal,
  };
}

/**
 * The prompt's tokens as LlamaChat will evaluate them: the chat template's rendering (with the documentation
 * of the functions it is given), tokenized.
 */
const promptTokens = (slot: Slot, prompt: Prompt): number =>
  slot.chat.chatWrapper
    .generateContextState({
      chatHistory: prompt.history,
      ...(prompt.functions && { availableFunctions: prompt.functions, documentFunctionParams: true }),
    })
    .contextText.tokenize(slot.sequence.model.tokenizer).length;
