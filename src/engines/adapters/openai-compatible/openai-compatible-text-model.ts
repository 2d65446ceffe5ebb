import { z } from 'zod';
import { UpstreamError } from '../../../shared/errors.js';
import { type RetryPolicy, withRetries } from '../../retry.js';
import { callUpstream, joinUrl, readJson } from '../../upstream-call.js';
import type { FinishReason, TextCallOptions, TextModel, TextResult } from '../../spec/text-model.js';

export interface OpenAICompatibleTextConfig {
  /** Base URL including the version segment, e.g. http://127.0.0.1:11434/v1 (Ollama) or https://api.openai.com/v1. */
  baseUrl: string;
  apiKey: string | undefined;
  modelId: string;
  timeoutMs: number;
  retry: RetryPolicy;
  fetch?: typeof fetch;
}

const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullable().optional() }),
        finish_reason: z.string().nullable().optional(),
      }),
    )
    .min(1),
  usage: z.object({ prompt_tokens: z.number().optional(), completion_tokens: z.number().optional() }).optional(),
});

const LABEL = 'The text provider';

const FINISH_REASONS: Record<string, FinishReason> = { stop: 'stop', length: 'length', content_filter: 'content-filter' };

/** Any server with POST {baseUrl}/chat/completions: OpenAI, Ollama, llama.cpp server, vLLM, LocalAI. */
export class OpenAICompatibleTextModel implements TextModel {
  readonly provider = 'openai-compatible';
  readonly modelId: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly config: OpenAICompatibleTextConfig) {
    this.modelId = config.modelId;
    this.fetch = config.fetch ?? globalThis.fetch;
  }

  async doGenerate(options: TextCallOptions): Promise<TextResult> {
    const body = JSON.stringify({
      model: this.modelId,
      messages: options.messages,
      ...(options.maxOutputTokens !== undefined && { max_tokens: options.maxOutputTokens }),
      ...(options.temperature !== undefined && { temperature: options.temperature }),
    });
    const json = await withRetries(() => this.post('/chat/completions', body, options.abortSignal), this.config.retry, options.abortSignal);
    const parsed = completionSchema.safeParse(json);
    if (!parsed.success) throw new UpstreamError('The text provider returned an unexpected response', { isRetryable: false });
    const [choice] = parsed.data.choices;
    return {
      text: (choice?.message.content ?? '').trim(),
      finishReason: FINISH_REASONS[choice?.finish_reason ?? ''] ?? 'other',
      usage: { inputTokens: parsed.data.usage?.prompt_tokens, outputTokens: parsed.data.usage?.completion_tokens },
      warnings: [],
    };
  }

  private post(path: string, body: string, signal: AbortSignal | undefined): Promise<unknown> {
    return callUpstream({
      fetch: this.fetch,
      url: joinUrl(this.config.baseUrl, path),
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.config.apiKey && { authorization: `Bearer ${this.config.apiKey}` }) },
      body,
      timeoutMs: this.config.timeoutMs,
      signal,
      label: LABEL,
      read: (response) => readJson(response, LABEL),
    });
  }
}
