import { z } from 'zod';
import type { ModerationModel } from '../../engines/spec/moderation-model.js';
import { type Outcome, engineFailure, fail, ok } from '../../shared/errors.js';

const MAX_INPUTS = 100;
const MAX_CHARACTERS = 32_768;

const textPart = z.strictObject({ type: z.literal('text'), text: z.string().min(1).max(MAX_CHARACTERS) });
const imagePart = z.strictObject({
  type: z.literal('image_url'),
  image_url: z.strictObject({
    url: z
      .string()
      .min(1)
      .max(MAX_CHARACTERS * 64),
  }),
});

export const moderationRequestSchema = z.strictObject({
  input: z
    .union([
      z.string().min(1).max(MAX_CHARACTERS),
      z.array(z.string().min(1).max(MAX_CHARACTERS)).min(1).max(MAX_INPUTS),
      z
        .array(z.discriminatedUnion('type', [textPart, imagePart]))
        .min(1)
        .max(MAX_INPUTS),
    ])
    .describe(
      `A string, up to ${MAX_INPUTS} strings, or text and image_url parts (the URL or data URI goes to the provider as given); at most ${MAX_CHARACTERS} characters a text`,
    ),
  model: z.string().min(1).max(200).optional().describe("The provider's moderation model; absent: the configured one"),
});

export type ModerationRequest = z.infer<typeof moderationRequestSchema>;

export const moderationResponseSchema = z.object({
  id: z.string(),
  model: z.string(),
  results: z.array(
    z.object({
      flagged: z.boolean(),
      categories: z.record(z.string(), z.boolean()),
      category_scores: z.record(z.string(), z.number()),
      category_applied_input_types: z.record(z.string(), z.array(z.string())).optional(),
    }),
  ),
});

export type ModerationResponse = z.infer<typeof moderationResponseSchema>;

export const NO_MODERATION_ENDPOINT =
  'No moderation endpoint is configured here: set ATELIER_MODERATIONS_BASE_URL (and ATELIER_MODERATIONS_API_KEY) to an OpenAI-compatible server with /moderations';

/** POST /v1/moderations: the configured provider's classification as it came; none configured, a 503 saying so. */
export class ModerationsService {
  constructor(private readonly model: ModerationModel | undefined) {}

  async moderate(request: ModerationRequest, requestId: string): Promise<Outcome<ModerationResponse>> {
    if (!this.model) return fail('unavailable', NO_MODERATION_ENDPOINT);
    try {
      const answer = await this.model.doModerate({ input: request.input, model: request.model });
      const parsed = moderationResponseSchema.shape.results.safeParse(answer.results);
      if (!parsed.success) return fail('upstream', 'The moderation provider returned results of an unexpected shape');
      return ok({ id: answer.id || `modr-${requestId}`, model: answer.model, results: parsed.data });
    } catch (error) {
      return engineFailure(error, 'The moderation provider failed');
    }
  }
}
