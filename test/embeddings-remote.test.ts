import { createOpenAI } from '@ai-sdk/openai';
import { OpenAIEmbeddings } from '@langchain/openai';
import { embed, embedMany } from 'ai';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type UpstreamCall, fakeUpstreamForFile, replyJson } from './helpers/fake-upstream.js';
import { type TestApp, startTestApp } from './helpers/test-app.js';

/**
 * /v1/embeddings on a remote OpenAI-compatible embedder (a fake upstream that records what it gets) and
 * /v1/moderations through a fake moderation endpoint, with the official openai SDK, the Vercel AI SDK and
 * LangChain against a listening service; the money and limits in OpenAI's error shape.
 */
const upstream = fakeUpstreamForFile();
let t: TestApp;
let base: string;
let key: string;

/** A vector per input that says which input it is (its length and first character code). */
const vectorOf = (input: unknown) =>
  typeof input === 'string' ? [input.length, input.charCodeAt(0), 0.5] : [(input as number[]).length, 0, 0.25];

function embeddingsUpstream(call: UpstreamCall, res: Parameters<Parameters<typeof upstream.handle>[0]>[1]) {
  if (call.path.endsWith('/moderations')) {
    const inputs = Array.isArray(call.body.input) ? call.body.input : [call.body.input];
    return replyJson(res, 200, {
      id: 'modr-upstream-1',
      model: call.body.model,
      results: inputs.map((input) => ({
        flagged: String(input).includes('hate'),
        categories: { hate: String(input).includes('hate'), violence: false },
        category_scores: { hate: String(input).includes('hate') ? 0.9 : 0.01, violence: 0.001 },
        category_applied_input_types: { hate: ['text'], violence: ['text'] },
      })),
    });
  }
  const inputs = call.body.input as unknown[];
  const dimensions = call.body.dimensions as number | undefined;
  replyJson(res, 200, {
    object: 'list',
    data: inputs.map((input, index) => ({
      object: 'embedding',
      index,
      embedding: dimensions ? vectorOf(input).slice(0, dimensions) : vectorOf(input),
    })),
    model: call.body.model,
    usage: { prompt_tokens: inputs.length * 7, total_tokens: inputs.length * 7 },
  });
}

beforeAll(async () => {
  t = await startTestApp({
    ATELIER_EMBEDDINGS_BASE_URL: upstream.baseUrl,
    ATELIER_EMBEDDINGS_MODEL: 'nomic-embed-text',
    ATELIER_MODERATIONS_BASE_URL: upstream.baseUrl,
    ATELIER_EMBEDDINGS_CREDITS_PER_1K_TOKENS: '1000',
    ATELIER_RATE_LIMIT_ENABLED: 'false',
  });
  await t.server.listen({ port: 0, host: '127.0.0.1' });
  const address = t.server.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `http://127.0.0.1:${address.port}`;
  key = (await t.account({ credits: 100_000 })).key;
});

afterAll(async () => {
  await t?.close();
});

const client = (apiKey = key, path = '/v1') => new OpenAI({ apiKey, baseURL: `${base}${path}`, maxRetries: 0 });
const balance = async (apiKey: string) =>
  (await (await fetch(`${base}/api/account`, { headers: { 'x-api-key': apiKey } })).json()) as {
    credits: { balance: number };
  };

