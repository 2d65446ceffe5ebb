import { z } from 'zod';
import { textFormatSchema } from './responses.schemas.js';

const itemStatus = z.enum(['in_progress', 'completed', 'incomplete']);

const outputText = z.object({
  type: z.literal('output_text'),
  text: z.string(),
  annotations: z.array(z.unknown()),
  logprobs: z.array(z.unknown()),
});

export const messageOutputSchema = z.object({
  type: z.literal('message'),
  id: z.string(),
  status: itemStatus,
  role: z.literal('assistant'),
  content: z.array(outputText),
});

export const functionCallOutputSchema = z.object({
  type: z.literal('function_call'),
  id: z.string(),
  call_id: z.string(),
  name: z.string(),
  arguments: z.string().describe('JSON text'),
  status: itemStatus,
});

export const responseUsageSchema = z.object({
  input_tokens: z.number().int(),
  input_tokens_details: z.object({ cached_tokens: z.number().int() }),
  output_tokens: z.number().int(),
  output_tokens_details: z.object({ reasoning_tokens: z.number().int() }),
  total_tokens: z.number().int(),
});

/** OpenAI's `response` object, as the official SDKs read it (their `output_text` is theirs to add). */
export const responseObjectSchema = z.object({
  id: z.string(),
  object: z.literal('response'),
  created_at: z.number().int(),
  completed_at: z.number().int().nullable(),
  status: z.enum(['completed', 'incomplete', 'failed', 'in_progress']),
  background: z.boolean(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  incomplete_details: z.object({ reason: z.enum(['max_output_tokens', 'content_filter']) }).nullable(),
  instructions: z.string().nullable(),
  max_output_tokens: z.number().int().nullable(),
  model: z.string(),
  output: z.array(z.discriminatedUnion('type', [messageOutputSchema, functionCallOutputSchema])),
  parallel_tool_calls: z.boolean(),
  previous_response_id: z.string().nullable(),
  prompt_cache_key: z.string().nullable(),
  reasoning: z.object({ effort: z.string().nullable(), summary: z.string().nullable() }),
  safety_identifier: z.string().nullable(),
  service_tier: z.string(),
  store: z.boolean(),
  temperature: z.number(),
  text: z.object({ format: textFormatSchema, verbosity: z.string() }),
  tool_choice: z.union([z.string(), z.object({ type: z.literal('function'), name: z.string() })]),
  tools: z.array(
    z.object({
      type: z.literal('function'),
      name: z.string(),
      description: z.string().nullable(),
      parameters: z.record(z.string(), z.unknown()).nullable(),
      strict: z.boolean().nullable(),
    }),
  ),
  top_logprobs: z.number().int(),
  top_p: z.number(),
  truncation: z.enum(['auto', 'disabled']),
  usage: responseUsageSchema.nullable(),
  user: z.string().nullable(),
  metadata: z.record(z.string(), z.string()),
});

export type ResponseObject = z.infer<typeof responseObjectSchema>;
export type OutputItem = ResponseObject['output'][number];
export type ResponseUsage = z.infer<typeof responseUsageSchema>;

/** An input item as kept and listed: every one with its id, a message's content always as parts. */
export const storedItemSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('message'),
    id: z.string(),
    status: itemStatus,
    role: z.enum(['user', 'assistant', 'system', 'developer']),
    content: z.array(
      z.discriminatedUnion('type', [
        z.object({ type: z.literal('input_text'), text: z.string() }),
        z.object({
          type: z.literal('input_image'),
          image_url: z.string(),
          detail: z.enum(['auto', 'low', 'high', 'original']),
          file_id: z.null(),
        }),
        z.object({ type: z.literal('output_text'), text: z.string(), annotations: z.array(z.unknown()) }),
      ]),
    ),
  }),
  functionCallOutputSchema,
  z.object({
    type: z.literal('function_call_output'),
    id: z.string(),
    call_id: z.string(),
    output: z.union([z.string(), z.array(z.object({ type: z.literal('input_text'), text: z.string() }))]),
    status: itemStatus,
  }),
]);

export type StoredItem = z.infer<typeof storedItemSchema>;

export const inputItemListSchema = z.object({
  object: z.literal('list'),
  data: z.array(storedItemSchema),
  first_id: z.string().nullable(),
  last_id: z.string().nullable(),
  has_more: z.boolean(),
});

export const deletedResponseSchema = z.object({
  id: z.string(),
  object: z.literal('response'),
  deleted: z.literal(true),
});
