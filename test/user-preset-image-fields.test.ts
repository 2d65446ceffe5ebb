import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, chatCompletion, replyJson, startFakeUpstream } from './helpers/fake-upstream.js';
import { type FileServer, startFileServer } from './helpers/file-server.js';
import { type TestApp, startTestApp, withKey } from './helpers/test-app.js';

type Json = Record<string, unknown>;
type Output = { id: number; name: string; text: string };

let t: TestApp;
let files: FileServer;
let key: string;
let otherKey: string;
let photoPng: Buffer;

beforeAll(async () => {
  files = await startFileServer();
  photoPng = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#3060c0' } })
    .png()
    .toBuffer();
  files.serve(
    '/photo.jpg',
    await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c06030' } })
      .jpeg()
      .toBuffer(),
    'image/jpeg',
  );
  files.serve('/page.html', Buffer.from('<html>not a picture</html>'), 'image/png');
  t = await startTestApp({
    ATELIER_RATE_LIMIT_ENABLED: 'false',
    ATELIER_ALLOW_PRIVATE_URLS: 'true',
    // Room for a data URL past the pictures' own limit, so that the field's check is what refuses it.
    ATELIER_BODY_LIMIT_BYTES: String(16 * 1024 * 1024),
  });
  key = (await t.account({ plan: 'free', credits: 1000 })).key;
  otherKey = (await t.account({ plan: 'free', credits: 1000 })).key;
});
afterAll(async () => {
  await t.close();
  await files.close();
});

const send = (app: TestApp, url: string, as: string, payload: Json) =>
  app.server.inject({ method: 'POST', url, headers: withKey(as), payload });
const errorOf = (res: { json: <T>() => T }) => res.json<{ error: string }>().error;
const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

