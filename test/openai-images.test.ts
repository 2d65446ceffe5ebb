import { createOpenAI } from '@ai-sdk/openai';
import { experimental_generateImage as generateImage } from 'ai';
import OpenAI, { toFile } from 'openai';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeUpstream, formField, replyJson, startFakeUpstream } from './helpers/fake-upstream.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

/**
 * OpenAI's image API (/v1/images/generations, /edits, /variations) through the official openai SDK and the Vercel
 * AI SDK against a listening service: DALL-E names drawn offline by the builtin engine (real sizes), gpt-image-1
 * served by a fake OpenAI-compatible upstream (edits and variations), the records and credits those of /api.
 */

const MAX_UPLOAD = 300_000;

let t: TestApp;
let slow: TestApp;
let upstream: FakeUpstream;
let base: string;
let slowBase: string;
let key: string;
let client: OpenAI;
let picture: Buffer;

/** What the fake upstream draws: a flat picture of the size asked for (JSON or multipart). */
async function drawn(size: string | undefined): Promise<string> {
  const [width = 1024, height = 1024] = (size ?? '1024x1024').split('x').map(Number);
  const png = await sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  return png.toString('base64');
}

async function listening(app: TestApp): Promise<string> {
  await app.server.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

const balance = async (apiKey = key) =>
  (await t.server.inject({ method: 'GET', url: '/api/account', headers: withKey(apiKey) })).json<{
    credits: { balance: number };
  }>().credits.balance;

const sizeOf = async (data: Buffer) => {
  const { width, height, format } = await sharp(data).metadata();
  return { width, height, format };
};

/** A PNG whose header claims 100,000 x 100,000 pixels (a decompression bomb's header) and nothing decodable after it. */
function claimsHugeCanvas(): Buffer {
  const png = Buffer.alloc(64);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png, 0);
  png.writeUInt32BE(13, 8);
  png.write('IHDR', 12, 'latin1');
  png.writeUInt32BE(100_000, 16);
  png.writeUInt32BE(100_000, 20);
  return png;
}

beforeAll(async () => {
  upstream = await startFakeUpstream();
  picture = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  const env = {
    ATELIER_IMAGE_OPENAI_BASE_URL: upstream.baseUrl,
    ATELIER_IMAGE_ROUTES: 'openai-dalle=builtin',
    ATELIER_IMAGE_MAX_REFERENCE_BYTES: String(MAX_UPLOAD),
    ATELIER_RATE_LIMIT_ENABLED: 'false',
    ATELIER_JOB_POLL_MS: '20',
    ATELIER_JOB_RETRY_BASE_MS: '20',
    ATELIER_UPSTREAM_RETRIES: '0',
  };
  t = await startTestApp({ ...env, ATELIER_IMAGE_WAIT_MS: '20000' });
  t.app.services.worker.start();
  // No worker: every image outlives the (zero) wait.
  slow = await startTestApp({ ...env, ATELIER_IMAGE_WAIT_MS: '0' });
  [base, slowBase] = await Promise.all([listening(t), listening(slow)]);
  key = (await t.account({ credits: 500 })).key;
  client = new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 });
});
beforeEach(() => {
  upstream.calls.length = 0;
  upstream.handle(async (call, res) => {
    const size = call.path.endsWith('/generations') ? String(call.body.size) : formField(call.raw, 'size');
    replyJson(res, 200, { data: [{ b64_json: await drawn(size) }] });
  });
});
afterAll(async () => {
  await t?.close();
  await slow?.close();
  await upstream?.close();
});

