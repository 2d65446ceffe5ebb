import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ModelServer, catalogueWith, startModelServer } from './helpers/model-server.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';
import { writeTinyLlama } from './helpers/tiny-llama.js';

/**
 * /v1/embeddings on llama.cpp: no model at first (a 503 saying how to get one), then a tiny GGUF pulled under the
 * catalogue name nomic-embed-text-v1.5 from a local mirror while the service runs, which serves at once.
 */
const NAME = 'nomic-embed-text-v1.5';
let body: Buffer;
let server: ModelServer;
let t: TestApp;
let base: string;
let admin: string;
let key: string;

beforeAll(async () => {
  const file = join(tmpdir(), `atelier-embeddings-local-${process.pid}.gguf`);
  await writeTinyLlama(file, { contextLength: 64 });
  body = await readFile(file);
  await rm(file);
  const catalogue = catalogueWith(NAME, body);
  const entry = catalogue.find((e) => e.name === NAME);
  if (!entry) throw new Error('no entry');
  server = await startModelServer(entry, body, 0);
  t = await startTestApp(
    { ATELIER_MODELS_BASE_URL: server.baseUrl, ATELIER_EMBEDDINGS_THREADS: '1', ATELIER_RATE_LIMIT_ENABLED: 'false' },
    { modelCatalogue: catalogue },
  );
  await t.server.listen({ port: 0, host: '127.0.0.1' });
  const address = t.server.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `http://127.0.0.1:${address.port}`;
  admin = (await t.account({ admin: true })).key;
  key = (await t.account({ credits: 1_000 })).key;
});

afterAll(async () => {
  await t?.close();
  await server?.close();
});

const client = () => new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { status: number; message: string; param?: string }) => ({
      status: error.status,
      message: error.message,
      param: error.param,
    }),
  );

/** The model pulled and in use, pulled by whichever test asks first (the tests run in any order). */
let pulling: Promise<void> | undefined;
const pulled = () => {
  pulling ??= pull();
  return pulling;
};

async function pull(): Promise<void> {
  const started = await t.server.inject({
    method: 'POST',
    url: `/api/admin/models/${NAME}/pull`,
    headers: withKey(admin),
  });
  expect(started.statusCode).toBe(200);
  for (let i = 0; i < 300; i++) {
    const listed = (await t.server.inject({ url: '/api/admin/models', headers: withKey(admin) })).json<{
      models: { name: string; state: string; in_use: boolean }[];
    }>();
    const model = listed.models.find((m) => m.name === NAME);
    if (model?.state === 'pulled' && model.in_use) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${NAME} was never pulled and in use`);
}

describe('POST /v1/embeddings on llama.cpp', () => {
  it('says how to get a model while there is none', async () => {
    // An app of its own: the other tests pull a model into theirs.
    const bare = await startTestApp({ ATELIER_RATE_LIMIT_ENABLED: 'false' });
    try {
      const user = (await bare.account({ credits: 1_000 })).key;
      const ask = (url: string, payload: Record<string, unknown>) =>
        bare.server.inject({ method: 'POST', url, headers: withKey(user), payload });
      const none = await ask('/v1/embeddings', { model: 'text-embedding-3-small', input: 'x' });
      expect(none.statusCode).toBe(503);
      expect(none.json<{ error: { message: string } }>().error.message).toMatch(
        /No embedding model is configured here: pull one \(atelier models pull nomic-embed-text-v1\.5/,
      );
      const moderation = await ask('/v1/moderations', { input: 'x' });
      expect(moderation.statusCode).toBe(503);
      expect(moderation.json<{ error: { message: string } }>().error.message).toMatch(
        /No moderation endpoint is configured here: set ATELIER_MODERATIONS_BASE_URL/,
      );
    } finally {
      await bare.close();
    }
  });

  it('serves a pulled model without a restart', async () => {
    await pulled();
    const answer = await client().embeddings.create({
      model: 'text-embedding-3-small',
      input: ['the lighthouse', 'the lighthouse', 'a bakery'],
      encoding_format: 'float',
    });
    const [a, b, c] = answer.data.map((d) => d.embedding);
    expect(a?.length).toBe(64);
    expect(Math.hypot(...(a ?? []))).toBeCloseTo(1, 5);
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
    expect(answer.usage.prompt_tokens).toBeGreaterThan(3);
    const models = await client().models.list();
    expect(models.data.find((m) => m.id === 'nomic-embed-text-v1.5.Q4_K_M')).toMatchObject({
      capabilities: ['embeddings'],
    });

    // The catalogue's nomic-embed is Matryoshka-trained: shorter vectors are its first components, at unit length.
    const short = await client().embeddings.create({
      model: 'text-embedding-3-small',
      input: 'the lighthouse',
      dimensions: 16,
      encoding_format: 'float',
    });
    const first = short.data[0]?.embedding ?? [];
    expect(first.length).toBe(16);
    expect(Math.hypot(...first)).toBeCloseTo(1, 5);
    const scale = (a?.[0] ?? 0) / (first[0] ?? 1);
    expect(first.map((x) => x * scale)).toEqual((a ?? []).slice(0, 16).map((x) => expect.closeTo(x, 5)));

    // The bots' search by meaning embeds with the same pulled model.
    const bot = await t.server.inject({
      method: 'POST',
      url: '/api/bots',
      headers: withKey(key),
      payload: { name: 'Keeper' },
    });
    expect(bot.statusCode).toBe(201);
    const document = await t.server.inject({
      method: 'POST',
      url: `/api/bots/${bot.json<{ id: string }>().id}/documents`,
      headers: withKey(key),
      payload: { title: 'Lights', content: 'Lighthouses guide ships.' },
    });
    expect(document.json()).toMatchObject({ warnings: [] });
    const stored = await t.app.services.db
      .selectFrom('bot_documents')
      .select('embedding_model')
      .where('id', '=', document.json<{ id: string }>().id)
      .executeTakeFirst();
    expect(stored?.embedding_model).toBe('nomic-embed-text-v1.5.Q4_K_M');
  });

  it('refuses token arrays and an input longer than the model takes with a 400 naming the engine or the limit', async () => {
    await pulled();
    const tokens = await failure(client().embeddings.create({ model: 'text-embedding-3-small', input: [[1, 2, 3]] }));
    expect(tokens).toMatchObject({ status: 400, param: 'input' });
    expect(tokens?.message).toMatch(/\(llama-cpp engine\) takes text, not token arrays/);
    const long = await failure(
      client().embeddings.create({ model: 'text-embedding-3-small', input: 'word '.repeat(200) }),
    );
    expect(long).toMatchObject({ status: 400, param: 'input' });
    expect(long?.message).toMatch(
      /input 0 takes \d+ tokens; the model 'text-embedding-3-small' \(llama-cpp engine\) takes at most 63 per input/,
    );
  });
});
