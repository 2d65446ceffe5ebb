import { z } from 'zod';
import { flagField } from '../../shared/body-fields.js';
import type { BotMessage, BotSource } from './bot-chat.service.js';

const MAX_MESSAGE = 4_000;
const MAX_HISTORY = 50;

const turnText = z.string().trim().min(1).max(MAX_MESSAGE);
const roles = { human: 'human', ai: 'ai', user: 'human', assistant: 'ai' } as const;

/**
 * One earlier turn: the reference's `{role: human|ai, text}`; bot clients in the wild also send `{type: human|ai, text}`,
 * both keys at once, or the OpenAI-style `{role: user|assistant, content}`.
 */
const turn = z
  .strictObject({
    role: z.enum(['human', 'ai', 'user', 'assistant']).optional(),
    type: z.enum(['human', 'ai']).optional(),
    text: turnText.optional(),
    content: turnText.optional(),
  })
  .superRefine((t, ctx) => {
    if (!t.role && !t.type)
      ctx.addIssue({ code: 'custom', message: 'role: required (human or ai; user or assistant)' });
    else if (t.role && t.type && roles[t.role] !== t.type)
      ctx.addIssue({ code: 'custom', message: 'role and type must say the same' });
    if (t.text === undefined && t.content === undefined) ctx.addIssue({ code: 'custom', message: 'text: required' });
  })
  .transform((t) => ({ role: roles[t.role ?? t.type ?? 'human'], text: t.text ?? t.content ?? '' }));

const history = z
  .array(turn)
  .max(MAX_HISTORY)
  .refine(
    (turns) => turns.every((t, i) => i === 0 || t.role !== turns[i - 1]?.role),
    'must alternate between human and ai (user and assistant)',
  );

const sourceSchema = z.object({
  index: z.number().int(),
  document_id: z.string(),
  title: z.string(),
  passage: z.string(),
  score: z.number(),
});

const historyEntry = z.object({ role: z.enum(['human', 'ai']), type: z.enum(['human', 'ai']), text: z.string() });

/**
 * The reference's `response`; the `bot: {text, sources}` that most bot clients in the wild read; and the
 * conversation so far with this exchange added (`history`, entries carrying both `role` and `type`), which
 * widgets that keep no state of their own read back.
 */
export const botReplySchema = z.object({
  response: z.string(),
  sources: z.array(sourceSchema).optional(),
  bot: z.object({ text: z.string(), sources: z.array(sourceSchema).optional() }),
  history: z.array(historyEntry),
});

export function botReply(
  input: BotMessage,
  answer: { response: string; sources: BotSource[] },
  includeSources: boolean,
): z.infer<typeof botReplySchema> {
  const sources = includeSources ? { sources: answer.sources } : {};
  const turns = [
    ...input.history,
    { role: 'human' as const, text: input.message },
    { role: 'ai' as const, text: answer.response },
  ];
  return {
    response: answer.response,
    ...sources,
    bot: { text: answer.response, ...sources },
    history: turns.map((t) => ({ role: t.role, type: t.role, text: t.text })),
  };
}

/** The body of POST /bot/{public_url}/api; the MCP tool takes the same (plus the public_url). */
export const botMessageBody = z.strictObject({
  message: z.string().trim().min(1).max(MAX_MESSAGE),
  history: history.default([]).describe(`Earlier turns, oldest first, alternating; at most ${MAX_HISTORY}`),
  stream: flagField.default(false),
  include_sources: flagField.default(false),
});