describe('POST /v1/embeddings on a remote embedder', () => {
  it('answers the openai SDK as floats and as base64, passes the request on and bills the tokens the provider counted', async () => {
    upstream.handle(embeddingsUpstream);
    const { key: own } = await t.account({ credits: 1_000 });
    const floats = await client(own).embeddings.create({
      model: 'text-embedding-3-small',
      input: ['hello', 'bonjour'],
      encoding_format: 'float',
    });
    expect(floats.model).toBe('text-embedding-3-small');
    expect(floats.data.map((d) => [d.index, d.embedding])).toEqual([
      [0, [5, 104, 0.5]],
      [1, [7, 98, 0.5]],
    ]);
    expect(floats.usage).toEqual({ prompt_tokens: 14, total_tokens: 14 });
    const sent = upstream.calls.at(-1);
    expect(sent?.path).toMatch(/\/embeddings$/);
    expect(sent?.body).toEqual({ model: 'nomic-embed-text', input: ['hello', 'bonjour'] });
    // 14 tokens at 1,000 credits per 1,000 tokens.
    expect((await balance(own)).credits.balance).toBe(1_000 - 14);

    // The SDK asks for base64 by default and decodes it: the same vector comes back, as float32.
    const decoded = await client(own, '/api').embeddings.create({ model: 'nomic-embed-text', input: 'hello' });
    expect(decoded.data[0]?.embedding).toEqual([5, 104, 0.5]);
    const raw = await fetch(`${base}/v1/embeddings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${own}`, 'content-type': 'application/json' },
      body: JSON.stringify({ input: 'hello', encoding_format: 'base64' }),
    });
    const body = (await raw.json()) as { data: { embedding: string }[]; model: string };
    expect(body.model).toBe('nomic-embed-text');
    const bytes = Buffer.from(body.data[0]?.embedding ?? '', 'base64');
    expect([0, 4, 8].map((at) => bytes.readFloatLE(at))).toEqual([5, 104, 0.5]);
    expect(bytes.length).toBe(12);
  });

  it('passes dimensions and token arrays on to the provider', async () => {
    upstream.handle(embeddingsUpstream);
    const answer = await client().embeddings.create({
      model: 'text-embedding-3-large',
      input: [
        [1, 2, 3],
        [4, 5],
      ],
      dimensions: 2,
      encoding_format: 'float',
    });
    expect(answer.data.map((d) => d.embedding)).toEqual([
      [3, 0],
      [2, 0],
    ]);
    expect(upstream.calls.at(-1)?.body).toEqual({
      model: 'nomic-embed-text',
      input: [
        [1, 2, 3],
        [4, 5],
      ],
      dimensions: 2,
    });
  });

  it("serves the Vercel AI SDK's embed and embedMany, and LangChain's OpenAIEmbeddings", async () => {
    upstream.handle(embeddingsUpstream);
    const provider = createOpenAI({ apiKey: key, baseURL: `${base}/v1` });
    const one = await embed({ model: provider.embedding('text-embedding-3-small'), value: 'sunny day' });
    expect(one.embedding).toEqual([9, 115, 0.5]);
    const many = await embedMany({ model: provider.embedding('text-embedding-3-small'), values: ['a', 'bb', 'ccc'] });
    expect(many.embeddings).toEqual([
      [1, 97, 0.5],
      [2, 98, 0.5],
      [3, 99, 0.5],
    ]);
    const langchain = new OpenAIEmbeddings({
      apiKey: key,
      model: 'text-embedding-ada-002',
      configuration: { baseURL: `${base}/v1` },
    });
    expect(await langchain.embedQuery('lighthouse')).toEqual([10, 108, 0.5]);
    expect(await langchain.embedDocuments(['x', 'yy'])).toEqual([
      [1, 120, 0.5],
      [2, 121, 0.5],
    ]);
  });

  it("refuses a wrong key (401), an account without credits (402) and inputs past the limits (400), in OpenAI's shape", async () => {
    upstream.handle(embeddingsUpstream);
    await expect(
      client('wrong-key').embeddings.create({ model: 'text-embedding-3-small', input: 'x' }),
    ).rejects.toMatchObject({
      status: 401,
      code: 'invalid_api_key',
    });
    const { key: broke } = await t.account({ credits: 0 });
    await expect(
      client(broke).embeddings.create({ model: 'text-embedding-3-small', input: 'x' }),
    ).rejects.toMatchObject({
      status: 402,
      code: 'insufficient_quota',
    });
    const tooMany = client().embeddings.create({ model: 'text-embedding-3-small', input: Array(2_049).fill('x') });
    await expect(tooMany).rejects.toMatchObject({ status: 400, param: 'input' });
    await expect(tooMany.catch((e: Error) => e.message)).resolves.toMatch(/at most 2048 inputs per request/);
    const tooLong = client().embeddings.create({ model: 'text-embedding-3-small', input: 'x'.repeat(32_769) });
    await expect(tooLong.catch((e: Error) => e.message)).resolves.toMatch(/at most 32768 per input/);
    await expect(client().embeddings.create({ model: 'no-such-embedder', input: 'x' })).rejects.toMatchObject({
      status: 404,
      code: 'model_not_found',
      param: 'model',
    });
    // Nothing of these reached the provider.
    expect(upstream.calls).toEqual([]);
  });
});

describe('POST /v1/moderations', () => {
  it("passes the provider's classification on, and bills nothing", async () => {
    upstream.handle(embeddingsUpstream);
    const { key: own } = await t.account({ credits: 10 });
    const moderation = await client(own).moderations.create({ input: ['a kind word', 'hate speech'] });
    expect(moderation.id).toBe('modr-upstream-1');
    expect(moderation.model).toBe('omni-moderation-latest');
    expect(moderation.results.map((r) => [r.flagged, r.categories.hate, r.category_scores.hate])).toEqual([
      [false, false, 0.01],
      [true, true, 0.9],
    ]);
    expect(moderation.results[1]?.category_applied_input_types?.hate).toEqual(['text']);
    expect(upstream.calls.at(-1)?.body).toEqual({
      model: 'omni-moderation-latest',
      input: ['a kind word', 'hate speech'],
    });
    expect((await balance(own)).credits.balance).toBe(10);
    await expect(client('wrong-key').moderations.create({ input: 'x' })).rejects.toMatchObject({ status: 401 });
  });
});

describe('GET /v1/models', () => {
  it('lists every modality, each name with what it serves', async () => {
    const models = await client().models.list();
    const byId = new Map(models.data.map((m) => [m.id, m as unknown as { capabilities: string[]; alias_of?: string }]));
    expect(byId.get('gpt-4o-mini')?.capabilities).toEqual(['chat']);
    expect(byId.get('nomic-embed-text')?.capabilities).toEqual(['embeddings']);
    expect(byId.get('text-embedding-3-small')).toMatchObject({
      capabilities: ['embeddings'],
      alias_of: 'nomic-embed-text',
    });
    const capabilities = new Set(models.data.flatMap((m) => (m as unknown as { capabilities: string[] }).capabilities));
    expect([...capabilities].sort()).toEqual(['chat', 'embeddings', 'images', 'speech', 'transcription', 'videos']);
  });
});
