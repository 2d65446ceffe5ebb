/**
 * The hosted interface 1.0.5's images (fact sheet section 4): every model and edit model name with a valid and an
 * invalid input, `images`, the new actions, 0.5K and 4K, the edit defaults, the example requests of its
 * generate-image page replayed, get-image's texts; Remove Background offline (classical segmentation) held to an IoU
 * floor on plain and graded backdrops and refused on a textured one; the edit mask where the engines can keep to it.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuiltinFilterEditor } from '../src/engines/adapters/builtin/image-filters.js';
import { DEFAULT_IMAGE_MODELS } from '../src/engines/media/media-catalogue.js';
import { EDIT_MODELS } from '../src/modules/images/image-request.js';
import { iou, scene } from '../bench/background-scenes.mjs';
import hosted from './fixtures/hosted-media-models.json' with { type: 'json' };
import hosted105 from './fixtures/hosted-image-models-1.0.5.json' with { type: 'json' };
import { fakeUpstreamForFile, formField, replyJson } from './helpers/fake-upstream.js';
import { type FileServer, startFileServer } from './helpers/file-server.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

type ImageRecord = {
  id: number;
  status: string;
  image_url: string | null;
  model: string;
  engine: string;
  prompt: string;
  used_credits: number;
  width: number;
  height: number;
  warnings: string[];
  error?: string;
  requested_model: string;
  action?: string;
  edit_model?: string | null;
};

const upstream = fakeUpstreamForFile();
/** Offline: nothing configured but the file server's private address. */
let offline: TestApp;
/** GPT Image, Qwen Image and Nano Banana served by the fake OpenAI-compatible server; SDXL by it as a web UI. */
let served: TestApp;
let files: FileServer;
let person: Buffer;
let room: Buffer;

/** A scene of bench/background-scenes.mjs as a PNG, and its true subject. */
async function scenePng(options: { shape: string; subject: string; backdrop: string; seed: number }) {
  const made = scene({ ...options, width: 320, height: 240 });
  const png = await sharp(Buffer.from(made.data), { raw: { width: made.width, height: made.height, channels: 4 } })
    .png()
    .toBuffer();
  return { png, truth: made.truth };
}

beforeAll(async () => {
  files = await startFileServer();
  person = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#cc3333' } })
    .png()
    .toBuffer();
  room = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#33cc33' } })
    .png()
    .toBuffer();
  files.serve('/person.png', person, 'image/png');
  files.serve('/room.png', room, 'image/png');
  const common = {
    ATELIER_ALLOW_PRIVATE_URLS: 'true',
    ATELIER_RATE_LIMIT_ENABLED: 'false',
    ATELIER_JOB_POLL_MS: '20',
    ATELIER_JOB_RETRY_BASE_MS: '20',
    ATELIER_UPSTREAM_RETRIES: '0',
    ATELIER_IMAGE_WAIT_MS: '15000',
  };
  [offline, served] = await Promise.all([
    startTestApp(common),
    startTestApp({
      ...common,
      ATELIER_IMAGE_OPENAI_BASE_URL: upstream.baseUrl,
      ATELIER_IMAGE_A1111_BASE_URL: upstream.baseUrl.replace(/\/v1$/, ''),
      ATELIER_IMAGE_ROUTES: 'gpt-image=openai-compatible,qwen-image=openai-compatible,nano-banana=openai-compatible',
    }),
  ]);
  offline.app.services.worker.start();
  served.app.services.worker.start();
});
afterAll(async () => {
  await Promise.all([offline?.close(), served?.close()]);
  await files?.close();
});

const keyOf = async (app: TestApp, credits = 2000) => (await app.account({ credits })).key;
const post = (app: TestApp, key: string, body: Record<string, unknown>) =>
  app.server.inject({ method: 'POST', url: '/api/generate-image', headers: withKey(key), payload: body });
const balance = async (app: TestApp, key: string) =>
  (await app.server.inject({ method: 'GET', url: '/api/account', headers: withKey(key) })).json<{
    credits: { balance: number };
  }>().credits.balance;

