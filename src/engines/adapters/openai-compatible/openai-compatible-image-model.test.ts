import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  replyBytes,
  replyJson,
  startFakeUpstream,
  fakeUpstreamForFile,
} from '../../../../test/helpers/fake-upstream.js';
import { rejection } from '../../../../test/helpers/upstream-rejection.js';
import type { ImageCallOptions } from '../../spec/image-model.js';
import { type OpenAICompatibleImageConfig, OpenAICompatibleImageModel } from './openai-compatible-image-model.js';
import { warningTexts } from '../../spec/warning-text.js';

const upstream = fakeUpstreamForFile();
let origin: string;
let png: Buffer;
let jpeg: Buffer;

beforeAll(async () => {
  origin = new URL(upstream.baseUrl).origin;
  const canvas = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } });
  png = await canvas(64, 48).png().toBuffer();
  jpeg = await canvas(40, 30).jpeg().toBuffer();
});

const model = (overrides: Partial<OpenAICompatibleImageConfig> = {}) =>
  new OpenAICompatibleImageModel({
    baseUrl: upstream.baseUrl,
    apiKey: 'sk-image-secret',
    model: 'dall-e-3',
    timeoutMs: 2_000,
    retry: { retries: 2, sleep: async () => {} },
    ...overrides,
  });

const draw = (m: OpenAICompatibleImageModel, options: Partial<ImageCallOptions> = {}) =>
  m.doGenerate({ prompt: 'A lighthouse at dusk.', width: 64, height: 48, hd: false, seed: 42, ...options });

const b64Reply = (image: Buffer) => ({
  created: 1,
  data: [{ b64_json: image.toString('base64'), revised_prompt: 'A lighthouse.' }],
});

