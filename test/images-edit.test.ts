import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileServer, startFileServer } from './helpers/file-server.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

/** Image editing with only the offline engines: the builtin filters do for real what image processing can. */

type ImageRecord = {
  id: number;
  image_url: string | null;
  model: string;
  engine: string;
  status: 'pending' | 'completed' | 'failed';
  error?: string;
  used_credits: number;
  width: number;
  height: number;
  requested_model: string;
  warnings: string[];
  action?: string;
  edit_model?: string | null;
};

let t: TestApp;
let strict: TestApp;
let files: FileServer;
let key: string;

const SIDE = 128;

/** A grey gradient: no colour at all. */
async function greyGradient(): Promise<Buffer> {
  const data = Buffer.alloc(SIDE * SIDE * 3);
  for (let y = 0; y < SIDE; y++)
    for (let x = 0; x < SIDE; x++)
      data.fill(Math.round((x / (SIDE - 1)) * 255), (y * SIDE + x) * 3, (y * SIDE + x) * 3 + 3);
  return sharp(data, { raw: { width: SIDE, height: SIDE, channels: 3 } })
    .png()
    .toBuffer();
}

/** A flat red square on a flat blue background: edges only along the square's outline. */
const squareOnBlue = () =>
  sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: '#2040d0' } })
    .composite([
      {
        input: { create: { width: 64, height: 64, channels: 3, background: '#e03020' } },
        left: 32,
        top: 32,
      },
    ])
    .png()
    .toBuffer();

/** A smooth colour gradient (many colours). */
async function colourGradient(): Promise<Buffer> {
  const data = Buffer.alloc(SIDE * SIDE * 3);
  for (let y = 0; y < SIDE; y++)
    for (let x = 0; x < SIDE; x++) {
      const i = (y * SIDE + x) * 3;
      data[i] = x * 2;
      data[i + 1] = y * 2;
      data[i + 2] = 255 - x - y;
    }
  return sharp(data, { raw: { width: SIDE, height: SIDE, channels: 3 } })
    .png()
    .toBuffer();
}

const midGrey = () =>
  sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: '#808080' } })
    .png()
    .toBuffer();

beforeAll(async () => {
  files = await startFileServer();
  files.serve('/grey.png', await greyGradient(), 'image/png');
  files.serve('/square.png', await squareOnBlue(), 'image/png');
  files.serve('/gradient.png', await colourGradient(), 'image/png');
  files.serve('/mid.png', await midGrey(), 'image/png');
  files.serve('/not-an-image.png', Buffer.from('<html>nope</html>'), 'image/png');
  t = await startTestApp({
    ATELIER_ALLOW_PRIVATE_URLS: 'true',
    ATELIER_RATE_LIMIT_ENABLED: 'false',
    ATELIER_JOB_POLL_MS: '50',
    ATELIER_JOB_RETRY_BASE_MS: '50',
    ATELIER_IMAGE_WAIT_MS: '20000',
  });
  t.app.services.worker.start();
  key = (await t.account({ credits: 200 })).key;
  strict = await startTestApp({
    ATELIER_RATE_LIMIT_ENABLED: 'false',
    ATELIER_JOB_POLL_MS: '50',
    ATELIER_JOB_RETRY_BASE_MS: '50',
    ATELIER_IMAGE_WAIT_MS: '20000',
  });
  strict.app.services.worker.start();
});
afterAll(async () => {
  await t?.close();
  await strict?.close();
  await files.close();
});

const generate = (payload: Record<string, unknown>, app = t, apiKey = key) =>
  app.server.inject({
    method: 'POST',
    url: '/api/generate-image',
    headers: withKey(apiKey),
    payload: { waitForResult: true, ...payload },
  });
const balance = async (app = t, apiKey = key) =>
  (await app.server.inject({ method: 'GET', url: '/api/account', headers: withKey(apiKey) })).json<{
    credits: { balance: number };
  }>().credits.balance;

async function edited(payload: Record<string, unknown>): Promise<{ record: ImageRecord; pixels: Pixels }> {
  const response = await generate({ model: 'FLUX.1', ...payload });
  expect(response.statusCode, response.body).toBe(200);
  const [record] = response.json<ImageRecord[]>();
  if (!record) throw new Error('no record');
  expect(record.status, record.error).toBe('completed');
  const stored = await t.server.inject({ method: 'GET', url: new URL(record.image_url ?? '').pathname });
  return { record, pixels: await pixelsOf(stored.rawPayload) };
}

