import type { Config } from '../../config.js';
import type { TextModels } from '../../engines/providers/registry.js';
import type { Clock } from '../../shared/clock.js';
import type { GuardOptions } from '../../shared/net/guarded-http.js';
import type { BrandVoicesService } from '../brand-voices/brand-voices.service.js';
import type { CreditsService } from '../credits/credits.service.js';
import { chatCatalogue } from './chat-models.js';
import { ChatService } from './chat.service.js';
import { TokenBilling } from './token-billing.js';

export interface ChatModuleOptions {
  textModels: TextModels;
  credits: CreditsService;
  guard: GuardOptions;
  brandVoices: BrandVoicesService;
  config: Config;
  clock: Clock;
}

/** The one chat pipeline (chat completions, the Responses API, legacy completions, bots) and its billing by tokens. */
export function createChatModule({ textModels, credits, guard, brandVoices, config, clock }: ChatModuleOptions) {
  const tokenBilling = new TokenBilling(credits, config.chat);
  // Pictures given by URL in chat messages are downloaded as reference images are: same guard, same size limit.
  const chat = new ChatService(chatCatalogue(config, textModels), tokenBilling, {
    maxTokens: config.text.maxTokens,
    guard: { ...guard, maxBytes: config.images.maxReferenceBytes },
    clock,
    brandVoices,
  });
  return { chat, tokenBilling };
}
