import type { FinishReason } from '../../engines/spec/text-model.js';
import { UpstreamError } from '../../shared/errors.js';
import type { ChatGeneration, ChatPartStream } from '../chat/chat-generation.js';
import type { ChatUsage } from '../chat/chat.schemas.js';
import type { OutputItem, ResponseObject, ResponseUsage } from './response-object.schemas.js';
import { newItemId } from './response-ids.js';
import type { ResponseRequest } from './responses.schemas.js';

/** What a response says before the engine has answered: the request's settings, as OpenAI echoes them. */
export type ResponseBase = Omit<
  ResponseObject,
  'status' | 'output' | 'usage' | 'model' | 'completed_at' | 'incomplete_details' | 'error'
>;

export type ResponseEvent = { type: string; sequence_number: number } & Record<string, unknown>;

type Message = Extract<OutputItem, { type: 'message' }>;
type FunctionCall = Extract<OutputItem, { type: 'function_call' }>;

/** The request's settings with OpenAI's defaults where it left them out. */
export function responseBase(request: ResponseRequest, id: string, createdAt: number): ResponseBase {
  return {
    id,
    object: 'response',
    created_at: createdAt,
    background: false,
    instructions: request.instructions ?? null,
    max_output_tokens: request.max_output_tokens ?? null,
    parallel_tool_calls: request.parallel_tool_calls ?? true,
    previous_response_id: request.previous_response_id ?? null,
    prompt_cache_key: request.prompt_cache_key ?? null,
    reasoning: { effort: request.reasoning?.effort ?? null, summary: request.reasoning?.summary ?? null },
    safety_identifier: request.safety_identifier ?? null,
    service_tier: request.service_tier ?? 'default',
    store: request.store ?? true,
    temperature: request.temperature ?? 1,
    text: { format: request.text?.format ?? { type: 'text' }, verbosity: request.text?.verbosity ?? 'medium' },
    tool_choice: request.tool_choice ?? 'auto',
    tools: (request.tools ?? []).map((t) => ({
      type: 'function' as const,
      name: t.name,
      description: t.description ?? null,
      parameters: t.parameters ?? null,
      strict: t.strict ?? null,
    })),
    top_logprobs: request.top_logprobs ?? 0,
    top_p: request.top_p ?? 1,
    truncation: request.truncation ?? 'disabled',
    user: request.user ?? null,
    metadata: request.metadata ?? {},
  };
}

/** How the engine's finish shows in the response: complete, or cut short and why. */
function ending(reason: FinishReason): Pick<ResponseObject, 'status' | 'incomplete_details'> {
  if (reason === 'length') return { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } };
  if (reason === 'content-filter') return { status: 'incomplete', incomplete_details: { reason: 'content_filter' } };
  return { status: 'completed', incomplete_details: null };
}

const responseUsageOf = (usage: ChatUsage): ResponseUsage => ({
  input_tokens: usage.prompt_tokens,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: usage.completion_tokens,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: usage.total_tokens,
});

/** The tokens of OpenAI's chat logprobs object (`{content: [...]}`), which the Responses API lists on their own. */
const logprobsOf = (logprobs: unknown): unknown[] => {
  const content = (logprobs as { content?: unknown } | null | undefined)?.content;
  return Array.isArray(content) ? content : [];
};

const messageOf = (text: string, logprobs: unknown[], status: Message['status'], id = newItemId('msg')): Message => ({
  type: 'message',
  id,
  status,
  role: 'assistant',
  content: [{ type: 'output_text', text, annotations: [], logprobs }],
});

/** The engine's answer as a response: its text as a message (unless it only called functions), then its calls. */
export function responseOf(base: ResponseBase, generated: ChatGeneration, completedAt: number): ResponseObject {
  const [result] = generated.results;
  const end = ending(result?.finishReason ?? 'stop');
  const itemStatus = end.status === 'completed' ? 'completed' : 'incomplete';
  const text = result?.text ?? '';
  const calls = result?.toolCalls ?? [];
  const output: OutputItem[] = [
    ...(text !== '' || calls.length === 0 ? [messageOf(text, logprobsOf(result?.logprobs), itemStatus)] : []),
    ...calls.map(
      (call): FunctionCall => ({
        type: 'function_call',
        id: newItemId('fc'),
        call_id: call.id,
        name: call.name,
        arguments: call.arguments,
        status: itemStatus,
      }),
    ),
  ];
  return {
    ...base,
    ...end,
    model: generated.modelId,
    output,
    usage: responseUsageOf(generated.usage),
    completed_at: completedAt,
    error: null,
  };
}

export interface EventOptions {
  base: ResponseBase;
  stream: ChatPartStream;
  /** The time in seconds, for completed_at. */
  now(): number;
  /** Runs with the finished response before its last event is sent (where it is stored). */
  complete(response: ResponseObject): Promise<void>;
}

