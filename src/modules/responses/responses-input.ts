import { z } from 'zod';
import { AppError, type Outcome, fail, ok } from '../../shared/errors.js';
import { validationMessage } from '../../shared/validation-message.js';
import { checkToolsSize } from '../chat/chat-fields.schemas.js';
import { type ChatRequest, type ChatRequestMessage, chatRequestSchema } from '../chat/chat.schemas.js';
import type { StoredItem } from './response-object.schemas.js';
import { newItemId } from './response-ids.js';
import type { ContentPart, InputItem, MessageItem, ResponseRequest } from './responses.schemas.js';

/** The chat request a Responses request makes, and where each of its messages came from (for errors). */
export interface ChatCall {
  request: ChatRequest;
  /** Per message: `instructions`, `input`, `input[2]` or `previous_response_id`. */
  sources: string[];
}

type ChatPart = Exclude<ChatRequestMessage['content'], string | null | undefined>[number];

/** The request's input as it is kept and listed: each item with an id and a status, a message's content as parts. */
export function storedItemsOf(input: ResponseRequest['input']): StoredItem[] {
  if (input === undefined) return [];
  if (typeof input === 'string') return [storedMessage({ role: 'user', content: input })];
  return input.map((item): StoredItem => {
    if (item.type === 'function_call' || item.type === 'function_call_output') {
      const { id, status, ...rest } = item;
      const prefix = item.type === 'function_call' ? 'fc' : 'fco';
      return { ...rest, id: id ?? newItemId(prefix), status: status ?? 'completed' } as StoredItem;
    }
    return storedMessage(item);
  });
}

function storedMessage(message: MessageItem): StoredItem {
  const text = message.role === 'assistant' ? 'output_text' : 'input_text';
  const parts: ContentPart[] =
    typeof message.content === 'string' ? [{ type: text, text: message.content }] : message.content;
  return {
    type: 'message',
    id: message.id ?? newItemId('msg'),
    status: message.status ?? 'completed',
    role: message.role,
    content: parts.map((part) => {
      if (part.type === 'input_text') return { type: 'input_text', text: part.text };
      if (part.type === 'output_text') return { type: 'output_text', text: part.text, annotations: [] };
      return { type: 'input_image', image_url: part.image_url ?? '', detail: part.detail ?? 'auto', file_id: null };
    }),
  };
}

/**
 * The chat request of a Responses request: the instructions as a first system message, then `history` (the
 * items of the previous responses, inputs and outputs, oldest first), then the input. Function calls become an
 * assistant message's tool_calls (calls in a row, and calls right after the assistant's text, in one message),
 * their outputs tool messages; every call must be answered before the conversation goes on, as OpenAI requires.
 */
export function chatRequestOf(request: ResponseRequest, history: readonly InputItem[]): Outcome<ChatCall> {
  const messages: ChatRequestMessage[] = [];
  const sources: string[] = [];
  const add = (message: ChatRequestMessage, source: string) => {
    messages.push(message);
    sources.push(source);
  };
  if (request.instructions) add({ role: 'system', content: request.instructions }, 'instructions');
  const input = request.input ?? [];
  const items: { item: InputItem; source: string }[] = [
    ...history.map((item) => ({ item, source: 'previous_response_id' })),
    ...(typeof input === 'string'
      ? [{ item: { role: 'user' as const, content: input }, source: 'input' }]
      : input.map((item, i) => ({ item, source: `input[${i}]` }))),
  ];
  const unanswered = new Set<string>();
  for (const { item, source } of items) {
    if (item.type === 'function_call') {
      const call = {
        id: item.call_id,
        type: 'function' as const,
        function: { name: item.name, arguments: item.arguments },
      };
      const last = messages.at(-1);
      if (last?.role === 'assistant') last.tool_calls = [...(last.tool_calls ?? []), call];
      else add({ role: 'assistant', content: null, tool_calls: [call] }, source);
      unanswered.add(item.call_id);
    } else if (item.type === 'function_call_output') {
      if (!unanswered.delete(item.call_id))
        return fail(
          'invalid_input',
          `No tool call found for function call output with call_id ${item.call_id}.`,
          undefined,
          `${source}.call_id`,
        );
      const content = typeof item.output === 'string' ? item.output : item.output.map(textPart);
      add({ role: 'tool', tool_call_id: item.call_id, content }, source);
    } else {
      const open = unansweredCall(unanswered, source);
      if (open) return open;
      add(
        { role: item.role, content: typeof item.content === 'string' ? item.content : item.content.map(chatPart) },
        source,
      );
    }
  }
  const open = unansweredCall(unanswered, 'input');
  if (open) return open;
  const parsed = convertedRequestSchema.safeParse(chatFields(request, messages));
  if (!parsed.success) return { ok: false, error: chatIssue(parsed.error, sources) };
  return ok({ request: parsed.data, sources });
}

function unansweredCall(unanswered: Set<string>, source: string): Outcome<never> | undefined {
  const [first] = unanswered;
  return first === undefined
    ? undefined
    : fail('invalid_input', `No tool output found for function call ${first}.`, undefined, source);
}

const textPart = (part: { text: string }): ChatPart => ({ type: 'text', text: part.text });