/** A PNG whose header claims `width`x`height` pixels over a few bytes of data: a decompression bomb's shape. */
function claimedPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(64 * 1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

const describePhoto = (slug: string, extra: Json = {}): Json => ({
  slug,
  title: 'Describe a photo',
  fields: [
    { name: 'keywords', label: 'Audience', type: 'text', required: true },
    { name: 'extra6', label: 'Photo', type: 'image', required: true },
  ],
  prompt: 'Describe the photo for {{keywords}}.{{#extra6}} The photo is attached.{{/extra6}}',
  ...extra,
});

describe('an image field', () => {
  // The preset the tests below run, made before them (each test, in whatever order, finds it as made).
  beforeAll(async () => {
    expect((await send(t, '/api/presets', key, describePhoto('describe-photo'))).statusCode).toBe(201);
  });

  it('is saved on an extra parameter, without a default, and is never written into the template', async () => {
    expect((await send(t, '/api/presets', key, describePhoto('saved-photo'))).statusCode).toBe(201);
    const refusals: [Json, string][] = [
      [{ fields: [{ name: 'keywords', label: 'Photo', type: 'image' }], prompt: 'x' }, 'fills one of extra5'],
      [{ fields: [{ name: 'extra6', label: 'Photo', type: 'image', default: 'x' }], prompt: 'x' }, 'has no default'],
      [{ prompt: 'Look: {{extra6}} for {{keywords}}' }, 'prompt: {{extra6}} is an image field'],
      [{ fields: [{ name: 'extra6', label: 'Photo', type: 'image', maxLength: 10 }], prompt: 'x' }, 'maxLength'],
    ];
    for (const [change, fragment] of refusals) {
      const res = await send(t, '/api/presets', key, describePhoto('refused-photo', change));
      expect(res.statusCode, fragment).toBe(400);
      expect(errorOf(res)).toContain(fragment);
    }
  });

  it('offline, the builtin engine says what it measured of a data URL picture, and that it did not see it', async () => {
    const res = await send(t, '/api/generate', key, {
      preset: 'describe-photo',
      keywords: 'hikers',
      extra6: dataUrl(photoPng),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [output] = res.json<Output[]>();
    expect(output?.text).toContain('a PNG picture, 320x200 pixels');
    expect(output?.text).toContain('the builtin engine does not see pictures');
    expect(output?.text).not.toContain('base64');
  });

  it('downloads a picture by URL through the guard', async () => {
    const res = await send(t, '/api/generate', key, {
      preset: 'describe-photo',
      keywords: 'hikers',
      extra6: files.url('/photo.jpg'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Output[]>()[0]?.text).toContain('a JPEG picture, 640x480 pixels');
  });

  it('refuses hostile and broken pictures by name, charging nothing, and the app keeps answering', async () => {
    const balance = async () =>
      (await t.server.inject({ url: '/api/account', headers: withKey(key) })).json<{ credits: { balance: number } }>()
        .credits.balance;
    const before = await balance();
    const truncated = photoPng.subarray(0, photoPng.length - 40);
    const cases: [string, string][] = [
      [dataUrl(claimedPng(30_000, 30_000)), 'extra6 (Photo): the picture claims 30000x30000 pixels'],
      [dataUrl(truncated), 'extra6 (Photo): the picture could not be decoded'],
      [dataUrl(Buffer.from('plain text, not a picture')), 'extra6 (Photo): the data URI does not hold'],
      [`data:image/png;base64,${'A'.repeat(7_200_000)}`, 'extra6: must be at most'],
      [files.url('/page.html'), 'extra6 (Photo): is not a picture'],
      ['ftp://example.com/photo.png', 'extra6 (Photo): must be an http(s) URL or a data:image'],
    ];
    for (const [value, fragment] of cases) {
      const [res, health] = await Promise.all([
        send(t, '/api/generate', key, { preset: 'describe-photo', keywords: 'x', extra6: value }),
        t.server.inject({ url: '/health' }),
      ]);
      expect(res.statusCode, fragment).toBe(400);
      expect(errorOf(res)).toContain(fragment);
      expect(health.statusCode).toBe(200);
    }
    expect(await balance()).toBe(before);
    const after = await send(t, '/api/generate', key, {
      preset: 'describe-photo',
      keywords: 'x',
      extra6: dataUrl(photoPng),
    });
    expect(after.statusCode).toBe(200);
  });

  it('on an image preset, is a 400 naming it when the model here cannot make a picture from a picture', async () => {
    const created = await send(t, '/api/presets', key, {
      ...describePhoto('photo-poster'),
      output: 'image',
      prompt: 'A poster for {{keywords}}{{#extra6}} after the photo{{/extra6}}',
    });
    expect(created.statusCode).toBe(201);
    const res = await send(t, '/api/generate', key, {
      preset: 'photo-poster',
      keywords: 'hikers',
      extra6: files.url('/photo.jpg'),
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toContain('extra6 (Photo): the image model "Nano Banana 2" here');
  });

  it("is another account's 404", async () => {
    const res = await send(t, '/api/generate', otherKey, {
      preset: 'describe-photo',
      keywords: 'x',
      extra6: dataUrl(photoPng),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('an image field with a text model that takes pictures', () => {
  let upstream: FakeUpstream;
  let vision: TestApp;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    upstream.handle((_call, res) => replyJson(res, 200, chatCompletion('A calm blue photo.')));
    vision = await startTestApp({
      ATELIER_RATE_LIMIT_ENABLED: 'false',
      ATELIER_TEXT_PROVIDER: 'openai-compatible',
      ATELIER_TEXT_BASE_URL: upstream.baseUrl,
      ATELIER_TEXT_MODEL: 'vision-model',
    });
  });
  afterAll(async () => {
    await vision.close();
    await upstream.close();
  });

  it('sends the picture as an image part after its label, the prompt as text', async () => {
    const { key: own } = await vision.account({ plan: 'free', credits: 10 });
    expect((await send(vision, '/api/presets', own, describePhoto('vision-photo'))).statusCode).toBe(201);
    const res = await send(vision, '/api/generate', own, {
      preset: 'vision-photo',
      keywords: 'hikers',
      extra6: dataUrl(photoPng),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Output[]>()[0]?.text).toBe('A calm blue photo.');
    const messages = upstream.calls[0]?.body.messages as { role: string; content: unknown }[];
    const user = messages.find((m) => m.role === 'user');
    expect(user?.content).toEqual([
      { type: 'text', text: 'Describe the photo for hikers. The photo is attached.' },
      { type: 'text', text: `Photo (a PNG picture, 320x200 pixels, ${(photoPng.length / 1024).toFixed(1)} KiB):` },
      { type: 'image_url', image_url: { url: dataUrl(photoPng) } },
    ]);
  });
});

describe('an image field on an image preset whose model edits pictures', () => {
  let upstream: FakeUpstream;
  let editing: TestApp;
  let made: Buffer;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    made = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#208040' } })
      .png()
      .toBuffer();
    upstream.handle((_call, res) => replyJson(res, 200, { data: [{ b64_json: made.toString('base64') }] }));
    editing = await startTestApp({
      ATELIER_RATE_LIMIT_ENABLED: 'false',
      ATELIER_ALLOW_PRIVATE_URLS: 'true',
      ATELIER_IMAGE_OPENAI_BASE_URL: upstream.baseUrl,
      ATELIER_JOB_POLL_MS: '20',
      ATELIER_IMAGE_WAIT_MS: '10000',
    });
    editing.app.services.worker.start();
  });
  afterAll(async () => {
    await editing.close();
    await upstream.close();
  });

  it('makes the new picture from it through the images edit path, fetched by URL', async () => {
    const { key: own } = await editing.account({ plan: 'free', credits: 100 });
    const created = await send(editing, '/api/presets', own, {
      ...describePhoto('photo-remix'),
      output: 'image',
      image_settings: { model: 'gpt-image-1' },
      prompt: 'The photo for {{keywords}}{{#extra6}}, as a poster{{/extra6}}',
    });
    expect(created.statusCode, created.body).toBe(201);
    const before = files.hits('/photo.jpg');
    const res = await send(editing, '/api/generate', own, {
      preset: 'photo-remix',
      keywords: 'hikers',
      extra6: files.url('/photo.jpg'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [output] = res.json<(Output & { image: Json })[]>();
    expect(output?.image).toMatchObject({
      status: 'completed',
      engine: 'openai-compatible',
      action: 'Edit Image with AI',
      prompt: expect.stringContaining('The photo for hikers, as a poster'),
    });
    expect(upstream.calls.map((c) => c.path)).toEqual(['/v1/images/edits']);
    // Probed once when generate ran, fetched again by the image job.
    expect(files.hits('/photo.jpg')).toBe(before + 2);
    const dataUrlRun = await send(editing, '/api/generate', own, {
      preset: 'photo-remix',
      keywords: 'hikers',
      extra6: dataUrl(photoPng),
    });
    expect(dataUrlRun.statusCode).toBe(400);
    expect(errorOf(dataUrlRun)).toContain("extra6 (Photo): an image preset's picture must be an http(s) URL");
  });
});
