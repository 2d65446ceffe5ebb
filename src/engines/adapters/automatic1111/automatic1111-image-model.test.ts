import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { replyJson, fakeUpstreamForFile } from '../../../../test/helpers/fake-upstream.js';
import { rejection } from '../../../../test/helpers/upstream-rejection.js';
import type { ImageCallOptions } from '../../spec/image-model.js';
import { type Automatic1111ImageConfig, Automatic1111ImageModel } from './automatic1111-image-model.js';
import { warningTexts } from '../../spec/warning-text.js';

const upstream = fakeUpstreamForFile();
/** The web UI has no version segment: its API lives under /sdapi/v1. */
let baseUrl: string;
let png: Buffer;
let jpeg: Buffer;

beforeAll(async () => {
  baseUrl = new URL(upstream.baseUrl).origin;
  const canvas = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 120, g: 20, b: 90 } } });
  png = await canvas(64, 48).png().toBuffer();
  jpeg = await canvas(40, 30).jpeg().toBuffer();
});

const model = (overrides: Partial<Automatic1111ImageConfig> = {}) =>
  new Automatic1111ImageModel({
    baseUrl,
    modelId: 'Stable Diffusion XL',
    timeoutMs: 2_000,
    retry: { retries: 2, sleep: async () => {} },
    ...overrides,
  });

const draw = (m: Automatic1111ImageModel, options: Partial<ImageCallOptions> = {}) =>
  m.doGenerate({ prompt: 'A fox in the snow', width: 64, height: 48, hd: false, seed: 1234, ...options });

const reply = (image: Buffer, prefix = '') => ({
  images: [`${prefix}${image.toString('base64')}`],
  parameters: {},
  info: '{"seed": 1234}',
});

