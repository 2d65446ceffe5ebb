import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Clock, isoNow, unixSeconds } from '../../shared/clock.js';
import { type Outcome, fail, ok } from '../../shared/errors.js';
import type { Caller } from '../accounts/accounts.service.js';
import type { ChatService } from '../chat/chat.service.js';
import type { ResponseObject, StoredItem } from './response-object.schemas.js';
import { newItemId } from './response-ids.js';
import { type ResponseBase, type ResponseEvent, responseBase, responseEvents, responseOf } from './responses-format.js';
import { type ChatCall, chatRequestOf, renamedError, storedItemsOf } from './responses-input.js';
import type { ResponsesRepo } from './responses.repo.js';
import type { InputItem, ResponseRequest } from './responses.schemas.js';

export interface ResponsesConfig {
  /** Stored responses older than this many days are deleted; 0 keeps them. */
  retentionDays: number;
}

export interface ResponsesLog {
  warn(details: object, message: string): void;
}

export interface InputItemsQuery {
  limit: number;
  order: 'asc' | 'desc';
  after?: string | undefined;
}

interface Prepared {
  base: ResponseBase;
  call: ChatCall;
  items: StoredItem[];
}

/** How often stored responses past their retention are looked for (also once at start). */
const SWEEP_EVERY_MS = 3_600_000;
/** Responses deleted per statement: the deletion gives other work the database and the event loop in between. */
const DELETE_BATCH = 500;
const DAY_MS = 86_400_000;

const notFound = (id: string) => fail<never>('not_found', `Response with id '${id}' not found.`);

export interface ResponsesServiceOptions {
  chat: ChatService;
  repo: ResponsesRepo;
  config: ResponsesConfig;
  clock: Clock;
  log: ResponsesLog;
}

/**
 * OpenAI's Responses API over the chat service: a request becomes a chat request (its previous responses'
 * items first), the same engine call, reservation and settlement answer it, and the answer is shaped as a
 * response. Stored responses (`store`, the default) are the account's only, and kept for the retention period.
 */
export class ResponsesService {
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<number> | undefined;

  constructor(private readonly deps: ResponsesServiceOptions) {}

  /** The engine that answers `model` (the default model when absent), for the x-atelier-engine header. */
  providerOf(model: string | null | undefined): string | undefined {
    return this.deps.chat.providerOf(model);
  }

  /** The response as JSON text (made once: stored as it is answered); stored first unless `store` is false. */
  async create(caller: Caller, request: ResponseRequest): Promise<Outcome<string>> {
    const prepared = await this.prepare(caller, request);
    if (!prepared.ok) return prepared;
    const { base, call, items } = prepared.value;
    const generated = await this.deps.chat.generate(caller, call.request);
    if (!generated.ok) return { ok: false, error: renamedError(generated.error, call.sources) };
    const response = responseOf(base, generated.value, this.seconds());
    const text = JSON.stringify(response);
    await this.keep(caller, response, items, text);
    return ok(text);
  }

  /**
   * The response as OpenAI's stream events. Starts the engine first, so that a request it refuses (or a provider
   * that fails at once) is still an HTTP error; abort `cancel` (the request's controller) when the client goes away: the engine stops and
   * the bill is settled on what it produced. The events must be iterated to their end (or returned).
   */
  async stream(
    caller: Caller,
    request: ResponseRequest,
    cancel: AbortController,
  ): Promise<Outcome<AsyncGenerator<ResponseEvent>>> {
    const prepared = await this.prepare(caller, request);
    if (!prepared.ok) return prepared;
    const { base, call, items } = prepared.value;
    const started = await this.deps.chat.streamParts(caller, call.request, cancel);
    if (!started.ok) return { ok: false, error: renamedError(started.error, call.sources) };
    return ok(
      responseEvents({
        base,
        stream: started.value,
        now: () => this.seconds(),
        complete: (response) => this.keep(caller, response, items),
      }),
    );
  }

  /** A stored response of the caller's, as JSON text. */
  async get(caller: Caller, id: string): Promise<Outcome<string>> {
    const row = await this.deps.repo.find(id, caller.account.id);
    return row ? ok(row.response) : notFound(id);
  }

