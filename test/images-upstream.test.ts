import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_ACTIONS } from '../src/engines/spec/image-model.js';
import { fakeUpstreamForFile, formField, replyBytes, replyJson } from './helpers/fake-upstream.js';
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
  engine: string;
  action?: string;
  edit_model?: string | null;
};

// Each test owns its data: its own account (its balance moves only with its own records) and, since every record it
// makes is waited for until it has ended (`settled`), the upstream's calls and answer between its start and its end
// (`fakeUpstreamForFile` empties the calls and resets the answer before each test).
const upstream = fakeUpstreamForFile();
let t: TestApp;
let files: FileServer;
let png: Buffer;
let reference: Buffer;
/** What a background remover answers: the left half red and opaque, the right half transparent. */
let cutOut: Buffer;
let green: Buffer;

beforeAll(async () => {
  files = await startFileServer();
  png = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  reference = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  files.serve('/reference.png', reference, 'image/png');
  cutOut = await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      { input: { create: { width: 32, height: 64, channels: 4, background: '#ff0000ff' } }, left: 0, top: 0 },
    ])
    .png()
    .toBuffer();
  green = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#00c800' } })
    .png()
    .toBuffer();
  t = await startTestApp({
    ATELIER_IMAGE_OPENAI_BASE_URL: upstream.baseUrl,
    ATELIER_IMAGE_OPENAI_API_KEY: 'sk-image',
    ATELIER_IMAGE_A1111_BASE_URL: upstream.baseUrl.replace(/\/v1$/, ''),
    ATELIER_IMAGE_REMBG_URL: new URL(upstream.baseUrl).origin,
    ATELIER_IMAGE_REMBG_MODEL: 'u2net',
    ATELIER_ALLOW_PRIVATE_URLS: 'true',
    ATELIER_RATE_LIMIT_ENABLED: 'false',
    ATELIER_JOB_POLL_MS: '20',
    ATELIER_JOB_RETRY_BASE_MS: '20',
    ATELIER_UPSTREAM_RETRIES: '1',
    ATELIER_IMAGE_WAIT_MS: '1000',
  });
  t.app.services.worker.start();
});
afterAll(async () => {
  await t.close();
  await files.close();
});

const ownKey = async (app: TestApp = t) => (await app.account({ credits: 1000 })).key;

/**
 * The record once it has ended (completed or failed), polled after the request's own wait: how long the job takes,
 * retries and back-off included, is the machine's business; the deadline only keeps a stuck job from hanging the test.
 */
async function settled(app: TestApp, key: string, record: ImageRecord | undefined): Promise<ImageRecord | undefined> {
  let polled = record;
  for (const deadline = Date.now() + 20_000; polled?.status === 'pending'; ) {
    if (Date.now() > deadline) throw new Error(`image ${polled.id} still pending`);
    await new Promise((r) => setTimeout(r, 20));
    polled = (
      await app.server.inject({ method: 'GET', url: `/api/get-image?imageId=${polled.id}`, headers: withKey(key) })
    ).json<ImageRecord>();
  }
  return polled;
}

