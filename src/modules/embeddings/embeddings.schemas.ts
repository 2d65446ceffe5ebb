import { z } from 'zod';

/** OpenAI's own limits: inputs per request, and tokens per request in all. */
export const MAX_INPUTS = 2_048;
export const MAX_TOKENS_PER_REQUEST = 300_000;
/** A text input's characters (OpenAI's 8,192 tokens, at ~4 characters a token). */
export const MAX_INPUT_CHARACTERS = 32_768;
/** A token array's tokens. */
export const MAX_INPUT_TOKENS = 8_192;
/** A JSON body of 2,048 token arrays is large: this much, whatever ATELIER_BODY_LIMIT_BYTES says. */
export const EMBEDDINGS_BODY_LIMIT = 8 * 1024 * 1024;
const MAX_DIMENSIONS = 16_384;

const tokenId = z.number().int().min(0).max(2_147_483_647);

/** Loose on purpose: checkInput says what is wrong with a bad input in words (a union would say "Invalid input"). */
const inputSchema = z
  .union([z.string(), z.array(z.union([z.string(), tokenId, z.array(tokenId)]))])
  .describe(
    `A string, an array of strings, an array of token ids or an array of token arrays: at most ${MAX_INPUTS} inputs, ` +
      `${MAX_INPUT_CHARACTERS} characters or ${MAX_INPUT_TOKENS} tokens each, none empty. Token arrays only on an engine that takes them.`,
  );

export type EmbeddingsInput = z.infer<typeof inputSchema>;

/** The inputs, one per vector: texts, or token arrays. */
export type Inputs = { kind: 'text'; values: string[] } | { kind: 'tokens'; values: number[][] };

/** The request's input as a list of one kind, or the first fault found (its message names the limit). */
export function inputsOf(input: EmbeddingsInput): Inputs | { fault: string } {
  if (typeof input === 'string') return checkedTexts([input]);
  if (input.length === 0) return { fault: 'must hold at least one input' };
  if (input.every((item) => typeof item === 'number')) return checkedTokens([input as number[]]);
  if (input.every((item) => typeof item === 'string')) return checkedTexts(input as string[]);
  if (input.every((item) => Array.isArray(item))) return checkedTokens(input as number[][]);
  return { fault: 'mixes kinds: give strings, token ids or token arrays, one kind per request' };
}

function checkedTexts(values: string[]): Inputs | { fault: string } {
  if (values.length > MAX_INPUTS) return { fault: `at most ${MAX_INPUTS} inputs per request (${values.length} given)` };
  for (const [i, value] of values.entries()) {
    if (value.length === 0) return { fault: `input ${i} is empty` };
    if (value.length > MAX_INPUT_CHARACTERS)
      return { fault: `input ${i} has ${value.length} characters; at most ${MAX_INPUT_CHARACTERS} per input` };
  }
  return { kind: 'text', values };
}

function checkedTokens(values: number[][]): Inputs | { fault: string } {
  if (values.length > MAX_INPUTS) return { fault: `at most ${MAX_INPUTS} inputs per request (${values.length} given)` };
  let total = 0;
  for (const [i, value] of values.entries()) {
    if (value.length === 0) return { fault: `input ${i} is empty` };
    if (value.length > MAX_INPUT_TOKENS)
      return { fault: `input ${i} has ${value.length} tokens; at most ${MAX_INPUT_TOKENS} per input` };
    total += value.length;
  }
  if (total > MAX_TOKENS_PER_REQUEST)
    return { fault: `the inputs hold ${total} tokens; at most ${MAX_TOKENS_PER_REQUEST} per request` };
  return { kind: 'tokens', values };
}

export const embeddingsRequestSchema = z
  .strictObject({
    input: inputSchema,
    model: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe("The embedding model, or one of OpenAI's names it answers to (GET /v1/models); absent: the model here"),
    encoding_format: z
      .enum(['float', 'base64'])
      .optional()
      .describe('float (the default): arrays of numbers; base64: little-endian float32 bytes, base64-encoded'),
    dimensions: z
      .number()
      .int()
      .min(1)
      .max(MAX_DIMENSIONS)
      .optional()
      .describe('Shorter vectors, on a model that gives them (a 400 names a model that does not)'),
    user: z
      .string()
      .max(256)
      .optional()
      .describe("An end user's id, as OpenAI takes it (for its abuse monitoring): accepted, it changes no vector"),
  })
  .superRefine((request, ctx) => {
    const inputs = inputsOf(request.input);
    if ('fault' in inputs) ctx.addIssue({ code: 'custom', path: ['input'], message: inputs.fault });
  });

export type EmbeddingsRequest = z.infer<typeof embeddingsRequestSchema>;

export const embeddingsResponseSchema = z.object({
  object: z.literal('list'),
  data: z.array(
    z.object({
      object: z.literal('embedding'),
      index: z.number().int(),
      embedding: z
        .union([z.array(z.number()), z.string()])
        .describe('The vector (unit length); a base64 string of little-endian float32 with encoding_format base64'),
    }),
  ),
  model: z.string().describe('The model name the request gave (or the model here)'),
  usage: z.object({ prompt_tokens: z.number().int(), total_tokens: z.number().int() }),
});

export type EmbeddingsResponse = z.infer<typeof embeddingsResponseSchema>;
