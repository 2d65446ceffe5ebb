import { basename } from 'node:path';
import type {
  ChatHistoryItem,
  GbnfJsonSchema,
  Llama,
  LlamaChat,
  LlamaContext,
  LlamaContextSequence,
  LlamaGrammar,
} from 'node-llama-cpp';
import { EngineRequestError, EngineUnavailableError, UpstreamError } from '../../../shared/errors.js';
import type { ChatMessage, FinishReason, ResponseFormat, TextCallOptions, TextResult } from '../../spec/text-model.js';
import { toGrammarSchema } from './grammar-schema.js';
import { type LlamaGpu, type ModelLease, leaseModel, nodeLlamaCpp, sharedLlama } from './llama-runtime.js';
import { untilAborted } from '../../until-aborted.js';
import { SlotPool } from './slot-pool.js';

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
}

interface PreparedGrammar {
  grammar: LlamaGrammar;
  warnings: string[];
}

export interface EngineStatus {
  ok: boolean;
  text: string;
}

/** When the caller sets none: llama.cpp's default. node-llama-cpp's (0: greedy) makes real models repeat themselves. */
const DEFAULT_TEMPERATURE = 0.8;
/** Grammars built from JSON schemas kept per engine: building one costs more than a short generation. */
const GRAMMAR_CACHE = 32;

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
  private readonly grammars = new Map<string, Promise<PreparedGrammar>>();
  /**
   * Prompt sizes by conversation: the chat service counts a prompt to reserve credits and then generates
   * from the same messages (once per choice), which would tokenize the whole prompt each time.
   */
  private readonly promptSizes = new WeakMap<ChatMessage[], number>();

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

  /** The tokens the conversation takes as a prompt, template included: what a generation would count. */
  async countPromptTokens(messages: ChatMessage[]): Promise<number> {
    const loaded = await this.load();
    const slot = loaded.slots[0];
    if (!slot) throw new EngineUnavailableError('the llama.cpp engine has no sequence');
    return this.promptSize(slot, messages);
  }

  private promptSize(slot: Slot, messages: ChatMessage[]): number {
    let size = this.promptSizes.get(messages);
    if (size === undefined) {
      size = promptTokens(slot, toHistory(messages));
      this.promptSizes.set(messages, size);
    }
    return size;
  }

  /** One generation; `onText` gets the text as it is produced (never a part of a stop sequence). */
  async generate(options: TextCallOptions, onText?: (text: string) => void): Promise<TextResult> {
    const signal = options.abortSignal;
    if (signal?.aborted) throw cancelledBy(signal);
    const loaded = await untilAborted(this.load(), signal, () => cancelledBy(signal));
    const warnings: string[] = [];
    const grammar = options.responseFormat ? await this.grammarFor(loaded.llama, options.responseFormat) : undefined;
    if (grammar) warnings.push(...grammar.warnings);
    let slot: Slot;
    try {
      slot = await loaded.pool.acquire(signal);
    } catch {
      throw cancelledBy(signal);
    }
    try {
      return await this.run(slot, options, grammar?.grammar, warnings, onText);
    } finally {
      loaded.pool.release(slot);
    }
  }

  private async run(
    slot: Slot,
    options: TextCallOptions,
    grammar: LlamaGrammar | undefined,
    warnings: string[],
    onText?: (text: string) => void,
  ): Promise<TextResult> {
    const signal = options.abortSignal;
    const history = toHistory(options.messages);
    const prompt = this.promptSize(slot, options.messages);
    const contextSize = slot.sequence.contextSize;
    // node-llama-cpp shifts the context once the next token would take its last cell: stop before.
    const room = contextSize - prompt - 1;
    if (room < 1)
      throw new EngineRequestError(
        `the prompt takes ${prompt} tokens, which leaves no room in the model's context of ${contextSize} tokens`,
      );
    const requested = options.maxOutputTokens ?? room;
    if (requested > room && options.maxOutputTokens !== undefined)
      warnings.push(
        `maxOutputTokens lowered to ${room}, the room the prompt leaves in the ${contextSize}-token context`,
      );
    const stops = (options.stopSequences ?? []).filter((s) => s.length > 0);
    const seed = options.providerOptions?.['llama-cpp']?.seed;
    const before = slot.sequence.tokenMeter.getState();
    let response: Awaited<ReturnType<LlamaChat['generateResponse']>>;
    try {
      response = await slot.chat.generateResponse(history, {
        maxTokens: Math.min(requested, room),
        temperature: options.temperature ?? DEFAULT_TEMPERATURE,
        ...(options.topP !== undefined && { topP: options.topP }),
        ...(typeof seed === 'number' && { seed }),
        ...(stops.length > 0 && { customStopTriggers: stops }),
        ...(grammar && { grammar }),
        ...(onText && { onTextChunk: onText }),
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw cancelledBy(signal);
      throw new UpstreamError('The llama.cpp engine failed', { isRetryable: false, cause: error });
    }
    if (signal?.aborted) throw cancelledBy(signal);
    const generated = slot.sequence.tokenMeter.getState().usedOutputTokens - before.usedOutputTokens;
    const finishReason: FinishReason = response.metadata.stopReason === 'maxTokens' ? 'length' : 'stop';
    return { text: response.response, finishReason, usage: { inputTokens: prompt, outputTokens: generated }, warnings };
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
    return { llama, lease, context, slots, pool: new SlotPool(slots) };
  }

  private grammarFor(llama: Llama, format: ResponseFormat): Promise<PreparedGrammar> {
    const key = format.schema ? JSON.stringify(format.schema) : '';
    let prepared = this.grammars.get(key);
    if (!prepared) {
      prepared = buildGrammar(llama, format.schema);
      prepared.catch(() => this.grammars.delete(key));
      if (this.grammars.size >= GRAMMAR_CACHE) this.grammars.delete(this.grammars.keys().next().value ?? '');
      this.grammars.set(key, prepared);
    }
    return prepared;
  }
}

async function buildGrammar(llama: Llama, schema: Record<string, unknown> | undefined): Promise<PreparedGrammar> {
  if (!schema) return { grammar: await llama.getGrammarFor('json'), warnings: [] };
  const converted = toGrammarSchema(schema);
  try {
    return {
      grammar: await llama.createGrammarForJsonSchema<GbnfJsonSchema>(converted.schema),
      warnings: converted.warnings,
    };
  } catch (error) {
    throw new EngineRequestError('response_format: the JSON schema cannot be turned into a grammar', { cause: error });
  }
}

/** Always a new turn: a conversation that ends with an assistant message is answered, not continued. */
const toHistory = (messages: ChatMessage[]): ChatHistoryItem[] => [
  ...messages.map(toHistoryItem),
  { type: 'model', response: [] },
];

/** The prompt's tokens as LlamaChat will evaluate them: the chat template's rendering, tokenized. */
const promptTokens = (slot: Slot, history: ChatHistoryItem[]): number =>
  slot.chat.chatWrapper
    .generateContextState({ chatHistory: history })
    .contextText.tokenize(slot.sequence.model.tokenizer).length;

function toHistoryItem(message: ChatMessage): ChatHistoryItem {
  if (message.role === 'system') return { type: 'system', text: message.content };
  if (message.role === 'user') return { type: 'user', text: message.content };
  return { type: 'model', response: [message.content] };
}
