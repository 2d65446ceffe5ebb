import { type EventSourceMessage, createParser } from 'eventsource-parser';
import { UpstreamError } from '../../../shared/errors.js';
import { type RetryPolicy, withRetries } from '../../calls/retry.js';
import { lightFetch } from '../../calls/light-fetch.js';
import {
  type BodyReader,
  type UpstreamFetch,
  type UpstreamResponse,
  bearer,
  bodyReader,
  callUpstream,
  joinUrl,
  readJson,
} from '../../calls/upstream-call.js';
import {
  TEXT_PARAMETERS,
  type TextCallOptions,
  type TextModel,
  type TextModelInputs,
  type TextParameterSupport,
  type TextResult,
  type TextStreamPart,
  type TextUsage,
} from '../../spec/text-model.js';
import {
  type ChatChunk,
  chatRequestBody,
  chunkParts,
  chunkSchema,
  completionSchema,
  firstChoice,
  toFinishReason,
  toToolCalls,
  toUsage,
} from './openai-chat-wire.js';
import { openAICompatibleEnv } from './settings.js';

export interface OpenAICompatibleTextConfig {
  /** Base URL including the version segment, e.g. http://127.0.0.1:11434/v1 (Ollama) or https://api.openai.com/v1. */
  baseUrl: string;
  apiKey: string | undefined;
  modelId: string;
  /** doGenerate: the whole call. doStream: until the response headers, then the longest silence between bytes. */
  timeoutMs: number;
  retry: RetryPolicy;
  /** lightFetch unless given: the chat completions wait on this call. */
  fetch?: UpstreamFetch;
}

const LABEL = 'The text provider';
const STREAM_FINISHED = new Error('the stream was read to its end or left');

/** Any server with POST {baseUrl}/chat/completions: OpenAI, Ollama, llama.cpp server, vLLM, LocalAI. */
export class OpenAICompatibleTextModel implements TextModel {
  readonly provider = openAICompatibleEnv.name;
  readonly modelId: string;
  /** Parts are sent on in OpenAI's format; whether the upstream model can read them is its to say. */
  readonly accepts: TextModelInputs = { images: true, audio: true };
  /** Every parameter goes on to the upstream in OpenAI's format, which is its own. */
  readonly parameters: TextParameterSupport = { honoured: TEXT_PARAMETERS, noEffect: [] };
  private readonly fetch: UpstreamFetch;

  get baseUrl(): string {
    return this.config.baseUrl;
  }

  constructor(private readonly config: OpenAICompatibleTextConfig) {
    this.modelId = config.modelId;
    this.fetch = config.fetch ?? lightFetch;
  }

  async doGenerate(options: TextCallOptions): Promise<TextResult> {
    const body = JSON.stringify(chatRequestBody(this.modelId, options));
    const json = await withRetries(
      () => this.post('/chat/completions', body, options.abortSignal),
      this.config.retry,
      options.abortSignal,
    );
    const parsed = completionSchema.safeParse(json);
    if (!parsed.success)
      throw new UpstreamError('The text provider returned an unexpected response', { isRetryable: false });
    const [choice] = parsed.data.choices;
    const toolCalls = choice?.message.tool_calls;
    const logprobs = choice?.logprobs ?? undefined;
    return {
      text: (choice?.message.content ?? '').trim(),
      ...(toolCalls && toolCalls.length > 0 && { toolCalls: toToolCalls(toolCalls) }),
      ...(logprobs !== undefined && { logprobs }),
      finishReason: toFinishReason(choice?.finish_reason),
      usage: toUsage(parsed.data.usage),
      warnings: [],
    };
  }