describe('Automatic1111ImageModel', () => {
  it('posts txt2img with the defaults and decodes the picture', async () => {
    upstream.handle((_call, res) => replyJson(res, 200, reply(png)));
    const result = await draw(model());
    expect(result.image.mediaType).toBe('image/png');
    expect(result.image.data.equals(png)).toBe(true);
    expect(result).toMatchObject({ width: 64, height: 48, warnings: [] });
    expect(upstream.calls).toHaveLength(1);
    const [call] = upstream.calls;
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/sdapi/v1/txt2img');
    expect(call?.headers['content-type']).toBe('application/json');
    expect(call?.headers.authorization).toBeUndefined();
    expect(call?.body).toEqual({
      prompt: 'A fox in the snow',
      negative_prompt: '',
      seed: 1234,
      width: 64,
      height: 48,
      steps: 25,
      cfg_scale: 7,
      batch_size: 1,
      n_iter: 1,
    });
  });

  it('names itself after the configured model id', () => {
    const m = model();
    expect(m.provider).toBe('automatic1111');
    expect(m.modelId).toBe('Stable Diffusion XL');
    expect(m.supportsReferenceImage).toBe(true);
  });

  it('folds style and artist into the prompt, and sends the checkpoint, sampler and hd steps', async () => {
    upstream.handle((_call, res) => replyJson(res, 200, reply(jpeg)));
    const m = model({
      checkpoint: 'sd_xl_base_1.0.safetensors',
      sampler: 'DPM++ 2M',
      steps: 30,
      apiKey: 'proxy-token',
    });
    const result = await draw(m, { style: 'vivid', artist: 'Monet', hd: true, width: 40, height: 30 });
    expect(result).toMatchObject({ width: 40, height: 30, image: { mediaType: 'image/jpeg' }, warnings: [] });
    const [call] = upstream.calls;
    expect(call?.headers.authorization).toBe('Bearer proxy-token');
    expect(call?.body).toEqual({
      prompt: 'A fox in the snow, in the style of Monet, vivid style',
      negative_prompt: '',
      seed: 1234,
      width: 40,
      height: 30,
      steps: 48,
      cfg_scale: 7,
      batch_size: 1,
      n_iter: 1,
      sampler_name: 'DPM++ 2M',
      override_settings: { sd_model_checkpoint: 'sd_xl_base_1.0.safetensors' },
      override_settings_restore_afterwards: false,
    });
  });

  it('rounds the hd steps', async () => {
    upstream.handle((_call, res) => replyJson(res, 200, reply(png)));
    await draw(model(), { hd: true });
    await draw(model({ steps: 7 }), { hd: true });
    expect(upstream.calls.map((c) => c.body.steps)).toEqual([40, 11]);
  });

  it('sends basic auth for --api-auth', async () => {
    upstream.handle((_call, res) => replyJson(res, 200, reply(png)));
    await draw(model({ username: 'artist', password: 'pa:ss' }));
    expect(upstream.calls[0]?.headers.authorization).toBe(`Basic ${Buffer.from('artist:pa:ss').toString('base64')}`);
  });

  it('refuses a configuration with two kinds of credentials or bad steps', () => {
    expect(() => model({ apiKey: 'k', username: 'u', password: 'p' })).toThrow(/not both/);
    expect(() => model({ password: 'p' })).toThrow(/needs a username/);
    expect(() => model({ steps: 0 })).toThrow(/steps/);
    expect(() => model({ steps: 2.5 })).toThrow(/steps/);
  });

  it('uses img2img with the reference image as the initial picture', async () => {
    upstream.handle((_call, res) => replyJson(res, 200, reply(png)));
    const result = await draw(model(), { referenceImage: { data: jpeg, mediaType: 'image/jpeg' } });
    expect(result.warnings).toEqual([]);
    const [call] = upstream.calls;
    expect(call?.path).toBe('/sdapi/v1/img2img');
    expect(call?.body).toMatchObject({
      prompt: 'A fox in the snow',
      seed: 1234,
      width: 64,
      height: 48,
      steps: 25,
      cfg_scale: 7,
    });
    expect(call?.body.init_images).toEqual([jpeg.toString('base64')]);
    expect(call?.body.denoising_strength).toBe(0.6);
  });

  it('strips a data-URL prefix and reports the size it got when it differs', async () => {
    upstream.handle((_call, res) => replyJson(res, 200, reply(png, 'data:image/png;base64,')));
    const result = await draw(model(), { width: 1000, height: 750 });
    expect(result.image.data.equals(png)).toBe(true);
    expect(result).toMatchObject({ width: 64, height: 48, image: { mediaType: 'image/png' } });
    expect(warningTexts(result.warnings)).toEqual(['the engine made a 64x48 picture instead of 1000x750']);
  });

  it('retries a 500 and then succeeds', async () => {
    let attempts = 0;
    upstream.handle((_call, res) => {
      attempts += 1;
      if (attempts === 1) return replyJson(res, 500, { error: 'OutOfMemoryError', detail: 'CUDA out of memory' });
      replyJson(res, 200, reply(png));
    });
    const result = await draw(model());
    expect(result.width).toBe(64);
    expect(upstream.calls).toHaveLength(2);
  });

  it('does not retry a 422 and keeps the upstream body out of the message', async () => {
    upstream.handle((_call, res) => replyJson(res, 422, { detail: [{ msg: 'secret upstream detail' }] }));
    const error = await rejection(draw(model()));
    expect(error).toMatchObject({
      isRetryable: false,
      upstreamStatus: 422,
      message: 'The image provider answered 422',
    });
    expect(error.message).not.toContain('secret');
    expect(upstream.calls).toHaveLength(1);
  });

  it('explains a 401 and a 404', async () => {
    upstream.handle((_call, res) => replyJson(res, 401, { detail: 'Incorrect username or password' }));
    expect(await rejection(draw(model()))).toMatchObject({
      isRetryable: false,
      message: 'The image provider rejected the credentials',
    });
    upstream.handle((_call, res) => replyJson(res, 404, { detail: 'Not Found' }));
    expect((await rejection(draw(model()))).message).toMatch(/--api/);
  });

  it('rejects a reply that is not an image, without retrying', async () => {
    upstream.handle((_call, res) => replyJson(res, 200, { images: [Buffer.from('this is text').toString('base64')] }));
    const error = await rejection(draw(model()));
    expect(error).toMatchObject({
      isRetryable: false,
      message: 'The image provider returned something that is not an image',
    });
    expect(upstream.calls).toHaveLength(1);
  });

  it('fails without retrying when the reply holds no image', async () => {
    for (const body of [{}, { images: [] }, { images: null }, { images: [''] }]) {
      upstream.handle((_call, res) => replyJson(res, 200, body));
      expect(await rejection(draw(model()))).toMatchObject({
        isRetryable: false,
        message: 'The image provider returned no image',
      });
    }
    upstream.handle((_call, res) => replyJson(res, 200, { images: [42] }));
    expect(await rejection(draw(model()))).toMatchObject({
      isRetryable: false,
      message: 'The image provider returned an unexpected response',
    });
    expect(upstream.calls).toHaveLength(5);
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