function chatPart(part: ContentPart): ChatPart {
  if (part.type !== 'input_image') return textPart(part);
  // 'original' (the picture as it is) is what 'high' asks of the engines that tell the two apart.
  const detail = part.detail === 'original' ? 'high' : part.detail;
  return { type: 'image_url', image_url: { url: part.image_url ?? '', ...(detail && { detail }) } };
}

/** The request's parameters under their chat names; what only the Responses API has (store, metadata...) stays here. */
function chatFields(request: ResponseRequest, messages: ChatRequestMessage[]): Record<string, unknown> {
  const tools = request.tools ?? [];
  const format = request.text?.format;
  const choice = request.tool_choice;
  const logprobs = request.include?.includes('message.output_text.logprobs') || (request.top_logprobs ?? 0) > 0;
  return present({
    model: request.model,
    messages,
    temperature: request.temperature,
    top_p: request.top_p,
    max_completion_tokens: request.max_output_tokens,
    verbosity: request.text?.verbosity,
    reasoning_effort: request.reasoning?.effort,
    user: request.user,
    safety_identifier: request.safety_identifier,
    prompt_cache_key: request.prompt_cache_key,
    service_tier: request.service_tier,
    logprobs: logprobs || undefined,
    top_logprobs: logprobs ? request.top_logprobs : undefined,
    response_format: format && responseFormatOf(format),
    ...(tools.length > 0 && {
      tools: tools.map((t) => ({
        type: 'function',
        function: present({ name: t.name, description: t.description, parameters: t.parameters, strict: t.strict }),
      })),
      parallel_tool_calls: request.parallel_tool_calls,
      tool_choice:
        typeof choice === 'object' && choice !== null ? { type: 'function', function: { name: choice.name } } : choice,
    }),
  });
}

function responseFormatOf(format: NonNullable<NonNullable<ResponseRequest['text']>['format']>) {
  if (format.type !== 'json_schema') return { type: format.type };
  const { name, schema, description, strict } = format;
  return { type: 'json_schema', json_schema: present({ name, schema, description, strict }) };
}

type ChatTool = NonNullable<ChatRequest['tools']>[number];

/**
 * The chat schema for the chat request a Responses request makes: its tools and answer format were checked by the
 * Responses schema with the chat's own checks (names, descriptions, schemas, counts, each name once), so they are
 * not checked (nor their schemas measured) a second time; only the tools' size, in the chat's shape, is left.
 */
const convertedRequestSchema = chatRequestSchema.extend({
  tools: z
    .array(z.custom<ChatTool>())
    .superRefine((tools, ctx) => checkToolsSize(tools, ctx))
    .nullish(),
  response_format: z.custom<NonNullable<ChatRequest['response_format']>>().nullish(),
});

/** The fields that have a value: the Responses API's nulls mean "left out", which the chat schema does not always take. */
const present = (fields: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value != null));

/** A chat request the conversion made that the chat schema refuses, named where the client wrote it. */
function chatIssue(error: z.ZodError, sources: string[]): AppError {
  const [issue] = error.issues;
  if (!issue) return new AppError('invalid_input', 'Invalid request');
  const [field, index, ...rest] = issue.path;
  const source = field === 'messages' && typeof index === 'number' ? sources[index] : undefined;
  const where = source
    ? source + rest.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('')
    : String(RESPONSES_NAMES[String(field)] ?? field ?? 'input');
  const message = validationMessage(
    [
      {
        keyword: issue.code,
        instancePath: '',
        schemaPath: '',
        params: { issue: { ...issue, path: [where] } },
        message: issue.message,
      },
    ],
    'body',
  );
  return new AppError('invalid_input', inResponsesTerms(message), {}, where);
}

/** Chat names the client of the Responses API knows by others. */
const RESPONSES_NAMES: Record<string, string> = {
  max_completion_tokens: 'max_output_tokens',
  response_format: 'text.format',
  verbosity: 'text.verbosity',
  reasoning_effort: 'reasoning.effort',
  logprobs: 'include (message.output_text.logprobs) or top_logprobs',
  image_url: 'input_image',
};

const CHAT_NAME = new RegExp(`\\b(${Object.keys(RESPONSES_NAMES).join('|')})\\b`, 'g');
const inResponsesTerms = (text: string) => text.replace(CHAT_NAME, (name) => RESPONSES_NAMES[name] ?? name);

/**
 * A chat error in the Responses API's terms: one that names a message (`messages[2].content[1]`: a picture the
 * engine cannot take) names the input item it came from; one that names a chat parameter (an engine that cannot
 * honour reasoning_effort) names the field the client sent.
 */
export function renamedError(error: AppError, sources: string[]): AppError {
  const param = error.param ?? '';
  const match = /^messages\[(\d+)\](.*)$/.exec(param);
  const source = match ? sources[Number(match[1])] : undefined;
  if (match && source) {
    // A picture's URL is `image_url.url` in a chat part, `image_url` in an input_image part.
    const inInput = (text: string) =>
      text
        .replaceAll(`messages[${match[1]}]`, source)
        .replaceAll('.image_url.url', '.image_url')
        .replaceAll('image_url parts', 'input_image parts');
    return new AppError(error.code, inInput(error.message), error.headers, inInput(param));
  }
  const renamed = RESPONSES_NAMES[param];
  if (!renamed || param === 'image_url') return error;
  return new AppError(error.code, inResponsesTerms(error.message), error.headers, renamed.split(' ')[0]);
}
