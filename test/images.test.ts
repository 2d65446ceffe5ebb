import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_NOT_FOUND } from '../src/modules/images/images.service.js';
import { type FileServer, startFileServer } from './helpers/file-server.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

type ImageRecord = {
  id: number;
  image_url: string | null;
  model: string;
  engine: string;
  prompt: string;
  used_credits: number;
  created_at: string;
  status: 'pending' | 'completed' | 'failed';
  error?: string;
  width: number;
  height: number;
  requested_model: string;
  warnings: string[];
};

let t: TestApp;
let files: FileServer;
let key: string;

beforeAll(async () => {
  files = await startFileServer();
  files.serve(
    '/reference.png',
    await sharp({ create: { width: 320, height: 200, channels: 3, background: '#10c020' } })
      .png()
      .toBuffer(),
    'image/png',
  );
  files.serve('/not-an-image.png', Buffer.from('<html>nope</html>'), 'image/png');
  t = await startTestApp({
    ATELIER_ALLOW_PRIVATE_URLS: 'true',
    ATELIER_RATE_LIMIT_ENABLED: 'false',
    ATELIER_JOB_POLL_MS: '50',
    ATELIER_JOB_RETRY_BASE_MS: '50',
  });
  t.app.services.worker.start();
  key = (await t.account({ credits: 200 })).key;
});
afterAll(async () => {
  await t.close();
  await files.close();
});

const generate = (payload: Record<string, unknown>, apiKey = key, headers: Record<string, string> = {}) =>
  t.server.inject({ method: 'POST', url: '/api/generate-image', headers: { ...withKey(apiKey), ...headers }, payload });
const getImage = (query: string, apiKey = key) =>
  t.server.inject({ method: 'GET', url: `/api/get-image${query}`, headers: withKey(apiKey) });
const balance = async (apiKey = key) =>
  (await t.server.inject({ method: 'GET', url: '/api/account', headers: withKey(apiKey) })).json<{
    credits: { balance: number };
  }>().credits.balance;

