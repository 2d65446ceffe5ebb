import type { ChatMessage, TextModel } from '../../../engines/spec/text-model.js';
import type { DerivedField, TranscriptInput } from './fields.js';
import { TRANSCRIPT_BUDGET, fieldMessages } from './prompts.js';

/** The most tokens a derived field may take. */
const ANSWER_TOKENS = 1_500;
const MIN_BUDGET = 500;

/**
 * The prompt and token limit for one derived field, sized for the model. A model with a fixed context (a
 * local one) gets at most a quarter of it for the answer and the transcript cut (its middle first) until
 * the prompt fits the rest, counted with the model's own tokenizer; other models get the usual budget.
 */
export async function fieldPrompt(
  model: TextModel,
  field: DerivedField,
  t: TranscriptInput,
): Promise<{ messages: ChatMessage[]; maxOutputTokens: number }> {
  let messages = fieldMessages(field, t);
  const context = model.contextTokens;
  if (context === undefined || !model.countPromptTokens) return { messages, maxOutputTokens: ANSWER_TOKENS };
  const answer = Math.min(ANSWER_TOKENS, Math.floor(context / 4));
  let budget = TRANSCRIPT_BUDGET;
  // The instructions do not shrink with the transcript: a few rounds close in on the budget that fits.
  for (let round = 0; round < 5; round++) {
    const tokens = await model.countPromptTokens(messages);
    if (tokens + answer < context || budget <= MIN_BUDGET) break;
    const characters = Math.min(
      budget,
      messages.reduce((sum, m) => sum + m.content.length, 0),
    );
    budget = Math.max(MIN_BUDGET, Math.floor(((characters * (context - answer)) / tokens) * 0.9));
    messages = fieldMessages(field, t, budget);
  }
  return { messages, maxOutputTokens: answer };
}
