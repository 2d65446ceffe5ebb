import { z } from 'zod';
import {
  MAX_CONTENT,
  MAX_TOOLS,
  MAX_ARGUMENTS,
  checkTools,
  functionName,
  imageUrl,
  jsonSchema,
  temperatureField,
  topPField,
} from '../chat/chat-fields.schemas.js';

/** The chat's own limits: a Responses request becomes a chat request and must fit in one. */
const MAX_ITEMS = 256;
const itemId = z.string().min(1).max(200);
const itemStatus = z.enum(['in_progress', 'completed', 'incomplete']);

const inputText = z.strictObject({ type: z.literal('input_text'), text: z.string().max(MAX_CONTENT) });
const inputImage = z
  .strictObject({
    type: z.literal('input_image'),
    image_url: imageUrl.nullish(),
    file_id: z.string().max(200).nullish().describe('Not taken: no files are kept here, give image_url'),
    detail: z.enum(['auto', 'low', 'high', 'original']).optional(),
  })
  .superRefine((part, ctx) => {
    if (part.file_id != null)
      ctx.addIssue({ code: 'custom', path: ['file_id'], message: 'no files are kept here: give image_url instead' });
    else if (part.image_url == null) ctx.addIssue({ code: 'custom', path: ['image_url'], message: 'is required' });
  });
/** Assistant text sent back as history (a previous response's output, say); its annotations are not read. */
const outputText = z.strictObject({
  type: z.literal('output_text'),
  text: z.string().max(MAX_CONTENT),
  annotations: z.array(z.unknown()).max(100).optional(),
  logprobs: z.array(z.unknown()).nullish(),
});
const contentPart = z.discriminatedUnion('type', [inputText, inputImage, outputText]);

const messageItem = z.strictObject({
  type: z.literal('message').optional(),
  id: itemId.optional(),
  status: itemStatus.optional(),
  role: z.enum(['user', 'assistant', 'system', 'developer']),
  content: z.union([z.string().max(MAX_CONTENT), z.array(contentPart).max(100)]),
  phase: z.enum(['commentary', 'final_answer']).nullish(),
});

const functionCallItem = z.strictObject({
  type: z.literal('function_call'),
  id: itemId.optional(),
  call_id: itemId,
  name: functionName,
  arguments: z.string().max(MAX_ARGUMENTS),
  status: itemStatus.optional(),
});

const functionCallOutputItem = z.strictObject({
  type: z.literal('function_call_output'),
  id: itemId.optional(),
  call_id: itemId,
  output: z.union([z.string().max(MAX_CONTENT), z.array(inputText).max(100)]),
  status: itemStatus.optional(),
});

const ITEM_TYPES = ['message', 'function_call', 'function_call_output'];

/** An item of a known type is checked by its own schema; any other type is refused by name first. */
const inputItem = z
  .looseObject({ type: z.string().max(100).optional() })
  .superRefine(({ type }, ctx) => {
    if (type === undefined || ITEM_TYPES.includes(type)) return;
    const message =
      type === 'item_reference'
        ? 'item_reference items are not supported here: send the items themselves, or previous_response_id'
        : `'${type}' items are not supported here (an item's type is one of ${ITEM_TYPES.join(', ')})`;
    ctx.addIssue({ code: 'custom', path: ['type'], message });
  })
  .pipe(z.discriminatedUnion('type', [messageItem, functionCallItem, functionCallOutputItem]));

export type InputItem = z.infer<typeof inputItem>;
export type MessageItem = z.infer<typeof messageItem>;
export type ContentPart = z.infer<typeof contentPart>;

const functionTool = z.strictObject({
  type: z.literal('function'),
  name: functionName,
  description: z.string().max(4_000).nullish(),
  parameters: jsonSchema.nullish(),
  strict: z.boolean().nullish(),
});

/** Only functions: the hosted tools (web search, file search, code interpreter...) do not exist here. */
const tool = z
  .looseObject({ type: z.string().max(100) })
  .superRefine(({ type }, ctx) => {
    if (type !== 'function')
      ctx.addIssue({
        code: 'custom',
        path: ['type'],
        message: `'${type}' tools are not available here: only 'function' tools are`,
      });
  })
  .pipe(functionTool);

const toolsSchema = z
  .array(tool)
  .max(MAX_TOOLS)
  .superRefine((tools, ctx) =>
    checkTools(
      tools.map((t) => t.name),
      ['name'],
      tools,
      ctx,
    ),
  );
export type FunctionTool = z.infer<typeof functionTool>;

