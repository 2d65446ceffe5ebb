import { z } from 'zod';

const MAX_MESSAGES = 256;
const MAX_CONTENT = 200_000;

const textPart = z.object({ type: z.literal('text'), text: z.string().max(MAX_CONTENT) });
const otherPart = z.object({ type: z.string().refine((t) => t !== 'text') }).passthrough();

/** A message in the OpenAI chat format: text, or content parts of which only text ones are understood here. */
const messageSchema = z.object({
  role: z.enum(['system', 'developer', 'user', 'assistant']),
  content: z.union([z.string().max(MAX_CONTENT), z.array(z.union([textPart, otherPart])).max(100), z.null()]),
  name: z.string().max(64).optional(),
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
  if (JSON.stringify(schema).length > MAX_SCHEMA_CHARACTERS) ctx.addIssue({ code: 'custom', message: `must be at most ${MAX_SCHEMA_CHARACTERS} characters as JSON` });
  else if (depthOf(schema, MAX_SCHEMA_DEPTH) > MAX_SCHEMA_DEPTH) ctx.addIssue({ code: 'custom', message: `must nest at most ${MAX_SCHEMA_DEPTH} levels deep` });
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
    model: z.string().trim().min(1).max(200),
    messages: z.array(messageSchema).min(1).max(MAX_MESSAGES),
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

const usageSchema = z.object({ prompt_tokens: z.number().int(), completion_tokens: z.number().int(), total_tokens: z.number().int() });

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
  data: z.array(z.object({ id: z.string(), object: z.literal('model'), created: z.number().int(), owned_by: z.string() })),
});