async function poll(id: number, apiKey = key): Promise<ImageRecord> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const image = (await getImage(`?imageId=${id}`, apiKey)).json<ImageRecord>();
    if (image.status !== 'pending' || Date.now() > deadline) return image;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function download(url: string): Promise<Buffer> {
  const response = await t.server.inject({ method: 'GET', url: new URL(url).pathname });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

describe('POST /api/generate-image and GET /api/get-image', () => {
  it('creates a pending record, which polling sees completed with a real picture', async () => {
    const before = await balance();
    const created = await generate({
      prompt: 'A lighthouse on a cliff at sunset',
      model: 'DALL-E 3',
      dimensions: '1792x1024',
    });
    expect(created.statusCode).toBe(200);
    const [record] = created.json<ImageRecord[]>();
    expect(record).toMatchObject({
      prompt: 'A lighthouse on a cliff at sunset',
      model: 'builtin-sketch',
      engine: 'builtin',
      requested_model: 'DALL-E 3',
      used_credits: 4,
      width: 1792,
      height: 1024,
    });
    expect(Number.isInteger(record?.id)).toBe(true);
    if (record?.status === 'pending') expect(record.image_url).toBeNull();
    expect(await balance()).toBe(before - 4);

    const done = await poll(record?.id ?? 0);
    expect(done.status).toBe('completed');
    expect(done.image_url).toMatch(/^http:\/\/127\.0\.0\.1:8080\/files\/images\/[0-9a-f-]{36}\.png$/);
    const meta = await sharp(await download(done.image_url ?? '')).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1792, height: 1024 });
    expect(await balance()).toBe(before - 4);
  });

  it('waits for several outputs with waitForResult, each its own record and charge', async () => {
    const before = await balance();
    const created = await generate({
      prompt: 'Neon city',
      model: 'sdxl',
      dimensions: '512x512',
      outputs: '3',
      waitForResult: true,
      style: 'neon',
    });
    const records = created.json<ImageRecord[]>();
    expect(records).toHaveLength(3);
    expect(new Set(records.map((r) => r.id)).size).toBe(3);
    for (const r of records)
      expect(r).toMatchObject({
        status: 'completed',
        model: 'builtin-sketch',
        requested_model: 'sdxl',
        used_credits: 2,
        width: 512,
        height: 512,
      });
    expect(new Set(records.map((r) => r.image_url)).size).toBe(3);
    expect(await balance()).toBe(before - 6);
  });

  it('edits a given picture: without action it asks for Edit Image with AI, which no offline engine does (422)', async () => {
    const response = await generate({
      prompt: 'A red desert at noon',
      model: 'FLUX.1',
      image: files.url('/reference.png'),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ error: string }>().error).toMatch(/^action: "Edit Image with AI" needs a generative model/);
  });

  it('fails a record whose reference is not a picture, with the reason, and refunds it', async () => {
    const before = await balance();
    const [record] = (
      await generate({
        prompt: 'x',
        model: 'builtin',
        dimensions: '256x256',
        image: files.url('/not-an-image.png'),
        action: 'Stylization',
        waitForResult: true,
      })
    ).json<ImageRecord[]>();
    expect(record).toMatchObject({ status: 'failed', image_url: null, used_credits: 0 });
    expect(record?.error).toMatch(/not a PNG, JPEG or WebP/);
    expect(await balance()).toBe(before);
  });

  it('property: any prompt, style and artist the API accepts renders, and the worker never chokes', async () => {
    const text = (max: number) =>
      fc.oneof(
        fc.string({ unit: 'grapheme', maxLength: max }),
        fc.string({ unit: 'binary', maxLength: max }),
        fc.constantFrom('<svg onload=x>', '&amp;', ']]>', '\u0000\u202e', '🦊🌋'.repeat(40)),
      );
    await fc.assert(
      fc.asyncProperty(
        text(600),
        text(60),
        text(60),
        fc.oneof(fc.constantFrom('64x64', '97x131', '300x80', '1:8', '21:9', '3:2'), fc.string({ maxLength: 12 })),
        async (prompt, style, artist, dimensions) => {
          const response = await generate({
            prompt: `x${prompt}`,
            style,
            artist,
            dimensions,
            model: 'builtin',
            waitForResult: true,
          });
          if (response.statusCode === 400) return;
          expect(response.statusCode, response.body).toBe(200);
          const [record] = response.json<ImageRecord[]>();
          expect(record?.status, record?.error).toBe('completed');
        },
      ),
      { numRuns: 25 },
    );
  });

  it('refuses unknown models with the list of available ones; a size a model cannot make becomes its nearest, with a warning', async () => {
    const unknown = await generate({ prompt: 'x', model: 'Imagen 9' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ error: string }>().error).toMatch(
      /^model: unknown model "Imagen 9"; available: DALL-E 3, DALL-E 2, .*FLUX\.1.*builtin-sketch/,
    );
    const size = await generate({ prompt: 'x', model: 'dall-e-3', dimensions: '512x512' });
    expect(size.statusCode).toBe(200);
    expect(size.json<ImageRecord[]>()[0]).toMatchObject({
      width: 1024,
      height: 1024,
      warnings: ['dimensions: DALL-E 3 makes 1024x1024, 1792x1024, 1024x1792; it made 1024x1024 instead of 512x512'],
    });
    // A lone number is a square.
    expect((await generate({ prompt: 'x', model: 'sdxl', dimensions: '768' })).json<ImageRecord[]>()[0]).toMatchObject({
      width: 768,
      height: 768,
      warnings: [],
    });
    for (const [payload, field] of [
      [{ model: 'sdxl' }, 'prompt'],
      [{ prompt: 'x' }, 'model'],
      [{ prompt: 'x', model: 'sdxl', dimensions: '32x32' }, 'dimensions'],
      [{ prompt: 'x', model: 'sdxl', dimensions: '1024x1' }, 'dimensions'],
      [{ prompt: 'x', model: 'sdxl', dimensions: '4096x4096' }, 'dimensions'],
      [{ prompt: 'x', model: 'sdxl', outputs: 5 }, 'outputs'],
      [{ prompt: 'x', model: 'sdxl', outputs: 0 }, 'outputs'],
      [{ prompt: 'x', model: 'sdxl', image: 'file:///etc/passwd' }, 'image'],
      [{ prompt: 'x', model: 'sdxl', useHD: 'maybe' }, 'useHD'],
      [{ prompt: 'x'.repeat(4001), model: 'sdxl' }, 'prompt'],
      [{ prompt: 'x', model: 'sdxl', size: 'big' }, 'size'],
    ] as const) {
      const response = await generate(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ error: string }>().error).toContain(field);
    }
  });

  it('answers 400 for every missing or invalid imageId, 404 for missing and foreign images, 401 for a bad key', async () => {
    for (const query of [
      '',
      '?imageId=',
      '?imageId=abc',
      '?imageId=0',
      '?imageId=-1',
      '?imageId=1.5',
      '?imageId=1e3',
      '?imageId=0x10',
      '?imageId=99999999999999999',
      '?imageId=1&imageId=2',
    ]) {
      const response = await getImage(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ error: string }>().error, query).toMatch(/imageId/);
    }
    expect((await getImage('?imageId=987654321')).json()).toEqual({ error: IMAGE_NOT_FOUND });
    expect((await getImage('?imageId=987654321')).statusCode).toBe(404);

    const mine = (await generate({ prompt: 'Mine', model: 'builtin', dimensions: '128x128' })).json<ImageRecord[]>()[0];
    const other = (await t.account({ credits: 10 })).key;
    const foreign = await getImage(`?imageId=${mine?.id}`, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: IMAGE_NOT_FOUND });
    expect((await getImage(`?imageId=${mine?.id}`, 'atl_not-a-key')).statusCode).toBe(401);
    expect((await t.server.inject({ method: 'GET', url: `/api/get-image?imageId=${mine?.id}` })).statusCode).toBe(401);
  });

  it('charges nothing and creates nothing without enough credits', async () => {
    const poor = (await t.account({ credits: 3 })).key;
    const response = await generate({ prompt: 'x', model: 'DALL-E 3' }, poor);
    expect(response.statusCode).toBe(402);
    expect(await balance(poor)).toBe(3);
    const list = await t.server.inject({ method: 'GET', url: '/api/images', headers: withKey(poor) });
    expect(list.json()).toEqual({ images: [] });
  });

  it('lists images newest first with paging, and the model catalogue', async () => {
    const own = (await t.account({ credits: 20 })).key;
    const ids: number[] = [];
    for (const prompt of ['one', 'two', 'three'])
      ids.push(
        (await generate({ prompt, model: 'builtin', dimensions: '64x64' }, own)).json<ImageRecord[]>()[0]?.id ?? 0,
      );
    const page = (await t.server.inject({ method: 'GET', url: '/api/images?limit=2', headers: withKey(own) })).json<{
      images: ImageRecord[];
    }>().images;
    expect(page.map((i) => i.prompt)).toEqual(['three', 'two']);
    const next = (
      await t.server.inject({ method: 'GET', url: `/api/images?limit=2&before=${page[1]?.id}`, headers: withKey(own) })
    ).json<{ images: ImageRecord[] }>().images;
    expect(next.map((i) => i.prompt)).toEqual(['one']);

    const models = (await t.server.inject({ method: 'GET', url: '/api/image-models', headers: withKey(own) })).json<{
      models: { name: string; engine: string; credits: number }[];
    }>().models;
    expect(models.find((m) => m.name === 'DALL-E 3')).toMatchObject({
      family: 'openai-dalle',
      aliases: expect.arrayContaining(['dall-e-3']),
      engine: 'builtin',
      model: 'builtin-sketch',
      credits: 4,
    });
  });
});
