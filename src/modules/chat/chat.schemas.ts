import { z } from 'zod';
import { toolSchemaNotes } from '../../operations/operation.js';
import { CAPABILITIES } from '../models/model-directory.js';
import {
  MAX_CONTENT,
  MAX_TOOLS,
  imageUrl,
  jsonSchema,
  logitBiasField,
  penaltyField,
  seedField,
  stopField,
  temperatureField,
  topPField,
  responseFormatSchema,
  toolCallSchema,
  toolChoiceSchema,
  toolsSchema,
} from './chat-fields.schemas.js';
import { AUDIO_FORMATS, MAX_AUDIO_CLIPS, MAX_IMAGES, MAX_MEDIA_BASE64, isBase64 } from './chat-media.js';

const MAX_MESSAGES = 256;

const textPart = z.strictObject({ type: z.literal('text'), text: z.string().max(MAX_CONTENT) });

const imagePart = z.strictObject({
  type: z.literal('image_url'),
  image_url: z.strictObject({ url: imageUrl, detail: z.enum(['auto', 'low', 'high']).optional() }),
});

const audioPart = z.strictObject({
  type: z.literal('input_audio'),
  input_audio: z.strictObject({
    data: z
      .string()
      .min(1)
      .max(MAX_MEDIA_BASE64)
      .refine(isBase64, 'must be base64-encoded audio')
      .describe('Base64-encoded audio'),
    format: z.enum(AUDIO_FORMATS),
  }),
});

/** The parts of a multimodal message, as in OpenAI's format and the hosted reference. */
const contentPart = z.discriminatedUnion('type', [textPart, imagePart, audioPart]);
export type ChatRequestPart = z.infer<typeof contentPart>;

/**
 * A message in the OpenAI chat format: text, or content parts (text, pictures, audio); an assistant message
 * may carry the tool calls it made, a tool message answers one of them.
 */
const messageSchema = z.object({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
  content: z.union([z.string().max(MAX_CONTENT), z.array(contentPart).max(100), z.null()]).optional(),
  name: z.string().max(64).optional(),
  tool_calls: z.array(toolCallSchema).max(MAX_TOOLS).nullish(),
  tool_call_id: z.string().min(1).max(200).optional(),
  // What an SDK's own assistant message carries when a client sends it back as it came.
  refusal: z.string().max(MAX_CONTENT).nullish(),
  annotations: z.array(z.unknown()).max(0).nullish(),
  audio: z.null().optional(),
});
export type ChatRequestMessage = z.infer<typeof messageSchema>;
// checkRoles refuses a message with none of these: said in the chat tool's schema.
toolSchemaNotes.add(messageSchema, {
  anyOf: [{ required: ['content'] }, { required: ['tool_calls'] }, { required: ['refusal'] }],
});

/** Which message may carry what: content, tool calls only on assistant messages, tool results only answering a call. */
function checkRoles(messages: ChatRequestMessage[], ctx: z.RefinementCtx): void {
  const found = roleProblem(messages);
  if (found) ctx.addIssue({ code: 'custom', path: found.path, message: found.message });
}

function roleProblem(messages: ChatRequestMessage[]): { path: (string | number)[]; message: string } | undefined {
  const open = new Set<string>();
  for (const [i, message] of messages.entries()) {
    const problem = (field: string | undefined, text: string) => ({ path: field ? [i, field] : [i], message: text });
    const calls = message.tool_calls ?? [];
    if (calls.length > 0 && message.role !== 'assistant')
      return problem('tool_calls', 'only assistant messages carry tool_calls');
    if (message.tool_call_id !== undefined && message.role !== 'tool')
      return problem('tool_call_id', 'only tool messages carry a tool_call_id');
    if (message.content == null && calls.length === 0 && message.refusal == null)
      return problem('content', 'is required');
    if (message.role === 'tool') {
      if (message.tool_call_id === undefined) return problem('tool_call_id', 'is required on a tool message');
      if (!open.has(message.tool_call_id))
        return problem(
          'tool_call_id',
          `'${message.tool_call_id}' answers no tool call of a preceding assistant message`,
        );
      open.delete(message.tool_call_id);
    } else if (open.size > 0)
      return problem(
        undefined,
        `the tool calls ${[...open].map((id) => `'${id}'`).join(', ')} must each be answered by a tool message first`,
      );
    for (const call of calls) open.add(call.id);
  }
  return undefined;
}

/**
 * What a whole request can carry besides text: pictures and audio only in user messages, at most
 * MAX_IMAGES pictures and MAX_AUDIO_CLIPS clips, and MAX_MEDIA_BASE64 characters of inline data.
 */
const messagesSchema = z
  .array(messageSchema)
  .min(1)
  .max(MAX_MESSAGES)
  .superRefine((messages, ctx) => {
    checkRoles(messages, ctx);
    let images = 0;
    let clips = 0;
    let base64 = 0;
    for (const [i, message] of messages.entries()) {
      if (!Array.isArray(message.content)) continue;
      for (const [j, part] of message.content.entries()) {
        if (part.type === 'text') continue;
        if (message.role !== 'user') {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'content', j],
            message: `${part.type} parts can only be in user messages`,
          });
          return;
        }
        if (part.type === 'image_url') {
          images += 1;
          if (/^data:/i.test(part.image_url.url))
            base64 += part.image_url.url.length - part.image_url.url.indexOf(',') - 1;
        } else {
          clips += 1;
          base64 += part.input_audio.data.length;
        }
      }
    }
    const MiB = 1024 * 1024;
    if (images > MAX_IMAGES)
      ctx.addIssue({ code: 'custom', message: `at most ${MAX_IMAGES} images per request (this one has ${images})` });
    else if (clips > MAX_AUDIO_CLIPS)
      ctx.addIssue({
        code: 'custom',
        message: `at most ${MAX_AUDIO_CLIPS} audio clips per request (this one has ${clips})`,
      });
    else if (base64 > MAX_MEDIA_BASE64) {
      ctx.addIssue({
        code: 'custom',
        message: `the images and audio of a request can take at most ${MAX_MEDIA_BASE64 / MiB} MiB as base64 (this one: ${(base64 / MiB).toFixed(1)} MiB)`,
      });
    }
  });