describe('POST /v1/images/generations', () => {
  it('answers url, the picture of the size asked, billed as images and listed in /api/images', async () => {
    const before = await balance();
    const prompt = `A lighthouse at dusk ${Date.now()}`;
    const response = await client.images.generate({
      model: 'dall-e-3',
      prompt,
      size: '1792x1024',
      response_format: 'url',
    });
    expect(response.data).toHaveLength(1);
    const [image] = response.data ?? [];
    expect(image?.revised_prompt).toBe(prompt);
    // The URL is on the configured public address; the same path is served here.
    const served = await fetch(`${base}${new URL(image?.url ?? '').pathname}`);
    expect(served.status).toBe(200);
    expect(await sizeOf(Buffer.from(await served.arrayBuffer()))).toMatchObject({ width: 1792, height: 1024 });
    expect(await balance()).toBe(before - 4);
    const listed = await t.server.inject({ method: 'GET', url: '/api/images', headers: withKey(key) });
    const record = listed.json<{ images: { prompt: string; requested_model: string; status: string }[] }>().images[0];
    expect(record).toMatchObject({ prompt, requested_model: 'dall-e-3', status: 'completed' });
  });

  it('answers b64_json at the /api twin: n pictures, decoded, of the size asked', async () => {
    const api = new OpenAI({ apiKey: key, baseURL: `${base}/api`, maxRetries: 0 });
    const response = await api.images.generate({
      model: 'dall-e-2',
      prompt: 'Two red apples',
      n: 2,
      size: '512x512',
      response_format: 'b64_json',
    });
    expect(response.data).toHaveLength(2);
    for (const image of response.data ?? []) {
      expect(image.url).toBeUndefined();
      expect(await sizeOf(Buffer.from(image.b64_json ?? '', 'base64'))).toEqual({
        width: 512,
        height: 512,
        format: 'png',
      });
    }
  });

  it('says by name what the engine cannot honour, and refuses what it cannot take', async () => {
    const response = await client.images.generate({
      model: 'dall-e-2',
      prompt: 'A green cube',
      size: '256x256',
      background: 'transparent',
      output_format: 'webp',
    });
    const { warnings } = response as unknown as { warnings: string[] };
    expect(warnings).toEqual(
      expect.arrayContaining([expect.stringMatching(/^background: ignored/), expect.stringMatching(/^output_format:/)]),
    );
    const tooMany = client.images.generate({ model: 'dall-e-2', prompt: 'x', n: 5 });
    await expect(tooMany).rejects.toMatchObject({ status: 400, param: 'n' });
    await expect(tooMany).rejects.toThrow(/n: .*4/);
    const streamed = client.images.generate({ model: 'gpt-image-1', prompt: 'x', stream: true });
    await expect(streamed).rejects.toMatchObject({ status: 400 });
  });

  it('works through the Vercel AI SDK (experimental_generateImage)', async () => {
    const openai = createOpenAI({ apiKey: key, baseURL: `${base}/v1` });
    const { images } = await generateImage({
      model: openai.image('gpt-image-1'),
      prompt: 'A paper boat',
      size: '1536x1024',
    });
    expect(images).toHaveLength(1);
    expect(await sizeOf(Buffer.from(images[0]?.uint8Array ?? []))).toMatchObject({ width: 1536, height: 1024 });
    expect(upstream.calls[0]?.body).toMatchObject({ model: 'gpt-image-1', size: '1536x1024' });
  });

  it('refuses a wrong key (401) and an account without credits (402) in OpenAI shape, charging nothing', async () => {
    const wrong = new OpenAI({ apiKey: 'sk-wrong', baseURL: `${base}/v1`, maxRetries: 0 });
    await expect(wrong.images.generate({ prompt: 'x' })).rejects.toMatchObject({ status: 401 });
    const poor = (await t.account({ credits: 0 })).key;
    const broke = new OpenAI({ apiKey: poor, baseURL: `${base}/v1`, maxRetries: 0 });
    const refused = await broke.images.generate({ model: 'dall-e-3', prompt: 'x' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OpenAI.APIError);
    expect(refused).toMatchObject({ status: 402, error: { message: expect.any(String), type: expect.any(String) } });
    const listed = await t.server.inject({ method: 'GET', url: '/api/images', headers: withKey(poor) });
    expect(listed.json()).toEqual({ images: [] });
  });

  it('answers a job that outlives the wait with an error naming the records, which go on (nothing lost)', async () => {
    const slowKey = (await slow.account({ credits: 50 })).key;
    const response = await fetch(`${slowBase}/v1/images/generations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${slowKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'dall-e-2', prompt: 'Later', n: 2 }),
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('x-should-retry')).toBe('false');
    const ids = response.headers.get('x-atelier-image-ids');
    const body = (await response.json()) as { error: { message: string; type: string } };
    expect(body.error.message).toContain(`ids ${ids}`);
    expect(body.error.message).toMatch(/GET \/api\/get-image/);
    const listed = await slow.server.inject({ method: 'GET', url: '/api/images', headers: withKey(slowKey) });
    const records = listed.json<{ images: { id: number; status: string }[] }>().images;
    expect(records.map((record) => record.id).join(', ')).toBe(
      ids
        ?.split(', ')
        .map(Number)
        .sort((a, b) => b - a)
        .join(', '),
    );
    expect(records.every((record) => record.status === 'pending')).toBe(true);
  });
});

describe('POST /v1/images/edits and /v1/images/variations (multipart)', () => {
  it('edits an uploaded picture: the upload goes to the editing engine with the prompt', async () => {
    const before = await balance();
    const response = await client.images.edit({
      model: 'gpt-image-1',
      image: await toFile(picture, 'in.png', { type: 'image/png' }),
      prompt: 'Add a hat',
      size: '1024x1024',
    });
    const [image] = response.data ?? [];
    expect(await sizeOf(Buffer.from(image?.b64_json ?? '', 'base64'))).toMatchObject({ width: 1024, height: 1024 });
    const [call] = upstream.calls;
    expect(call?.path).toBe('/v1/images/edits');
    expect(formField(call?.raw, 'prompt')).toBe('Add a hat');
    expect(call?.raw.includes(picture)).toBe(true);
    expect(await balance()).toBe(before - 5);
  });

  it('takes image[] (several pictures) and a mask: the mask goes upstream, what was not used is said, on the records too', async () => {
    // Issue 40: the mask is honoured where the engine can (the edits endpoint takes it), and the warnings this
    // layer adds are stored on the records, not only in the answer.
    const mask = await sharp({
      create: { width: 96, height: 96, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const response = await client.images.edit({
      model: 'gpt-image-1',
      image: [
        await toFile(picture, 'a.png', { type: 'image/png' }),
        await toFile(picture, 'b.png', { type: 'image/png' }),
      ],
      mask: await toFile(mask, 'mask.png', { type: 'image/png' }),
      prompt: 'Blue sky',
    });
    const { warnings } = response as unknown as { warnings: string[] };
    expect(warnings).toEqual([expect.stringMatching(/^image: ignored: .*1 more/)]);
    const [call] = upstream.calls;
    expect(call?.raw.toString('latin1')).toMatch(/name="mask"; filename="mask\.png"/);
    expect(call?.raw.includes(mask)).toBe(true);
    const { images } = (
      await t.server.inject({ method: 'GET', url: '/api/images?limit=1', headers: withKey(key) })
    ).json<{ images: { prompt: string; warnings: string[] }[] }>();
    expect(images[0]).toMatchObject({
      prompt: 'Blue sky',
      warnings: [expect.stringMatching(/^image: ignored: .*1 more/)],
    });
  });

  it('makes a variation with the editing engine; a model whose engine does not edit is a 422 saying what could', async () => {
    const response = await client.images.createVariation({
      model: 'gpt-image-1',
      image: await toFile(picture, 'in.png', { type: 'image/png' }),
      response_format: 'b64_json',
    });
    expect(response.data).toHaveLength(1);
    expect(formField(upstream.calls[0]?.raw, 'prompt')).toMatch(/^A variation of this picture/);
    const offline = client.images.createVariation({
      model: 'dall-e-2',
      image: await toFile(picture, 'in.png', { type: 'image/png' }),
    });
    await expect(offline).rejects.toMatchObject({ status: 422 });
    await expect(offline).rejects.toThrow(/ATELIER_IMAGE_OPENAI_BASE_URL|edits/);
  });

  it('refuses an upload over the limit with a 413 naming it, and a hostile picture cleanly with a 400, charging nothing', async () => {
    const before = await balance();
    const huge = client.images.edit({
      model: 'gpt-image-1',
      image: await toFile(Buffer.alloc(MAX_UPLOAD + 1), 'big.png', { type: 'image/png' }),
      prompt: 'x',
    });
    await expect(huge).rejects.toMatchObject({ status: 413 });
    await expect(huge).rejects.toThrow(new RegExp(`${MAX_UPLOAD} bytes`));
    const bomb = client.images.edit({
      model: 'gpt-image-1',
      image: await toFile(claimsHugeCanvas(), 'bomb.png', { type: 'image/png' }),
      prompt: 'x',
    });
    await expect(bomb).rejects.toMatchObject({ status: 400, param: 'image' });
    await expect(bomb).rejects.toThrow(/100000x100000/);
    const text = client.images.createVariation({
      model: 'gpt-image-1',
      image: await toFile(Buffer.from('<html>no</html>'), 'x.png', { type: 'image/png' }),
    });
    await expect(text).rejects.toMatchObject({ status: 400, param: 'image' });
    expect(upstream.calls).toHaveLength(0);
    expect(await balance()).toBe(before);
    // The service still answers.
    expect((await client.images.generate({ model: 'dall-e-2', prompt: 'ok', size: '256x256' })).data).toHaveLength(1);
  });

  it('answers a form without the picture, or with an unknown field, with a 400 naming the field', async () => {
    const form = new FormData();
    form.append('prompt', 'x');
    form.append('colour', 'red');
    form.append('image', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'in.png');
    const unknown = await fetch(`${base}/v1/images/edits`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: form,
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: { param: 'colour', message: 'colour: unknown field' } });
    const bare = new FormData();
    bare.append('prompt', 'x');
    const missing = await fetch(`${base}/api/images/edits`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: bare,
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: { param: 'image' } });
  });
});
