/** OpenAI's chat completions format, both ways: the request body, the completion and the stream chunks. */
import { z } from 'zod';
import type {
  ChatContentPart,
  ChatMessage,
  FinishReason,
  ResponseFormat,
  TextCallOptions,
  TextStreamPart,
  TextUsage,
  ToolCall,
  ToolChoice,
  ToolDefinition,
} from '../../spec/text-model.js';

const usageSchema = z.object({ prompt_tokens: z.number().optional(), completion_tokens: z.number().optional() });

const toolCallSchema = z.object({
  id: z.string(),
  function: z.object({ name: z.string(), arguments: z.string() }),
});

export const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullable().optional(),
          tool_calls: z.array(toolCallSchema).nullable().optional(),
        }),
        finish_reason: z.string().nullable().optional(),
        logprobs: z.unknown().optional(),
      }),
    )
    .min(1),
  usage: usageSchema.optional(),
});

/** A piece of the `index`th call: the first piece has its id and name, the pieces' arguments joined make its arguments. */
const toolCallDeltaSchema = z.object({
  index: z.number().int().nonnegative(),
  id: z.string().nullish(),
  function: z.object({ name: z.string().nullish(), arguments: z.string().nullish() }).nullish(),
});

const chunkChoiceSchema = z.object({
  index: z.number().optional(),
  delta: z
    .object({
      content: z.string().nullable().optional(),
      tool_calls: z.array(toolCallDeltaSchema).nullable().optional(),
    })
    .nullable()
    .optional(),
  finish_reason: z.string().nullable().optional(),
  logprobs: z.unknown().optional(),
});

/** One `chat.completion.chunk`; with include_usage the last one has empty `choices` and the usage. */
export const chunkSchema = z.object({
  choices: z.array(chunkChoiceSchema),
  usage: usageSchema.nullable().optional(),
});
export type ChatChunk = z.infer<typeof chunkSchema>;

/** The first choice's part of a chunk: with `n` above 1 the others come interleaved with it, told apart by index. */
export const firstChoice = (chunk: ChatChunk) => chunk.choices.find((choice) => (choice.index ?? 0) === 0);

const FINISH_REASONS: Record<string, FinishReason> = {
  stop: 'stop',
  length: 'length',
  content_filter: 'content-filter',
  tool_calls: 'tool-calls',
  // What OpenAI sent before tools replaced functions; some compatible servers still do.
  function_call: 'tool-calls',
};

export const toFinishReason = (reason: string | null | undefined): FinishReason =>
  FINISH_REASONS[reason ?? ''] ?? 'other';

export const toUsage = (usage: z.infer<typeof usageSchema> | null | undefined): TextUsage => ({
  inputTokens: usage?.prompt_tokens,
  outputTokens: usage?.completion_tokens,
});

export const toToolCalls = (calls: z.infer<typeof toolCallSchema>[]): ToolCall[] =>
  calls.map((call) => ({ id: call.id, name: call.function.name, arguments: call.function.arguments }));

/**
 * What one chunk's choice adds to the stream: its text (with the logprobs that came with it, even when
 * the text is empty), then its pieces of tool calls.
 */
export function chunkParts(choice: z.infer<typeof chunkChoiceSchema> | undefined): TextStreamPart[] {
  const parts: TextStreamPart[] = [];
  const text = choice?.delta?.content ?? '';
  const logprobs = choice?.logprobs ?? undefined;
  if (logprobs !== undefined) parts.push({ type: 'text-delta', text, logprobs });
  else if (text) parts.push({ type: 'text-delta', text });
  for (const call of choice?.delta?.tool_calls ?? []) {
    parts.push({
      type: 'tool-call-delta',
      index: call.index,
      ...(call.id && { id: call.id }),
      ...(call.function?.name && { name: call.function.name }),
      argumentsDelta: call.function?.arguments ?? '',
    });
  }
  return parts;
}

