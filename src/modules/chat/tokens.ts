import type { ChatMessage } from '../../engines/spec/text-model.js';

/**
 * Tokens of a conversation, estimated the way OpenAI's guidance does (about four characters a token,
 * plus a few for each message's framing). Used to reserve credits, and to bill when a provider reports
 * no usage.
 */
export function estimateTokens(messages: ChatMessage[]): number {
  return messages.reduce((sum, m) => sum + Math.ceil(m.content.length / 4) + 4, 0);
}
