import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeUpstream, replyJson, startFakeUpstream } from './helpers/fake-upstream.js';
import { type FileServer, startFileServer } from './helpers/file-server.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

type ImageRecord = {
  id: number;
  status: string;
  image_url: string | null;
  model: string;
  error?: string;
  used_credits: number;
  warnings: string[];
  width: number;
  height: number;
};

let t: TestApp;
let upstream: FakeUpstream;
let files: FileServer;
let key: string;
let png: Buffer;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  files = await startFileServer();
  png = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  files.serve(
    '/reference.png',
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer(),
    'image/png',
  );
  t = await startTestApp({
    ATELIER_IMAGE_OPENAI_BASE_URL: upstream.baseUrl,
    ATELIER_IMAGE_OPENAI_API_KEY: 'sk-image',
    ATELIER_IMAGE_A1111_BASE_URL: upstream.baseUrl.replace(/\/v1$/, ''),
    ATELIER_ALLOW_PRIVATE_URLS: 'true',
    ATELIER_RATE_LIMIT_ENABLED: 'false',
    ATELIER_JOB_POLL_MS: '20',
    ATELIER_JOB_RETRY_BASE_MS: '20',
    ATELIER_UPSTREAM_RETRIES: '1',
    ATELIER_IMAGE_WAIT_MS: '1000',
  });
  t.app.services.worker.start();
  key = (await t.account({ credits: 100 })).key;
});
beforeEach(() => {
  upstream.calls.length = 0;
});
afterAll(async () => {
  await t.close();
  await upstream.close();
  await files.close();
});

const generate = async (payload: Record<string, unknown>) =>
  (
    await t.server.inject({
      method: 'POST',
      url: '/api/generate-image',
      headers: withKey(key),
      payload: { waitForResult: true, ...payload },
    })
  ).json<ImageRecord[]>()[0];
const balance = async () =>
  (await t.server.inject({ method: 'GET', url: '/api/account', headers: withKey(key) })).json<{
    credits: { balance: number };
  }>().credits.balance;

describe('image models served by remote engines', () => {
  it('routes DALL-E 3 to the OpenAI-compatible server and stores its picture', async () => {
    upstream.handle((_call, res) => replyJson(res, 200, { data: [{ b64_json: png.toString('base64') }] }));
    const image = await generate({ prompt: 'A blue square', model: 'dall-e-3', useHD: true, style: 'vivid' });
    expect(image).toMatchObject({ status: 'completed', model: 'dall-e-3', used_credits: 8, width: 1024, height: 1024 });
    const [call] = upstream.calls;
    expect(call?.path).toBe('/v1/images/generations');
    expect(call?.headers.authorization).toBe('Bearer sk-image');
    expect(call?.body).toMatchObject({
      model: 'dall-e-3',
      prompt: 'A blue square',
      size: '1024x1024',
      quality: 'hd',
      style: 'vivid',
    });
    const stored = await t.server.inject({ method: 'GET', url: new URL(image?.image_url ?? '').pathname });
    expect(stored.rawPayload.equals(png)).toBe(true);
  });

  it('warns that the OpenAI-compatible engine cannot use a reference picture, and never downloads it', async () => {
    upstream.handle((_call, res) => replyJson(res, 200, { data: [{ b64_json: png.toString('base64') }] }));
    const before = files.hits('/reference.png');
    const image = await generate({ prompt: 'x', model: 'DALL-E 3', image: files.url('/reference.png') });
    expect(image?.status).toBe('completed');
    expect(image?.warnings).toEqual(['DALL-E 3 here cannot use a reference image; it was ignored']);
    expect(files.hits('/reference.png')).toBe(before);
  });

  it('routes Stable Diffusion XL to the web UI, with the reference picture as img2img', async () => {
    upstream.handle((_call, res) => replyJson(res, 200, { images: [png.toString('base64')] }));
    const image = await generate({
      prompt: 'A red field',
      model: 'Stable Diffusion XL',
      image: files.url('/reference.png'),
    });
    expect(image).toMatchObject({ status: 'completed', model: 'Stable Diffusion XL' });
    const [call] = upstream.calls;
    expect(call?.path).toBe('/sdapi/v1/img2img');
    expect(call?.body).toMatchObject({ prompt: 'A red field', width: 1024, height: 1024 });
    expect((call?.body.init_images as string[] | undefined)?.[0]?.length).toBeGreaterThan(50);
  });

  it('answers a pending record when waitForResult runs out of time, and polling then sees it completed', async () => {
    upstream.handle(async (_call, res) => {
      await new Promise((r) => setTimeout(r, 2_000));
      replyJson(res, 200, { data: [{ b64_json: png.toString('base64') }] });
    });
    const started = Date.now();
    const image = await generate({ prompt: 'slow', model: 'DALL-E 3' });
    expect(Date.now() - started).toBeLessThan(1_900);
    expect(image).toMatchObject({ status: 'pending', image_url: null });
    let polled = image;
    for (const deadline = Date.now() + 10_000; polled?.status === 'pending' && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 100));
      polled = (
        await t.server.inject({ method: 'GET', url: `/api/get-image?imageId=${image?.id}`, headers: withKey(key) })
      ).json<ImageRecord>();
    }
    expect(polled).toMatchObject({ status: 'completed', model: 'dall-e-3' });
    expect(polled?.image_url).toMatch(/\/files\/images\//);
  });

  it('ends as failed with the reason and refunded credits when the upstream refuses', async () => {
    upstream.handle((_call, res) =>
      replyJson(res, 400, { error: { message: 'secret upstream detail: content policy' } }),
    );
    const before = await balance();
    const image = await generate({ prompt: 'refused', model: 'DALL-E 3' });
    expect(image).toMatchObject({
      status: 'failed',
      image_url: null,
      used_credits: 0,
      error: 'The image provider answered 400',
    });
    expect(image?.error).not.toContain('secret');
    expect(upstream.calls).toHaveLength(1);
    expect(await balance()).toBe(before);
  });

  it('retries an upstream that keeps failing, then fails the record and refunds it', async () => {
    upstream.handle((_call, res) => replyJson(res, 503, { error: 'overloaded' }));
    const before = await balance();
    const image = await generate({ prompt: 'unlucky', model: 'sdxl' });
    expect(image).toMatchObject({ status: 'failed', used_credits: 0, error: 'The image provider answered 503' });
    // Two calls per attempt (one adapter retry), three job attempts.
    expect(upstream.calls).toHaveLength(6);
    expect(await balance()).toBe(before);
  });
});