describe('every image model name of 1.0.5', () => {
  it('is taken with a valid input and refuses an invalid one naming the field', async () => {
    const key = await keyOf(offline, 100_000);
    const names = new Set([
      ...hosted.imageModels,
      ...hosted105.newImageModels,
      ...DEFAULT_IMAGE_MODELS.map((entry) => entry.name),
    ]);
    expect(hosted105.newImageModels).toHaveLength(32);
    for (const model of names) {
      const made = await post(offline, key, { prompt: 'A red kite', model, dimensions: '64x64', outputs: 1 });
      expect(made.statusCode, model).toBe(200);
      expect(made.json<ImageRecord[]>()[0]?.requested_model, model).toBe(model);
      const wrong = await post(offline, key, { prompt: 'A red kite', model, dimensions: '8x8' });
      expect(wrong.statusCode, model).toBe(400);
      expect(wrong.json<{ error: string }>().error, model).toMatch(/^dimensions: /);
    }
  });

  it('takes every editModel of 1.0.5 (and 1.0.4) for a filter edit, and refuses one that is not', async () => {
    const key = await keyOf(offline, 100_000);
    expect([...EDIT_MODELS]).toEqual(expect.arrayContaining([...hosted105.newEditModels, ...hosted.editModels]));
    for (const editModel of EDIT_MODELS) {
      const made = await post(offline, key, {
        prompt: 'old photo',
        image: files.url('/person.png'),
        action: 'Colorize',
        editModel,
      });
      expect(made.statusCode, editModel).toBe(200);
      expect(made.json<ImageRecord[]>()[0]).toMatchObject({ action: 'Colorize', engine: 'builtin-filter' });
    }
    const unknown = await post(offline, key, { prompt: 'x', image: files.url('/person.png'), editModel: 'Reve 2.0' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ error: string }>().error).toMatch(/^editModel: /);
  });
});

describe('the 1.0.5 request fields', () => {
  it('resolution 0.5K and 4K (made at 2048, said so); Nano Banana Pro makes a ratio at 2K by default', async () => {
    const key = await keyOf(offline);
    const record = async (body: Record<string, unknown>) =>
      (await post(offline, key, { prompt: 'x', ...body })).json<ImageRecord[]>()[0];
    expect(await record({ model: 'FLUX.1', dimensions: '16:9', resolution: '0.5K' })).toMatchObject({
      width: 512,
      height: 320,
      warnings: [],
    });
    expect(await record({ model: 'FLUX.1', dimensions: '1:1', resolution: '4K' })).toMatchObject({
      width: 2048,
      height: 2048,
      warnings: [expect.stringMatching(/^resolution: 4K asks for 4096 .* made 2048x2048/)],
    });
    expect(await record({ model: 'Nano Banana Pro', dimensions: '1:1' })).toMatchObject({ width: 2048 });
    expect(await record({ model: 'Nano Banana 2', dimensions: '1:1' })).toMatchObject({ width: 1024 });
    expect((await record({ model: 'Recraft v4.1 Pro Vector', dimensions: '64x64' }))?.warnings).toEqual([
      'model: Recraft v4.1 Pro Vector makes vector (SVG) pictures; the engines here make raster ones (PNG, JPEG or WebP)',
    ]);
  });

  it('refuses an images field that is not a JSON-encoded string of 1 to 10 http(s) URLs, naming it', async () => {
    const key = await keyOf(offline);
    const url = files.url('/person.png');
    for (const images of [
      [url],
      'not json',
      '[]',
      '["file:///etc/passwd"]',
      JSON.stringify(Array.from({ length: 11 }, () => url)),
      '{"a": 1}',
    ]) {
      const response = await post(offline, key, { prompt: 'x', images, action: 'Colorize' });
      expect(response.statusCode, JSON.stringify(images)).toBe(400);
      expect(response.json<{ error: string }>().error, JSON.stringify(images)).toMatch(/^images: /);
    }
    expect((await post(offline, key, { prompt: 'x' })).json<{ error: string }>().error).toMatch(/^model: is required/);
  });

  it('answers the new actions offline with the 422 that says what could, charging nothing', async () => {
    const key = await keyOf(offline);
    const before = await balance(offline, key);
    for (const action of hosted105.newActions) {
      const response = await post(offline, key, {
        prompt: 'x',
        model: 'FLUX.1',
        image: files.url('/person.png'),
        action,
      });
      expect(response.statusCode, action).toBe(422);
      expect(response.json<{ error: string }>().error, action).toMatch(
        /generative model.*ATELIER_IMAGE_OPENAI_BASE_URL/,
      );
    }
    expect(await balance(offline, key)).toBe(before);
  });

  it('sends a new action to the editing engine as its instruction', async () => {
    const key = await keyOf(served);
    upstream.handle((_call, res) => replyJson(res, 200, { data: [{ b64_json: room.toString('base64') }] }));
    const [record] = (
      await post(served, key, {
        prompt: 'the red mug with a blue one',
        image: files.url('/person.png'),
        action: 'Find and Replace',
        editModel: 'OpenAI GPT Image 2 High',
        waitForResult: true,
      })
    ).json<ImageRecord[]>();
    expect(record).toMatchObject({ status: 'completed', engine: 'openai-compatible', model: 'gpt-image-2' });
    const [call] = upstream.calls;
    expect(call?.path).toBe('/v1/images/edits');
    expect(formField(call?.raw, 'prompt')).toBe(
      'Find and replace in this picture, changing nothing else: the red mug with a blue one',
    );
  });
});

