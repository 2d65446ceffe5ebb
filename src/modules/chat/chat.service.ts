import type {
  ResponseFormat,
  TextCallOptions,
  TextResult,
  TextStreamPart,
  TextUsage,
} from '../../engines/spec/text-model.js';
import { type Outcome, engineFailure, fail, ok } from '../../shared/errors.js';
import type { GuardOptions } from '../../shared/net/guarded-http.js';
import type { Caller } from '../accounts/accounts.service.js';
import type { BrandVoicesService } from '../brand-voices/brand-voices.service.js';
import type { Reservation } from '../credits/credits.service.js';
import type { ChatAlias, ChatCatalogue, ChatModel } from './chat-models.js';
import { engineMessages } from './chat-content.js';
import { type ChatChunk, completionChunks, completionOf } from './chat-completion-format.js';
import { callParameters, checkParameters, checkRequest, givenParameters } from './chat-parameters.js';
import type { ChatGeneration, ChatPartStream, ChatServed } from './chat-generation.js';
import type { ChatCompletion, ChatRequest, ChatUsage } from './chat.schemas.js';
import { mergeStreams } from './merge-streams.js';
import { TokenBilling } from './token-billing.js';
import { promptTokens } from './tokens.js';
import { newHexId } from '../../shared/ids.js';
import type { Clock } from '../../shared/clock.js';

export interface ChatConfig {
  /** Output tokens when the request sets no max_tokens. */
  maxTokens: number;
  /** The SSRF guard for pictures given by URL (the one reference images go through). */
  guard: GuardOptions;
  /** Dates the completions (OpenAI's `created`). */
  clock: Clock;
  /** The account's default brand voice goes ahead of a chat completion's messages, as a system message. */
  brandVoices: Pick<BrandVoicesService, 'instructionsFor'>;
}

/** A name as a request gives it, found: the model, and the alias it was found by, if any. */
export interface ResolvedModel {
  model: ChatModel;
  alias: ChatAlias | undefined;
}

interface Prepared {
  id: string;
  model: ChatModel;
  call: Omit<TextCallOptions, 'abortSignal'>;
  n: number;
  promptEstimate: number;
  reservation: Reservation;
}

/** The date the model list says the models were made: the service does not know, so a fixed one. */
const MODELS_CREATED = 1_700_000_000;

/**
 * OpenAI-style chat completions over the text engines. Billed by tokens: the most a request can cost
 * (its prompt and max_tokens, per choice) is reserved first and settled on what was used, also when a
 * stream ends early because the client went away.
 */
export class ChatService {
  constructor(
    private readonly catalogue: ChatCatalogue,
    private readonly billing: TokenBilling,
    private readonly config: ChatConfig,
  ) {}

  /** The clock that dates its completions; the legacy completions date theirs by it too. */
  get clock(): Clock {
    return this.config.clock;
  }

  /** A model by the name a client or a bot gives (a model's or an alias's), exact or in another case. */
  find(name: string): ChatModel | undefined {
    return this.resolve(name)?.model;
  }

  /** Models win over aliases, and an exact name over one in another case. */
  resolve(name: string): ResolvedModel | undefined {
    const { models, aliases } = this.catalogue;
    const lower = name.toLowerCase();
    const model = models.find((m) => m.id === name) ?? models.find((m) => m.id.toLowerCase() === lower);
    if (model) return { model, alias: undefined };
    const alias = aliases.find((a) => a.id === name) ?? aliases.find((a) => a.id.toLowerCase() === lower);
    return alias && { model: alias.target, alias };
  }

  /** The models, then the aliases (each with alias_of: the model that answers it). */
  list() {
    const { models, aliases } = this.catalogue;
    return {
      object: 'list' as const,
      data: [
        ...models.map((m) => ({ id: m.id, object: 'model' as const, created: MODELS_CREATED, owned_by: m.ownedBy })),
        ...aliases.map((a) => ({
          id: a.id,
          object: 'model' as const,
          created: MODELS_CREATED,
          owned_by: a.target.ownedBy,
          alias_of: a.target.id,
        })),
      ],
    };
  }

  /** The engine that answers `name` (the default model when absent): `builtin`, `llama-cpp`, ... */
  providerOf(name: string | null | undefined): string | undefined {
    return this.resolve(name ?? this.catalogue.defaultModel)?.model.engine.provider;
  }

