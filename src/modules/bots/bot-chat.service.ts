import type { ChatMessage, TextCallOptions, TextStreamPart, TextUsage } from '../../engines/spec/text-model.js';
import { type Outcome, engineFailure, fail, ok } from '../../shared/errors.js';
import { newId } from '../../shared/ids.js';
import { linkedAbortController } from '../../shared/linked-abort.js';
import type { BotRow } from '../../storage/db/schema.js';
import type { Caller } from '../accounts/accounts.service.js';
import type { BrandVoicesService } from '../brand-voices/brand-voices.service.js';
import type { ChatModel } from '../chat/chat-models.js';
import type { ChatService } from '../chat/chat.service.js';
import { TokenBilling } from '../chat/token-billing.js';
import { promptTokens } from '../chat/tokens.js';
import type { Reservation } from '../credits/credits.service.js';
import type { BotsService } from './bots.service.js';
import type { SearchResult } from './retrieval.js';

export interface BotMessage {
  message: string;
  history: { role: 'human' | 'ai'; text: string }[];
}

export interface BotSource {
  /** The number the answer cites it by: [1] is the first source. */
  index: number;
  document_id: string;
  title: string;
  passage: string;
  score: number;
}

export interface BotAnswerStream {
  parts: AsyncGenerator<string>;
  /** The sources, known before the first part. */
  sources: BotSource[];
}

/** Passages put in front of the model, and the most tokens an answer may use. */
const PASSAGES = 5;
const MAX_ANSWER_TOKENS = 1_024;

interface Prepared {
  bot: BotRow;
  model: ChatModel;
  call: Omit<TextCallOptions, 'abortSignal'>;
  /** The passages retrieved, as the call numbers them. */
  found: SearchResult[];
  promptEstimate: number;
  reservation: Reservation;
}

export interface BotChatServiceOptions {
  bots: BotsService;
  chat: ChatService;
  billing: TokenBilling;
  brandVoices: Pick<BrandVoicesService, 'instructionsFor'>;
}

/**
 * Answers a bot's visitors from its knowledge base: the best passages are retrieved (BM25, plus
 * embeddings when configured) and given to the bot's model with its instructions, and as a grounded-answer
 * task to an engine without a language model. Billed by tokens to the bot's owner.
 */
export class BotChatService {
  constructor(private readonly deps: BotChatServiceOptions) {}

  async answer(
    caller: Caller,
    publicUrl: string,
    input: BotMessage,
    signal?: AbortSignal,
  ): Promise<Outcome<{ response: string; sources: BotSource[] }>> {
    const prepared = await this.prepare(caller, publicUrl, input, signal);
    if (!prepared.ok) return prepared;
    const p = prepared.value;
    const cancel = linkedAbortController(signal);
    const generating = p.model.engine.doGenerate({ ...p.call, abortSignal: cancel.signal });
    const reserved = await this.deps.billing.reserveAlongside(p.reservation, generating, cancel);
    if (!reserved.ok) return reserved;
    try {
      const result = await generating;
      await this.deps.billing.settle(
        p.reservation,
        p.model,
        TokenBilling.usageOf(p.promptEstimate, [{ usage: result.usage, text: result.text }]),
      );
      return ok({ response: result.text, sources: sourcesCited(p.found, result.citedSources) });
    } catch (error) {
      await this.deps.billing.release(p.reservation);
      return engineFailure(error, 'The bot could not answer');
    }
  }

  /**
   * Starts the answer and waits for its first part, so a provider that fails at once is still an HTTP error.
   * `cancel` is the request's controller (aborted when the visitor goes away), shared by the search and the engine
   * call; a refused reservation aborts it.
   */
  async stream(
    caller: Caller,
    publicUrl: string,
    input: BotMessage,
    cancel: AbortController,
  ): Promise<Outcome<BotAnswerStream>> {
    const prepared = await this.prepare(caller, publicUrl, input, cancel.signal);
    if (!prepared.ok) return prepared;
    const p = prepared.value;
    const stream = p.model.engine.doStream({ ...p.call, abortSignal: cancel.signal })[Symbol.asyncIterator]();
    const starting = stream.next();
    const reserved = await this.deps.billing.reserveAlongside(p.reservation, starting, cancel);
    if (!reserved.ok) return reserved;
    let first: IteratorResult<TextStreamPart>;
    try {
      first = await starting;
    } catch (error) {
      await this.deps.billing.release(p.reservation);
      return engineFailure(error, 'The bot could not answer');
    }
    const cited = !first.done && first.value.type === 'text-delta' ? first.value.citedSources : undefined;
    return ok({ parts: this.parts(p, stream, first), sources: sourcesCited(p.found, cited) });
  }