describe('the GPT Image 2 and 2.5 tiers', () => {
  it('are one upstream model each, asked for the quality their name says', async () => {
    const key = await keyOf(served);
    upstream.handle((_call, res) => replyJson(res, 200, { data: [{ b64_json: room.toString('base64') }] }));
    for (const [name, model, quality] of [
      ['OpenAI GPT Image 2 Low', 'gpt-image-2', 'low'],
      ['OpenAI GPT Image 2.5 Flare Medium', 'gpt-image-2.5-flare', 'medium'],
      ['OpenAI GPT Image 2.5 Sunburst High', 'gpt-image-2.5-sunburst', 'high'],
    ]) {
      upstream.calls.length = 0;
      const [record] = (await post(served, key, { prompt: 'x', model: name, waitForResult: true })).json<
        ImageRecord[]
      >();
      expect(record, name).toMatchObject({ status: 'completed', model });
      expect(upstream.calls[0]?.body, name).toMatchObject({ model, quality });
    }
  });
});

describe("the generate-image page's example requests, replayed", () => {
  it('one reference image with editModel and a ratio', async () => {
    const key = await keyOf(served);
    upstream.handle((_call, res) => replyJson(res, 200, { data: [{ b64_json: room.toString('base64') }] }));
    const response = await post(served, key, {
      prompt: 'Place this product on a marble kitchen counter with soft morning light',
      image: files.url('/person.png'),
      editModel: 'Nano Banana 2',
      dimensions: '1:1',
      waitForResult: true,
    });
    expect(response.statusCode).toBe(200);
    const [record] = response.json<ImageRecord[]>();
    expect(record).toMatchObject({ status: 'completed', action: 'Edit Image with AI', edit_model: 'Nano Banana 2' });
    expect(record?.image_url).toMatch(/^http/);
    expect(Object.keys(record ?? {})).toEqual(
      expect.arrayContaining(['id', 'image_url', 'model', 'used_credits', 'prompt']),
    );
    expect(upstream.calls[0]?.raw.includes(person)).toBe(true);
  });

  it('several reference images as a JSON-encoded string: the first is edited, the rest said', async () => {
    const key = await keyOf(served);
    upstream.handle((_call, res) => replyJson(res, 200, { data: [{ b64_json: room.toString('base64') }] }));
    const response = await post(served, key, {
      prompt: 'Put the person from the first image into the room in the second image',
      images: JSON.stringify([files.url('/person.png'), files.url('/room.png')]),
      editModel: 'Nano Banana 2',
      dimensions: '1:1',
      waitForResult: true,
    });
    expect(response.statusCode).toBe(200);
    const [record] = response.json<ImageRecord[]>();
    expect(record?.status).toBe('completed');
    expect(record?.warnings).toContain('images: ignored: the engines here edit one picture; 1 more were not used');
    expect(upstream.calls[0]?.raw.includes(person)).toBe(true);
  });

  it('the edit defaults: no action, GPT Image 2 Medium; "Edit Image with AI", Qwen Image; a named model, that model', async () => {
    const key = await keyOf(served);
    upstream.handle((_call, res) => replyJson(res, 200, { data: [{ b64_json: room.toString('base64') }] }));
    const image = files.url('/person.png');
    const edited = async (body: Record<string, unknown>) =>
      (await post(served, key, { prompt: 'x', image, waitForResult: true, ...body })).json<ImageRecord[]>()[0];
    expect(await edited({})).toMatchObject({
      edit_model: 'OpenAI GPT Image 2 Medium',
      requested_model: 'Nano Banana 2',
    });
    expect(await edited({ action: 'Edit Image with AI' })).toMatchObject({ edit_model: 'Qwen-Image' });
    expect(await edited({ model: 'Nano Banana Pro' })).toMatchObject({ edit_model: 'Nano Banana Pro' });
  });

  it("get-image's 400 and 404, and its record", async () => {
    const key = await keyOf(offline);
    const get = (query: string) =>
      offline.server.inject({ method: 'GET', url: `/api/get-image${query}`, headers: withKey(key) });
    for (const query of ['', '?imageId=', '?imageId=abc', '?imageId=0']) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ error: 'Missing or invalid imageId.' });
    }
    expect((await get('?imageId=12345')).statusCode).toBe(404);
    const [made] = (await post(offline, key, { prompt: 'x', model: 'builtin', dimensions: '64x64' })).json<
      ImageRecord[]
    >();
    const record = (await get(`?imageId=${made?.id}`)).json<ImageRecord>();
    expect(record).toMatchObject({ id: made?.id, model: expect.any(String), prompt: 'x', used_credits: 1 });
  });
});

