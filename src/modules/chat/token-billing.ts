import type { TextUsage } from '../../engines/spec/text-model.js';
import type { Outcome } from '../../shared/errors.js';
import { type CreditsService, type Reservation, newReservation } from '../credits/credits.service.js';
import type { ChatModel } from './chat-models.js';
import type { ChatUsage } from './chat.schemas.js';

export interface TokenPrices {
  creditsPer1kTokens: number;
  advancedCreditsPer1kTokens: number;
}

/** ~4 characters a token, as OpenAI's guidance estimates; for what a provider does not count itself. */
export const tokensOfText = (text: string): number => Math.ceil(text.length / 4);

/**
 * Billing by tokens, for chat completions and bot answers: the most a request can cost is reserved
 * first (while the provider already works, so the write costs no time) and settled on what was used.
 */
export class TokenBilling {
  constructor(
    private readonly credits: CreditsService,
    private readonly prices: TokenPrices,
  ) {}

  reservation(accountId: string, model: ChatModel, maxTokens: number, reference: string): Reservation {
    return newReservation({ accountId, amount: this.creditsFor(model, maxTokens), kind: 'chat', reference });
  }

  /** Reserves; refused, the provider's work is cancelled and awaited before the refusal is answered. */
  async reserveAlongside(
    reservation: Reservation,
    work: Promise<unknown>,
    cancel: AbortController,
  ): Promise<Outcome<unknown>> {
    // The work may fail while the reservation is written; the caller awaits it afterwards, and until
    // then its failure must not count as unhandled (which would end the process).
    work.catch(() => undefined);
    const reserved = await this.credits.reserve(reservation);
    if (!reserved.ok) {
      cancel.abort();
      await work.catch(() => undefined);
    }
    return reserved;
  }

  /** The work failed or never started: all of it back. */
  release(reservation: Reservation): Promise<void> {
    return this.credits.release(reservation);
  }

  /** Resolves once the answer may go: the commit may follow it (CreditsService.settleAfterAnswer). */
  settle(reservation: Reservation, model: ChatModel, usage: ChatUsage): Promise<void> {
    return this.credits.settleAfterAnswer(reservation, this.creditsFor(model, usage.total_tokens));
  }

  /** What the provider reported, or estimates where it reported nothing. */
  static usageOf(promptEstimate: number, choices: { usage: TextUsage | undefined; text: string }[]): ChatUsage {
    let prompt = 0;
    let completion = 0;
    for (const choice of choices) {
      prompt += choice.usage?.inputTokens ?? promptEstimate;
      completion += choice.usage?.outputTokens ?? tokensOfText(choice.text);
    }
    return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
  }

  private creditsFor(model: ChatModel, tokens: number): number {
    const rate = model.advanced ? this.prices.advancedCreditsPer1kTokens : this.prices.creditsPer1kTokens;
    return Math.ceil((tokens * rate) / 1000);
  }
}