  private async *parts(
    p: Prepared,
    stream: AsyncIterator<TextStreamPart>,
    first: IteratorResult<TextStreamPart>,
  ): AsyncGenerator<string> {
    let text = '';
    let usage: TextUsage | undefined;
    try {
      for (let next = first; !next.done; next = await stream.next()) {
        if (next.value.type === 'text-delta') {
          text += next.value.text;
          yield next.value.text;
        } else if (next.value.type === 'finish') usage = next.value.usage;
      }
    } finally {
      void stream.return?.(undefined).catch(() => undefined);
      await this.deps.billing.settle(p.reservation, p.model, TokenBilling.usageOf(p.promptEstimate, [{ usage, text }]));
    }
  }

  private async prepare(
    caller: Caller,
    publicUrl: string,
    input: BotMessage,
    signal?: AbortSignal,
  ): Promise<Outcome<Prepared>> {
    const bot = await this.deps.bots.findByPublicUrl(publicUrl);
    // Another account's bot is as unknown as a missing one; so is another bot to a publishable key.
    if (!bot || bot.account_id !== caller.account.id || (caller.botKey && caller.botKey.botId !== bot.id))
      return fail('not_found', 'Bot not found');
    const model = this.deps.chat.find(bot.model) ?? this.deps.chat.find('builtin');
    if (!model) return fail('unavailable', 'No text model is configured for this bot');
    if (model.advanced && !caller.plan.advancedModel)
      return fail('forbidden', `The bot's model '${model.id}' is not available on the ${caller.plan.name} plan`);
    const found = await this.deps.bots.search(
      bot.id,
      [input.message, ...input.history.slice(-2).map((h) => h.text)].join('\n'),
      PASSAGES,
      signal,
    );
    // The bot's brand voice, or the account's default; one deleted since is none.
    const brandVoice = await this.deps.brandVoices.instructionsFor(bot.account_id, bot.brand_voice_id);
    const messages: ChatMessage[] = [
      { role: 'system', content: systemPrompt(bot, found, brandVoice.ok ? brandVoice.value : undefined) },
      ...input.history.map((h): ChatMessage => ({ role: h.role === 'human' ? 'user' : 'assistant', content: h.text })),
      { role: 'user', content: input.message },
    ];
    const promptEstimate = await promptTokens(model.engine, messages);

    return ok({
      bot,
      model,
      found,
      promptEstimate,
      reservation: this.deps.billing.reservation(
        caller.account.id,
        model,
        promptEstimate + MAX_ANSWER_TOKENS,
        `bot:${bot.id}:${newId()}`,
      ),
      call: {
        messages,
        maxOutputTokens: MAX_ANSWER_TOKENS,
        temperature: bot.temperature,
        task: {
          kind: 'grounded-answer',
          question: input.message,
          sources: found,
          welcomeMessage: bot.welcome_message,
        },
      },
    });
  }
}

/** The brand voice's instructions (at most 2,000 characters) first, then the bot's, then its knowledge. */
function systemPrompt(bot: BotRow, passages: SearchResult[], brandVoice: string | undefined): string {
  const knowledge = passages.length
    ? passages.map((p, i) => `[${i + 1}] ${p.title}\n${p.passage}`).join('\n\n')
    : '(nothing in the knowledge base matches this question)';
  return [
    ...(brandVoice ? [brandVoice] : []),
    bot.instructions.trim() || `You are ${bot.name}, a helpful assistant.`,
    'Answer from the numbered passages of your knowledge base below when they are relevant, and cite them by number like [1]. ' +
      'If they do not contain the answer, say so plainly rather than guessing.',
    `Knowledge base:\n${knowledge}`,
  ].join('\n\n');
}

/**
 * The sources as the answer numbers them: the passages it cites when the engine says which (an extractive answer
 * quotes only some), all of them otherwise (a language model is given them all, numbered).
 */
function sourcesCited(found: SearchResult[], cited: number[] | undefined): BotSource[] {
  const sources = cited ? cited.map((n) => found[n - 1]).filter((s): s is SearchResult => s !== undefined) : found;
  return sources.map((s, i) => ({
    index: i + 1,
    document_id: s.documentId,
    title: s.title,
    passage: s.passage,
    score: s.score,
  }));
}
