import type {
  ChatHistoryItem,
  ChatModelFunctionCall,
  ChatModelFunctions,
  ChatModelResponse,
  GbnfJsonSchema,
} from 'node-llama-cpp';
import { EngineRequestError } from '../../../shared/errors.js';
import type { ChatMessage, TextCallOptions, ToolCall } from '../../spec/text-model.js';
import { toGrammarSchema } from './grammar-schema.js';
import type { Warning } from '../../spec/warnings.js';
import { randomHex } from '../../../shared/ids.js';

/**
 * What the model is given of the request's tools:
 * - none: no tools (none given, or tool_choice none): plain text;
 * - auto: node-llama-cpp's own function calling: the chat wrapper documents `functions` in the system
 *   prompt, and the model may call one in the wrapper's syntax;
 * - forced: the same prompt, and a grammar (`schema`) that makes the model write one call of an allowed
 *   function as `{"name", "arguments"}`.
 * `key` tells the prompts apart: auto and forced with the same tools have the same prompt.
 */
export type ToolPlan =
  | { kind: 'none'; key: string; warnings: Warning[] }
  | { kind: 'auto'; key: string; functions: ChatModelFunctions; warnings: Warning[] }
  | {
      kind: 'forced';
      key: string;
      functions: ChatModelFunctions;
      allowed: string[];
      schema: GbnfJsonSchema;
      warnings: Warning[];
    };

type Functions = Record<string, { description?: string; params: GbnfJsonSchema }>;

const NONE: ToolPlan = { kind: 'none', key: '', warnings: [] };

/**
 * The plan for `tools` and `toolChoice`. Each tool's parameters go through toGrammarSchema (node-llama-cpp
 * enforces them either way); a schema it cannot read, or a choice naming no tool, is an EngineRequestError.
 */
export function planTools(options: Pick<TextCallOptions, 'tools' | 'toolChoice'>): ToolPlan {
  const tools = options.tools ?? [];
  const choice = options.toolChoice ?? 'auto';
  if (tools.length === 0 || choice === 'none') {
    if (typeof choice === 'object' || choice === 'required')
      throw new EngineRequestError('tool_choice: the model must call a function, but no tools were given');
    return NONE;
  }
  const warnings: Warning[] = [];
  const functions: Functions = {};
  tools.forEach((tool, i) => {
    const where = `tools[${i}] (${tool.name}) parameters`;
    if (tool.name in functions) throw new EngineRequestError(`tools[${i}]: the function ${tool.name} is listed twice`);
    const converted = toGrammarSchema(tool.parameters, {
      at: where,
      subject: where,
      tool: tool.name,
      descriptions: true,
    });
    warnings.push(...converted.warnings);
    functions[tool.name] = {
      ...(tool.description !== undefined && { description: tool.description }),
      params: converted.schema,
    };
  });
  const key = `tools:${JSON.stringify(functions)}`;
  if (choice === 'auto') return { kind: 'auto', key, functions, warnings };
  const allowed = typeof choice === 'object' ? [choice.name] : Object.keys(functions);
  const calls = allowed.map((name) => {
    const found = functions[name];
    if (!found) throw new EngineRequestError(`tool_choice: no function named ${name} in tools`);
    return {
      type: 'object',
      properties: { name: { const: name }, arguments: found.params },
      required: ['name', 'arguments'],
      additionalProperties: false,
    } as GbnfJsonSchema;
  });
  const schema = calls.length === 1 ? (calls[0] as GbnfJsonSchema) : ({ oneOf: calls } as GbnfJsonSchema);
  return { kind: 'forced', key, functions, allowed, schema, warnings };
}

/** A new call id, in OpenAI's form. */
const newCallId = (): string => `call_${randomHex(12)}`;

/** JSON text as its value; text that is not JSON as itself. */
function parsedOrRaw(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The conversation as node-llama-cpp's chat history. An assistant message's tool calls become function
 * calls in its model response, each with the result of the tool message that answers it (matched by id);
 * an assistant message after them goes on in the same response, as node-llama-cpp records a turn with
 * calls. A conversation that ends with tool results is continued (the model answers them in the same turn);
 * any other gets a new, empty model response: it is answered, not continued. A tool message that answers
 * no call is given to the model as a user message.
 */
export function toHistory(messages: ChatMessage[]): ChatHistoryItem[] {
  const items: ChatHistoryItem[] = [];
  const awaiting = new Map<string, ChatModelFunctionCall>();
  // The model response that made calls and is taking their results.
  let calling: ChatModelResponse | undefined;
  for (const message of messages) {
    if (message.role === 'system' || message.role === 'user') {
      items.push({ type: message.role, text: message.content });
      calling = undefined;
    } else if (message.role === 'assistant') {
      let response = calling;
      if (!response) {
        response = { type: 'model', response: [] };
        items.push(response);
      }
      if (message.content) response.response.push(message.content);
      const calls = message.toolCalls ?? [];
      calls.forEach((call, i) => {
        const item: ChatModelFunctionCall = {
          type: 'functionCall',
          name: call.name,
          params: parsedOrRaw(call.arguments),
          result: undefined,
          ...(i === 0 && { startsNewChunk: true }),
        };
        response.response.push(item);
        awaiting.set(call.id, item);
      });
      calling = calls.length > 0 ? response : undefined;
    } else {
      const call = message.toolCallId === undefined ? undefined : awaiting.get(message.toolCallId);
      if (call) {
        call.result = parsedOrRaw(message.content);
        awaiting.delete(message.toolCallId ?? '');
      } else {
        items.push({ type: 'user', text: `Result of the tool call ${message.toolCallId ?? ''}:\n${message.content}` });
        calling = undefined;
      }
    }
  }
  if (!(calling && messages.at(-1)?.role === 'tool')) items.push({ type: 'model', response: [] });
  return items;
}

/** The one call a forced generation wrote (`{"name", "arguments"}`, as its grammar has it); undefined if cut short. */
export function readForcedCall(text: string): ToolCall | undefined {
  // Text that is not JSON stays a string, which has no name: no call.
  const { name, arguments: args } = (parsedOrRaw(text) ?? {}) as { name?: unknown; arguments?: unknown };
  if (typeof name !== 'string') return undefined;
  return { id: newCallId(), name, arguments: JSON.stringify(args ?? {}) };
}

/** The calls node-llama-cpp's function calling returned, as the interface has them. */
export const toToolCalls = (calls: { functionName: string; params: unknown }[]): ToolCall[] =>
  calls.map((call) => ({ id: newCallId(), name: call.functionName, arguments: JSON.stringify(call.params ?? {}) }));