interface Pixels {
  data: Buffer;
  width: number;
  height: number;
}

async function pixelsOf(picture: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(picture).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const at = ({ data, width }: Pixels, x: number, y: number) => {
  const i = (y * width + x) * 3;
  return [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0] as const;
};
const lum = ([r, g, b]: readonly [number, number, number]) => 0.299 * r + 0.587 * g + 0.114 * b;
const chroma = ([r, g, b]: readonly [number, number, number]) => Math.max(r, g, b) - Math.min(r, g, b);

describe('image editing offline (builtin filters)', () => {
  it('Colorize gives colour to a greyscale picture (a tint map by brightness), and keeps its size', async () => {
    const input = await pixelsOf(await greyGradient());
    expect(chroma(at(input, 64, 64))).toBe(0);
    const { record, pixels } = await edited({ prompt: 'old photo', image: files.url('/grey.png'), action: 'Colorize' });
    expect(record).toMatchObject({
      engine: 'builtin-filter',
      model: 'builtin-filter',
      requested_model: 'FLUX.1',
      action: 'Colorize',
      edit_model: 'FLUX.1',
      width: SIDE,
      height: SIDE,
      used_credits: 3,
      warnings: [],
    });
    let coloured = 0;
    for (let x = 0; x < SIDE; x += 8) if (chroma(at(pixels, x, 64)) > 20) coloured++;
    expect(coloured).toBeGreaterThan(10);
    // Brightness order is kept: dark stays darker than light.
    expect(lum(at(pixels, 5, 5))).toBeLessThan(lum(at(pixels, 120, 5)));
  });

  it('Relight brightens the side the light comes from', async () => {
    const { record, pixels } = await edited({
      prompt: 'light from the left',
      image: files.url('/mid.png'),
      action: 'Relight',
    });
    expect(record.engine).toBe('builtin-filter');
    expect(lum(at(pixels, 4, 64))).toBeGreaterThan(lum(at(pixels, 123, 64)) + 60);
    expect(lum(at(pixels, 4, 64))).toBeGreaterThan(128);
  });

  it('Stylization applies a look: poster by default (few flat tones), noir on request (grey)', async () => {
    const distinct = (p: Pixels) => {
      const seen = new Set<number>();
      for (let i = 0; i < p.data.length; i += 3)
        seen.add(((p.data[i] ?? 0) << 16) | ((p.data[i + 1] ?? 0) << 8) | (p.data[i + 2] ?? 0));
      return seen.size;
    };
    const input = await pixelsOf(await colourGradient());
    const poster = await edited({ prompt: 'pop art', image: files.url('/gradient.png'), action: 'Stylization' });
    expect(distinct(input)).toBeGreaterThan(1000);
    expect(distinct(poster.pixels)).toBeLessThanOrEqual(64);
    const noir = await edited({ prompt: 'film noir', image: files.url('/gradient.png'), action: 'Stylization' });
    for (const [x, y] of [
      [10, 10],
      [100, 40],
      [64, 120],
    ] as const)
      expect(chroma(at(noir.pixels, x, y))).toBe(0);
  });

  it('Sketch to Image inks the edges and keeps flat colour inside', async () => {
    const { record, pixels } = await edited({
      prompt: 'a red box',
      image: files.url('/square.png'),
      action: 'Sketch to Image',
    });
    expect(record.engine).toBe('builtin-filter');
    // Along the square's outline (x = 32 and x = 95) the picture is inked dark; inside (red) and outside (blue) it is not.
    const brightest = (x: number, y: number) => Math.max(...at(pixels, x, y));
    expect(brightest(32, 64)).toBeLessThan(60);
    expect(brightest(95, 64)).toBeLessThan(60);
    expect(brightest(64, 32)).toBeLessThan(60);
    expect(brightest(64, 64)).toBeGreaterThan(150);
    expect(brightest(10, 10)).toBeGreaterThan(150);
    expect(at(pixels, 64, 64)[0]).toBeGreaterThan(at(pixels, 64, 64)[2]);
    expect(at(pixels, 10, 10)[2]).toBeGreaterThan(at(pixels, 10, 10)[0]);
  });

  it('editModel picks the model (and its price); dimensions are ignored by a filter, with a warning', async () => {
    const { record } = await edited({
      prompt: 'x',
      model: 'DALL-E 3',
      editModel: 'Seedream 4.0',
      image: files.url('/grey.png'),
      action: 'Colorize',
      dimensions: '512x512',
      useHD: true,
    });
    expect(record).toMatchObject({
      edit_model: 'Seedream 4.0',
      requested_model: 'DALL-E 3',
      used_credits: 3,
      width: SIDE,
      warnings: ["dimensions: ignored: builtin-filter keeps the picture's own size", 'useHD: ignored for an edit'],
    });
  });

  it('lists the actions each model can edit with here', async () => {
    const { models } = (
      await t.server.inject({ method: 'GET', url: '/api/image-models', headers: withKey(key) })
    ).json<{ models: { name: string; edit_actions: string[] }[] }>();
    expect(models.find((m) => m.name === 'FLUX.1')?.edit_actions).toEqual([
      'Colorize',
      'Relight',
      'Stylization',
      'Sketch to Image',
    ]);
  });

  it('answers 422 naming what could, for actions no engine here can do, and charges nothing', async () => {
    const before = await balance();
    for (const [action, needle] of [
      ['Remove Background', /ATELIER_IMAGE_REMBG_URL/],
      ['Replace Background', /ATELIER_IMAGE_REMBG_URL/],
      ['Ghiblify', /ATELIER_IMAGE_OPENAI_BASE_URL.*ATELIER_IMAGE_A1111_BASE_URL/],
      ['Caricature', /generative model/],
      ['Realistic Photos', /images\/edits/],
      ['Professional Headshot', /img2img/],
      ['Edit Image with AI', /ATELIER_IMAGE_ROUTES=flux=openai-compatible/],
      [undefined, /"Edit Image with AI" needs a generative model/],
    ] as const) {
      const response = await generate({ prompt: 'x', model: 'FLUX.1', image: files.url('/grey.png'), action });
      expect(response.statusCode, String(action)).toBe(422);
      expect(response.json<{ error: string }>().error, String(action)).toMatch(needle);
    }
    expect(await balance()).toBe(before);
  });

  it('refuses an action without a picture, an unknown action and a non-http image with 400', async () => {
    for (const [payload, message] of [
      [{ action: 'Colorize' }, /^action: needs image/],
      [{ action: 'Make it pop', image: files.url('/grey.png') }, /action/],
      [{ editModel: 'Imagen 9', image: files.url('/grey.png') }, /editModel/],
      [{ action: 'Colorize', image: 'file:///etc/passwd' }, /image/],
      [{ action: 'Colorize', image: 'ftp://example.com/a.png' }, /image/],
    ] as const) {
      const response = await generate({ prompt: 'x', model: 'FLUX.1', ...payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ error: string }>().error).toMatch(message);
    }
  });

  it('fails the record (and refunds it) when the picture is not one', async () => {
    const before = await balance();
    const [record] = (
      await generate({ prompt: 'x', model: 'FLUX.1', image: files.url('/not-an-image.png'), action: 'Colorize' })
    ).json<ImageRecord[]>();
    expect(record).toMatchObject({ status: 'failed', image_url: null, used_credits: 0 });
    expect(record?.error).toMatch(/not a PNG, JPEG or WebP/);
    expect(await balance()).toBe(before);
  });

  it('fetches the picture through the SSRF guard: private and metadata addresses are refused and refunded', async () => {
    const { key: strictKey } = await strict.account({ credits: 50 });
    const port = new URL(files.url('/')).port;
    const hits = files.hits('/grey.png');
    for (const url of [
      files.url('/grey.png'),
      `http://localhost:${port}/grey.png`,
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const [record] = (
        await generate({ prompt: 'x', model: 'FLUX.1', image: url, action: 'Colorize' }, strict, strictKey)
      ).json<ImageRecord[]>();
      expect(record, url).toMatchObject({ status: 'failed', used_credits: 0 });
      expect(record?.error, url).toMatch(/private or local address|refused/);
    }
    // Refused before a connection was made, though the picture is there to be read.
    expect(files.hits('/grey.png')).toBe(hits);
    expect((await fetch(files.url('/grey.png'))).status).toBe(200);
    expect(await balance(strict, strictKey)).toBe(50);
  });
});