/**
 * The stream as OpenAI's semantic events, each with its type and a sequence number from 0: response.created and
 * response.in_progress; for each output item (the message when text comes, a function call when a call starts)
 * output_item.added, its content part and text deltas or its arguments' deltas; at the end each item's done
 * events in output order, then response.completed (or response.incomplete when cut short). A failure of the
 * engine after the start is a response.failed, the last event; any other failure is thrown on after it.
 */
export async function* responseEvents(options: EventOptions): AsyncGenerator<ResponseEvent> {
  const { base, stream } = options;
  let sequence = 0;
  const event = (type: string, fields: Record<string, unknown>): ResponseEvent => ({
    type,
    sequence_number: sequence++,
    ...fields,
  });
  const model = stream.modelId;
  const pending = { ...base, model, completed_at: null, error: null, incomplete_details: null, usage: null };
  yield event('response.created', { response: { ...pending, status: 'in_progress', output: [] } });
  yield event('response.in_progress', { response: { ...pending, status: 'in_progress', output: [] } });

  const items: (Message | FunctionCall)[] = [];
  let message: { item: Message; index: number; text: string; logprobs: unknown[] } | undefined;
  const calls = new Map<number, { item: FunctionCall; index: number }>();
  let reason: FinishReason = 'stop';
  function* openMessage() {
    const opened = {
      item: { ...messageOf('', [], 'in_progress'), content: [] },
      index: items.length,
      text: '',
      logprobs: [],
    };
    message = opened;
    items.push(opened.item);
    yield event('response.output_item.added', { output_index: opened.index, item: opened.item });
    const at = { item_id: opened.item.id, output_index: opened.index, content_index: 0 };
    yield event('response.content_part.added', { ...at, part: textPart('', []) });
    return opened;
  }
  try {
    for await (const { part } of stream.parts) {
      if (part.type === 'text-delta') {
        message ??= yield* openMessage();
        const logprobs = logprobsOf(part.logprobs);
        message.text += part.text;
        message.logprobs.push(...logprobs);
        yield event('response.output_text.delta', {
          item_id: message.item.id,
          output_index: message.index,
          content_index: 0,
          delta: part.text,
          logprobs,
        });
      } else if (part.type === 'tool-call-delta') {
        let call = calls.get(part.index);
        if (!call) {
          const item: FunctionCall = {
            type: 'function_call',
            id: newItemId('fc'),
            call_id: part.id ?? newItemId('call'),
            name: part.name ?? '',
            arguments: '',
            status: 'in_progress',
          };
          call = { item, index: items.length };
          calls.set(part.index, call);
          items.push(item);
          yield event('response.output_item.added', { output_index: call.index, item: { ...item } });
        } else if (part.name) call.item.name += part.name;
        if (part.argumentsDelta === '') continue;
        call.item.arguments += part.argumentsDelta;
        yield event('response.function_call_arguments.delta', {
          item_id: call.item.id,
          output_index: call.index,
          delta: part.argumentsDelta,
        });
      } else reason = part.finishReason;
    }
  } catch (error) {
    const text =
      error instanceof UpstreamError ? `The text provider failed: ${error.message}` : 'Internal server error';
    const failed = { ...pending, status: 'failed', output: items, error: { code: 'server_error', message: text } };
    yield event('response.failed', { response: failed });
    if (!(error instanceof UpstreamError)) throw error;
    return;
  }

  // An answer of nothing is still a message, as the response that is not streamed has.
  if (items.length === 0) yield* openMessage();
  const end = ending(reason);
  const itemStatus = end.status === 'completed' ? 'completed' : 'incomplete';
  const output: OutputItem[] = [];
  for (const [index, item] of items.entries()) {
    if (message && item === message.item) {
      const done = messageOf(message.text, message.logprobs, itemStatus, item.id);
      const at = { item_id: item.id, output_index: index, content_index: 0 };
      yield event('response.output_text.done', { ...at, text: message.text, logprobs: message.logprobs });
      yield event('response.content_part.done', { ...at, part: textPart(message.text, message.logprobs) });
      yield event('response.output_item.done', { output_index: index, item: done });
      output.push(done);
    } else if (item.type === 'function_call') {
      const done: FunctionCall = { ...item, status: itemStatus };
      yield event('response.function_call_arguments.done', {
        item_id: item.id,
        output_index: index,
        name: item.name,
        arguments: item.arguments,
      });
      yield event('response.output_item.done', { output_index: index, item: done });
      output.push(done);
    }
  }
  const response: ResponseObject = {
    ...base,
    ...end,
    model,
    output,
    usage: responseUsageOf(stream.usage()),
    completed_at: options.now(),
    error: null,
  };
  await options.complete(response);
  yield event(end.status === 'completed' ? 'response.completed' : 'response.incomplete', { response });
}

const textPart = (text: string, logprobs: unknown[]) => ({ type: 'output_text', text, annotations: [], logprobs });
