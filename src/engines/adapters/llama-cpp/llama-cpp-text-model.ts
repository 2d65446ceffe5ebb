import {
  PROVIDER_ONLY_PARAMETERS,
  type ChatMessage,
  type TextCallOptions,
  type TextModel,
  type TextParameterSupport,
  type TextResult,
  type TextStreamPart,
  type ToolDefinition,
} from '../../spec/text-model.js';
import { type EngineStatus, type LlamaCppEngineConfig, LlamaCppEngine, cancelledBy } from './llama-cpp-engine.js';
import { llamaCppEnv } from './settings.js';
import { monotonicMs } from '../../../shared/clock.js';

/**
 * Streamed text goes out at most this often: tokens that come faster (a small model, a GPU: above 50 a
 * second) share a delta, so the service writes an event per few tokens rather than one per token. Measured
 * with the tiny test model (~2,000 tokens/s on one thread): one event per 5 ms cost 16-18% of the speed
 * against streaming from node-llama-cpp directly, one per 20 ms ~2%. 20 ms is below what a reader can see;
 * a model slower than 50 tokens/s (a real model on a CPU) has every token sent the moment it comes.
 */
const STREAM_INTERVAL_MS = 20;

/**
 * What llama.cpp acts on: sampling (seed included), penalties, grammars for JSON output and forced calls,
 * node-llama-cpp's function calling. Not offered: logit bias (LlamaChat's tokenBias could carry it) and
 * log probabilities (node-llama-cpp gives them only below LlamaChat, per evaluated token). The noEffect
 * ones cannot change a local answer.
 */
export const LLAMA_CPP_PARAMETERS: TextParameterSupport = {
  honoured: [
    'temperature',
    'top_p',
    'stop',
    'n',
    'seed',
    'frequency_penalty',
    'presence_penalty',
    'response_format',
    'tools',
    'tool_choice',
    'parallel_tool_calls',
  ],
  noEffect: PROVIDER_ONLY_PARAMETERS,
};

/** A local GGUF model through llama.cpp; the model id is the file's name without `.gguf`. */
export class LlamaCppTextModel implements TextModel {
  readonly provider = llamaCppEnv.name;
  readonly modelId: string;
  readonly contextTokens: number;
  readonly parameters = LLAMA_CPP_PARAMETERS;

  constructor(
    private readonly engine: LlamaCppEngine,
    private readonly streamIntervalMs = STREAM_INTERVAL_MS,
  ) {
    this.modelId = engine.fileName.replace(/\.gguf$/i, '');
    this.contextTokens = engine.contextSize;
  }

  /** With `tools`: the prompt a generation with those tools has (their documentation included). */
  countPromptTokens(messages: ChatMessage[], tools?: ToolDefinition[]): Promise<number> {
    return this.engine.countPromptTokens(messages, tools);
  }

  async doGenerate(options: TextCallOptions): Promise<TextResult> {
    const result = await this.engine.generate(options);
    return { ...result, text: result.text.trim() };
  }

  /**
   * The text as llama.cpp produces it (not trimmed, unlike doGenerate's; pieces that come within the
   * stream interval of the last delta are held back and joined to the next), then the calls the model
   * made (a `tool-call-delta` each, whole: node-llama-cpp parses a call before it returns it; a forced
   * call's JSON is never streamed as text), then the finish. Aborting `abortSignal` stops the generation
   * and the iterator throws an UpstreamError "The llama.cpp engine was cancelled"; leaving the loop early
   * stops it too. Either way the sequence is free again before the iterator returns.
   */
  async *doStream(options: TextCallOptions): AsyncGenerator<TextStreamPart> {
    const left = new AbortController();
    const signal = options.abortSignal ? AbortSignal.any([options.abortSignal, left.signal]) : left.signal;
    const pieces: string[] = [];
    let wake: (() => void) | undefined;
    let settled = false;
    const notify = () => {
      wake?.();
      wake = undefined;
    };
    const running = this.engine.generate({ ...options, abortSignal: signal }, (text) => {
      pieces.push(text);
      notify();
    });
    const ended = running
      .catch(() => undefined)
      .finally(() => {
        settled = true;
        notify();
      });
    // Held-back text waits out the interval, or until the generation ends.
    const pause = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        void ended.then(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    let sent = -Infinity;
    try {
      for (;;) {
        if (options.abortSignal?.aborted) throw cancelledBy(options.abortSignal);
        if (pieces.length > 0) {
          const early = sent + this.streamIntervalMs - monotonicMs();
          if (early > 0 && !settled) {
            await pause(early);
            continue;
          }
          const text = pieces.splice(0).join('');
          sent = monotonicMs();
          if (text) yield { type: 'text-delta', text };
          continue;
        }
        if (settled) break;
        await new Promise<void>((resolve) => (wake = resolve));
      }
      const { finishReason, usage, warnings, toolCalls = [] } = await running;
      for (const [index, call] of toolCalls.entries())
        yield { type: 'tool-call-delta', index, id: call.id, name: call.name, argumentsDelta: call.arguments };
      yield { type: 'finish', finishReason, usage, warnings };
    } finally {
      left.abort();
      await running.catch(() => undefined);
    }
  }
}

/** The standard and advanced models: one engine per distinct file, shared when both name the same one. */
export interface LlamaCppTextModels {
  standard: LlamaCppTextModel;
  advanced: LlamaCppTextModel;
  /** Loads every model now (warm-up at start); resolves when all are loaded or have failed. */
  warmUp(): Promise<void>;
  status(): EngineStatus[];
  release(): Promise<void>;
}

export interface LlamaCppSettings extends LlamaCppEngineConfig {
  advancedModelPath: string | undefined;
  /** How often at most a stream sends a delta (ms); 0: one per piece of text. */
  streamIntervalMs?: number;
}

export function createLlamaCppTextModels(settings: LlamaCppSettings): LlamaCppTextModels {
  const { advancedModelPath, streamIntervalMs, ...config } = settings;
  const standard = new LlamaCppEngine(config);
  const advanced =
    advancedModelPath && advancedModelPath !== config.modelPath
      ? new LlamaCppEngine({ ...config, modelPath: advancedModelPath })
      : standard;
  const engines = standard === advanced ? [standard] : [standard, advanced];
  return {
    standard: new LlamaCppTextModel(standard, streamIntervalMs),
    advanced: new LlamaCppTextModel(advanced, streamIntervalMs),
    async warmUp() {
      await Promise.allSettled(engines.map((e) => e.load()));
    },
    status: () => engines.map((e) => e.status()),
    async release() {
      await Promise.all(engines.map((e) => e.close()));
    },
  };
}