/**
 * The request body, every option in OpenAI's own terms. `openaiFields` already are, and go on as they
 * came; the fields this adapter sets itself win over them, so that they cannot change the model, the
 * messages or whether the answer streams.
 */
export function chatRequestBody(modelId: string, options: TextCallOptions): Record<string, unknown> {
  return {
    ...options.openaiFields,
    model: modelId,
    messages: options.messages.map(toOpenAiMessage),
    ...(options.maxOutputTokens !== undefined && { max_tokens: options.maxOutputTokens }),
    ...(options.temperature !== undefined && { temperature: options.temperature }),
    ...(options.topP !== undefined && { top_p: options.topP }),
    ...(options.stopSequences !== undefined && options.stopSequences.length > 0 && { stop: options.stopSequences }),
    ...(options.responseFormat && { response_format: toResponseFormat(options.responseFormat) }),
    ...(options.tools !== undefined && { tools: options.tools.map(toOpenAiTool) }),
    ...(options.toolChoice !== undefined && { tool_choice: toOpenAiToolChoice(options.toolChoice) }),
    ...(options.parallelToolCalls !== undefined && { parallel_tool_calls: options.parallelToolCalls }),
    ...(options.seed !== undefined && { seed: options.seed }),
    ...(options.frequencyPenalty !== undefined && { frequency_penalty: options.frequencyPenalty }),
    ...(options.presencePenalty !== undefined && { presence_penalty: options.presencePenalty }),
    ...(options.logitBias !== undefined && { logit_bias: options.logitBias }),
    ...(options.logprobs !== undefined && { logprobs: true, top_logprobs: options.logprobs.top }),
  };
}

/**
 * A message as OpenAI takes it: its text, or its parts (pictures as data URIs, audio as input_audio);
 * an assistant's tool calls, with null for content when it has no text; a tool result with its call's id.
 */
function toOpenAiMessage(message: ChatMessage): Record<string, unknown> {
  const content = message.parts ? message.parts.map(toOpenAiPart) : message.content;
  const name = message.name !== undefined ? { name: message.name } : {};
  if (message.role === 'tool')
    return {
      role: 'tool',
      ...(message.toolCallId !== undefined && { tool_call_id: message.toolCallId }),
      content,
      ...name,
    };
  if (message.role === 'assistant' && message.toolCalls && message.toolCalls.length > 0)
    return {
      role: 'assistant',
      content: content === '' ? null : content,
      tool_calls: message.toolCalls.map((call) => ({
        id: call.id,
        type: 'function',
        function: { name: call.name, arguments: call.arguments },
      })),
      ...name,
    };
  return { role: message.role, content, ...name };
}

function toOpenAiPart(part: ChatContentPart): Record<string, unknown> {
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.text };
    case 'image':
      return {
        type: 'image_url',
        image_url: { url: `data:${part.mediaType};base64,${part.data}`, ...(part.detail && { detail: part.detail }) },
      };
    case 'audio':
      return { type: 'input_audio', input_audio: { data: part.data, format: part.format } };
  }
}

function toOpenAiTool(tool: ToolDefinition): Record<string, unknown> {
  return {
    type: 'function',
    function: {
      name: tool.name,
      ...(tool.description !== undefined && { description: tool.description }),
      parameters: tool.parameters,
      ...(tool.strict !== undefined && { strict: tool.strict }),
    },
  };
}

function toOpenAiToolChoice(choice: ToolChoice): string | Record<string, unknown> {
  return typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } };
}

/** OpenAI's response_format: json_schema with a schema (it requires a name), json_object without. */
function toResponseFormat(format: ResponseFormat): Record<string, unknown> {
  if (!format.schema) return { type: 'json_object' };
  return {
    type: 'json_schema',
    json_schema: {
      name: format.name ?? 'response',
      schema: format.schema,
      ...(format.strict !== undefined && { strict: format.strict }),
    },
  };
}