describe('OpenAICompatibleImageModel', () => {
  it('posts the generation request and decodes the base64 picture', async () => {
    upstream.handle((_call, res) => replyJson(res, 200, b64Reply(png)));
    const result = await draw(model());
    expect(result.image.mediaType).toBe('image/png');
    expect(result.image.data.equals(png)).toBe(true);
    expect(result).toMatchObject({ width: 64, height: 48, warnings: [] });
    expect(upstream.calls).toHaveLength(1);
    const [call] = upstream.calls;
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/v1/images/generations');
    expect(call?.headers.authorization).toBe('Bearer sk-image-secret');
    expect(call?.headers['content-type']).toBe('application/json');
    expect(call?.body).toEqual({
      model: 'dall-e-3',
      prompt: 'A lighthouse at dusk.',
      n: 1,
      size: '64x48',
      response_format: 'b64_json',
      quality: 'standard',
    });
  });

  it('names itself after the configured model', () => {
    const m = model({ model: 'stable-diffusion' });
    expect(m.provider).toBe('openai-compatible');
    expect(m.modelId).toBe('stable-diffusion');
    expect(m.supportsReferenceImage).toBe(false);
  });

  it('passes vivid and natural as the style option, asks for hd, and sends no key it does not have', async () => {
    upstream.handle((_call, res) => replyJson(res, 200, b64Reply(jpeg)));
    const result = await draw(model({ apiKey: undefined }), {
      style: ' Vivid ',
      artist: 'Hokusai',
      hd: true,
      width: 40,
      height: 30,
    });
    expect(result).toMatchObject({ width: 40, height: 30, image: { mediaType: 'image/jpeg' }, warnings: [] });
    const [call] = upstream.calls;
    expect(call?.headers.authorization).toBeUndefined();
    expect(call?.body).toMatchObject({
      quality: 'hd',
      style: 'vivid',
      prompt: 'A lighthouse at dusk, in the style of Hokusai',
    });
  });

  it('asks gpt-image models for their own quality names and no response format', async () => {
    upstream.handle((_call, res) => replyJson(res, 200, b64Reply(png)));
    await draw(model({ model: 'gpt-image-1' }), { hd: true });
    await draw(model({ model: 'gpt-image-1' }));
    const [hd, normal] = upstream.calls;
    expect(hd?.body).toMatchObject({ model: 'gpt-image-1', quality: 'high' });
    expect(hd?.body).not.toHaveProperty('response_format');
    expect(normal?.body).toMatchObject({ quality: 'auto' });
  });

  it('folds any other style, and the artist, into the prompt', async () => {
    upstream.handle((_call, res) => replyJson(res, 200, b64Reply(png)));
    await draw(model(), { style: 'watercolor', artist: 'Hokusai' });
    await draw(model(), { style: 'Art Nouveau style' });
    const [first, second] = upstream.calls;
    expect(first?.body.prompt).toBe('A lighthouse at dusk, in the style of Hokusai, watercolor style');
    expect(first?.body).not.toHaveProperty('style');
    expect(second?.body.prompt).toBe('A lighthouse at dusk, Art Nouveau style');
    expect(second?.body).not.toHaveProperty('style');
  });

  it("fetches a picture given as a link, with the key on the provider's own origin", async () => {
    upstream.handle((call, res) => {
      if (call.method === 'POST') return replyJson(res, 200, { data: [{ url: `${origin}/files/picture.jpg` }] });
      if (call.path === '/files/picture.jpg') return replyBytes(res, 200, 'image/jpeg', jpeg);
      replyJson(res, 404, {});
    });
    const result = await draw(model(), { width: 40, height: 30 });
    expect(result).toMatchObject({ width: 40, height: 30, image: { mediaType: 'image/jpeg' }, warnings: [] });
    expect(result.image.data.equals(jpeg)).toBe(true);
    expect(upstream.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /v1/images/generations',
      'GET /files/picture.jpg',
    ]);
    expect(upstream.calls[1]?.headers.authorization).toBe('Bearer sk-image-secret');
  });

  it('resolves a link without a host against the provider origin and retries the download alone', async () => {
    let downloads = 0;
    upstream.handle((call, res) => {
      if (call.method === 'POST') return replyJson(res, 200, { data: [{ url: '/generated-images/picture.png' }] });
      downloads += 1;
      if (downloads === 1) return replyJson(res, 503, { error: 'busy' });
      replyBytes(res, 200, 'image/png', png);
    });
    const result = await draw(model());
    expect(result.image.mediaType).toBe('image/png');
    expect(upstream.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /v1/images/generations',
      'GET /generated-images/picture.png',
      'GET /generated-images/picture.png',
    ]);
  });

  it('does not send the key to storage on another origin', async () => {
    const storage = await startFakeUpstream();
    try {
      storage.handle((_call, res) => replyBytes(res, 200, 'image/png', png));
      upstream.handle((_call, res) =>
        replyJson(res, 200, { data: [{ url: `${storage.baseUrl}/blob/picture.png?sig=abc` }] }),
      );
      const result = await draw(model());
      expect(result.width).toBe(64);
      expect(storage.calls).toHaveLength(1);
      expect(storage.calls[0]?.path).toBe('/v1/blob/picture.png?sig=abc');
      expect(storage.calls[0]?.headers.authorization).toBeUndefined();
    } finally {
      await storage.close();
    }
  });

  it('ignores a reference image and says so', async () => {
    upstream.handle((_call, res) => replyJson(res, 200, b64Reply(png)));
    const result = await draw(model(), { referenceImage: { data: jpeg, mediaType: 'image/jpeg' } });
    expect(warningTexts(result.warnings)).toEqual(['this engine cannot use a reference image; it was ignored']);
    expect(Object.keys(upstream.calls[0]?.body ?? {}).sort()).toEqual([
      'model',
      'n',
      'prompt',
      'quality',
      'response_format',
      'size',
    ]);
  });

  it('reports the size it got when the engine made another one, and strips a data-URL prefix', async () => {
    upstream.handle((_call, res) =>
      replyJson(res, 200, { data: [{ b64_json: `data:image/png;base64,${png.toString('base64')}` }] }),
    );
    const result = await draw(model(), { width: 1024, height: 1024 });
    expect(result).toMatchObject({ width: 64, height: 48, image: { mediaType: 'image/png' } });
    expect(warningTexts(result.warnings)).toEqual(['the engine made a 64x48 picture instead of 1024x1024']);
    expect(upstream.calls[0]?.body.size).toBe('1024x1024');
  });

  it('retries a 500 and then succeeds', async () => {
    let attempts = 0;
    upstream.handle((_call, res) => {
      attempts += 1;
      if (attempts === 1) return replyJson(res, 500, { error: 'overloaded' });
      replyJson(res, 200, b64Reply(png));
    });
    const result = await draw(model());
    expect(result.image.data.equals(png)).toBe(true);
    expect(upstream.calls).toHaveLength(2);
  });

  it('does not retry a 400 and keeps the upstream body out of the message', async () => {
    upstream.handle((_call, res) => replyJson(res, 400, { error: { message: 'secret upstream detail' } }));
    const error = await rejection(draw(model()));
    expect(error).toMatchObject({
      isRetryable: false,
      upstreamStatus: 400,
      message: 'The image provider answered 400',
    });
    expect(error.message).not.toContain('secret');
    expect(upstream.calls).toHaveLength(1);
  });

  it('says the key was rejected on a 401', async () => {
    upstream.handle((_call, res) => replyJson(res, 401, { error: 'bad key' }));
    const error = await rejection(draw(model()));
    expect(error).toMatchObject({ isRetryable: false, message: 'The image provider rejected the API key' });
  });

  it('rejects a reply that is not an image, without retrying', async () => {
    upstream.handle((_call, res) =>
      replyJson(res, 200, { data: [{ b64_json: Buffer.from('GIF89a not really').toString('base64') }] }),
    );
    const error = await rejection(draw(model()));
    expect(error).toMatchObject({
      isRetryable: false,
      message: 'The image provider returned something that is not an image',
    });
    expect(upstream.calls).toHaveLength(1);
  });

  it('rejects a downloaded file that is not an image', async () => {
    upstream.handle((call, res) => {
      if (call.method === 'POST') return replyJson(res, 200, { data: [{ url: `${origin}/files/picture.png` }] });
      replyBytes(res, 200, 'text/html', Buffer.from('<html>login</html>'));
    });
    const error = await rejection(draw(model()));
    expect(error).toMatchObject({
      isRetryable: false,
      message: 'The image provider returned something that is not an image',
    });
  });

  it('fails without retrying when the reply holds no image', async () => {
    for (const reply of [{}, { data: [] }, { data: [{ revised_prompt: 'x' }] }, { data: [{ b64_json: '' }] }]) {
      upstream.handle((_call, res) => replyJson(res, 200, reply));
      const error = await rejection(draw(model()));
      expect(error).toMatchObject({ isRetryable: false, message: 'The image provider returned no image' });
    }
    expect(upstream.calls).toHaveLength(4);
  });

  it('fails on a reply of the wrong shape and on a link it cannot fetch', async () => {
    upstream.handle((_call, res) => replyJson(res, 200, { data: 'nope' }));
    expect(await rejection(draw(model()))).toMatchObject({
      isRetryable: false,
      message: 'The image provider returned an unexpected response',
    });
    upstream.handle((_call, res) => replyJson(res, 200, { data: [{ url: 'file:///etc/passwd' }] }));
    expect(await rejection(draw(model()))).toMatchObject({
      isRetryable: false,
      message: 'The image provider returned an unexpected response',
    });
    expect(upstream.calls).toHaveLength(2);
  });

  it('times out, retries, and fails with a retryable error', async () => {
    // An answer that never comes: only the time limit or the abort can end the call.
    upstream.handle(() => {});
    const error = await rejection(draw(model({ timeoutMs: 80, retry: { retries: 1, sleep: async () => {} } })));
    expect(error).toMatchObject({ isRetryable: true, message: 'The image provider timed out' });
    expect(upstream.calls).toHaveLength(2);
  });

  it('stops without retrying when the caller aborts', async () => {
    // An answer that never comes: only the time limit or the abort can end the call.
    upstream.handle(() => {});
    const error = await rejection(draw(model(), { abortSignal: AbortSignal.timeout(50) }));
    expect(error.isRetryable).toBe(false);
    expect(upstream.calls).toHaveLength(1);
  });
});
