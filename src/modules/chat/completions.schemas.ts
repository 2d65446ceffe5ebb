import { z } from 'zod';

const MAX_PROMPT = 200_000;
/** Prompts of one request: each is a generation of its own (n each). */
export const MAX_PROMPTS = 8;

const penalty = z.number().min(-2).max(2).nullish();

/** OpenAI's legacy POST /completions: a prompt (or a few) completed as text. */
export const completionRequestSchema = z
  .strictObject({
    model: z.string().trim().min(1).max(200).optional().describe('A model or alias from GET /models'),
    prompt: z.union([
      z.string().max(MAX_PROMPT),
      z
        .array(z.string().max(MAX_PROMPT))
        .min(1)
        .max(MAX_PROMPTS)
        .describe(`Up to ${MAX_PROMPTS} prompts, each answered with n choices`),
    ]),
    max_tokens: z.number().int().min(1).max(128_000).nullish(),
    temperature: z.number().min(0).max(2).nullish(),
    top_p: z.number().min(0).max(1).nullish(),
    n: z.number().int().min(1).max(4).nullish(),
    best_of: z.number().int().min(1).max(4).nullish(),
    stop: z.union([z.string().min(1).max(200), z.array(z.string().min(1).max(200)).max(4)]).nullish(),
    stream: z.boolean().nullish(),
    stream_options: z.strictObject({ include_usage: z.boolean().optional() }).nullish(),
    echo: z.boolean().nullish(),
    suffix: z.string().max(MAX_PROMPT).nullish(),
    logprobs: z.number().int().min(0).max(5).nullish(),
    seed: z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER).nullish(),
    frequency_penalty: penalty,
    presence_penalty: penalty,
    logit_bias: z
      .record(z.string().regex(/^\d{1,9}$/, 'keys are token ids'), z.number().min(-100).max(100))
      .refine((bias) => Object.keys(bias).length <= 300, 'at most 300 tokens')
      .nullish(),
    user: z.string().max(256).nullish(),
  })
  .superRefine((request, ctx) => {
    const prompts = typeof request.prompt === 'string' ? 1 : request.prompt.length;
    if (request.stream && prompts > 1)
      ctx.addIssue({ code: 'custom', path: ['prompt'], message: 'a streamed completion takes one prompt' });
    if (request.best_of != null && request.best_of !== (request.n ?? 1))
      ctx.addIssue({
        code: 'custom',
        path: ['best_of'],
        message: 'must equal n here: every candidate is returned, none is picked server-side',
      });
  });

export type CompletionRequest = z.infer<typeof completionRequestSchema>;

const choiceSchema = z.object({
  index: z.number().int(),
  text: z.string(),
  logprobs: z.unknown().describe('OpenAI legacy logprobs (tokens, token_logprobs, top_logprobs, text_offset), or null'),
  finish_reason: z.enum(['stop', 'length', 'content_filter', 'tool_calls']),
});

export const completionSchema = z.object({
  id: z.string(),
  object: z.literal('text_completion'),
  created: z.number().int(),
  model: z.string(),
  system_fingerprint: z.string().nullable(),
  choices: z.array(choiceSchema),
  usage: z.object({
    prompt_tokens: z.number().int(),
    completion_tokens: z.number().int(),
    total_tokens: z.number().int(),
  }),
});

export type Completion = z.infer<typeof completionSchema>;