  /**
   * Streams the completion as server-sent events. The request is sent on the first `next()`. Failures
   * before the body starts (unreachable, time-out, 408/429/5xx) are retried like doGenerate's; once the
   * body streams nothing is retried. Deltas are passed on as sent (not trimmed, unlike doGenerate's text),
   * text (with its logprobs) before the pieces of tool calls of the same chunk.
   * Usage is undefined unless the provider sends the include_usage chunk.
   *
   * Aborting `abortSignal` at any point closes the upstream request, and the iterator throws an
   * UpstreamError "The text provider request was cancelled" (isRetryable false, cause: the signal's
   * reason) — never an AbortError, so engineFailure handles it like any engine failure. Leaving the loop
   * early (`break`) closes the upstream request too.
   */
  async *doStream(options: TextCallOptions): AsyncGenerator<TextStreamPart> {
    const signal = options.abortSignal;
    const cancelled = () =>
      new UpstreamError(`${LABEL} request was cancelled`, { isRetryable: false, cause: signal?.reason });
    const body = JSON.stringify({
      ...chatRequestBody(this.modelId, options),
      stream: true,
      stream_options: { include_usage: true },
    });
    if (signal?.aborted) throw cancelled();

    let opened: OpenStream;
    try {
      opened = await withRetries(() => this.openStream(body, signal), this.config.retry, signal);
    } catch (error) {
      // withRetries rejects with the signal's reason when aborted while waiting: report one kind of abort.
      throw signal?.aborted ? cancelled() : error;
    }
    const { response, request } = opened;
    const stop = () => request.abort(signal?.reason);
    signal?.addEventListener('abort', stop, { once: true });
    if (signal?.aborted) stop();
    const reader = bodyReader(response);
    if (!reader) {
      signal?.removeEventListener('abort', stop);
      throw new UpstreamError(`${LABEL} sent an unexpected stream`, { isRetryable: false });
    }
    const decoder = new TextDecoder();
    const events: EventSourceMessage[] = [];
    const parser = createParser({ onEvent: (event) => events.push(event) });
    let finishReason: string | undefined;
    let usage: TextUsage = { inputTokens: undefined, outputTokens: undefined };
    let sawDone = false;

    try {
      while (!sawDone) {
        const { value, done } = await readWithin(reader, this.config.timeoutMs);
        // At the end, a blank line dispatches a last event the provider did not terminate.
        parser.feed(done ? `${decoder.decode()}\n\n` : decoder.decode(value, { stream: true }));
        for (const event of events.splice(0)) {
          if (event.data.trim() === '[DONE]') {
            sawDone = true;
            break;
          }
          const chunk = parseChunk(event.data);
          const choice = firstChoice(chunk);
          if (choice?.finish_reason) finishReason = choice.finish_reason;
          if (chunk.usage) usage = toUsage(chunk.usage);
          for (const part of chunkParts(choice)) {
            if (signal?.aborted) throw cancelled();
            yield part;
          }
        }
        if (done) break;
      }
    } catch (error) {
      if (signal?.aborted) throw cancelled();
      if (error instanceof UpstreamError) throw error;
      // The connection dropped (undici: TypeError "terminated") after part of the answer was sent.
      throw new UpstreamError(`${LABEL} stream ended early`, { isRetryable: false, cause: error });
    } finally {
      signal?.removeEventListener('abort', stop);
      // Also reached on `break` in the consumer's loop: close the upstream request either way (with a reason
      // made once: abort() without one builds a DOMException and its stack each time).
      request.abort(STREAM_FINISHED);
      reader.cancel().catch(() => undefined);
    }
    if (signal?.aborted) throw cancelled();
    if (!sawDone && finishReason === undefined)
      throw new UpstreamError(`${LABEL} stream ended early`, { isRetryable: false });
    yield { type: 'finish', finishReason: toFinishReason(finishReason), usage, warnings: [] };
  }

  private headers(accept: string): Record<string, string> {
    return {
      'content-type': 'application/json',
      accept,
      ...bearer(this.config.apiKey),
    };
  }

  private post(path: string, body: string, signal: AbortSignal | undefined): Promise<unknown> {
    return callUpstream({
      fetch: this.fetch,
      url: joinUrl(this.config.baseUrl, path),
      method: 'POST',
      headers: this.headers('application/json'),
      body,
      timeoutMs: this.config.timeoutMs,
      signal,
      label: LABEL,
      read: (response) => readJson(response, LABEL),
    });
  }

  /**
   * One attempt to open the stream: callUpstream's errors and status handling, its time limit and the caller's
   * signal abort `request` until the headers arrive (callUpstream stops listening when it returns). After that the
   * request hangs on `request`, which doStream aborts on the caller's signal, an idle time-out or the end.
   */
  private async openStream(body: string, signal: AbortSignal | undefined): Promise<OpenStream> {
    const request = new AbortController();
    const response = await callUpstream({
      fetch: this.fetch,
      controller: request,
      url: joinUrl(this.config.baseUrl, '/chat/completions'),
      method: 'POST',
      headers: this.headers('text/event-stream'),
      body,
      timeoutMs: this.config.timeoutMs,
      signal,
      label: LABEL,
      read: async (res) => res,
    });
    return { response, request };
  }
}

interface OpenStream {
  response: UpstreamResponse;
  /** Aborting it closes the upstream request, body included. */
  request: AbortController;
}

/** The next body chunk, or a time-out when the provider stays silent for `ms`. */
function readWithin(reader: BodyReader, ms: number): ReturnType<BodyReader['read']> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new UpstreamError(`${LABEL} timed out`, { isRetryable: false })), ms);
    reader
      .read()
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
}

function parseChunk(data: string): ChatChunk {
  let json: unknown;
  try {
    json = JSON.parse(data) as unknown;
  } catch (error) {
    throw new UpstreamError(`${LABEL} sent an unexpected stream`, { isRetryable: false, cause: error });
  }
  const parsed = chunkSchema.safeParse(json);
  if (!parsed.success) throw new UpstreamError(`${LABEL} sent an unexpected stream`, { isRetryable: false });
  return parsed.data;
}
