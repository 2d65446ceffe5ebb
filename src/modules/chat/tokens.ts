import type { ChatMessage, TextModel } from '../../engines/spec/text-model.js';
import { tokensOfText } from './token-billing.js';

/** Tokens of a conversation: each message's text plus a few for its framing. */
export function estimateTokens(messages: ChatMessage[]): number {
  return messages.reduce((sum, m) => sum + tokensOfText(m.content) + 4, 0);
}

/** The prompt's tokens as the engine counts them where it can (local models), estimated otherwise. */
export async function promptTokens(engine: TextModel, messages: ChatMessage[]): Promise<number> {
  if (!engine.countPromptTokens) return estimateTokens(messages);
  // An engine that cannot count now (a model that does not load) fails the generation itself, clearly.
  return engine.countPromptTokens(messages).catch(() => estimateTokens(messages));
}
