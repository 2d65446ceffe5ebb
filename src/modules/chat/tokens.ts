import type { ChatMessage } from '../../engines/spec/text-model.js';
import { tokensOfText } from './token-billing.js';

/** Tokens of a conversation: each message's text plus a few for its framing. */
export function estimateTokens(messages: ChatMessage[]): number {
  return messages.reduce((sum, m) => sum + tokensOfText(m.content) + 4, 0);
}