const toolChoice = z.union([
  z.enum(['none', 'auto', 'required']),
  z.strictObject({ type: z.literal('function'), name: functionName }),
]);

/** How the answer's text is shaped: plain text, any JSON object, or JSON that follows a schema. */
export const textFormatSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text') }),
  z.strictObject({ type: z.literal('json_object') }),
  z.strictObject({
    type: z.literal('json_schema'),
    name: functionName,
    schema: jsonSchema,
    description: z.string().max(2_000).optional(),
    strict: z.boolean().nullish(),
  }),
]);

/** What `include` may ask for: only the answer's log probabilities exist here; the others name items never produced. */
const INCLUDABLE = [
  'message.output_text.logprobs',
  'reasoning.encrypted_content',
  'message.input_image.image_url',
  'computer_call_output.output.image_url',
  'file_search_call.results',
  'web_search_call.results',
  'web_search_call.action.sources',
  'code_interpreter_call.outputs',
] as const;

/**
 * The request of POST /responses: OpenAI's Responses API over the chat engines. Each parameter goes to the chat
 * call it maps to (an engine that cannot honour it refuses the request with 400 naming it); an unknown field is a
 * 400 naming it.
 */
export const responseRequestSchema = z
  .strictObject({
    model: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe('A model or alias from GET /models; the default model when absent'),
    input: z
      .union([z.string().max(MAX_CONTENT), z.array(inputItem).max(MAX_ITEMS)])
      .optional()
      .describe(
        "Text (a user message), or items: messages (role user, assistant, system or developer; content a string or parts: input_text, input_image, output_text), function_call and function_call_output. Accepted item types: 'message', 'function_call', 'function_call_output' (type may be left out on a message)",
      ),
    instructions: z.string().max(MAX_CONTENT).nullish(),
    previous_response_id: itemId.nullish(),
    tools: toolsSchema.nullish(),
    tool_choice: toolChoice.nullish(),
    parallel_tool_calls: z.boolean().nullish(),
    text: z
      .strictObject({ format: textFormatSchema.optional(), verbosity: z.enum(['low', 'medium', 'high']).nullish() })
      .nullish(),
    max_output_tokens: z.number().int().min(1).max(128_000).nullish(),
    temperature: temperatureField,
    top_p: topPField,
    top_logprobs: z.number().int().min(0).max(20).nullish(),
    include: z.array(z.enum(INCLUDABLE)).max(INCLUDABLE.length).nullish(),
    stream: z.boolean().nullish(),
    stream_options: z.strictObject({ include_obfuscation: z.boolean().optional() }).nullish(),
    store: z
      .boolean()
      .nullish()
      .describe('Keep the response (default true) for GET, input_items and previous_response_id'),
    background: z
      .boolean()
      .nullish()
      .refine((value) => value !== true, 'background responses are not supported here: leave it out or send false'),
    metadata: z
      .record(z.string().max(64), z.string().max(512))
      .refine((pairs) => Object.keys(pairs).length <= 16, 'at most 16 pairs')
      .nullish(),
    user: z.string().max(256).nullish(),
    safety_identifier: z.string().max(256).nullish(),
    prompt_cache_key: z.string().max(1_024).nullish(),
    service_tier: z.enum(['auto', 'default', 'flex', 'scale', 'priority']).nullish(),
    reasoning: z
      .strictObject({
        effort: z.enum(['none', 'minimal', 'low', 'medium', 'high', 'xhigh']).nullish(),
        // No reasoning items are produced here: 'auto' (a summary where there is one) is all that can be kept.
        summary: z.enum(['auto']).nullish(),
      })
      .nullish(),
    truncation: z
      .enum(['auto', 'disabled'])
      .nullish()
      .describe('Accepted either way; nothing is dropped: a conversation longer than the model takes is refused'),
  })
  .superRefine((request, ctx) => {
    const names = new Set((request.tools ?? []).map((t) => t.name));
    const choice = request.tool_choice;
    if (choice != null && choice !== 'none' && choice !== 'auto' && names.size === 0)
      ctx.addIssue({ code: 'custom', path: ['tool_choice'], message: 'needs tools' });
    else if (typeof choice === 'object' && choice !== null && !names.has(choice.name))
      ctx.addIssue({ code: 'custom', path: ['tool_choice', 'name'], message: `'${choice.name}' is not among tools` });
    if (request.input === undefined && request.previous_response_id == null)
      ctx.addIssue({ code: 'custom', path: ['input'], message: 'is required (unless previous_response_id is given)' });
  });

export type ResponseRequest = z.infer<typeof responseRequestSchema>;
