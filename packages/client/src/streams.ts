import { StreamError, errorMessage } from './errors.js';
import { sseData } from './sse.js';
import type { BotSource, ChatUsage } from './types.js';

/** A bot's streamed reply: text pieces in order, then (when asked for) the sources it drew on. */
export type BotStreamEvent = { type: 'text'; text: string } | { type: 'sources'; sources: BotSource[] };

/** A streamed chat completion: text pieces per choice, each choice's finish, and the usage when asked for. */
export type ChatStreamEvent =
  | { type: 'text'; index: number; text: string }
  | { type: 'finish'; index: number; reason: string }
  | { type: 'usage'; usage: ChatUsage };

/** One `chat.completion.chunk` as the service streams it (the OpenAI format). */
export interface ChatCompletionChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  choices: { index: number; delta: { role?: string; content?: string }; finish_reason: string | null }[];
  usage?: ChatUsage | null;
}

export interface OpenedStream {
  response: Response;
  done: () => void;
  /** The caller's signal: an abort ends the iteration at once, also while events are still buffered. */
  signal?: AbortSignal | undefined;
}

/** The JSON events of a stream up to `[DONE]`; a `{"error": ...}` event or an early end throws StreamError. */
async function* jsonEvents(opened: OpenedStream): AsyncGenerator<Record<string, unknown>> {
  const { response, done, signal } = opened;
  const requestId = response.headers.get('x-request-id') ?? undefined;
  try {
    if (!response.body || !/^text\/event-stream/i.test(response.headers.get('content-type') ?? '')) {
      throw new StreamError('The service did not answer with an event stream', { status: response.status, requestId });
    }
    for await (const data of sseData(response.body as unknown as AsyncIterable<Uint8Array>)) {
      signal?.throwIfAborted();
      if (data === '[DONE]') return;
      let event: unknown;
      try {
        event = JSON.parse(data);
      } catch {
        throw new StreamError(`Unreadable event in the stream: ${data.slice(0, 100)}`, {
          status: response.status,
          requestId,
        });
      }
      if (typeof event !== 'object' || event === null) continue;
      if ('error' in event)
        throw new StreamError(errorMessage(event, response.status), {
          status: response.status,
          requestId,
          body: event,
        });
      yield event as Record<string, unknown>;
    }
    throw new StreamError('The stream ended before it was complete', { status: response.status, requestId });
  } finally {
    done();
  }
}

export async function* botEvents(opened: OpenedStream): AsyncGenerator<BotStreamEvent> {
  for await (const event of jsonEvents(opened)) {
    if (typeof event.text === 'string') yield { type: 'text', text: event.text };
    else if (Array.isArray(event.sources)) yield { type: 'sources', sources: event.sources as BotSource[] };
  }
}

export async function* chatEvents(opened: OpenedStream): AsyncGenerator<ChatStreamEvent> {
  for await (const event of jsonEvents(opened)) {
    const chunk = event as unknown as ChatCompletionChunk;
    for (const choice of chunk.choices ?? []) {
      if (choice.delta?.content) yield { type: 'text', index: choice.index, text: choice.delta.content };
      if (choice.finish_reason) yield { type: 'finish', index: choice.index, reason: choice.finish_reason };
    }
    if (chunk.usage) yield { type: 'usage', usage: chunk.usage };
  }
}