  /** A chat completion as OpenAI answers it. */
  async complete(caller: Caller, request: ChatRequest): Promise<Outcome<ChatCompletion>> {
    const generated = await this.generate(caller, request);
    return generated.ok ? ok(completionOf(generated.value, this.config.clock)) : generated;
  }

  /** A chat completion as OpenAI streams it: the chunks, then (with stream_options.include_usage) the usage. */
  async stream(
    caller: Caller,
    request: ChatRequest,
    cancel: AbortController,
  ): Promise<Outcome<AsyncGenerator<ChatChunk>>> {
    const started = await this.streamParts(caller, request, cancel);
    if (!started.ok) return started;
    return ok(completionChunks(started.value, request.stream_options?.include_usage === true, this.config.clock));
  }

  /**
   * The request with its brand voice (`brand_voice`, or the account's default when it has one) as a system message
   * ahead of the caller's, for every path through the pipeline (chat completions, the Responses API, legacy
   * completions). Another account's or an unknown one is a 404 naming the field.
   */
  private async withBrandVoice(caller: Caller, request: ChatRequest): Promise<Outcome<ChatRequest>> {
    const voice = await this.config.brandVoices.instructionsFor(caller.account.id, request.brand_voice);
    if (!voice.ok) return fail('not_found', voice.error.message, undefined, 'brand_voice');
    if (!voice.value) return ok(request);
    return ok({ ...request, messages: [{ role: 'system', content: voice.value }, ...request.messages] });
  }

  /**
   * The engine's answers to the request (one per choice), reserved before and settled after: what the chat
   * completion, the Responses API and the legacy completions each put in their own shape.
   */
  async generate(caller: Caller, request: ChatRequest): Promise<Outcome<ChatGeneration>> {
    const prepared = await this.prepare(caller, request);
    if (!prepared.ok) return prepared;
    const p = prepared.value;
    const cancel = new AbortController();
    const generating = Promise.all(
      Array.from({ length: p.n }, () => p.model.engine.doGenerate({ ...p.call, abortSignal: cancel.signal })),
    );
    const reserved = await this.billing.reserveAlongside(p.reservation, generating, cancel);
    if (!reserved.ok) return reserved;
    let results: TextResult[];
    try {
      results = await generating;
    } catch (error) {
      await this.billing.release(p.reservation);
      return engineFailure(error, 'The text provider failed');
    }
    const usage = this.usageOf(p, results.map(producedBy));
    await this.settle(p, usage);
    return ok({ ...this.servedBy(p), results, usage });
  }

  /**
   * Starts the generation and waits for its first part, so a provider that fails at once is still an
   * HTTP error; after that, failures end the stream. `cancel` is the request's controller (the route aborts it
   * when the client goes away; a refused reservation aborts it too): the engine call shares it rather than a
   * controller linked to it. The parts of all choices come tagged with their choice's index; the bill is settled
   * when the stream ends or is left.
   */
  async streamParts(caller: Caller, request: ChatRequest, cancel: AbortController): Promise<Outcome<ChatPartStream>> {
    const prepared = await this.prepare(caller, request);
    if (!prepared.ok) return prepared;
    const p = prepared.value;
    const abortSignal = cancel.signal;
    const streams = Array.from({ length: p.n }, () =>
      p.model.engine.doStream({ ...p.call, abortSignal })[Symbol.asyncIterator](),
    );
    const starting = Promise.all(streams.map((s) => s.next()));
    const reserved = await this.billing.reserveAlongside(p.reservation, starting, cancel);
    if (!reserved.ok) return reserved;
    let firsts: IteratorResult<TextStreamPart>[];
    try {
      firsts = await starting;
    } catch (error) {
      for (const s of streams) void s.return?.(undefined).catch(() => undefined);
      await this.billing.release(p.reservation);
      return engineFailure(error, 'The text provider failed');
    }
    const produced = streams.map(() => ({ text: '', usage: undefined as TextUsage | undefined }));
    return ok({
      ...this.servedBy(p),
      n: p.n,
      parts: this.parts(p, streams, firsts, produced),
      usage: () => this.usageOf(p, produced),
    });
  }

