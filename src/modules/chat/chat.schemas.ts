import { z } from 'zod';
import {
  AUDIO_FORMATS,
  IMAGE_MEDIA_TYPES,
  MAX_AUDIO_CLIPS,
  MAX_IMAGES,
  MAX_IMAGE_URL,
  MAX_MEDIA_BASE64,
  isBase64,
  parseImageDataUri,
} from './chat-media.js';

const MAX_MESSAGES = 256;
const MAX_CONTENT = 200_000;

const textPart = z.strictObject({ type: z.literal('text'), text: z.string().max(MAX_CONTENT) });

/** An http(s) URL (downloaded by the service through the SSRF guard) or a base64 data URI of a PNG, JPEG, WebP or GIF picture. */
const imageUrl = z
  .string()
  .min(1)
  .max(MAX_MEDIA_BASE64 + 100)
  .superRefine((url, ctx) => {
    if (/^data:/i.test(url)) {
      const parsed = parseImageDataUri(url);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.problem });
      return;
    }
    let protocol: string | undefined;
    try {
      protocol = new URL(url).protocol;
    } catch {
      protocol = undefined;
    }
    if (protocol !== 'http:' && protocol !== 'https:')
      ctx.addIssue({ code: 'custom', message: 'must be an http(s) URL or a data:image/...;base64,... URI' });
    else if (url.length > MAX_IMAGE_URL)
      ctx.addIssue({ code: 'custom', message: `an image URL can be at most ${MAX_IMAGE_URL} characters` });
  })
  .describe(
    `An http(s) URL (the service downloads it) or a data URI: data:image/<${IMAGE_MEDIA_TYPES.map((t) => t.slice(6)).join('|')}>;base64,...`,
  );

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

/** A message in the OpenAI chat format: text, or content parts (text, pictures, audio). */
const messageSchema = z.object({
  role: z.enum(['system', 'developer', 'user', 'assistant']),
  content: z.union([z.string().max(MAX_CONTENT), z.array(contentPart).max(100), z.null()]),
  name: z.string().max(64).optional(),
});

/**
 * What a whole request can carry besides text: pictures and audio only in user messages, at most
 * MAX_IMAGES pictures and MAX_AUDIO_CLIPS clips, and MAX_MEDIA_BASE64 characters of inline data.
 */
const messagesSchema = z
  .array(messageSchema)
  .min(1)
  .max(MAX_MESSAGES)
  .superRefine((messages, ctx) => {
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

const MAX_SCHEMA_CHARACTERS = 32_000;
const MAX_SCHEMA_DEPTH = 24;

/** How deep objects and arrays nest, counted without recursion (a body can nest deeper than the stack). */
function depthOf(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (typeof item !== 'object' || item === null) continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) break;
    for (const inner of Object.values(item)) stack.push([inner, depth + 1]);
  }
  return deepest;
}

/** A JSON Schema for the answer; how much of it is enforced is the engine's business (warnings, or 400 when unusable). */
const jsonSchema = z.record(z.string(), z.unknown()).superRefine((schema, ctx) => {
  // Depth first: JSON.stringify recurses, and a schema nested thousands deep overflows the stack.
  if (depthOf(schema, MAX_SCHEMA_DEPTH) > MAX_SCHEMA_DEPTH)
    ctx.addIssue({ code: 'custom', message: `must nest at most ${MAX_SCHEMA_DEPTH} levels deep` });
  else if (JSON.stringify(schema).length > MAX_SCHEMA_CHARACTERS)
    ctx.addIssue({ code: 'custom', message: `must be at most ${MAX_SCHEMA_CHARACTERS} characters as JSON` });
});

/** OpenAI's response_format: plain text, any JSON object, or JSON that follows a schema. */
const responseFormatSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text') }),
  z.object({ type: z.literal('json_object') }),
  z.object({
    type: z.literal('json_schema'),
    json_schema: z.object({
      name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, 'letters, digits, _ and - only, at most 64'),
      description: z.string().max(2_000).optional(),
      schema: jsonSchema.optional(),
      strict: z.boolean().nullish(),
    }),
  }),
]);

/**
 * The request of POST /chat/completions. Fields of the OpenAI format this service does not act on
 * (seed, user, presence_penalty...) are accepted and ignored, as other compatible servers do, so
 * existing clients keep working; tools are refused, since ignoring them would change the answer.
 */
export const chatRequestSchema = z
  .object({
    model: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe(
        'A model or alias from GET /models (the hosted names such as gemini-3-flash, gpt-5, claude-sonnet-4-6 are aliases of the models here); the default model (gemini-3-flash unless configured) when absent',
      ),
    messages: messagesSchema,
    temperature: z.number().min(0).max(2).nullish(),
    top_p: z.number().min(0).max(1).nullish(),
    max_tokens: z.number().int().min(1).max(128_000).nullish(),
    max_completion_tokens: z.number().int().min(1).max(128_000).nullish(),
    n: z.number().int().min(1).max(4).nullish(),
    stop: z.union([z.string().min(1).max(200), z.array(z.string().min(1).max(200)).max(4)]).nullish(),
    stream: z.boolean().nullish(),
    stream_options: z.object({ include_usage: z.boolean().optional() }).nullish(),
    response_format: responseFormatSchema.nullish(),
    tools: z.array(z.unknown()).max(0, 'tools (function calling) are not supported here').nullish(),
    functions: z.array(z.unknown()).max(0, 'functions are not supported here').nullish(),
  })
  .passthrough();

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
      message: z.object({ role: z.literal('assistant'), content: z.string(), refusal: z.null() }),
      logprobs: z.null(),
      finish_reason: z.enum(['stop', 'length', 'content_filter']),
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
    }),
  ),
});