describe('Remove Background offline (classical segmentation)', () => {
  it('cuts a subject out of plain and graded backdrops, within the IoU floor, saying no learned model was used', async () => {
    const key = await keyOf(offline);
    for (const [n, options] of [
      { shape: 'disc', subject: 'red', backdrop: 'white', seed: 1 },
      { shape: 'star', subject: 'navy', backdrop: 'teal', seed: 2 },
      { shape: 'bottle', subject: 'amber', backdrop: 'radial gradient', seed: 3 },
      { shape: 'box', subject: 'green', backdrop: 'linear gradient', seed: 4 },
    ].entries()) {
      const { png, truth } = await scenePng(options);
      files.serve(`/scene-${n}.png`, png, 'image/png');
      const response = await post(offline, key, {
        prompt: 'cut it out',
        model: 'FLUX.1',
        image: files.url(`/scene-${n}.png`),
        action: 'Remove Background',
        waitForResult: true,
      });
      expect(response.statusCode, options.backdrop).toBe(200);
      const [record] = response.json<ImageRecord[]>();
      expect(record, options.backdrop).toMatchObject({
        status: 'completed',
        engine: 'builtin-segmentation',
        width: 320,
        height: 240,
      });
      expect(record?.warnings.join(' ')).toMatch(/no learned model was used/);
      const cut = await offline.server.inject({ method: 'GET', url: new URL(record?.image_url ?? '').pathname });
      const alpha = await sharp(cut.rawPayload).ensureAlpha().extractChannel(3).raw().toBuffer();
      expect(iou(alpha, truth), options.backdrop).toBeGreaterThanOrEqual(0.95);
      // The edge is soft: some pixels are between subject and backdrop.
      expect(
        alpha.some((a) => a > 10 && a < 245),
        options.backdrop,
      ).toBe(true);
    }
  });

  it('refuses a textured background and a picture with no subject with the 422 that says what could, charging nothing', async () => {
    const key = await keyOf(offline);
    const before = await balance(offline, key);
    const { png } = await scenePng({ shape: 'disc', subject: 'red', backdrop: 'foliage', seed: 5 });
    files.serve('/foliage.png', png, 'image/png');
    const empty = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    files.serve('/empty.png', empty, 'image/png');
    for (const [path, reason] of [
      ['/foliage.png', /background is textured/],
      ['/empty.png', /no subject stands out/],
    ] as const) {
      for (const action of ['Remove Background', 'Replace Background']) {
        const response = await post(offline, key, {
          prompt: 'a beach',
          model: 'FLUX.1',
          image: files.url(path),
          action,
        });
        expect(response.statusCode, `${path} ${action}`).toBe(422);
        const { error } = response.json<{ error: string }>();
        expect(error).toMatch(reason);
        expect(error).toMatch(/ATELIER_IMAGE_REMBG_URL/);
      }
    }
    expect(await balance(offline, key)).toBe(before);
  });

  it('lists the background actions of an offline model as done only when the picture allows', async () => {
    const key = await keyOf(offline);
    const { models } = (
      await offline.server.inject({ method: 'GET', url: '/api/image-models', headers: withKey(key) })
    ).json<{ models: { name: string; edit_actions: string[]; edit_actions_if_separable: string[] }[] }>();
    expect(models.find((m) => m.name === 'FLUX.1')).toMatchObject({
      edit_actions: ['Colorize', 'Relight', 'Stylization', 'Sketch to Image'],
      edit_actions_if_separable: ['Remove Background', 'Replace Background'],
    });
  });
});

