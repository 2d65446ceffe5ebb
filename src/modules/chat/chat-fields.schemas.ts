import { z } from 'zod';
import { IMAGE_MEDIA_TYPES, MAX_IMAGE_URL, MAX_MEDIA_BASE64, parseImageDataUri } from './chat-media.js';

/** A message's text, an instruction, a prompt: at most this many characters. */
export const MAX_CONTENT = 200_000;

export const temperatureField = z.number().min(0).max(2).nullish();
export const topPField = z.number().min(0).max(1).nullish();
export const penaltyField = z.number().min(-2).max(2).nullish();
export const seedField = z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER).nullish();
export const stopField = z.union([z.string().min(1).max(200), z.array(z.string().min(1).max(200)).max(4)]).nullish();
export const logitBiasField = z
  .record(z.string().regex(/^\d{1,9}$/, 'keys are token ids'), z.number().min(-100).max(100))
  .refine((bias) => Object.keys(bias).length <= 300, 'at most 300 tokens')
  .nullish();

/** An http(s) URL (downloaded by the service through the SSRF guard) or a base64 data URI of a PNG, JPEG, WebP or GIF picture. */
export const imageUrl = z
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

const MAX_SCHEMA_CHARACTERS = 32_000;
const MAX_SCHEMA_DEPTH = 24;
/** OpenAI's own limit on a request's functions. */
export const MAX_TOOLS = 128;
/** All of a request's tool definitions together, as JSON: a client-made schema is untrusted input. */
const MAX_TOOLS_CHARACTERS = 256_000;
/** A tool call's arguments as an assistant message carries them back. */
export const MAX_ARGUMENTS = 100_000;

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

/**
 * A JSON Schema a client gives (an answer's format, a function's parameters): how much of it is enforced is the
 * engine's business (warnings, or a 400 when unusable); its size and depth are checked here, before anything reads it.
 */
export const jsonSchema = z.record(z.string(), z.unknown()).superRefine((schema, ctx) => {
  // Depth first: JSON.stringify recurses, and a schema nested thousands deep overflows the stack.
  if (depthOf(schema, MAX_SCHEMA_DEPTH) > MAX_SCHEMA_DEPTH)
    ctx.addIssue({ code: 'custom', message: `must nest at most ${MAX_SCHEMA_DEPTH} levels deep` });
  else if (JSON.stringify(schema).length > MAX_SCHEMA_CHARACTERS)
    ctx.addIssue({ code: 'custom', message: `must be at most ${MAX_SCHEMA_CHARACTERS} characters as JSON` });
});

/** Function and schema names as OpenAI takes them. */
export const functionName = z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, 'letters, digits, _ and - only, at most 64');

/** OpenAI's response_format: plain text, any JSON object, or JSON that follows a schema. */
export const responseFormatSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text') }),
  z.strictObject({ type: z.literal('json_object') }),
  z.strictObject({
    type: z.literal('json_schema'),
    json_schema: z.strictObject({
      name: functionName,
      description: z.string().max(2_000).optional(),
      schema: jsonSchema.optional(),
      strict: z.boolean().nullish(),
    }),
  }),
]);

/** A function the model may call (OpenAI's `tools[]`). */
const toolSchema = z.strictObject({
  type: z.literal('function'),
  function: z.strictObject({
    name: functionName,
    description: z.string().max(4_000).optional(),
    parameters: jsonSchema.optional(),
    strict: z.boolean().nullish(),
  }),
});

export const toolsSchema = z
  .array(toolSchema)
  .max(MAX_TOOLS)
  .superRefine((tools, ctx) =>
    checkTools(
      tools.map((t) => t.function.name),
      ['function', 'name'],
      tools,
      ctx,
    ),
  );

/** A request's tools (chat's or the Responses API's): each name once, and all of them within the size limit. */
export function checkTools(names: string[], namePath: string[], tools: unknown[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  for (const [i, name] of names.entries()) {
    if (seen.has(name)) ctx.addIssue({ code: 'custom', path: [i, ...namePath], message: `'${name}' is defined twice` });
    seen.add(name);
  }
  checkToolsSize(tools, ctx);
}

/** All of a request's tools within the size limit, as JSON. */
export function checkToolsSize(tools: unknown[], ctx: z.RefinementCtx): void {
  if (JSON.stringify(tools).length > MAX_TOOLS_CHARACTERS)
    ctx.addIssue({ code: 'custom', message: `must be at most ${MAX_TOOLS_CHARACTERS} characters as JSON` });
}

/** Whether the model may, must or must not call a function, or which one it must call. */
export const toolChoiceSchema = z.union([
  z.enum(['none', 'auto', 'required']),
  z.strictObject({ type: z.literal('function'), function: z.strictObject({ name: functionName }) }),
]);

/** A call an assistant message carries back into the conversation. */
export const toolCallSchema = z.strictObject({
  id: z.string().min(1).max(200),
  type: z.literal('function'),
  function: z.strictObject({ name: functionName, arguments: z.string().max(MAX_ARGUMENTS) }),
});