  async delete(caller: Caller, id: string): Promise<Outcome<{ id: string; object: 'response'; deleted: true }>> {
    return (await this.deps.repo.delete(id, caller.account.id))
      ? ok({ id, object: 'response', deleted: true })
      : notFound(id);
  }

  /** The response's own input items (not those of the responses before it), newest first unless `order` is asc. */
  async inputItems(caller: Caller, id: string, query: InputItemsQuery) {
    const row = await this.deps.repo.find(id, caller.account.id);
    if (!row) return notFound(id);
    const all = JSON.parse(row.input_items) as StoredItem[];
    const ordered = query.order === 'asc' ? all : all.reverse();
    const start = query.after === undefined ? 0 : ordered.findIndex((item) => item.id === query.after) + 1;
    if (query.after !== undefined && start === 0)
      return fail('invalid_input', `No input item with id '${query.after}' in response '${id}'.`, undefined, 'after');
    const data = ordered.slice(start, start + query.limit);
    return ok({
      object: 'list' as const,
      data,
      first_id: data[0]?.id ?? null,
      last_id: data.at(-1)?.id ?? null,
      has_more: start + data.length < ordered.length,
    });
  }

  /** Deletes the stored responses older than the retention period, a batch at a time; returns how many. */
  sweep(): Promise<number> {
    this.sweeping ??= this.deleteExpired().finally(() => (this.sweeping = undefined));
    return this.sweeping;
  }

  /** Sweeps now and then every hour, unless responses are kept forever. */
  start(): void {
    if (this.deps.config.retentionDays === 0) return;
    const tick = () => {
      this.sweep().catch((error: unknown) => this.deps.log.warn({ err: error }, 'could not delete expired responses'));
    };
    tick();
    this.timer = setInterval(tick, SWEEP_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.sweeping?.catch(() => undefined);
  }

  private async deleteExpired(): Promise<number> {
    if (this.deps.config.retentionDays === 0) return 0;
    const before = new Date(this.deps.clock.now().getTime() - this.deps.config.retentionDays * DAY_MS).toISOString();
    let deleted = 0;
    for (;;) {
      const batch = await this.deps.repo.deleteOlder(before, DELETE_BATCH);
      deleted += batch;
      if (batch < DELETE_BATCH) return deleted;
      await nextTurn();
    }
  }

  private async prepare(caller: Caller, request: ResponseRequest): Promise<Outcome<Prepared>> {
    let history: InputItem[] = [];
    const previous = request.previous_response_id;
    if (previous != null) {
      const chain = await this.deps.repo.chain(previous, caller.account.id);
      if (chain.length === 0)
        return fail(
          'invalid_input',
          `Previous response with id '${previous}' not found.`,
          undefined,
          'previous_response_id',
        );
      history = chain.flatMap((row) => [
        ...(JSON.parse(row.input_items) as StoredItem[]),
        ...(JSON.parse(row.response) as ResponseObject).output,
      ]);
    }
    const call = chatRequestOf(request, history);
    if (!call.ok) return call;
    const base = responseBase(request, newItemId('resp'), this.seconds());
    return ok({ base, call: call.value, items: storedItemsOf(request.input) });
  }

  /**
   * Stores the answered response (as `json` when the caller has made it already; a streamed one is made here, and
   * only when it is stored); a storage failure is logged, never the answer's (it is paid and given).
   */
  private async keep(caller: Caller, response: ResponseObject, items: StoredItem[], json?: string): Promise<void> {
    if (!response.store) return;
    try {
      await this.deps.repo.insert({
        id: response.id,
        account_id: caller.account.id,
        previous_response_id: response.previous_response_id,
        response: json ?? JSON.stringify(response),
        input_items: JSON.stringify(items),
        created_at: isoNow(this.deps.clock),
      });
    } catch (error) {
      this.deps.log.warn({ err: error, response: response.id }, 'could not store a response');
    }
  }

  private seconds(): number {
    return unixSeconds(this.deps.clock);
  }
}
