import type { FinishReason, ToolCall } from '../../engines/spec/text-model.js';
import type { ChatGeneration, ChatPartStream, ChatServed } from './chat-generation.js';
import type { ChatCompletion, ChatUsage } from './chat.schemas.js';
import { type Clock, unixSeconds } from '../../shared/clock.js';

export type ChatChunk = Record<string, unknown>;

type OpenAiFinish = 'stop' | 'length' | 'content_filter' | 'tool_calls';

export const OPENAI_FINISH: Record<FinishReason, OpenAiFinish> = {
  stop: 'stop',
  length: 'length',
  'content-filter': 'content_filter',
  'tool-calls': 'tool_calls',
  other: 'stop',
};

/**
 * What the answer says of the engine behind it: the offline builtin engine composes its answers (and its tool
 * calls) without a model, and says so, so nobody takes them for a model's choice.
 */
export const fingerprintOf = (served: Pick<ChatServed, 'offline'>): string | null =>
  served.offline ? 'atelier-builtin-offline' : null;

const openAiToolCall = (call: ToolCall) => ({
  id: call.id,
  type: 'function' as const,
  function: { name: call.name, arguments: call.arguments },
});

/** The generation as OpenAI's `chat.completion`. */
export function completionOf(generated: ChatGeneration, clock: Clock): ChatCompletion {
  return {
    id: generated.id,
    object: 'chat.completion',
    created: unixSeconds(clock),
    model: generated.modelId,
    system_fingerprint: fingerprintOf(generated),
    choices: generated.results.map((r, index) => {
      const calls = r.toolCalls ?? [];
      return {
        index,
        message: {
          role: 'assistant' as const,
          // OpenAI's content is null when the turn is only tool calls.
          content: calls.length > 0 && r.text === '' ? null : r.text,
          refusal: null,
          ...(calls.length > 0 && { tool_calls: calls.map(openAiToolCall) }),
        },
        logprobs: r.logprobs ?? null,
        finish_reason: OPENAI_FINISH[r.finishReason],
      };
    }),
    usage: generated.usage,
  };
}

/**
 * The stream as OpenAI's `chat.completion.chunk`s: a first chunk with each choice's role, then the text and
 * tool-call pieces as they come (a call's first piece with its id, type and name, then its arguments), each
 * choice's finish, and with `includeUsage` a last chunk with no choices and the usage.
 */
export async function* completionChunks(
  stream: ChatPartStream,
  includeUsage: boolean,
  clock: Clock,
): AsyncGenerator<ChatChunk> {
  const created = unixSeconds(clock);
  const fingerprint = fingerprintOf(stream);
  const chunk = (choices: unknown[], usage?: ChatUsage) => ({
    id: stream.id,
    object: 'chat.completion.chunk',
    created,
    model: stream.modelId,
    system_fingerprint: fingerprint,
    choices,
    ...(includeUsage && { usage: usage ?? null }),
  });
  yield chunk(
    Array.from({ length: stream.n }, (_s, index) => ({
      index,
      delta: { role: 'assistant', content: '' },
      logprobs: null,
      finish_reason: null,
    })),
  );
  for await (const { index, part } of stream.parts) {
    if (part.type === 'text-delta') {
      yield chunk([{ index, delta: { content: part.text }, logprobs: part.logprobs ?? null, finish_reason: null }]);
    } else if (part.type === 'tool-call-delta') {
      const call = {
        index: part.index,
        ...(part.id !== undefined && { id: part.id, type: 'function' }),
        function: { ...(part.name !== undefined && { name: part.name }), arguments: part.argumentsDelta },
      };
      yield chunk([{ index, delta: { tool_calls: [call] }, logprobs: null, finish_reason: null }]);
    } else {
      yield chunk([{ index, delta: {}, logprobs: null, finish_reason: OPENAI_FINISH[part.finishReason] }]);
    }
  }
  if (includeUsage) yield chunk([], stream.usage());
}
