import { z } from 'zod';
import { EngineRequestError, UpstreamError } from '../../../shared/errors.js';
import { type RetryPolicy, withRetries } from '../../calls/retry.js';
import { bearer, joinUrl, postJson } from '../../calls/upstream-call.js';
import type { ModerationModel, ModerationResult } from '../../spec/moderation-model.js';
import { openAICompatibleEnv } from './settings.js';

export interface OpenAICompatibleModerationConfig {
  baseUrl: string;
  apiKey?: string | undefined;
  /** e.g. omni-moderation-latest; a request's own `model` goes instead when it names one. */
  modelId: string;
  timeoutMs: number;
  retry: RetryPolicy;
  fetch?: typeof fetch;
}

const LABEL = 'The moderation provider';

const answerSchema = z.object({
  id: z.string().max(200).optional(),
  model: z.string().max(200).optional(),
  results: z.array(
    z.looseObject({
      flagged: z.boolean(),
      categories: z.record(z.string(), z.boolean()),
      category_scores: z.record(z.string(), z.number()),
    }),
  ),
});

/** Any server with POST {baseUrl}/moderations (OpenAI's): its classification, passed on as it came. */
export class OpenAICompatibleModerationModel implements ModerationModel {
  readonly provider = openAICompatibleEnv.name;
  readonly modelId: string;

  get baseUrl(): string {
    return this.config.baseUrl;
  }

  constructor(private readonly config: OpenAICompatibleModerationConfig) {
    this.modelId = config.modelId;
  }

  async doModerate(options: {
    input: unknown;
    model: string | undefined;
    abortSignal?: AbortSignal;
  }): Promise<ModerationResult> {
    const model = options.model ?? this.config.modelId;
    const signal = options.abortSignal;
    const json = await withRetries(
      () =>
        postJson({
          fetch: this.config.fetch ?? globalThis.fetch,
          url: joinUrl(this.config.baseUrl, '/moderations'),
          headers: bearer(this.config.apiKey),
          body: JSON.stringify({ model, input: options.input }),
          timeoutMs: this.config.timeoutMs,
          signal,
          label: LABEL,
          statusText: { 401: `${LABEL} rejected the API key` },
        }),
      this.config.retry,
      signal,
    ).catch((error: unknown) => {
      if (error instanceof UpstreamError && (error.upstreamStatus === 400 || error.upstreamStatus === 404))
        throw new EngineRequestError(
          `${LABEL} refused the request (${error.upstreamStatus}): check the model '${model}' and the input`,
          { cause: error },
        );
      throw error;
    });
    const parsed = answerSchema.safeParse(json);
    if (!parsed.success)
      throw new UpstreamError(`${LABEL} returned an unexpected response: not moderation results`, {
        isRetryable: false,
      });
    const { id, results } = parsed.data;
    return { id: id ?? '', model: parsed.data.model ?? model, results };
  }
}
