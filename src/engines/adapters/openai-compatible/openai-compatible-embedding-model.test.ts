import { describe, expect, it } from 'vitest';
import { type UpstreamCall, replyJson, fakeUpstreamForFile } from '../../../../test/helpers/fake-upstream.js';
import { rejection } from '../../../../test/helpers/upstream-rejection.js';
import {
  type OpenAICompatibleEmbeddingConfig,
  OpenAICompatibleEmbeddingModel,
} from './openai-compatible-embedding-model.js';

const upstream = fakeUpstreamForFile();

const model = (overrides: Partial<OpenAICompatibleEmbeddingConfig> = {}) =>
  new OpenAICompatibleEmbeddingModel({
    baseUrl: upstream.baseUrl,
    apiKey: 'sk-embed-secret',
    modelId: 'text-embedding-3-small',
    timeoutMs: 2_000,
    retry: { retries: 2, sleep: async () => {} },
    ...overrides,
  });

/** A vector that says which input it is for: [length of the text, 1]. */
const vectorOf = (text: string) => [text.length, 1];
const inputsOf = (call: UpstreamCall) => call.body.input as string[];
const embeddingsReply = (inputs: string[]) => ({
  object: 'list',
  data: inputs.map((text, index) => ({ object: 'embedding', index, embedding: vectorOf(text) })),
  model: 'text-embedding-3-small',
  usage: { prompt_tokens: 3, total_tokens: 3 },
});

describe('OpenAICompatibleEmbeddingModel', () => {
  it('posts the inputs to /embeddings and returns one vector per input, in order', async () => {
    upstream.handle((call, res) => replyJson(res, 200, embeddingsReply(inputsOf(call))));
    const m = model();
    expect(m.provider).toBe('openai-compatible');
    expect(m.modelId).toBe('text-embedding-3-small');
    const result = await m.doEmbed({ values: ['a', 'bb', 'ccc'] });
    expect(result.embeddings).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
    ]);
    const [call] = upstream.calls;
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/v1/embeddings');
    expect(call?.headers.authorization).toBe('Bearer sk-embed-secret');
    expect(call?.body).toEqual({ model: 'text-embedding-3-small', input: ['a', 'bb', 'ccc'] });
  });

  it('sends batches of at most 64 inputs and puts the answers back together', async () => {
    upstream.handle((call, res) => replyJson(res, 200, embeddingsReply(inputsOf(call))));
    const values = Array.from({ length: 150 }, (_, i) => 'x'.repeat(i + 1));
    const result = await model().doEmbed({ values });
    expect(upstream.calls.map((c) => inputsOf(c).length)).toEqual([64, 64, 22]);
    expect(result.embeddings).toEqual(values.map(vectorOf));
    expect((await model({ batchSize: 10 }).doEmbed({ values: values.slice(0, 25) })).embeddings).toHaveLength(25);
    expect(upstream.calls.slice(3).map((c) => inputsOf(c).length)).toEqual([10, 10, 5]);
  });

  it('follows the index of each answer, and sends no key it does not have', async () => {
    upstream.handle((call, res) => {
      const reply = embeddingsReply(inputsOf(call));
      replyJson(res, 200, { ...reply, data: [...reply.data].reverse() });
    });
    const result = await model({ apiKey: undefined }).doEmbed({ values: ['one', 'three', 'sixteen'] });
    expect(result.embeddings).toEqual([vectorOf('one'), vectorOf('three'), vectorOf('sixteen')]);
    expect(upstream.calls[0]?.headers.authorization).toBeUndefined();
  });

  it('makes no call for no inputs', async () => {
    expect(await model().doEmbed({ values: [] })).toEqual({ embeddings: [] });
    expect(upstream.calls).toHaveLength(0);
  });

  it('retries a 500 and then succeeds', async () => {
    let attempts = 0;
    upstream.handle((call, res) => {
      attempts += 1;
      if (attempts === 1) return replyJson(res, 500, { error: 'overloaded' });
      replyJson(res, 200, embeddingsReply(inputsOf(call)));
    });
    expect((await model().doEmbed({ values: ['a'] })).embeddings).toEqual([[1, 1]]);
    expect(upstream.calls).toHaveLength(2);
  });

  it('does not retry a 400, keeps the upstream body out of the message, and names a refused key', async () => {
    upstream.handle((_call, res) => replyJson(res, 400, { error: { message: 'secret upstream detail' } }));
    const error = await rejection(model().doEmbed({ values: ['a'] }));
    // Refused as asked: the caller's to change (a 400 of the service), not the provider's failure.
    expect(error).toMatchObject({ name: 'EngineRequestError', isRetryable: false, cause: { upstreamStatus: 400 } });
    expect(error.message).toMatch(/^The embedding provider \(model .+\) refused the request \(400\)/);
    expect(error.message).not.toMatch(/secret/);
    expect(upstream.calls).toHaveLength(1);
    upstream.handle((_call, res) => replyJson(res, 401, { error: 'bad key' }));
    expect(await rejection(model().doEmbed({ values: ['a'] }))).toMatchObject({
      isRetryable: false,
      message: 'The embedding provider rejected the API key',
    });
  });

  it('refuses replies of the wrong shape or count without retrying', async () => {
    const replies: unknown[] = [
      { data: 'nope' },
      { data: [{ embedding: ['x'] }] },
      { data: [{ embedding: [] }] },
      { data: [] },
      {
        data: [
          { embedding: [1], index: 0 },
          { embedding: [2], index: 0 },
        ],
      },
      {
        data: [
          { embedding: [1], index: 5 },
          { embedding: [2], index: 1 },
        ],
      },
      { data: [{ embedding: [1, 2] }, { embedding: [3] }] },
    ];
    for (const reply of replies) {
      upstream.handle((_call, res) => replyJson(res, 200, reply));
      const error = await rejection(model().doEmbed({ values: ['a', 'b'] }));
      expect(error.isRetryable, JSON.stringify(reply)).toBe(false);
      expect(error.message).toMatch(/^The embedding provider returned an unexpected response/);
    }
    expect(upstream.calls).toHaveLength(replies.length);
  });

  it('times out, retries, and fails with a retryable error; stops at once when the caller aborts', async () => {
    // An answer that never comes: only the time limit or the abort can end the call.
    upstream.handle(() => {});
    const timedOut = await rejection(
      model({ timeoutMs: 80, retry: { retries: 1, sleep: async () => {} } }).doEmbed({ values: ['a'] }),
    );
    expect(timedOut).toMatchObject({ isRetryable: true, message: 'The embedding provider timed out' });
    expect(upstream.calls).toHaveLength(2);
    const aborted = await rejection(model().doEmbed({ values: ['a'], abortSignal: AbortSignal.timeout(50) }));
    expect(aborted.isRetryable).toBe(false);
    expect(upstream.calls).toHaveLength(3);
  });
});