  private async *parts(
    p: Prepared,
    streams: AsyncIterator<TextStreamPart>[],
    firsts: IteratorResult<TextStreamPart>[],
    produced: { text: string; usage: TextUsage | undefined }[],
  ): AsyncGenerator<{ index: number; part: TextStreamPart }> {
    try {
      for await (const tagged of mergeStreams(streams, firsts)) {
        const choice = produced[tagged.index];
        if (!choice) continue;
        const { part } = tagged;
        if (part.type === 'text-delta') choice.text += part.text;
        else if (part.type === 'tool-call-delta') choice.text += (part.name ?? '') + part.argumentsDelta;
        else choice.usage = part.usage;
        yield tagged;
      }
    } finally {
      for (const s of streams) void s.return?.(undefined).catch(() => undefined);
      await this.settle(p, this.usageOf(p, produced));
    }
  }

  private servedBy(p: Prepared): ChatServed {
    return {
      id: p.id,
      modelId: p.model.engine.modelId,
      provider: p.model.engine.provider,
      offline: p.model.engine.offline === true,
    };
  }

  /** Checks the request (with its brand voice) and works out what it may cost; reserving is the caller's next step. */
  private async prepare(caller: Caller, asked: ChatRequest): Promise<Outcome<Prepared>> {
    const voiced = await this.withBrandVoice(caller, asked);
    if (!voiced.ok) return voiced;
    const request = voiced.value;
    const name = request.model ?? this.catalogue.defaultModel;
    const resolved = this.resolve(name);
    if (!resolved) {
      const available = [...this.catalogue.models.map((m) => m.id), ...this.catalogue.aliases.map((a) => a.id)];
      return fail(
        'not_found',
        `The model '${name}' does not exist here; available: ${available.join(', ')}`,
        undefined,
        'model',
      );
    }
    const { model, alias } = resolved;
    const named = alias ? `'${alias.id}' (an alias of '${model.id}')` : `'${model.id}'`;
    if (model.advanced && !caller.plan.advancedModel)
      return fail(
        'forbidden',
        `The model ${named} is not available on the ${caller.plan.name} plan`,
        undefined,
        'model',
      );
    const label = alias
      ? `'${alias.id}' (an alias of '${model.id}', ${model.engine.provider} engine)`
      : `'${model.id}' (${model.engine.provider} engine)`;
    const consistent = checkRequest(request);
    if (!consistent.ok) return consistent;
    const given = givenParameters(request);
    const supported = checkParameters(given, model.engine.parameters, label);
    if (!supported.ok) return supported;
    const converted = await engineMessages(request.messages, { engine: model.engine, label, guard: this.config.guard });
    if (!converted.ok) return converted;
    const messages = converted.value;
    const maxOutputTokens = request.max_completion_tokens ?? request.max_tokens ?? this.config.maxTokens;
    const n = request.n ?? 1;
    const parameters = callParameters(request, given);
    // With tool_choice none the engines leave the tools out of the prompt (llama.cpp documents none to the model).
    const documented = parameters.toolChoice === 'none' ? undefined : parameters.tools;
    const promptEstimate = await promptTokens(model.engine, messages, documented);
    const id = `chatcmpl-${newHexId()}`;
    const reservation = this.billing.reservation(caller.account.id, model, (promptEstimate + maxOutputTokens) * n, id);
    const responseFormat = toResponseFormat(request.response_format);
    return ok({
      id,
      model,
      n,
      promptEstimate,
      reservation,
      call: { messages, maxOutputTokens, ...parameters, ...(responseFormat && { responseFormat }) },
    });
  }

  private usageOf(p: Prepared, choices: { usage: TextUsage | undefined; text: string }[]): ChatUsage {
    return TokenBilling.usageOf(p.promptEstimate, choices);
  }

  private settle(p: Prepared, usage: ChatUsage): Promise<void> {
    return this.billing.settle(p.reservation, p.model, usage);
  }
}

/** What an answer counts as output where the engine reports no usage: its text and its calls. */
const producedBy = (r: TextResult) => ({
  usage: r.usage,
  text: r.text + (r.toolCalls ?? []).map((c) => c.name + c.arguments).join(''),
});

/** OpenAI's response_format as the engines take it: nothing for text, JSON (with the schema, if any) otherwise. */
function toResponseFormat(format: ChatRequest['response_format']): ResponseFormat | undefined {
  if (!format || format.type === 'text') return undefined;
  if (format.type === 'json_object') return { type: 'json' };
  const { name, schema, strict } = format.json_schema;
  return { type: 'json', name, ...(schema && { schema }), ...(strict != null && { strict }) };
}
