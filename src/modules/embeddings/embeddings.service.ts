import type { EmbeddingModel, EmbeddingSource } from '../../engines/spec/embedding-model.js';
import { type Outcome, engineFailure, fail, ok } from '../../shared/errors.js';
import { newId } from '../../shared/ids.js';
import type { Caller } from '../accounts/accounts.service.js';
import { type CreditsService, type Reservation, newReservation } from '../credits/credits.service.js';
import { type EmbeddingsRequest, type EmbeddingsResponse, type Inputs, inputsOf } from './embeddings.schemas.js';

export interface EmbeddingsServiceOptions {
  /** The embedding engine of the moment: a remote server, or a GGUF model named or pulled; close() releases it. */
  source: EmbeddingSource & { release(): Promise<void> };
  credits: CreditsService;
  /** The names the engine answers to besides its own (ATELIER_EMBEDDINGS_MODEL_ALIASES). */
  aliases: readonly string[];
  creditsPer1kTokens: number;
}

/** What a request without an engine is told: how to get one. */
export const NO_EMBEDDING_MODEL =
  'No embedding model is configured here: pull one (atelier models pull nomic-embed-text-v1.5, or bge-small-en-v1.5), ' +
  'or set ATELIER_EMBEDDINGS_MODEL_PATH to a GGUF embedding model, or ATELIER_EMBEDDINGS_BASE_URL to an OpenAI-compatible server';

/** An embedding model name listed by GET /v1/models, with what answers it. */
export interface EmbeddingModelName {
  id: string;
  ownedBy: string;
  aliasOf?: string;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * POST /v1/embeddings: the inputs checked against what the engine takes, the tokens they take reserved (exactly,
 * with a local model's tokenizer; at most one a byte, and two more an input, for a remote one), the vectors computed, and the tokens the
 * engine counted settled, on the same credits and ledger as chat.
 */
export class EmbeddingsService {
  constructor(private readonly deps: EmbeddingsServiceOptions) {}

  /** The engine's model and the aliases that name it; none without an engine. */
  models(): EmbeddingModelName[] {
    const model = this.deps.source.current();
    if (!model) return [];
    const ownedBy = 'atelier';
    const aliases = this.deps.aliases.filter((alias) => !same(alias, model.modelId));
    return [{ id: model.modelId, ownedBy }, ...aliases.map((id) => ({ id, ownedBy, aliasOf: model.modelId }))];
  }

  /** Frees a local model (at shutdown). */
  close(): Promise<void> {
    return this.deps.source.release();
  }

  async embed(caller: Caller, request: EmbeddingsRequest): Promise<Outcome<EmbeddingsResponse>> {
    const model = this.deps.source.current();
    if (!model) return fail('unavailable', NO_EMBEDDING_MODEL);
    const name = request.model ?? model.modelId;
    if (!same(name, model.modelId) && !this.deps.aliases.some((alias) => same(alias, name)))
      return fail('not_found', `The model '${name}' does not exist here`, {}, 'model');
    const inputs = inputsOf(request.input);
    if ('fault' in inputs) return fail('invalid_input', `input: ${inputs.fault}`, {}, 'input');
    const engine = `the model '${name}' (${model.provider} engine)`;
    if (inputs.kind === 'tokens' && !model.takesTokens)
      return fail(
        'invalid_input',
        `${capital(engine)} takes text, not token arrays: send the text itself`,
        {},
        'input',
      );
    if (request.dimensions !== undefined && (model.dimensions ?? 'unsupported') === 'unsupported')
      return fail(
        'invalid_input',
        `${capital(engine)} does not take dimensions: its vectors have one length`,
        {},
        'dimensions',
      );
    const counted = await this.counted(model, inputs, engine);
    if (!counted.ok) return counted;
    const reservation = this.reservation(caller, counted.value.reserve);
    if (reservation) {
      const reserved = await this.deps.credits.reserve(reservation);
      if (!reserved.ok) return reserved;
    }
    let result: Awaited<ReturnType<EmbeddingModel['doEmbed']>>;
    try {
      result = await model.doEmbed({ values: inputs.values, dimensions: request.dimensions });
    } catch (error) {
      if (reservation) await this.deps.credits.release(reservation);
      return engineFailure(error, 'The embedding engine failed');
    }
    const tokens = result.tokens ?? counted.value.estimate;
    if (reservation)
      await this.deps.credits.settleAfterAnswer(reservation, Math.min(reservation.amount, this.creditsFor(tokens)));
    const base64 = request.encoding_format === 'base64';
    return ok({
      object: 'list',
      data: result.embeddings.map((vector, index) => ({
        object: 'embedding' as const,
        index,
        embedding: base64 ? float32Base64(vector) : vector,
      })),
      model: name,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    });
  }

  /**
   * The tokens to reserve for, and to bill when the engine does not count them: a local model's own count (an input
   * longer than it takes is refused), or for a remote one at most a token a byte, and ~4 characters a token.
   */
  private async counted(
    model: EmbeddingModel,
    inputs: Inputs,
    engine: string,
  ): Promise<Outcome<{ reserve: number; estimate: number }>> {
    if (inputs.kind === 'tokens') {
      const tokens = inputs.values.reduce((sum, value) => sum + value.length, 0);
      return ok({ reserve: tokens, estimate: tokens });
    }
    if (model.countTokens) {
      let counts: Awaited<ReturnType<NonNullable<EmbeddingModel['countTokens']>>>;
      try {
        counts = await model.countTokens(inputs.values);
      } catch (error) {
        return engineFailure(error, 'The embedding engine failed');
      }
      const long = counts.counts.findIndex((count) => count > counts.limit);
      if (long !== -1)
        return fail(
          'invalid_input',
          `input ${long} takes ${counts.counts[long]} tokens; ${engine} takes at most ${counts.limit} per input`,
          {},
          'input',
        );
      const tokens = counts.counts.reduce((sum, count) => sum + count, 0);
      return ok({ reserve: tokens, estimate: tokens });
    }
    // A provider's count may take in a start and an end token per input (llama.cpp server's does).
    let bytes = 0;
    let characters = 0;
    for (const value of inputs.values) {
      bytes += Buffer.byteLength(value) + 2;
      characters += value.length;
    }
    return ok({ reserve: bytes, estimate: Math.ceil(characters / 4) });
  }

  private reservation(caller: Caller, tokens: number): Reservation | undefined {
    const amount = this.creditsFor(tokens);
    if (amount === 0) return undefined;
    return newReservation({ accountId: caller.account.id, amount, kind: 'embedding', reference: newId() });
  }

  private creditsFor(tokens: number): number {
    return Math.ceil((tokens * this.deps.creditsPer1kTokens) / 1000);
  }
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** OpenAI's base64 encoding: the vector's float32 values, little-endian, base64-encoded. */
function float32Base64(vector: readonly number[]): string {
  const bytes = Buffer.alloc(vector.length * 4);
  for (const [i, x] of vector.entries()) bytes.writeFloatLE(x, i * 4);
  return bytes.toString('base64');
}
