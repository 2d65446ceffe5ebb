import { z } from 'zod';
import {
  MAX_CONTENT as MAX_PROMPT,
  logitBiasField,
  penaltyField,
  seedField,
  stopField,
  temperatureField,
  topPField,
} from './chat-fields.schemas.js';

/** Prompts of one request: each is a generation of its own (n each). */
export const MAX_PROMPTS = 8;

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
    temperature: temperatureField,
    top_p: topPField,
    n: z.number().int().min(1).max(4).nullish(),
    best_of: z.number().int().min(1).max(4).nullish(),
    stop: stopField,
    stream: z.boolean().nullish(),
    stream_options: z.strictObject({ include_usage: z.boolean().optional() }).nullish(),
    echo: z.boolean().nullish(),
    suffix: z.string().max(MAX_PROMPT).nullish(),
    logprobs: z.number().int().min(0).max(5).nullish(),
    seed: seedField,
    frequency_penalty: penaltyField,
    presence_penalty: penaltyField,
    logit_bias: logitBiasField,
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