/** Asks for one picture with the request's wait, without settling: the record as the request answered it. */
async function requested(app: TestApp, key: string, payload: Record<string, unknown>) {
  const response = await app.server.inject({
    method: 'POST',
    url: '/api/generate-image',
    headers: withKey(key),
    payload: { waitForResult: true, ...payload },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImageRecord[]>()[0];
}

const generate = async (key: string, payload: Record<string, unknown>, app: TestApp = t) =>
  settled(app, key, await requested(app, key, payload));

const balance = async (key: string) =>
  (await t.server.inject({ method: 'GET', url: '/api/account', headers: withKey(key) })).json<{
    credits: { balance: number };
  }>().credits.balance;

describe('image models served by remote engines', () => {
  it('routes DALL-E 3 to the OpenAI-compatible server and stores its picture', async () => {
    const key = await ownKey();
    upstream.handle((_call, res) => replyJson(res, 200, { data: [{ b64_json: png.toString('base64') }] }));
    const image = await generate(key, { prompt: 'A blue square', model: 'dall-e-3', useHD: true, style: 'vivid' });
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

  it('edits a picture with the OpenAI-compatible /images/edits endpoint (multipart), the action as an instruction', async () => {
    const key = await ownKey();
    upstream.handle((_call, res) => replyJson(res, 200, { data: [{ b64_json: png.toString('base64') }] }));
    const before = files.hits('/reference.png');
    const image = await generate(key, {
      prompt: 'with a cat',
      model: 'DALL-E 3',
      editModel: 'gpt-image-1',
      image: files.url('/reference.png'),
      action: 'Ghiblify',
    });
    expect(image).toMatchObject({
      status: 'completed',
      engine: 'openai-compatible',
      model: 'gpt-image-1',
      action: 'Ghiblify',
      edit_model: 'OpenAI GPT Image 1',
      used_credits: 5,
      warnings: [],
    });
    expect(files.hits('/reference.png')).toBe(before + 1);
    const [call] = upstream.calls;
    expect(call?.path).toBe('/v1/images/edits');
    expect(call?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(call?.headers.authorization).toBe('Bearer sk-image');
    expect(formField(call?.raw, 'model')).toBe('gpt-image-1');
    expect(formField(call?.raw, 'size')).toBe('1024x1024');
    expect(formField(call?.raw, 'prompt')).toMatch(
      /^Redraw this as a hand-painted Studio Ghibli style .*\. with a cat$/,
    );
    expect(formField(call?.raw, 'response_format')).toBeUndefined();
    expect(call?.raw.includes(reference)).toBe(true);
    expect(call?.raw.toString('latin1')).toMatch(/name="image"; filename="image\.png"\r\nContent-Type: image\/png/);
  });

  it('asks a gpt-image model for a transparent background when no background removal server is configured', async () => {
    const bare = await startTestApp({
      ATELIER_IMAGE_OPENAI_BASE_URL: upstream.baseUrl,
      ATELIER_ALLOW_PRIVATE_URLS: 'true',
      ATELIER_JOB_POLL_MS: '20',
    });
    bare.app.services.worker.start();
    try {
      upstream.handle((_call, res) => replyJson(res, 200, { data: [{ b64_json: png.toString('base64') }] }));
      const bareKey = await ownKey(bare);
      const image = await generate(
        bareKey,
        { prompt: 'x', model: 'gpt-image-1', image: files.url('/reference.png'), action: 'Remove Background' },
        bare,
      );
      expect(image).toMatchObject({ status: 'completed', engine: 'openai-compatible' });
      expect(formField(upstream.calls[0]?.raw, 'background')).toBe('transparent');
      // DALL-E 2 is not asked for one, and the record says it may not be transparent.
      const dalle = await generate(
        bareKey,
        { prompt: 'x', model: 'dall-e-2', image: files.url('/reference.png'), action: 'Remove Background' },
        bare,
      );
      expect(formField(upstream.calls[1]?.raw, 'background')).toBeUndefined();
      expect(formField(upstream.calls[1]?.raw, 'response_format')).toBe('b64_json');
      expect(dalle?.warnings).toEqual([
        'dall-e-2 may not make a transparent background; only gpt-image models are asked for one',
      ]);
    } finally {
      await bare.close();
    }
  });

  it('fails an edit the edits endpoint refuses, with the reason, and refunds it', async () => {
    const key = await ownKey();
    upstream.handle((_call, res) => replyJson(res, 400, { error: { message: 'secret: image must be square' } }));
    const before = await balance(key);
    const image = await generate(key, {
      prompt: 'x',
      model: 'DALL-E 2',
      image: files.url('/reference.png'),
      action: 'Caricature',
    });
    expect(image).toMatchObject({ status: 'failed', used_credits: 0, error: 'The image provider answered 400' });
    expect(upstream.calls).toHaveLength(1);
    expect(await balance(key)).toBe(before);
  });

  it('edits with the web UI img2img: each action its instruction and denoising strength; a filter action too', async () => {
    const key = await ownKey();
    upstream.handle((_call, res) => replyJson(res, 200, { images: [png.toString('base64')] }));
    const colorized = await generate(key, {
      prompt: 'autumn',
      model: 'Stable Diffusion XL',
      image: files.url('/reference.png'),
      action: 'Colorize',
    });
    expect(colorized).toMatchObject({ status: 'completed', engine: 'automatic1111', model: 'Stable Diffusion XL' });
    const headshot = await generate(key, {
      prompt: 'x',
      model: 'FLUX.1',
      editModel: 'FLUX.2 [pro]',
      image: files.url('/reference.png'),
      action: 'Professional Headshot',
    });
    expect(headshot).toMatchObject({ status: 'completed', engine: 'automatic1111', edit_model: 'FLUX.2 [pro]' });
    const [first, second] = upstream.calls;
    expect(first?.path).toBe('/sdapi/v1/img2img');
    expect(first?.body).toMatchObject({ denoising_strength: 0.4, width: 1024, height: 1024 });
    expect(first?.body.prompt).toBe(
      'Colorize this picture with natural, realistic colours, keeping every detail. autumn',
    );
    expect((first?.body.init_images as string[] | undefined)?.[0]).toBe(reference.toString('base64'));
    expect(second?.body).toMatchObject({ denoising_strength: 0.5 });
    expect(second?.body.prompt).toMatch(/^Make a professional headshot of this person.*\. x$/);
  });

  it('lists the actions each model can edit with: all for the edits endpoint, the web UI all but backgrounds, rembg those', async () => {
    const key = await ownKey();
    const { models } = (
      await t.server.inject({ method: 'GET', url: '/api/image-models', headers: withKey(key) })
    ).json<{ models: { name: string; edit_actions: string[] }[] }>();
    const actions = (name: string) => models.find((m) => m.name === name)?.edit_actions;
    // Every action, the 9 that hosted 1.0.5 added too: the edits endpoint does them all, img2img all but the background ones.
    expect(actions('DALL-E 3')).toEqual([...IMAGE_ACTIONS]);
    expect(actions('Stable Diffusion XL')).toHaveLength(IMAGE_ACTIONS.length);
    expect(actions('builtin-sketch')).toEqual([
      'Remove Background',
      'Replace Background',
      'Colorize',
      'Relight',
      'Stylization',
      'Sketch to Image',
    ]);
  });

  it('removes a background with the rembg server (multipart file), and the web UI cannot', async () => {
    const key = await ownKey();
    upstream.handle((_call, res) => replyBytes(res, 200, 'image/png', cutOut));
    const image = await generate(key, {
      prompt: 'x',
      model: 'Stable Diffusion XL',
      image: files.url('/reference.png'),
      action: 'Remove Background',
    });
    expect(image).toMatchObject({ status: 'completed', engine: 'rembg', model: 'rembg u2net', width: 64, height: 64 });
    const [call] = upstream.calls;
    expect(call?.path).toBe('/api/remove');
    expect(formField(call?.raw, 'model')).toBe('u2net');
    expect(call?.raw.toString('latin1')).toMatch(/name="file"; filename="image\.png"/);
    const stored = await t.server.inject({ method: 'GET', url: new URL(image?.image_url ?? '').pathname });
    expect((await sharp(stored.rawPayload).metadata()).hasAlpha).toBe(true);
  });

  it('replaces a background: the rembg cut-out over a background the edit model draws', async () => {
    const key = await ownKey();
    upstream.handle((call, res) =>
      call.path === '/api/remove'
        ? replyBytes(res, 200, 'image/png', cutOut)
        : replyJson(res, 200, { images: [green.toString('base64')] }),
    );
    const image = await generate(key, {
      prompt: 'a green meadow',
      model: 'Seedream 4.0',
      image: files.url('/reference.png'),
      action: 'Replace Background',
    });
    expect(image).toMatchObject({
      status: 'completed',
      engine: 'rembg',
      model: 'rembg u2net + Seedream 4.0',
      width: 64,
      height: 64,
    });
    expect(upstream.calls.map((c) => c.path)).toEqual(['/api/remove', '/sdapi/v1/txt2img']);
    expect(upstream.calls[1]?.body).toMatchObject({ prompt: 'a green meadow', width: 64, height: 64 });
    const stored = await t.server.inject({ method: 'GET', url: new URL(image?.image_url ?? '').pathname });
    const { data } = await sharp(stored.rawPayload).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 64 + x) * 3, (y * 64 + x) * 3 + 3)];
    expect(pixel(10, 32)).toEqual([255, 0, 0]); // the subject (left half) kept
    expect(pixel(54, 32)).toEqual([0, 200, 0]); // the new background on the right
  });

  it('fails and refunds when the rembg server fails, retrying 5xx but not 404', async () => {
    const key = await ownKey();
    const before = await balance(key);
    upstream.handle((_call, res) => replyJson(res, 503, { detail: 'busy' }));
    const busy = await generate(key, {
      prompt: 'x',
      model: 'sdxl',
      image: files.url('/reference.png'),
      action: 'Remove Background',
    });
    expect(busy).toMatchObject({
      status: 'failed',
      used_credits: 0,
      error: 'The background removal server answered 503',
    });
    expect(upstream.calls).toHaveLength(6);
    upstream.calls.length = 0;
    upstream.handle((_call, res) => replyJson(res, 404, { detail: 'Not Found' }));
    const missing = await generate(key, {
      prompt: 'x',
      model: 'sdxl',
      image: files.url('/reference.png'),
      action: 'Remove Background',
    });
    expect(missing?.error).toMatch(/POST \/api\/remove/);
    expect(upstream.calls).toHaveLength(1);
    upstream.handle((_call, res) => replyBytes(res, 200, 'text/html', Buffer.from('<html>')));
    const junk = await generate(key, {
      prompt: 'x',
      model: 'sdxl',
      image: files.url('/reference.png'),
      action: 'Remove Background',
    });
    expect(junk?.error).toBe('The background removal server returned something that is not an image');
    expect(await balance(key)).toBe(before);
  });

  it('routes Stable Diffusion XL to the web UI, with the reference picture as img2img', async () => {
    const key = await ownKey();
    upstream.handle((_call, res) => replyJson(res, 200, { images: [png.toString('base64')] }));
    const image = await generate(key, {
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
    const key = await ownKey();
    // The upstream holds its answer until the request has had its own: whatever the machine's speed, the
    // request can only have come back by giving up its wait (ATELIER_IMAGE_WAIT_MS, 1 s), not with the image.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let upstreamAnswered = false;
    upstream.handle(async (_call, res) => {
      await held;
      upstreamAnswered = true;
      replyJson(res, 200, { data: [{ b64_json: png.toString('base64') }] });
    });
    // Only against hanging: a request that waited for the upstream would get it after 15 s, and fail below.
    const guard = setTimeout(() => release(), 15_000);
    const image = await requested(t, key, { prompt: 'slow', model: 'DALL-E 3' });
    const answeredBeforeUpstream = !upstreamAnswered;
    release();
    clearTimeout(guard);
    expect(answeredBeforeUpstream, 'the request answered while the upstream was still held').toBe(true);
    expect(image).toMatchObject({ status: 'pending', image_url: null });
    const polled = await settled(t, key, image);
    expect(polled).toMatchObject({ status: 'completed', model: 'dall-e-3' });
    expect(upstream.calls).toHaveLength(1);
    expect(polled?.image_url).toMatch(/\/files\/images\//);
  });

  it('ends as failed with the reason and refunded credits when the upstream refuses', async () => {
    const key = await ownKey();
    upstream.handle((_call, res) =>
      replyJson(res, 400, { error: { message: 'secret upstream detail: content policy' } }),
    );
    const before = await balance(key);
    const image = await generate(key, { prompt: 'refused', model: 'DALL-E 3' });
    expect(image).toMatchObject({
      status: 'failed',
      image_url: null,
      used_credits: 0,
      error: 'The image provider answered 400',
    });
    expect(image?.error).not.toContain('secret');
    expect(upstream.calls).toHaveLength(1);
    expect(await balance(key)).toBe(before);
  });

  it('retries an upstream that keeps failing, then fails the record and refunds it', async () => {
    const key = await ownKey();
    upstream.handle((_call, res) => replyJson(res, 503, { error: 'overloaded' }));
    const before = await balance(key);
    const image = await generate(key, { prompt: 'unlucky', model: 'sdxl' });
    expect(image).toMatchObject({ status: 'failed', used_credits: 0, error: 'The image provider answered 503' });
    // Two calls per attempt (one adapter retry), three job attempts.
    expect(upstream.calls).toHaveLength(6);
    expect(await balance(key)).toBe(before);
  });
});