/**
 * The request of POST /chat/completions: every field of OpenAI's chat API. Each parameter is passed to the
 * engines that act on it; given to one that cannot, it is a 400 naming the parameter and the engine (see
 * docs/openai-compatibility.md); an unknown field is a 400 naming it.
 */
export const chatRequestSchema = z.strictObject({
  model: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe(
      'A model or alias from GET /models (the hosted names such as gemini-3.8-flash, gpt-5, claude-sonnet-4-6 are aliases of the models here); the default model (gemini-3.8-flash unless configured) when absent',
    ),
  messages: messagesSchema,
  temperature: temperatureField,
  top_p: topPField,
  max_tokens: z.number().int().min(1).max(128_000).nullish(),
  max_completion_tokens: z.number().int().min(1).max(128_000).nullish(),
  n: z.number().int().min(1).max(4).nullish(),
  stop: stopField,
  stream: z.boolean().nullish(),
  stream_options: z
    .strictObject({ include_usage: z.boolean().optional(), include_obfuscation: z.boolean().optional() })
    .nullish(),
  response_format: responseFormatSchema.nullish(),
  tools: toolsSchema.nullish(),
  tool_choice: toolChoiceSchema.nullish(),
  parallel_tool_calls: z.boolean().nullish(),
  seed: seedField,
  frequency_penalty: penaltyField,
  presence_penalty: penaltyField,
  logit_bias: logitBiasField,
  logprobs: z.boolean().nullish(),
  top_logprobs: z.number().int().min(0).max(20).nullish(),
  user: z.string().max(256).nullish(),
  safety_identifier: z.string().max(256).nullish(),
  prompt_cache_key: z.string().max(1_024).nullish(),
  metadata: z
    .record(z.string().max(64), z.string().max(512))
    .refine((pairs) => Object.keys(pairs).length <= 16, 'at most 16 pairs')
    .nullish(),
  store: z.boolean().nullish(),
  service_tier: z.enum(['auto', 'default', 'flex', 'scale', 'priority']).nullish(),
  reasoning_effort: z.enum(['none', 'minimal', 'low', 'medium', 'high', 'xhigh']).nullish(),
  verbosity: z.enum(['low', 'medium', 'high']).nullish(),
  prediction: z
    .strictObject({
      type: z.literal('content'),
      content: z.union([z.string().max(MAX_CONTENT), z.array(textPart).max(100)]),
    })
    .nullish(),
  modalities: z
    .array(z.enum(['text', 'audio']))
    .max(2)
    .nullish(),
  audio: z.strictObject({ voice: z.string().min(1).max(64), format: z.string().min(1).max(16) }).nullish(),
  web_search_options: jsonSchema.nullish(),
  brand_voice: z
    .string()
    .min(1)
    .max(100)
    .nullish()
    .describe(
      "Atelier's own: one of your brand voices (GET /api/brand-voices), whose instructions (the first 2,000 characters) go ahead of the messages as a system message; the account's default brand voice when absent",
    ),
  functions: z
    .array(z.unknown())
    .refine(
      (functions) => functions.length === 0,
      'is the deprecated form of tools: send tools (type "function") instead',
    )
    .nullish(),
  function_call: z
    .unknown()
    .refine((value) => value == null, 'is the deprecated form of tool_choice: send tool_choice instead')
    .optional(),
});
// The checks across fields are the service's (checkRequest): an object schema with refinements cannot be narrowed
// (its MCP tool leaves `stream` out).

export type ChatRequest = z.infer<typeof chatRequestSchema>;

const usageSchema = z.object({
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  total_tokens: z.number().int(),
});

export const chatCompletionSchema = z.object({
  id: z.string(),
  object: z.literal('chat.completion'),
  created: z.number().int(),
  model: z.string(),
  system_fingerprint: z.string().nullable(),
  choices: z.array(
    z.object({
      index: z.number().int(),
      message: z.object({
        role: z.literal('assistant'),
        content: z.string().nullable(),
        refusal: z.null(),
        tool_calls: z.array(toolCallSchema).optional(),
      }),
      logprobs: z.unknown().describe("OpenAI's logprobs object when logprobs were asked for, else null"),
      finish_reason: z.enum(['stop', 'length', 'content_filter', 'tool_calls']),
    }),
  ),
  usage: usageSchema,
});

export type ChatCompletion = z.infer<typeof chatCompletionSchema>;
export type ChatUsage = z.infer<typeof usageSchema>;

export const modelListSchema = z.object({
  object: z.literal('list'),
  data: z.array(
    z.object({
      id: z.string(),
      object: z.literal('model'),
      created: z.number().int(),
      owned_by: z.string(),
      /** On an alias: the model that answers it. */
      alias_of: z.string().optional().describe('On an alias: the id of the model that answers it'),
      capabilities: z
        .array(z.enum(CAPABILITIES))
        .describe(
          "Atelier's own field: what the name serves (chat, embeddings, speech, transcription, images, videos)",
        ),
    }),
  ),
});