describe('the edit mask', () => {
  /** Transparent (to edit) on the left half, opaque on the right. */
  const leftHalfMask = (width: number, height: number) => {
    const pixels = Buffer.alloc(width * height * 4);
    for (let p = 0; p < width * height; p++) pixels[p * 4 + 3] = p % width < width / 2 ? 0 : 255;
    return sharp(pixels, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer();
  };

  it('goes to the web UI as an inpainting mask, white where the picture may change', async () => {
    const key = await keyOf(served);
    upstream.handle((_call, res) => replyJson(res, 200, { images: [room.toString('base64')] }));
    const response = await served.server.inject({
      method: 'POST',
      url: '/v1/images/edits',
      headers: { ...withKey(key), 'content-type': 'multipart/form-data; boundary=XX' },
      payload: Buffer.concat([
        Buffer.from('--XX\r\nContent-Disposition: form-data; name="model"\r\n\r\nsdxl\r\n'),
        Buffer.from('--XX\r\nContent-Disposition: form-data; name="prompt"\r\n\r\nA hat\r\n'),
        Buffer.from('--XX\r\nContent-Disposition: form-data; name="size"\r\n\r\n64x64\r\n'),
        Buffer.from(
          '--XX\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n',
        ),
        person,
        Buffer.from(
          '\r\n--XX\r\nContent-Disposition: form-data; name="mask"; filename="m.png"\r\nContent-Type: image/png\r\n\r\n',
        ),
        await leftHalfMask(64, 64),
        Buffer.from('\r\n--XX--\r\n'),
      ]),
    });
    expect(response.statusCode, response.body).toBe(200);
    const call = upstream.calls.find((c) => c.path === '/sdapi/v1/img2img');
    const mask = Buffer.from(String(call?.body.mask), 'base64');
    const grey = await sharp(mask).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect(grey.info).toMatchObject({ width: 64, height: 64 });
    expect(grey.data[32 * 64 + 5]).toBe(255);
    expect(grey.data[32 * 64 + 60]).toBe(0);
    expect(call?.body).toMatchObject({ inpainting_mask_invert: 0 });
  });

  it('keeps a builtin filter inside the mask: the opaque part of the picture is unchanged', async () => {
    const editor = new BuiltinFilterEditor();
    const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    const result = await editor.doEdit({
      action: 'Stylization',
      prompt: 'pop art',
      image: { data: picture, mediaType: 'image/png' },
      mask: { data: await leftHalfMask(64, 64), mediaType: 'image/png' },
      width: 64,
      height: 64,
      seed: 1,
    });
    const out = await sharp(result.image.data).removeAlpha().raw().toBuffer();
    const at = (x: number) => out[(32 * 64 + x) * 3] ?? -1;
    expect(at(60)).toBe(128);
    expect(at(5)).not.toBe(128);
  });
});
